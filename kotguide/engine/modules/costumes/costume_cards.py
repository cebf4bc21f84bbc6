"""The 12 costumes' effects (Keep cards; rule ``costumes``, events carry ``card=<costume>``).

| costume | effect | choice |
|---|---|---|
| astronaut | you win with 17 VP (checked at the end of the turn, like 20) | — |
| ghost | end of any turn: if you lost life during it, heal 1 | — |
| vampire | end of any turn: if you made another monster lose life during it, heal 1 | — |
| witch | another monster's final dice show a smash and would hit you: reroll one of its dice (once per turn) | ``use:witch:I`` |
| devil | on your turn, each loss of life you cause another monster is 1 more (after what prevents it) | — |
| pirate | each time you make another monster lose life, take 1 energy from it | — |
| princess | start of your turn: +1 VP | — |
| zombie | 0 life does not eliminate you (you lose no more life there); losing the card at 0 eliminates you | — |
| cheerleader | another monster's turn, before its dice resolve: cheer, its roll gains one smash (once per turn) | ``use:cheerleader`` |
| robot | about to lose life: pay 1 energy per life you do not lose | ``use:robot:N`` |
| statue-of-liberty | one more roll each turn | — |
| clown | your final dice show all six faces: turn each die to any face (each die once) | ``use:clown:I-FACE`` |

The end-of-turn effects (Ghost, Vampire) run at the end of a turn whose monster is still in the game, before Poison
tokens. "About to wound you" (Witch) is read from the final dice: at least one smash, and you among the monsters the
smash reaches (Nova Breath included); smashes that cards would add are not foreseen. Robot's energy is paid at the
``damage`` window (the engine tries the action first: the monster is asked before losing the life) and covers the
life lost for the rest of that action. With Zombie, It Has a Child! does not act (the monster is not eliminated at 0).
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import guards
from ... import options as O
from ... import rules as R
from ...actions import UseCard
from ...cards import common as C
from ...cards import registry
from ...cards.registry import CardDef, EffectDef, define, define_effect
from ...dice import FACES, SMASH, count, die_kind
from ...ops import falling
from ...phases import Phase, Window
from ...state import GameState

if TYPE_CHECKING:
    from ...ops import Ctx

CR = R.COSTUMES


# memo keys: who cheered for the active monster, the dice the Clown turned, this turn
CHEERED, CLOWNED = "cheer", "clown"


def _remember(s: GameState, key: str, item: int) -> None:
    """Note ``item`` (a seat, a die) under ``key`` for this turn (``memo`` values are immutable: a new frozenset)."""
    s.memo[key] = s.memo.get(key, frozenset()) | {item}


def _remembered(s: GameState, key: str, item: int) -> bool:
    return item in s.memo.get(key, frozenset())


# --- Astronaut -----------------------------------------------------------------------------------------------------
ASTRONAUT_GOAL = 17


def _astronaut_goal(state: GameState, owner: int, value: int, **kw: Any) -> int:
    return min(value, ASTRONAUT_GOAL)


def _astronaut_arrives(ctx: Ctx, seat: int, card: str) -> None:
    m = ctx.s.monsters[seat]
    if m.vp >= ASTRONAUT_GOAL:
        ctx.emit("goal-reached", R.GOAL, m.id, m.vp)


define(CardDef("astronaut", modifiers={"goal": _astronaut_goal}, on_buy=_astronaut_arrives, stack=False))


# --- Ghost, Vampire: heal at the end of any turn -------------------------------------------------------------------
def _end_heal(card: str, happened: Any) -> CardDef:
    """A costume that heals 1 at the end of any turn in which ``happened(owner, seat, by)`` held for a loss of life
    (``seat`` lost it, ``by`` caused it)."""
    key = f"{card}:seats"

    def damaged(ctx: Ctx, owner: int, seat: int, by: int | None = None, **kw: Any) -> None:
        if happened(owner, seat, by):
            _remember(ctx.s, key, owner)

    def end(ctx: Ctx, owner: int, **kw: Any) -> None:
        if _remembered(ctx.s, key, owner):
            ctx.heal(owner, 1, CR, card=card)

    return define(CardDef(card, hooks={"damaged": damaged, Window.END: end}, stack=False))


_end_heal("ghost", lambda owner, seat, by: seat == owner)
_end_heal("vampire", lambda owner, seat, by: by == owner and seat != owner)


# --- Witch ---------------------------------------------------------------------------------------------------------
def _smash_reaches(state: GameState, seat: int) -> bool:
    """The active monster's final dice show a smash that would hit ``seat``."""
    active = state.monsters[state.active]
    if count(state.dice)[SMASH] == 0:
        return False
    targets = [t for t in state.seats_from_active()[1:]
               if state.monsters[t].alive and state.monsters[t].in_tokyo != active.in_tokyo]
    return seat in registry.modify(state, "targets", state.active, targets)


def _witch_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if (window != Window.BEFORE_RESOLVE or state.phase != Phase.RESOLVE or state.active == seat
            or _remembered(state, "witch", seat) or not _smash_reaches(state, seat)):
        return []
    return [UseCard("witch", str(i)) for i in C.rerollable_dice(state)]


def _witch_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    _remember(ctx.s, "witch", seat)
    C.reroll_die(ctx, C.die_arg(ctx.s, action.arg), "witch", by=seat, rule=CR)


define(CardDef("witch", offer=_witch_offer, use=_witch_use, prompt_windows=frozenset({Window.BEFORE_RESOLVE}),
               stack=False))


