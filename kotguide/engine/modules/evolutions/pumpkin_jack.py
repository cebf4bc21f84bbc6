"""Pumpkin Jack's Evolution deck (Halloween). ⚠ The source texts are drafts of the online implementation (kot-facts
§3.8): the deck's page says so.

| card | kind | effect | action |
|---|---|---|---|
| detachable-head | gift | when the card's owner's smashes wound its holder, the holder loses 1 more life | — |
| ignis-fatus | gift | its holder has one roll fewer (never fewer than one) | — |
| smashing-pumpkin | temporary | every monster with 12 VP or more (you too) loses 2 life (card damage) | ``use:evo-smashing-pumpkin`` (any time) |
| trick-or-threat | permanent | your resolved roll with three or more 1s: each other monster gives you 1 energy or loses 2 life, its choice | ``use:evo-choose:pay-energy`` / ``:lose-two-life`` |
| bobbing-for-apples | permanent | once per turn, buy a market card for 2 energy less; if the card revealed in its place has an odd cost, the bought card is discarded and its price paid back | ``use:evo-bobbing-for-apples:<slot>`` (buy) |
| feast-of-crows | temporary | each other monster gives you 1 life, 1 VP or 1 energy, its choice (what it has) | ``use:evo-choose:heart`` / ``:vp`` / ``:energy`` |
| scythe | permanent | 1 energy from the bank on the card when played and each time you eliminate a monster; one more smash per energy on it in your resolved rolls | — |
| candy | temporary | heal 1; or, when another monster's smashes are about to wound you: lose no life and hand this card to that monster (into its hand) | ``use:evo-candy:heal`` (any time), ``use:evo-candy:stop`` (``damage``) |

Gift cards are given with ``use:evo-<id>:<monster>`` (``core``, window ``evolution-gift``).

Readings: a life given by Feast of Crows is lost by the giver and healed by Pumpkin Jack (not above its maximum);
Bobbing for Apples refunds what was paid, and a Discard card it bought has already taken effect; Scythe's energy stays
on the card (it is not Pumpkin Jack's to spend) and goes back to the bank when the card leaves play.
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import data, guards, market
from ... import options as O
from ... import rules as R
from ...actions import UseCard
from ...cards import common
from ...cards.registry import CardDef, EffectDef
from ...dice import HEART, ONE, SMASH
from ...phases import Window
from ...state import GameState
from . import core as C
from .core import EvolutionDef, define_evolution

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO
ENERGY, VP = "energy", "vp"


# --- Detachable Head, Ignis Fatus (gifts) ---------------------------------------------------------------------
HEAD = "detachable-head"


def _head(state: GameState, holder: int, n: int, by: int | None = None, rule: str = "", **kw: Any) -> int:
    if rule == R.SMASH and by is not None and by == C.gift_owner(state, holder, HEAD):
        return n + 1
    return n


def _one_roll_fewer(state: GameState, holder: int, value: int, **kw: Any) -> int:
    return max(1, value - 1)


define_evolution(EvolutionDef(HEAD, card=CardDef("", modifiers={"damage": _head})))
define_evolution(EvolutionDef("ignis-fatus", card=CardDef("", modifiers={"rolls": _one_roll_fewer})))


# --- Smashing Pumpkin ----------------------------------------------------------------------------------------
SMASHING, SMASHING_VP = "smashing-pumpkin", 12


def _smashing_pumpkin(ctx: Ctx, seat: int, arg: str) -> None:
    for t in ctx.s.seats_from_active():
        if ctx.s.monsters[t].alive and ctx.s.monsters[t].vp >= SMASHING_VP:
            ctx.damage(t, 2, EVO, by=seat if t != seat else None, evolution=SMASHING)


define_evolution(EvolutionDef(SMASHING, play=_smashing_pumpkin))


# --- Trick or Threat -----------------------------------------------------------------------------------------
TRICK = "trick-or-threat"


def _trick(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> None:
    s = ctx.s
    if s.active == owner and counts.get(ONE, 0) >= 3:
        for t in common.others(s, owner):
            C.demand_energy(ctx, t, owner, TRICK, "lose-two-life")


define_evolution(EvolutionDef(TRICK, chosen=C.demand_chosen(TRICK), card=CardDef("", hooks={"resolved": _trick})))


# --- Bobbing for Apples --------------------------------------------------------------------------------------
APPLES, APPLES_OFF = "bobbing-for-apples", 2
APPLES_USED = "evolutions:apples-used"


def _apple_price(state: GameState, seat: int, card: str) -> int:
    return max(0, market.cost(state, seat, card) - APPLES_OFF)


def _apples_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if (window != Window.BUY or state.active != seat or state.memo.get(APPLES_USED)
            or not market.may_buy(state, seat)):
        return []
    energy = state.monsters[seat].energy
    return [UseCard(C.piece(APPLES), str(slot)) for slot, card in enumerate(state.market)
            if card is not None and _apple_price(state, seat, card) <= energy
            and market.may_buy(state, seat, card=card)]


def _apples_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    slot = int(action.arg)
    card = s.market[slot]
    assert card is not None
    price = _apple_price(s, seat, card)
    s.memo[APPLES_USED] = True
    market.buy(ctx, seat, slot, price=price, evolution=APPLES)
    revealed = s.market[slot]
    if revealed is None or data.cards()[revealed].cost % 2 == 0:
        return
    m = s.monsters[seat]
    if card in m.cards:  # a Keep card goes; a Discard card has already taken effect
        common.discard_card(ctx, seat, card, APPLES)
    ctx.gain_energy(seat, price, EVO, evolution=APPLES, reason="refund")


define_evolution(EvolutionDef(APPLES, card=CardDef("", offer=_apples_offer, use=_apples_use)))


# --- Feast of Crows ------------------------------------------------------------------------------------------
FEAST = "feast-of-crows"


def _feast(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    for t in common.others(s, seat):
        m = s.monsters[t]
        can = [what for what, amount in ((HEART, m.life), (VP, m.vp), (ENERGY, m.energy)) if amount > 0]
        if len(can) > 1:
            C.ask_choice(ctx, t, FEAST, can, seat)
        elif can:
            _feast_chosen(ctx, t, seat, can[0])


def _feast_chosen(ctx: Ctx, giver: int, player: int, option: str) -> None:
    s = ctx.s
    if option == HEART and s.monsters[giver].life:
        ctx.damage(giver, 1, EVO, by=player, evolution=FEAST)
        ctx.heal(player, 1, EVO, evolution=FEAST)
    elif option == VP and s.monsters[giver].vp:
        ctx.lose_vp(giver, 1, EVO, evolution=FEAST)
        ctx.gain_vp(player, 1, EVO, evolution=FEAST)
    elif option == ENERGY and s.monsters[giver].energy:
        ctx.lose_energy(giver, 1, EVO, evolution=FEAST)
        ctx.gain_energy(player, 1, EVO, evolution=FEAST, reason="paid", by=s.monsters[giver].id)


define_evolution(EvolutionDef(FEAST, play=_feast, chosen=_feast_chosen))


# --- Scythe --------------------------------------------------------------------------------------------------
SCYTHE = "scythe"
SCYTHE_TOKENS = "evolutions:scythe"  # mark: the energy on the card
FELLED = "evolutions:scythe-felled"  # memo: seats the Scythe's holder brought to 0 life, until they are out


def scythe_energy(s: GameState) -> int:
    return int(s.marks.get(SCYTHE_TOKENS, 0))


def _load(ctx: Ctx, seat: int) -> None:
    ctx.s.marks[SCYTHE_TOKENS] = scythe_energy(ctx.s) + 1
    ctx.emit("card-loaded", EVO, ctx.s.monsters[seat].id, 1, evolution=SCYTHE)


def _scythe_played(ctx: Ctx, seat: int, arg: str) -> None:
    _load(ctx, seat)


def _scythe_damaged(ctx: Ctx, owner: int, seat: int, by: int | None = None, **kw: Any) -> None:
    s = ctx.s
    if by == owner and seat != owner and s.monsters[seat].life == 0:
        s.memo[FELLED] = (*s.memo.get(FELLED, ()), seat)


def _scythe_eliminated(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    if seat in ctx.s.memo.get(FELLED, ()):
        _load(ctx, owner)


def _scythe_counts(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    n = scythe_energy(ctx.s)
    if ctx.s.active != owner or not n:
        return counts
    ctx.emit("smash-added", EVO, ctx.s.monsters[owner].id, n, evolution=SCYTHE)
    return {**counts, SMASH: counts[SMASH] + n}


def _scythe_left(ctx: Ctx, seat: int, evolution: str, **kw: Any) -> None:
    if evolution == SCYTHE:
        ctx.s.marks.pop(SCYTHE_TOKENS, None)


define_evolution(EvolutionDef(SCYTHE, play=_scythe_played, card=CardDef(
    "", hooks={"damaged": _scythe_damaged, "eliminated": _scythe_eliminated}, filters={"counts": _scythe_counts}),
    effects=[EffectDef("evo-scythe-left", hooks={C.LEFT_PLAY: _scythe_left})]))


# --- Candy! --------------------------------------------------------------------------------------------------
CANDY, HEAL, STOP = "candy", "heal", "stop"
CANDY_SHIELD = "evolutions:candy"  # memo: seats whose next loss Candy! stops


def _candy_ready(state: GameState, seat: int) -> bool:
    return O.EVOLUTIONS in state.options and CANDY in C.hand(state, seat) and state.active != seat


def _wounding(state: GameState, seat: int) -> bool:
    """Whether another monster's smashes are about to make ``seat`` lose life (asked at the ``damage`` window)."""
    entry = guards.threat(state, seat)
    return entry is not None and entry[3] and state.active != seat


