"""Kraken's Evolution deck (the 2011 base monster).

| card | kind | effect | action |
|---|---|---|---|
| healing-rain | temporary | heal 2 life | ``use:evo-healing-rain`` (any time) |
| destructive-wave | temporary | on your turn, after you entered Tokyo: every other monster loses 2 life (card damage) | ``use:evo-destructive-wave`` (asked at ``enter``) |
| cult-worshippers | temporary | +1 VP per life you gained this turn | ``use:evo-cult-worshippers`` (any time; asked at ``end``) |
| high-tide | temporary | on your turn before your dice resolve: each die showing a heart counts as two hearts | ``use:evo-high-tide`` (asked at ``before-resolve``) |
| terror-of-the-deep | permanent | at the end of any turn in which you lost life: roll one die per life lost; heal 1 per heart | ``use:evo-terror-of-the-deep:roll`` (asked at ``end``) |
| eater-of-souls | permanent | your maximum life is 12; heal 1 each time you enter Tokyo | — |
| sunken-temple | permanent | before your first roll, outside Tokyo: heal 3, +3 energy, the turn goes straight to its end | ``use:evo-sunken-temple:skip`` (asked at ``before-roll``) |
| mandibles-of-dread | permanent | a monster your smashes wound loses 1 VP | — |

Readings: High Tide doubles the heart dice only (not hearts added by cards); hearts in Tokyo still do not heal, and the
doubled hearts count toward the three hearts that draw Evolutions. Terror of the Deep counts every life lost this turn,
whatever the cause, and is asked once per turn. Eater of Souls raises the maximum to 12 (no higher) while in play.
Mandibles of Dread follows IELLO's erratum (the new-edition printing carried Heat Vision's text).
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import events
from ... import options as O
from ... import rules as R
from ...actions import UseCard
from ...cards import common, registry
from ...cards.defense_cards import raised_max_life
from ...cards.registry import CardDef, EffectDef
from ...dice import HEART
from ...phases import Window
from ...setup import START_LIFE
from ...state import GameState
from . import core as C
from .alienoid import lost_this_turn
from .core import EvolutionDef, define_evolution, on_own_turn

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO
events.extend("max-life-changed", rules=(EVO,), params=("evolution",))

ENTERED = "evolutions:entered"  # memo: the active monster entered Tokyo this turn


def _healed_key(seat: int) -> str:
    return f"evolutions:healed:{seat}"  # memo: the life ``seat`` gained this turn


def healed_this_turn(s: GameState, seat: int) -> int:
    return int(s.memo.get(_healed_key(seat), 0))


def _count_healed(ctx: Ctx, seat: int, amount: int, **kw: Any) -> None:
    ctx.s.memo[_healed_key(seat)] = healed_this_turn(ctx.s, seat) + amount


def _count_entered(ctx: Ctx, seat: int, **kw: Any) -> None:
    if seat == ctx.s.active:
        ctx.s.memo[ENTERED] = True


registry.define_effect(EffectDef("evo-kraken-counts", option=O.EVOLUTIONS, hooks={
    "healed": _count_healed, "entered": _count_entered}))


# --- Healing Rain --------------------------------------------------------------------------------------------
def _healing_rain(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.heal(seat, 2, EVO, evolution="healing-rain")


define_evolution(EvolutionDef("healing-rain", play=_healing_rain))


# --- Destructive Wave ----------------------------------------------------------------------------------------
def just_entered(state: GameState, seat: int, window: str) -> bool:
    """On its own turn, at the end of its entry step, having entered Tokyo (Destructive Wave, Eats, Shoots and
    Leaves)."""
    return window == Window.ENTER and state.active == seat and bool(state.memo.get(ENTERED)) \
        and state.monsters[seat].in_tokyo


def _destructive_wave(ctx: Ctx, seat: int, arg: str) -> None:
    for t in common.others(ctx.s, seat):
        ctx.damage(t, 2, EVO, by=seat, evolution="destructive-wave")


define_evolution(EvolutionDef("destructive-wave", play=_destructive_wave, when=just_entered,
                              prompt_windows=frozenset({Window.ENTER})))


# --- Cult Worshippers ----------------------------------------------------------------------------------------
def _cult_worshippers(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.gain_vp(seat, healed_this_turn(ctx.s, seat), EVO, evolution="cult-worshippers")


define_evolution(EvolutionDef("cult-worshippers", play=_cult_worshippers, prompt_windows=frozenset({Window.END})))


# --- High Tide -----------------------------------------------------------------------------------------------
HIGH_TIDE = "high-tide"


def _high_tide_counts(state: GameState, seat: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    if O.EVOLUTIONS not in state.options or seat != state.active or not C.played_this_turn(state, seat, HIGH_TIDE):
        return counts
    return {**counts, HEART: counts.get(HEART, 0) + state.dice.count(HEART)}


BEFORE_DICE_RESOLVE = on_own_turn(Window.START, Window.BEFORE_ROLL, Window.AFTER_ROLL, Window.BEFORE_RESOLVE)
define_evolution(EvolutionDef(HIGH_TIDE, when=BEFORE_DICE_RESOLVE,
                              prompt_windows=frozenset({Window.BEFORE_RESOLVE}),
                              effects=[EffectDef("evo-high-tide-hearts", modifiers={"counts": _high_tide_counts})]))


# --- Terror of the Deep --------------------------------------------------------------------------------------
TERROR = "terror-of-the-deep"
TERROR_USED = "evolutions:terror-used"  # memo: seats that rolled this turn


def _terror_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != Window.END or not lost_this_turn(state, seat) or seat in state.memo.get(TERROR_USED, ()):
        return []
    return [UseCard(C.piece(TERROR), "roll")]


def _terror_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    s.memo[TERROR_USED] = (*s.memo.get(TERROR_USED, ()), seat)
    faces = ctx.roll(lost_this_turn(s, seat))
    hearts = faces.count(HEART)
    ctx.emit("card-rolled", EVO, s.monsters[seat].id, hearts, faces=faces, evolution=TERROR)
    ctx.heal(seat, hearts, EVO, evolution=TERROR)


define_evolution(EvolutionDef(TERROR, card=CardDef("", offer=_terror_offer, use=_terror_use,
                                                   prompt_windows=frozenset({Window.END}))))


# --- Eater of Souls ------------------------------------------------------------------------------------------
EATER, EATER_MAX = "eater-of-souls", 12


def _set_max(ctx: Ctx, seat: int, new: int) -> None:
    m = ctx.s.monsters[seat]
    if new != m.max_life:
        m.max_life = new
        m.life = min(m.life, new)
        ctx.emit("max-life-changed", EVO, m.id, new, evolution=EATER)


def _eater_arrives(ctx: Ctx, seat: int, arg: str) -> None:
    _set_max(ctx, seat, max(ctx.s.monsters[seat].max_life, EATER_MAX))


def _eater_left(ctx: Ctx, seat: int, evolution: str, **kw: Any) -> None:
    """Back to the maximum the monster's other effects give (Even Bigger, a wickedness tile holding 12)."""
    s = ctx.s
    if evolution == EATER and s.monsters[seat].alive:
        floor = registry.modify(s, "max-life-floor", seat, 0)
        _set_max(ctx, seat, max(START_LIFE + raised_max_life(s, seat), floor))


