"""The Discard cards: each takes effect when bought, then goes to the discard pile.

Card damage grants no yield: it goes through ``Ctx.damage`` with rule power-cards, never into ``state.hit``.
Effects apply in the order printed: gains first, then losses; "every monster" is taken in seat order from the buyer.

- **frenzy**: another turn right after the current one (the current turn goes on: more buying, end-of-turn effects).
  Bought out of turn (Opportunist), the extra turn follows the turn being played.
- **death-from-above**: +2 VP; every other monster in Tokyo (City and Bay) must leave (no life lost, not a yield);
  the buyer then takes Tokyo City if not already there: from outside with the usual entry reward, from the Bay
  without one. A Bay left empty is filled only at a later Enter Tokyo step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import rules as R
from .. import tokyo
from ..setup import BAY, CITY, OUTSIDE
from . import common as C
from .registry import CardDef, define

if TYPE_CHECKING:
    from ..ops import Ctx

PC = R.POWER_CARDS


def _others(ctx: Ctx, seat: int) -> list[int]:
    return [t for t in ctx.s.seats_from_active() if t != seat and ctx.s.monsters[t].alive]


def _simple(card_id: str, *, vp: int = 0, energy: int = 0, heal: int = 0, lose_life: int = 0) -> CardDef:
    def on_buy(ctx: Ctx, seat: int, card: str) -> None:
        ctx.gain_vp(seat, vp, PC, card=card)
        ctx.gain_energy(seat, energy, PC, card=card)
        ctx.heal(seat, heal, PC, card=card)
        ctx.damage(seat, lose_life, PC, by=seat, card=card)

    return define(CardDef(card_id, on_buy=on_buy))


_simple("apartment-building", vp=3)
_simple("commuter-train", vp=2)
_simple("corner-store", vp=1)
_simple("skyscraper", vp=4)
_simple("energize", energy=9)
_simple("heal", heal=2)
_simple("nuclear-power-plant", vp=2, heal=3)
_simple("national-guard", vp=2, lose_life=2)
_simple("tank", vp=4, lose_life=3)
_simple("jet-fighters", vp=5, lose_life=4)


def _flame_thrower(ctx: Ctx, seat: int, card: str) -> None:
    for t in _others(ctx, seat):
        ctx.damage(t, 2, PC, by=seat, card=card)


def _gas_refinery(ctx: Ctx, seat: int, card: str) -> None:
    ctx.gain_vp(seat, 2, PC, card=card)
    for t in _others(ctx, seat):
        ctx.damage(t, 3, PC, by=seat, card=card)


def _high_altitude_bombing(ctx: Ctx, seat: int, card: str) -> None:
    for t in [seat, *_others(ctx, seat)]:
        ctx.damage(t, 3, PC, by=seat, card=card)


def _evacuation_orders(ctx: Ctx, seat: int, card: str) -> None:
    for t in _others(ctx, seat):
        ctx.lose_vp(t, 5, PC, card=card)


def _vast_storm(ctx: Ctx, seat: int, card: str) -> None:
    ctx.gain_vp(seat, 2, PC, card=card)
    for t in _others(ctx, seat):
        ctx.lose_energy(t, ctx.s.monsters[t].energy // 2, PC, card=card)


define(CardDef("flame-thrower", on_buy=_flame_thrower))
define(CardDef("gas-refinery", on_buy=_gas_refinery))
define(CardDef("high-altitude-bombing", on_buy=_high_altitude_bombing))
define(CardDef("evacuation-orders", on_buy=_evacuation_orders))
define(CardDef("vast-storm", on_buy=_vast_storm))


def _frenzy(ctx: Ctx, seat: int, card: str) -> None:
    C.grant_extra_turn(ctx, seat, card)


def _death_from_above(ctx: Ctx, seat: int, card: str) -> None:
    s = ctx.s
    ctx.gain_vp(seat, 2, PC, card=card)
    m = s.monsters[seat]
    if not m.alive:
        return
    for t in _others(ctx, seat):
        if s.monsters[t].in_tokyo:
            C.leave_tokyo(ctx, t, card)
    if m.location == BAY:
        m.location = CITY
        ctx.emit("tokyo-moved", PC, m.id, space=CITY, card=card)
    elif m.location == OUTSIDE:
        tokyo.enter(ctx, seat, CITY)


define(CardDef("frenzy", on_buy=_frenzy))
define(CardDef("death-from-above", on_buy=_death_from_above))
