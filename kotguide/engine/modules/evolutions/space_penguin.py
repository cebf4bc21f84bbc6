"""Space Penguin's Evolution deck.

| card | kind | effect | action |
|---|---|---|---|
| freeze-ray | permanent | your smash wounds a monster in Tokyo: you may give it this card; at the start of its next turn you name a face, which counts for nothing that turn; the card comes back to you at the end of that turn | ``use:evo-choose:<monster>`` or ``:none``, then ``use:evo-choose:<face>`` |
| miraculous-catch | permanent | once per turn in your Buy step: shuffle the Power discard pile and reveal one card: buy it for 1 energy less, or leave it there | ``use:evo-miraculous-catch:reveal``, then ``use:evo-choose:buy`` / ``:leave`` |
| deep-dive | temporary | look at the top 3 Power cards (fewer: the shuffled discard pile goes under the deck first): put one into play free, the other two go under the deck | ``use:evo-deep-dive``, then ``use:evo-choose:<card>`` |
| cold-wave | temporary | on your turn: until your next turn starts, every other monster rolls one die fewer | ``use:evo-cold-wave`` |
| encased-in-ice | permanent | once per turn after one of your rolls: pay 1 energy to freeze one of your base dice until your next turn starts; nobody rerolls or changes it; every other monster rolls one die fewer and adds it to its dice | ``use:evo-encased-in-ice:<die>`` (0-based) |
| blizzard | temporary | on your turn: until your next turn starts, every other monster has a single roll and may not yield Tokyo | ``use:evo-blizzard`` |
| black-diamond | permanent | +1 VP each time you enter Tokyo, and each time you stay in Tokyo when you could have yielded | — |
| icy-reflection | permanent | copies a permanent Evolution in play in front of any monster (its own included; never Icy Reflection, nor Freeze Ray: see below); discarded when the original leaves play | ``use:evo-icy-reflection:<evolution>`` |

At a table (``Setup.table``) the card Miraculous Catch turns up is given as ``discard:ID``, and the cards Deep Dive
looks at as ``card:ID``, in order from the top (chance from outside).

Readings (as content/en/evolutions.toml rules them): Blizzard spares its player; Deep Dive's card is put into play,
not bought; Freeze Ray's owner names the face; when its holder is eliminated the card goes back to its owner at once,
and when its owner is out it is discarded instead of frozen.

Encased in Ice: the frozen die becomes the special face ``"ice:<face>"`` (``dice.define_die``): no card turns or
rerolls a special die, the ``locked-dice`` modifier keeps it from rerolls, and the ``counts`` modifier counts it as
its face. On another monster's turn it is added after that monster's first roll, as its last die.
Icy Reflection is a copying piece (``CardDef.copies``, like Mimic): the copy runs the copied card's effects for its
holder, and its arrival effect runs when it is played. It cannot copy Freeze Ray, whose card moves between monsters
(a copy has no card of its own to give).
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import chance, market
from ... import options as O
from ... import rules as R
from ...actions import UseCard
from ...cards import registry
from ...cards.registry import CardDef, EffectDef
from ...dice import FACES, define_die, die_kind
from ...phases import Phase, Window
from ...rng import shuffle
from ...state import GameState
from . import core as C
from .core import EvolutionDef, define_evolution, on_own_turn

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO


# --- Freeze Ray ----------------------------------------------------------------------------------------------
FROZEN_FACE = "evolutions:frozen-face"
NOBODY = "none"  # the owner keeps the card


def _freeze_resolved(ctx: Ctx, owner: int, **kw: Any) -> None:
    s = ctx.s
    if s.active != owner or C.owner_of(s, "freeze-ray") is not None:
        return
    wounded = [s.monsters[t].id for t in dict.fromkeys(s.hit) if s.monsters[t].alive and s.monsters[t].in_tokyo]
    if wounded:
        C.ask_choice(ctx, owner, "freeze-ray", [*wounded, NOBODY], owner)


def _freeze_start(ctx: Ctx, holder: int, **kw: Any) -> None:
    s = ctx.s
    owner = C.owner_of(s, "freeze-ray")
    if s.active != holder or owner is None:
        return
    if s.monsters[owner].alive:
        C.ask_choice(ctx, owner, "freeze-ray", FACES, owner)
    else:
        C.discard_piece(ctx, holder, "freeze-ray", "returned")


def _freeze_chosen(ctx: Ctx, chooser: int, player: int, option: str) -> None:
    s = ctx.s
    if option in FACES:
        s.memo[FROZEN_FACE] = option
        ctx.emit("face-frozen", EVO, s.monsters[s.active].id, face=option, evolution="freeze-ray")
    elif option != NOBODY:
        C.give_piece(ctx, player, "freeze-ray", s.monster(option).seat)


def _freeze_counts(ctx: Ctx, holder: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    """A filter, so that it runs after the modifiers: a die frozen by Encased in Ice showing the face counts for
    nothing either."""
    face = ctx.s.memo.get(FROZEN_FACE)
    if face is None or ctx.s.active != holder:
        return counts
    return {**counts, face: 0}


def _freeze_end(ctx: Ctx, holder: int, **kw: Any) -> None:
    s = ctx.s
    if s.active == holder and C.owner_of(s, "freeze-ray") is not None and FROZEN_FACE in s.memo:
        C.return_piece(ctx, holder, "freeze-ray")


define_evolution(EvolutionDef("freeze-ray", chosen=_freeze_chosen, card=CardDef(
    "", hooks={"resolved": _freeze_resolved, Window.START: _freeze_start, Window.END: _freeze_end},
    filters={"counts": _freeze_counts})))


# --- Miraculous Catch ----------------------------------------------------------------------------------------
CATCH = "evo-miraculous-catch"
BUY_IT, LEAVE_IT = "buy", "leave"


def _catch_price(s: GameState, seat: int, card: str) -> int:
    return max(0, market.cost(s, seat, card) - 1)


def _catch_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window == Window.BUY and state.active == seat and state.discard and CATCH not in state.memo:
        return [UseCard(CATCH, "reveal")]
    return []


def _catch_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    card = chance.turned_up_from_discard(s)
    if card is None:
        s.rng = shuffle(s.rng, s.discard)
        card = s.discard[0]
    s.memo[CATCH] = card
    ctx.emit("discard-revealed", EVO, s.monsters[seat].id, card=card, evolution="miraculous-catch")
    options = [BUY_IT] if _catch_price(s, seat, card) <= s.monsters[seat].energy else []
    C.ask_choice(ctx, seat, "miraculous-catch", [*options, LEAVE_IT], seat)


def _catch_chosen(ctx: Ctx, chooser: int, player: int, option: str) -> None:
    s = ctx.s
    if option != BUY_IT:
        return
    card = s.memo[CATCH]
    price = _catch_price(s, chooser, card)
    s.discard.remove(card)
    s.monsters[chooser].energy -= price
    ctx.emit("card-bought", EVO, s.monsters[chooser].id, price, card=card, evolution="miraculous-catch")
    market.take(ctx, chooser, card)


def _catch_allowed(state: GameState, seat: int, option: str) -> bool:
    """Buying stays possible only while the price is affordable (energy spent meanwhile, on Rapid Healing…)."""
    return option != BUY_IT or _catch_price(state, seat, state.memo[CATCH]) <= state.monsters[seat].energy


define_evolution(EvolutionDef("miraculous-catch", chosen=_catch_chosen, allowed=_catch_allowed,
                              card=CardDef("", offer=_catch_offer, use=_catch_use)))


# --- Deep Dive -----------------------------------------------------------------------------------------------
DIVE_LOOK = 3


def _deep_dive(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    if len(s.deck) < DIVE_LOOK and s.discard:  # as when the deck runs out: the shuffled discard pile goes under it
        pile = s.discard
        s.discard = []
        s.rng = shuffle(s.rng, pile)
        s.deck.extend(pile)
        ctx.emit("deck-shuffled", R.POWER_CARDS, None, len(pile))
    # the cards seen (at a table, those given) go back on top, in order, for the choice to read
    top = [chance.take_next_card(s) for _ in range(min(DIVE_LOOK, len(s.deck)))]
    s.deck[:0] = top
    if top:
        C.ask_choice(ctx, seat, "deep-dive", dict.fromkeys(top), seat)


def _deep_dive_chosen(ctx: Ctx, chooser: int, player: int, option: str) -> None:
    s = ctx.s
    top = s.deck[:DIVE_LOOK]
    top.remove(option)
    s.deck = s.deck[DIVE_LOOK:] + top
    market.take(ctx, chooser, option, bought=False)


define_evolution(EvolutionDef("deep-dive", play=_deep_dive, chosen=_deep_dive_chosen))


# --- Cold Wave, Blizzard -------------------------------------------------------------------------------------
def _cold_wave(ctx: Ctx, seat: int, arg: str) -> None:
    C.until_next_turn(ctx, seat, "cold-wave")


def _cold_wave_dice(state: GameState, seat: int, value: int, **kw: Any) -> int:
    if O.EVOLUTIONS not in state.options:
        return value
    fewer = sum(1 for player in C.lasting(state, "cold-wave") if player != seat)
    return max(min(value, 1), value - fewer)  # a monster keeps at least one die


BLIZZARD_ROLLS = 1


def _blizzard(ctx: Ctx, seat: int, arg: str) -> None:
    C.until_next_turn(ctx, seat, "blizzard")


def _blizzard_on(state: GameState, seat: int) -> bool:
    """Blizzard weighs on ``seat``: played by another monster whose next turn has not started."""
    return O.EVOLUTIONS in state.options and any(player != seat for player in C.lasting(state, "blizzard"))


def _blizzard_rolls(state: GameState, seat: int, value: int, **kw: Any) -> int:
    return min(value, BLIZZARD_ROLLS) if _blizzard_on(state, seat) else value


def _blizzard_yield(state: GameState, seat: int, value: bool, **kw: Any) -> bool:
    return False if _blizzard_on(state, seat) else value


define_evolution(EvolutionDef(
    "cold-wave", play=_cold_wave, when=on_own_turn(),
    effects=[EffectDef("evo-cold-wave-effect", modifiers={"dice-count": _cold_wave_dice})]))
define_evolution(EvolutionDef(
    "blizzard", play=_blizzard, when=on_own_turn(),
    effects=[EffectDef("evo-blizzard-effect", modifiers={"rolls": _blizzard_rolls, "may-yield": _blizzard_yield})]))


# --- Black Diamond -------------------------------------------------------------------------------------------
def _diamond(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    """Entering Tokyo, or staying when asked (a monster that may not yield is not asked)."""
    if seat == owner:
        ctx.gain_vp(owner, 1, EVO, evolution="black-diamond")


define_evolution(EvolutionDef("black-diamond", card=CardDef("", hooks={"entered": _diamond, "stayed": _diamond})))


# --- Encased in Ice ------------------------------------------------------------------------------------------
ICE = "ice"  # the special face of a frozen die: "ice:<face>"
ENCASED = "encased-in-ice"
FROZEN_DICE = "evolutions:frozen-dice"  # ((owner seat, face), …): the dice frozen until their owner's next turn
ENCASED_USED = "evolutions:encased-used"  # memo: the seats that froze a die this turn
FREEZE_COST = 1
define_die(ICE, FACES)


def frozen_dice(s: GameState) -> tuple[tuple[int, str], ...]:
    """The dice frozen now, with their owner: each owner still in the game with Encased in Ice (or a copy) in play."""
    return tuple((seat, face) for seat, face in s.marks.get(FROZEN_DICE, ())
                 if s.monsters[seat].alive and registry.has(s, seat, C.piece(ENCASED)))


def _encased_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window not in (Window.AFTER_ROLL, Window.BEFORE_RESOLVE) or state.active != seat or state.phase != Phase.ROLL:
        return []
    if seat in state.memo.get(ENCASED_USED, ()) or state.monsters[seat].energy < FREEZE_COST:
        return []
    return [UseCard(C.piece(ENCASED), str(i)) for i, face in enumerate(state.dice) if die_kind(face) is None]


def _encased_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    i = int(action.arg)
    face = s.dice[i]
    ctx.lose_energy(seat, FREEZE_COST, EVO, evolution=ENCASED)
    s.memo[ENCASED_USED] = (*s.memo.get(ENCASED_USED, ()), seat)
    s.marks[FROZEN_DICE] = (*s.marks.get(FROZEN_DICE, ()), (seat, face))
    s.dice[i] = f"{ICE}:{face}"
    ctx.emit("die-frozen", EVO, s.monsters[seat].id, die=i + 1, face=face, evolution=ENCASED)


def _others_frozen(s: GameState, seat: int) -> list[tuple[int, str]]:
    return [(owner, face) for owner, face in frozen_dice(s) if owner != seat] if O.EVOLUTIONS in s.options else []


def _one_die_fewer(state: GameState, seat: int, value: int, **kw: Any) -> int:
    """The frozen dice of other monsters are among ``seat``'s dice: it rolls that many fewer."""
    return max(0, value - len(_others_frozen(state, seat)))


