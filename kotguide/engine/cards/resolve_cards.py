"""Keep cards that act when their owner's dice resolve: smashes added, bonuses for what the roll shows, who the smash
reaches, hearts given away, an extra turn.

"Your resolved roll includes a smash" reads the counted results, smashes added by cards included (so Acid Attack
can supply the smash of Complete Destruction, as kotguide's card text says). Cards that add a smash whatever the roll
(Acid Attack, Burrowing in Tokyo, Poison Quills) count before the cards that need one (Spiked Tail, Urbavore).

| card | effect | choice |
|---|---|---|
| acid-attack | +1 smash, even with none rolled (a real smash: the occupant it wounds may yield) | — |
| burrowing | in Tokyo +1 smash; when you yield, the monster taking your place loses 1 life | — |
| poison-quills | three or more 2s: +2 smashes | — |
| spiked-tail | at least one smash: +1 smash | — |
| urbavore | start your turn in Tokyo: +1 VP; in Tokyo with at least one smash: +1 smash | — |
| alpha-monster | at least one smash: +1 VP | — |
| complete-destruction | 1, 2, 3, heart, energy and smash all shown: +9 VP | — |
| detritivore | at least one 1, one 2 and one 3: +2 VP | — |
| gourmet | three or more 1s: +2 VP | — |
| fire-breathing | at least one smash: each neighbour loses 1 life (card damage, no yield) | — |
| nova-breath | the smash hits every other monster, in Tokyo or not | — |
| freeze-time | three or more 1s: another turn after this one, with one die fewer | — |
| healing-ray | spend hearts on others: each heals 1, pays you 2 energy (or all it has) | ``use:healing-ray:MONSTER`` |

Healing Ray prompts its owner at ``before-resolve`` (after the last roll) while hearts are left and a monster is
below its maximum; ``MONSTER`` is the monster id to heal with one heart. A heart given away does not heal the owner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import UseCard
from ..dice import ENERGY, HEART, SMASH
from ..phases import Phase, Window
from ..state import GameState
from . import choices
from . import common as C
from .registry import CardDef, EffectDef, define, define_effect

if TYPE_CHECKING:
    from ..ops import Ctx

PC = C.PC
Counts = dict[str, int]


def _in_tokyo(state: GameState, seat: int) -> bool:
    return state.monsters[seat].in_tokyo


# --- smashes added ---------------------------------------------------------------------------------------------
def _add_smash(ctx: Ctx, owner: int, counts: Counts, n: int, card: str) -> Counts:
    counts[SMASH] += n
    ctx.emit("smash-added", PC, ctx.s.monsters[owner].id, n, card=card)
    return counts


def _acid(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> Counts:
    return _add_smash(ctx, owner, counts, 1, "acid-attack")


def _burrowing_counts(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> Counts:
    return _add_smash(ctx, owner, counts, 1, "burrowing") if _in_tokyo(ctx.s, owner) else counts


def _quills(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> Counts:
    return _add_smash(ctx, owner, counts, 2, "poison-quills") if counts["2"] >= 3 else counts


def _spiked(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> Counts:
    return _add_smash(ctx, owner, counts, 1, "spiked-tail") if counts[SMASH] >= 1 else counts


def _urbavore_counts(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> Counts:
    if _in_tokyo(ctx.s, owner) and counts[SMASH] >= 1:
        return _add_smash(ctx, owner, counts, 1, "urbavore")
    return counts


def _urbavore_start(ctx: Ctx, owner: int, **kw: Any) -> None:
    if C.my_turn(ctx.s, owner) and _in_tokyo(ctx.s, owner):
        ctx.gain_vp(owner, 1, PC, card="urbavore")


define(CardDef("acid-attack", filters={"counts": _acid}))
define(CardDef("poison-quills", filters={"counts": _quills}))
define(CardDef("spiked-tail", filters={"counts": _spiked}, order=1))
define(CardDef("urbavore", filters={"counts": _urbavore_counts}, hooks={Window.START: _urbavore_start}, order=1))


# Burrowing: the yield is remembered for the turn; whoever then enters that space loses 1 life per Burrowing.
def _burrowing_yielded(ctx: Ctx, owner: int, seat: int, space: str, **kw: Any) -> None:
    if seat == owner:
        ctx.s.memo["burrowing"] = (*ctx.s.memo.get("burrowing", ()), (owner, space))


def _burrowing_entered(ctx: Ctx, owner: int, seat: int, space: str, **kw: Any) -> None:
    waiting = list(ctx.s.memo.get("burrowing", ()))
    if seat != owner and (owner, space) in waiting:
        waiting.remove((owner, space))
        ctx.s.memo["burrowing"] = tuple(waiting)
        ctx.damage(seat, 1, PC, by=owner, card="burrowing")


define(CardDef("burrowing", filters={"counts": _burrowing_counts},
               hooks={"yielded": _burrowing_yielded, "entered": _burrowing_entered}))


# --- bonuses for what the roll shows -------------------------------------------------------------------------------
def _bonus(card: str, vp: int, test: Any) -> CardDef:
    def resolved(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> None:
        if C.my_turn(ctx.s, owner) and test(counts):
            ctx.gain_vp(owner, vp, PC, card=card)

    return define(CardDef(card, hooks={"resolved": resolved}))


_bonus("alpha-monster", 1, lambda c: c[SMASH] >= 1)
_bonus("complete-destruction", 9, lambda c: all(c[f] >= 1 for f in ("1", "2", "3", HEART, ENERGY, SMASH)))
_bonus("detritivore", 2, lambda c: c["1"] >= 1 and c["2"] >= 1 and c["3"] >= 1)
_bonus("gourmet", 2, lambda c: c["1"] >= 3)


def _fire_breathing(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> None:
    if C.my_turn(ctx.s, owner) and counts[SMASH] >= 1:
        for t in C.neighbours(ctx.s, owner):
            ctx.damage(t, 1, PC, by=owner, card="fire-breathing")


define(CardDef("fire-breathing", hooks={"resolved": _fire_breathing}))


def _nova_targets(state: GameState, owner: int, targets: list[int], **kw: Any) -> list[int]:
    return C.others(state, owner)


define(CardDef("nova-breath", modifiers={"targets": _nova_targets}, stack=False))


# --- Freeze Time ---------------------------------------------------------------------------------------------------
def _freeze(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> None:
    if C.my_turn(ctx.s, owner) and counts["1"] >= 3:
        C.grant_extra_turn(ctx, owner, "freeze-time")


def _frozen_dice(state: GameState, seat: int, value: int, **kw: Any) -> int:
    """The extra turn of Freeze Time is played with one die fewer (even if the card has gone since)."""
    if seat == state.active and state.control.extra_turn == "freeze-time":
        return value - 1
    return value


define(CardDef("freeze-time", hooks={"resolved": _freeze}, stack=False))
define_effect(EffectDef("freeze-time-turn", modifiers={"dice-count": _frozen_dice}))


# --- Healing Ray ---------------------------------------------------------------------------------------------------
RAY_PRICE = 2


def _hearts_left(state: GameState) -> int:
    return state.dice.count(HEART) - int(state.memo.get("healing-ray", 0))


def _ray_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if (state.active != seat or window != Window.BEFORE_RESOLVE or state.phase != Phase.RESOLVE
            or _hearts_left(state) <= 0):
        return []
    return [UseCard("healing-ray", state.monsters[t].id) for t in C.others(state, seat)
            if state.monsters[t].life < state.monsters[t].max_life]


def _ray_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    target = s.monster(action.arg).seat
    s.memo["healing-ray"] = s.memo.get("healing-ray", 0) + 1
    ctx.emit("heart-given", PC, s.monsters[target].id, by=s.monsters[seat].id, card="healing-ray")
    ctx.heal(target, 1, PC, card="healing-ray")
    paid = ctx.lose_energy(target, RAY_PRICE, PC, card="healing-ray")
    ctx.gain_energy(seat, paid, PC, card="healing-ray", reason="paid", by=s.monsters[target].id)


def _ray_hearts(ctx: Ctx, owner: int, hearts: int, **kw: Any) -> int:
    return max(0, hearts - int(ctx.s.memo.get("healing-ray", 0)))


define(CardDef("healing-ray", offer=_ray_offer, use=_ray_use, filters={"hearts": _ray_hearts},
               prompt_windows=frozenset({Window.BEFORE_RESOLVE}), describe=choices.a_monster, stack=False))
