"""Cyber Bunny's Evolution deck (the 2011 base monster).

| card | kind | effect | action |
|---|---|---|---|
| stroke-of-genius | temporary | gain as much energy as you have gained this turn | ``use:evo-stroke-of-genius`` (any time; asked at ``end``) |
| emergency-battery | temporary | +3 energy | ``use:evo-emergency-battery`` (any time) |
| rabbits-foot | temporary | about to lose life: lose none, and no life for the rest of the turn | ``use:evo-rabbits-foot`` (``damage``) |
| heart-of-the-rabbit | temporary | on another monster's turn, once its last roll is done: reroll one of its dice; back from your discard into your hand when you take control of Tokyo | ``use:evo-heart-of-the-rabbit:<die>`` (asked at ``before-resolve``) |
| secret-laboratory | permanent | Power cards cost you 1 energy less (never below 0) | — |
| king-of-the-gizmo | permanent | +1 VP each time you buy a Power card | — |
| energy-sword | permanent | before your first roll, pay 2 energy: if your resolved roll then has a smash, one more smash and +1 energy per die showing a smash | ``use:evo-energy-sword:charge`` (asked at ``before-roll``) |
| electric-carrot | permanent | while you are in Tokyo, each monster your smashes wound gives you 1 energy or loses 1 more life, its choice | ``use:evo-choose:pay-energy`` / ``:lose-life`` |

Readings: Stroke of Genius counts every energy gained this turn (dice and cards); Rabbit's Foot works like
Gigazaur's Detachable Tail; Energy Sword's 2 energy are spent whatever the roll; Electric Carrot's extra life is
card damage that comes after the smash.
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import rules as R
from ...actions import UseCard
from ...cards.registry import CardDef, EffectDef
from ...dice import SMASH
from ...phases import Window
from ...state import GameState
from . import core as C
from . import wounds
from .core import EvolutionDef, define_evolution
from .gigazaur import base_dice

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO


# --- Stroke of Genius, Emergency Battery ---------------------------------------------------------------------
GENIUS = "stroke-of-genius"


def _gained_key(seat: int) -> str:
    return f"evolutions:energy-gained:{seat}"


def _count_gain(ctx: Ctx, seat: int, amount: int, **kw: Any) -> None:
    ctx.s.memo[_gained_key(seat)] = ctx.s.memo.get(_gained_key(seat), 0) + amount


def _stroke_of_genius(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.gain_energy(seat, ctx.s.memo.get(_gained_key(seat), 0), EVO, evolution=GENIUS)


def _emergency_battery(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.gain_energy(seat, 3, EVO, evolution="emergency-battery")


define_evolution(EvolutionDef(GENIUS, play=_stroke_of_genius, prompt_windows=frozenset({Window.END}),
                              effects=[EffectDef("evo-stroke-of-genius-count", hooks={"energy-gained": _count_gain})]))
define_evolution(EvolutionDef("emergency-battery", play=_emergency_battery))


# --- Rabbit's Foot -------------------------------------------------------------------------------------------
wounds.define_shield("rabbits-foot")


# --- Heart of the Rabbit -------------------------------------------------------------------------------------
HEART_OF = "heart-of-the-rabbit"


def _heart_when(state: GameState, seat: int, window: str) -> bool:
    return window == Window.BEFORE_RESOLVE and state.active != seat


def _heart_dice(state: GameState, seat: int) -> list[str]:
    return [str(i) for i in base_dice(state)]


def _heart_of_the_rabbit(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    i = int(arg)
    face = ctx.roll(1)[0]
    s.dice[i] = face
    s.kept[i] = False
    ctx.emit("die-rerolled", EVO, s.monsters[s.active].id, die=i + 1, face=face, evolution=HEART_OF,
             by=s.monsters[seat].id, reason="other")


def _heart_back(ctx: Ctx, seat: int, **kw: Any) -> None:
    """Taking control of Tokyo brings the card back from its holder's discard pile into its hand."""
    s = ctx.s
    if HEART_OF in C.pile(s, C.DISCARD, seat):
        C.remove_from(s, C.DISCARD, seat, HEART_OF)
        C.keep(ctx, seat, HEART_OF)


define_evolution(EvolutionDef(HEART_OF, play=_heart_of_the_rabbit, when=_heart_when, args=_heart_dice,
                              prompt_windows=frozenset({Window.BEFORE_RESOLVE}),
                              effects=[EffectDef("evo-heart-of-the-rabbit-back", hooks={"entered": _heart_back})]))


# --- Secret Laboratory, King of the Gizmo --------------------------------------------------------------------
def _cheaper(state: GameState, owner: int, cost: int, **kw: Any) -> int:
    return max(0, cost - 1)


def _gizmo(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    if seat == owner:
        ctx.gain_vp(owner, 1, EVO, evolution="king-of-the-gizmo")


define_evolution(EvolutionDef("secret-laboratory", card=CardDef("", modifiers={"cost": _cheaper})))
define_evolution(EvolutionDef("king-of-the-gizmo", card=CardDef("", hooks={"bought": _gizmo})))


# --- Energy Sword --------------------------------------------------------------------------------------------
SWORD, SWORD_PRICE = "energy-sword", 2
CHARGED = "evolutions:sword-charged"  # memo: the sword was paid for this turn


def _sword_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if (window != Window.BEFORE_ROLL or state.active != seat or state.rolls_done or state.memo.get(CHARGED)
            or state.monsters[seat].energy < SWORD_PRICE):
        return []
    return [UseCard(C.piece(SWORD), "charge")]


def _sword_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.s.memo[CHARGED] = True
    ctx.lose_energy(seat, SWORD_PRICE, EVO, evolution=SWORD)


def _sword_counts(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    if ctx.s.active != owner or not ctx.s.memo.get(CHARGED) or counts[SMASH] < 1:
        return counts
    ctx.emit("smash-added", EVO, ctx.s.monsters[owner].id, 1, evolution=SWORD)
    return {**counts, SMASH: counts[SMASH] + 1}


def _sword_energy(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> None:
    s = ctx.s
    if s.active == owner and s.memo.get(CHARGED) and counts[SMASH] >= 1:
        ctx.gain_energy(owner, s.dice.count(SMASH), EVO, evolution=SWORD)


define_evolution(EvolutionDef(SWORD, card=CardDef(
    "", offer=_sword_offer, use=_sword_use, prompt_windows=frozenset({Window.BEFORE_ROLL}),
    filters={"counts": _sword_counts}, hooks={"resolved": _sword_energy})))


# --- Electric Carrot -----------------------------------------------------------------------------------------
CARROT = "electric-carrot"


def _carrot(ctx: Ctx, owner: int, seat: int, by: int | None = None, rule: str = "", **kw: Any) -> None:
    s = ctx.s
    if by == owner and seat != owner and rule == R.SMASH and s.monsters[owner].in_tokyo and s.monsters[seat].alive:
        C.demand_energy(ctx, seat, owner, CARROT, "lose-life")


define_evolution(EvolutionDef(CARROT, chosen=C.demand_chosen(CARROT), card=CardDef("", hooks={"damaged": _carrot})))