def _eater_floor(state: GameState, owner: int, value: int, **kw: Any) -> int:
    return max(value, EATER_MAX)


_eater = C.heal_on_entering(EATER)
_eater.modifiers["max-life-floor"] = _eater_floor
define_evolution(EvolutionDef(EATER, play=_eater_arrives, card=_eater,
    effects=[EffectDef("evo-eater-of-souls-left", hooks={C.LEFT_PLAY: _eater_left})]))


# --- Sunken Temple -------------------------------------------------------------------------------------------
TEMPLE = "sunken-temple"


def _temple_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != Window.BEFORE_ROLL or state.active != seat or state.rolls_done or state.monsters[seat].in_tokyo:
        return []
    return [UseCard(C.piece(TEMPLE), "skip")]


def _temple_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.heal(seat, 3, EVO, evolution=TEMPLE)
    ctx.gain_energy(seat, 3, EVO, evolution=TEMPLE)
    C.skip_to_end(ctx, seat, TEMPLE)


define_evolution(EvolutionDef(TEMPLE, card=CardDef("", offer=_temple_offer, use=_temple_use,
                                                   prompt_windows=frozenset({Window.BEFORE_ROLL}))))


# --- Mandibles of Dread --------------------------------------------------------------------------------------
def _mandibles(ctx: Ctx, owner: int, seat: int, by: int | None = None, rule: str = "", **kw: Any) -> None:
    if by == owner and seat != owner and rule == R.SMASH:
        ctx.lose_vp(seat, 1, EVO, evolution="mandibles-of-dread")


define_evolution(EvolutionDef("mandibles-of-dread", card=CardDef("", hooks={"damaged": _mandibles})))
