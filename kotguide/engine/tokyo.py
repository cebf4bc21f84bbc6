"""Tokyo City and Tokyo Bay: entering, yielding, the Bay closing, the start-of-turn reward."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import options as O
from . import rules as R
from .cards import registry
from .setup import BAY, BAY_MIN_ALIVE, CITY, OUTSIDE
from .state import GameState

if TYPE_CHECKING:
    from .ops import Ctx

START_VP = 2  # starting the turn in Tokyo
ENTER_VP = 1
TWO_PLAYER_ENERGY = 1  # the two-player variant's reward, for entering and for starting in Tokyo


def bay_open(s: GameState) -> bool:
    """Tokyo Bay is in use only while 5 or more monsters are alive."""
    return s.alive_count >= BAY_MIN_ALIVE


def start_reward(ctx: Ctx) -> None:
    s = ctx.s
    seat = s.active
    if not s.monsters[seat].in_tokyo:
        return
    if O.TWO_PLAYER in s.options:
        ctx.gain_energy(seat, TWO_PLAYER_ENERGY, R.TWO_PLAYER, reason="start")
    else:
        ctx.gain_vp(seat, START_VP, R.TOKYO, reason="start")


def enter(ctx: Ctx, seat: int, space: str) -> None:
    """``seat`` takes the empty ``space`` and its entry reward."""
    m = ctx.s.monsters[seat]
    m.location = space
    ctx.emit("entered", R.ENTERING if space == CITY else R.TOKYO_BAY, m.id, space=space)
    if O.TWO_PLAYER in ctx.s.options:
        ctx.gain_energy(seat, TWO_PLAYER_ENERGY, R.TWO_PLAYER, reason="enter")
    else:
        ctx.gain_vp(seat, ENTER_VP, R.ENTERING, reason="enter")
    registry.fire(ctx, "entered", seat=seat, space=space)


def enter_step(ctx: Ctx) -> None:
    """An outside active monster must enter an empty City, or the Bay (5+ alive, City taken); one space only."""
    s = ctx.s
    m = s.monsters[s.active]
    if not m.alive or m.in_tokyo or not registry.modify(s, "may-enter", s.active, True):
        return
    if s.occupant(CITY) is None:
        enter(ctx, s.active, CITY)
    elif bay_open(s) and s.occupant(BAY) is None:
        enter(ctx, s.active, BAY)


def may_yield(s: GameState, seat: int) -> bool:
    """Whether ``seat`` may leave Tokyo when smashed (the ``may-yield`` modifiers: a curse may forbid it)."""
    return bool(registry.modify(s, "may-yield", seat, True))


def stay(ctx: Ctx, seat: int) -> None:
    m = ctx.s.monsters[seat]
    ctx.emit("stayed", R.YIELDING, m.id, space=m.location)
    registry.fire(ctx, "stayed", seat=seat, space=m.location)


def yield_tokyo(ctx: Ctx, seat: int, **data: Any) -> None:
    """Leave Tokyo after a smash (the damage stays); ``card=…`` when a card lets it leave before the smash lands."""
    m = ctx.s.monsters[seat]
    space = m.location
    m.location = OUTSIDE
    ctx.emit("yielded", R.YIELDING, m.id, space=space, **data)
    registry.fire(ctx, "yielded", seat=seat, space=space)


def on_alive_count_drop(ctx: Ctx, was_alive: int) -> None:
    """When the monsters alive drop from 5 to 4 the Bay closes at once: its occupant moves to an empty City, or
    leaves Tokyo; no entry reward."""
    s = ctx.s
    if not (was_alive >= BAY_MIN_ALIVE > s.alive_count):
        return
    occupant = s.occupant(BAY)
    if occupant is None:
        ctx.emit("bay-closed", R.TOKYO_BAY, None, to=None)
        return
    to = CITY if s.occupant(CITY) is None else OUTSIDE
    occupant.location = to
    ctx.emit("bay-closed", R.TOKYO_BAY, occupant.id, to=to)