# --- Devil (the loss belongs to the victim's filters, so the effect is global) -------------------------------------
def _devil(ctx: Ctx, seat: int, n: int, by: int | None = None, **kw: Any) -> int:
    s = ctx.s
    if O.COSTUMES not in s.options or by is None or by == seat or by != s.active:
        return n
    if "devil" not in s.monsters[by].cards:
        return n
    ctx.emit("damage-added", CR, s.monsters[seat].id, 1, card="devil", by=s.monsters[by].id)
    return n + 1


define_effect(EffectDef("devil", filters={"damage": _devil}, option=O.COSTUMES))


# --- Pirate --------------------------------------------------------------------------------------------------------
def _pirate(ctx: Ctx, owner: int, seat: int, by: int | None = None, **kw: Any) -> None:
    if by == owner and seat != owner:
        taken = ctx.lose_energy(seat, 1, CR, card="pirate")
        ctx.gain_energy(owner, taken, CR, card="pirate")


define(CardDef("pirate", hooks={"damaged": _pirate}))


# --- Princess, Statue of Liberty -----------------------------------------------------------------------------------
def _princess(ctx: Ctx, owner: int, **kw: Any) -> None:
    if C.my_turn(ctx.s, owner):
        ctx.gain_vp(owner, 1, CR, card="princess")


define(CardDef("princess", hooks={Window.START: _princess}))
define(CardDef("statue-of-liberty", modifiers={"rolls": lambda state, owner, value, **kw: value + 1}))


# --- Zombie --------------------------------------------------------------------------------------------------------
def _zombie_stands(state: GameState, owner: int, value: bool, **kw: Any) -> bool:
    return True


def _zombie_fallen(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    m = ctx.s.monsters[owner]
    if seat == owner and m.life == 0:
        ctx.emit("stands-at-zero", CR, m.id, card="zombie")


def _zombie_lost(ctx: Ctx, seat: int, card: str) -> None:
    if ctx.s.monsters[seat].life == 0 and not falling(ctx.s, seat):  # falling: the loss itself then decides
        ctx.eliminate(seat)


define(CardDef("zombie", modifiers={"stands-at-zero": _zombie_stands}, hooks={"fallen": _zombie_fallen},
               on_lose=_zombie_lost, stack=False, order=1))


# --- Cheerleader (the smash joins the cheered monster's counts: an effect) -----------------------------------------
def _cheer_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if (window != Window.BEFORE_RESOLVE or state.phase != Phase.RESOLVE or state.active == seat
            or _remembered(state, CHEERED, seat)):
        return []
    return [UseCard("cheerleader")]


def _cheer_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    _remember(s, CHEERED, seat)
    ctx.emit("cheered", CR, s.monsters[s.active].id, by=s.monsters[seat].id, card="cheerleader")


def _cheers(state: GameState, seat: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    n = len(state.memo.get(CHEERED, ())) if seat == state.active else 0
    return {**counts, SMASH: counts[SMASH] + n} if n else counts


define(CardDef("cheerleader", offer=_cheer_offer, use=_cheer_use, prompt_windows=frozenset({Window.BEFORE_RESOLVE}),
               stack=False))
define_effect(EffectDef("cheerleader-smash", modifiers={"counts": _cheers}, option=O.COSTUMES))


# --- Robot ---------------------------------------------------------------------------------------------------------
def _robot_key(seat: int) -> str:
    return f"robot:{seat}"  # memo: the life Robot's energy still keeps ``seat`` from losing this turn


def _robot_shield(state: GameState, seat: int) -> int:
    shield: int = state.memo.get(_robot_key(seat), 0)
    return shield


def _robot_ready(state: GameState, seat: int) -> bool:
    return state.monsters[seat].energy >= 1


def _robot_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    entry = guards.threat(state, seat)
    if window != Window.DAMAGE or entry is None:
        return []
    most = min(state.monsters[seat].energy, entry[1] - _robot_shield(state, seat))
    return [UseCard("robot", str(n)) for n in range(1, most + 1)]


def _robot_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    n = int(action.arg)
    ctx.lose_energy(seat, n, CR, card="robot")
    ctx.s.memo[_robot_key(seat)] = _robot_shield(ctx.s, seat) + n


def _robot_filter(ctx: Ctx, owner: int, n: int, **kw: Any) -> int:
    saved = min(n, _robot_shield(ctx.s, owner))
    if not saved:
        return n
    ctx.s.memo[_robot_key(owner)] = _robot_shield(ctx.s, owner) - saved
    ctx.emit("damage-reduced", CR, ctx.s.monsters[owner].id, saved, card="robot")
    return n - saved


define(CardDef("robot", offer=_robot_offer, use=_robot_use, guard=_robot_ready, filters={"damage": _robot_filter},
               prompt_windows=frozenset({Window.DAMAGE}), stack=False,
               describe=lambda state, seat, arg: {"amount": int(arg)} if arg.isdigit() else {}))


# --- Clown ---------------------------------------------------------------------------------------------------------
def _clown_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != Window.BEFORE_RESOLVE or state.phase != Phase.RESOLVE or state.active != seat:
        return []
    changed = state.memo.get(CLOWNED, frozenset())
    if not changed and min(count(state.dice).values()) == 0:
        return []
    return [UseCard("clown", f"{i}-{face}") for i, shown in enumerate(state.dice)
            if i not in changed and die_kind(shown) is None for face in FACES if face != shown]


def _clown_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    i, face = C.die_face_arg(ctx.s, action.arg)
    _remember(ctx.s, CLOWNED, i)
    C.set_die(ctx, i, face, "clown", rule=CR)


define(CardDef("clown", offer=_clown_offer, use=_clown_use, prompt_windows=frozenset({Window.BEFORE_RESOLVE}),
               stack=False))