def _candy_when(state: GameState, seat: int, window: str) -> bool:
    return _wounding(state, seat) if window == Window.DAMAGE else C.anytime(state, seat, window)


def _candy_args(state: GameState, seat: int) -> list[str]:
    return [STOP] if _wounding(state, seat) else [HEAL]


def _candy(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    if arg != STOP:
        ctx.heal(seat, 1, EVO, evolution=CANDY)
        return
    s.memo[CANDY_SHIELD] = (*s.memo.get(CANDY_SHIELD, ()), seat)
    attacker = s.active
    C.remove_from(s, C.DISCARD, seat, CANDY)
    C.add_to(s, C.HAND, attacker, CANDY)
    ctx.emit("evolution-moved", EVO, s.monsters[seat].id, evolution=CANDY, to=s.monsters[attacker].id,
             reason="handed")


def _candy_stops(ctx: Ctx, seat: int, n: int, **kw: Any) -> int:
    shielded = ctx.s.memo.get(CANDY_SHIELD, ())
    if seat not in shielded or n <= 0:
        return n
    ctx.s.memo[CANDY_SHIELD] = tuple(t for t in shielded if t != seat)
    ctx.emit("damage-prevented", EVO, ctx.s.monsters[seat].id, n, evolution=CANDY)
    return 0


define_evolution(EvolutionDef(CANDY, play=_candy, when=_candy_when, args=_candy_args,
                              prompt_windows=frozenset({Window.DAMAGE}),
                              effects=[C.hand_guard(CANDY, _candy_ready, filters={"damage": _candy_stops})]))
