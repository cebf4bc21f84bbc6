"""Curses about Tokyo.

| curse | permanent | ankh | snake |
|---|---|---|---|
| pharaonic-ego | no monster may yield Tokyo | leave Tokyo; you may not enter it this turn | take control of Tokyo |
| resurrection-of-osiris | hearts work only in Tokyo (in Tokyo they heal; outside they do nothing) | take control of Tokyo | leave Tokyo; you may not enter it this turn |

"Take control of Tokyo" (kotguide's reading, as the curse texts say): from outside, the monster in Tokyo City
leaves (not a yield) and you enter Tokyo City with the usual reward; already in Tokyo (City or Bay), nothing
happens. Leaving because of a curse is not a yield either, so Pharaonic Ego does not stop it.
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import tokyo
from ...dice import HEART
from ...phases import Window
from ...setup import CITY, OUTSIDE
from ...state import GameState
from . import core
from .core import RULE, define_curse

if TYPE_CHECKING:
    from ...ops import Ctx

NO_ENTRY = "curses:no-entry"  # memo: the active monster may not enter Tokyo this turn


def leave(ctx: Ctx, seat: int, curse: str) -> None:
    m = ctx.s.monsters[seat]
    if m.in_tokyo:
        space = m.location
        m.location = OUTSIDE
        ctx.emit("curse-left-tokyo", RULE, m.id, space=space, curse=curse)


def leave_and_stay_out(curse: str) -> core.FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        leave(ctx, seat, curse)
        ctx.s.memo[NO_ENTRY] = True
    return effect


def take_control(curse: str) -> core.FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        s = ctx.s
        if s.monsters[seat].in_tokyo:
            return
        occupant = s.city
        if occupant is not None:
            leave(ctx, occupant.seat, curse)
        tokyo.enter(ctx, seat, CITY)
    return effect


def _may_enter(state: GameState, seat: int, value: bool, **kw: Any) -> bool:
    return value and not state.memo.get(NO_ENTRY)


def _no_yield(state: GameState, seat: int, value: bool, **kw: Any) -> bool:
    return False


def _yield_refused(ctx: Ctx, **kw: Any) -> None:
    s = ctx.s
    for seat in dict.fromkeys(s.hit):
        m = s.monsters[seat]
        if m.alive and m.in_tokyo:
            core.blocked(ctx, seat, "pharaonic-ego", "yield", 0)


define_curse("pharaonic-ego", ankh=leave_and_stay_out("pharaonic-ego"), snake=take_control("pharaonic-ego"),
             modifiers={"may-yield": _no_yield, "may-enter": _may_enter}, hooks={Window.YIELD: _yield_refused})


def _heal_in_tokyo(state: GameState, seat: int, value: bool, **kw: Any) -> bool:
    return True


def _hearts_outside(ctx: Ctx, seat: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    if counts[HEART] and not ctx.s.monsters[seat].in_tokyo:
        core.blocked(ctx, seat, "resurrection-of-osiris", "heart", counts[HEART])
        return {**counts, HEART: 0}
    return counts


define_curse("resurrection-of-osiris", ankh=take_control("resurrection-of-osiris"),
             snake=leave_and_stay_out("resurrection-of-osiris"),
             modifiers={"heal-in-tokyo": _heal_in_tokyo, "may-enter": _may_enter},
             filters={"counts": _hearts_outside})