def _add_frozen(ctx: Ctx, **kw: Any) -> None:
    s = ctx.s
    if s.rolls_done != 1:
        return
    for owner, face in _others_frozen(s, s.active):
        s.dice.append(f"{ICE}:{face}")
        s.kept.append(True)
        ctx.emit("frozen-die-added", EVO, s.monsters[s.active].id, die=len(s.dice), face=face,
                 by=s.monsters[owner].id, evolution=ENCASED)


def _ice_locked(state: GameState, seat: int, value: frozenset[int], **kw: Any) -> frozenset[int]:
    frozen = {i for i, face in enumerate(state.dice) if die_kind(face) == ICE}
    return value | frozen if frozen else value


def _ice_counts(state: GameState, seat: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    """A frozen die counts as the face it shows (special faces are not counted by ``dice.count``)."""
    frozen = [face.partition(":")[2] for face in state.dice if die_kind(face) == ICE]
    if not frozen:
        return counts
    out = dict(counts)
    for face in frozen:
        out[face] += 1
    return out


def _thaw(ctx: Ctx, **kw: Any) -> None:
    """Its owner's next turn starts: its frozen die thaws."""
    s = ctx.s
    if s.marks.get(FROZEN_DICE):
        s.marks[FROZEN_DICE] = tuple(entry for entry in s.marks[FROZEN_DICE] if entry[0] != s.active)


define_evolution(EvolutionDef(ENCASED, card=CardDef("", offer=_encased_offer, use=_encased_use), effects=[EffectDef(
    "evo-encased-in-ice-effect", option=O.EVOLUTIONS, hooks={Window.START: _thaw, Window.AFTER_ROLL: _add_frozen},
    modifiers={"dice-count": _one_die_fewer, "locked-dice": _ice_locked, "counts": _ice_counts})]))


# --- Icy Reflection ------------------------------------------------------------------------------------------
ICY = "icy-reflection"
COPIED = "evolutions:icy-reflection"  # the Evolution its snowflake token is on
NOT_COPIED = frozenset({ICY, "freeze-ray"})


def _copy_targets(state: GameState, seat: int) -> list[str]:
    """Permanent Evolutions in play in front of any monster (its own included)."""
    return [e for m in state.monsters if m.alive for e in C.in_play(state, m.seat)
            if e not in NOT_COPIED and C.kind(e) == C.PERMANENT]


def _icy_reflection(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.s.marks[COPIED] = arg
    ctx.emit("evolution-copied", EVO, ctx.s.monsters[seat].id, evolution=arg)
    copied = C.get(arg)
    if copied is not None and copied.play is not None:  # as if it had been played: its arrival effect
        copied.play(ctx, seat, "")


def _icy_copies(state: GameState, seat: int) -> str | None:
    copied = state.marks.get(COPIED)
    return C.piece(copied) if copied else None


def _original_left(ctx: Ctx, seat: int, evolution: str, **kw: Any) -> None:
    """The copied card left play: Icy Reflection is discarded; Icy Reflection left play: its token goes."""
    s = ctx.s
    if evolution == ICY:
        s.marks.pop(COPIED, None)
    elif s.marks.get(COPIED) == evolution:
        holder = next(m.seat for m in s.monsters if C.piece(ICY) in m.pieces)
        C.discard_piece(ctx, holder, ICY, "original-left")


define_evolution(EvolutionDef(ICY, play=_icy_reflection, args=_copy_targets, card=CardDef("", copies=_icy_copies),
                              effects=[EffectDef("evo-icy-reflection-left", option=O.EVOLUTIONS,
                                                 hooks={C.LEFT_PLAY: _original_left})]))
