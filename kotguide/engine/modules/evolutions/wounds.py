"""What several Evolutions of The King, Gigazaur and Meka Dragon share: who the active monster's smashes wounded in
Tokyo this turn, and monsters that lose no life for the rest of the turn.

- ``wounded_in_tokyo(state)``: the seats that were in Tokyo when the active monster's smashes made them lose life
  this turn (Jungle Frenzy, Chest Thumping, Breath of Doom). "Wound" = lose at least 1 life to your smashes, after
  every reduction.
- ``protect(ctx, seat, evolution)``: ``seat`` loses no life for the rest of the turn (Simian Scamper, Detachable
  Tail); every loss is prevented, whatever its cause.
- ``about_to_lose_life(state, seat)``: at the ``damage`` window, whether ``seat`` is about to lose life.
- ``define_shield(evolution)``: an Evolution played as its owner is about to lose life, so that it loses none for the
  rest of the turn (Detachable Tail, Rabbit's Foot).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import events, guards
from ... import options as O
from ... import rules as R
from ...cards.registry import EffectDef, define_effect
from ...phases import Window
from ...state import GameState
from . import core as C

if TYPE_CHECKING:
    from ...ops import Ctx

WOUNDED = "evolutions:wounded-in-tokyo"  # memo: seats wounded in Tokyo by the active monster's smashes this turn
PROTECTED = "evolutions:protected"  # memo: (seat, evolution) pairs: the seat loses no life for the rest of the turn

events.extend("shielded", rules=(C.EVO,), params=("evolution",))


def wounded_in_tokyo(s: GameState) -> tuple[int, ...]:
    seats: tuple[int, ...] = s.memo.get(WOUNDED, ())
    return seats


def _record_wound(ctx: Ctx, seat: int, by: int | None = None, rule: str = "", **kw: Any) -> None:
    s = ctx.s
    if O.EVOLUTIONS in s.options and rule == R.SMASH and by == s.active and s.monsters[seat].in_tokyo:
        wounded = wounded_in_tokyo(s)
        if seat not in wounded:
            s.memo[WOUNDED] = (*wounded, seat)


def protect(ctx: Ctx, seat: int, evolution: str) -> None:
    s = ctx.s
    s.memo[PROTECTED] = (*s.memo.get(PROTECTED, ()), (seat, evolution))
    ctx.emit("shielded", C.EVO, s.monsters[seat].id, evolution=evolution)


def _protected(ctx: Ctx, seat: int, n: int, **kw: Any) -> int:
    for protected, evolution in ctx.s.memo.get(PROTECTED, ()):
        if protected == seat:
            ctx.emit("damage-prevented", C.EVO, ctx.s.monsters[seat].id, n, evolution=evolution)
            return 0
    return n


def about_to_lose_life(state: GameState, seat: int, window: str) -> bool:
    return window == Window.DAMAGE and guards.threat(state, seat) is not None


def define_shield(evolution: str) -> None:
    def ready(state: GameState, seat: int) -> bool:
        return O.EVOLUTIONS in state.options and evolution in C.hand(state, seat)

    def play(ctx: Ctx, seat: int, arg: str) -> None:
        protect(ctx, seat, evolution)

    C.define_evolution(C.EvolutionDef(evolution, play=play, when=about_to_lose_life,
                                      prompt_windows=frozenset({Window.DAMAGE}),
                                      effects=[C.hand_guard(evolution, ready)]))


define_effect(EffectDef("evo-wounds", hooks={"damaged": _record_wound}, filters={"damage": _protected},
                        option=O.EVOLUTIONS))
