"""Alienoid's Evolution deck.

| card | kind | effect | action |
|---|---|---|---|
| alien-scourge | temporary | +2 VP | ``use:evo-alien-scourge`` (any time) |
| precision-field-support | temporary | reveal Power cards from the deck until a Keep card costing 4 or less: take it free; the others revealed go to the discard pile | ``use:evo-precision-field-support`` (any time) |
| anger-batteries | temporary | +1 energy per life you lost this turn | ``use:evo-anger-batteries`` (any time; asked at ``end``) |
| adapting-technology | permanent | arrives with 3 tokens; on your turn, in your Buy step, remove one to sweep the market free; discarded when the last is gone | ``use:evo-adapting-technology:sweep`` |
| funny-looking-but-dangerous | permanent | your resolved roll with three or more 2s: every other monster loses 1 life | — |
| exotic-arms | permanent | before your first roll you may put 2 energy on it; resolved with 3+ smashes: take the energy back and monsters your smash wounds lose 2 more life; else the energy is lost and you lose 2 life | ``use:evo-exotic-arms:load`` |
| mothership-support | permanent | once during each of your turns: pay 1 energy to heal 1 life | ``use:evo-mothership-support:heal`` |
| superior-alien-technology | permanent | you may buy a Keep card from the market for half its cost (rounded up) and mark it with a UFO token (3 at most); at your turn start roll one die per marked card: each smash discards its card | ``use:evo-superior-alien-technology:<slot>`` (in your Buy step) |

Readings: Precision Field Support's card is put into play, not bought (its arrival effect applies, "when you buy"
cards do not); Superior Alien Technology's half price is a choice at the buy (its own action beside ``buy:N``); its
dice are rolled in the order the cards were bought.
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import data, market
from ... import options as O
from ... import rules as R
from ...actions import UseCard
from ...cards import common, registry
from ...cards.registry import CardDef, EffectDef
from ...dice import SMASH, TWO
from ...phases import Window
from ...state import GameState
from . import core as C
from .core import EvolutionDef, define_evolution

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO


# --- Alien Scourge -------------------------------------------------------------------------------------------
def _alien_scourge(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.gain_vp(seat, 2, EVO, evolution="alien-scourge")


define_evolution(EvolutionDef("alien-scourge", play=_alien_scourge))


# --- Precision Field Support ---------------------------------------------------------------------------------
PRECISION_MAX_COST = 4


def _precision(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    passed: list[str] = []
    while (card := market.draw(ctx)) is not None:
        wanted = data.cards()[card].type == data.KEEP and data.cards()[card].cost <= PRECISION_MAX_COST
        ctx.emit("deck-revealed", EVO, s.monsters[seat].id, card=card, evolution="precision-field-support",
                 reason="taken" if wanted else "discarded")
        if wanted:
            market.take(ctx, seat, card, bought=False)
            break
        passed.append(card)
    s.discard.extend(passed)


define_evolution(EvolutionDef("precision-field-support", play=_precision))


# --- Anger Batteries -----------------------------------------------------------------------------------------
def _lost_key(seat: int) -> str:
    return f"evolutions:lost:{seat}"


def lost_this_turn(s: GameState, seat: int) -> int:
    """The life ``seat`` lost this turn (what Anger Batteries pays; Kraken's Terror of the Deep rolls as many)."""
    return int(s.memo.get(_lost_key(seat), 0))


def _count_loss(ctx: Ctx, seat: int, amount: int, **kw: Any) -> None:
    if O.EVOLUTIONS in ctx.s.options:
        ctx.s.memo[_lost_key(seat)] = ctx.s.memo.get(_lost_key(seat), 0) + amount


def _anger_batteries(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.gain_energy(seat, lost_this_turn(ctx.s, seat), EVO, evolution="anger-batteries")


define_evolution(EvolutionDef("anger-batteries", play=_anger_batteries, prompt_windows=frozenset({"end"}),
                              effects=[EffectDef("evo-anger-batteries-count", hooks={"damaged": _count_loss})]))


# --- Adapting Technology -------------------------------------------------------------------------------------
ADAPTING = "evo-adapting-technology"
ADAPTING_TOKENS = 3


def _adapting_arrives(ctx: Ctx, seat: int, arg: str) -> None:
    common.set_tokens(ctx.s, seat, ADAPTING, ADAPTING_TOKENS)
    ctx.emit("card-loaded", EVO, ctx.s.monsters[seat].id, ADAPTING_TOKENS, evolution="adapting-technology",
             reason="adapting")


def _adapting_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window == Window.BUY and state.active == seat and state.monsters[seat].tokens.get(ADAPTING) \
            and market.can_sweep(state):
        return [UseCard(ADAPTING, "sweep")]
    return []


def _adapting_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    left = s.monsters[seat].tokens[ADAPTING] - 1
    common.set_tokens(s, seat, ADAPTING, left)
    market.sweep(ctx, seat, 0, evolution="adapting-technology")
    if not left:
        C.discard_piece(ctx, seat, "adapting-technology", "empty")


define_evolution(EvolutionDef("adapting-technology", play=_adapting_arrives,
                              card=CardDef("", offer=_adapting_offer, use=_adapting_use)))


# --- Funny Looking But Dangerous -----------------------------------------------------------------------------
FUNNY_TWOS = 3


def _funny(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> None:
    if ctx.s.active == owner and counts[TWO] >= FUNNY_TWOS:
        for t in common.others(ctx.s, owner):
            ctx.damage(t, 1, EVO, by=owner, evolution="funny-looking-but-dangerous")


define_evolution(EvolutionDef("funny-looking-but-dangerous", card=CardDef("", hooks={"resolved": _funny})))


# --- Exotic Arms ---------------------------------------------------------------------------------------------
EXOTIC = "evo-exotic-arms"
EXOTIC_ENERGY = 2
EXOTIC_SMASHES = 3
EXOTIC_EXTRA = 2
ARMED, FAILED = "armed", "failed"


def _exotic_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window == Window.BEFORE_ROLL and state.active == seat and state.rolls_done == 0 and EXOTIC not in state.memo \
            and state.monsters[seat].energy >= EXOTIC_ENERGY:
        return [UseCard(EXOTIC, "load")]
    return []


def _exotic_load(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.lose_energy(seat, EXOTIC_ENERGY, EVO, evolution="exotic-arms")
    ctx.s.memo[EXOTIC] = "loaded"


def _exotic_counts(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    s = ctx.s
    if s.active == owner and s.memo.get(EXOTIC) == "loaded":
        s.memo[EXOTIC] = ARMED if counts[SMASH] >= EXOTIC_SMASHES else FAILED
    return counts


def _exotic_damage(state: GameState, seat: int, n: int, by: int | None = None, rule: str = "", **kw: Any) -> int:
    if rule == R.SMASH and by == state.active and state.memo.get(EXOTIC) == ARMED \
            and registry.has(state, by, C.piece("exotic-arms")):
        return n + EXOTIC_EXTRA
    return n


def _exotic_resolved(ctx: Ctx, owner: int, **kw: Any) -> None:
    s = ctx.s
    if s.active != owner:
        return
    if s.memo.get(EXOTIC) == ARMED:
        ctx.gain_energy(owner, EXOTIC_ENERGY, EVO, evolution="exotic-arms", reason="recovered")
    elif s.memo.get(EXOTIC) == FAILED:
        ctx.damage(owner, EXOTIC_EXTRA, EVO, by=owner, evolution="exotic-arms")


define_evolution(EvolutionDef(
    "exotic-arms",
    card=CardDef("", offer=_exotic_offer, use=_exotic_load, filters={"counts": _exotic_counts},
                 hooks={"resolved": _exotic_resolved}, order=1),
    effects=[EffectDef("evo-exotic-arms-damage", modifiers={"damage": _exotic_damage})]))


# --- Mothership Support --------------------------------------------------------------------------------------
MOTHERSHIP = "evo-mothership-support"


def _mothership_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    m = state.monsters[seat]
    if state.active == seat and window in C.ANYTIME and MOTHERSHIP not in state.memo and m.energy >= 1 \
            and m.life < m.max_life:
        return [UseCard(MOTHERSHIP, "heal")]
    return []


def _mothership_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.s.memo[MOTHERSHIP] = seat
    ctx.lose_energy(seat, 1, EVO, evolution="mothership-support")
    ctx.heal(seat, 1, EVO, evolution="mothership-support")


define_evolution(EvolutionDef("mothership-support", card=CardDef("", offer=_mothership_offer, use=_mothership_use)))


# --- Superior Alien Technology -------------------------------------------------------------------------------
UFO_MAX = 3


def _ufo_key(s: GameState, seat: int) -> str:
    return C.place("ufo", s.monsters[seat].id)


def ufo_cards(s: GameState, seat: int) -> tuple[str, ...]:
    """The Keep cards of ``seat`` marked with a UFO token (those it still holds), in the order bought."""
    held = list(s.monsters[seat].cards)
    out: list[str] = []
    for card in s.marks.get(_ufo_key(s, seat), ()):
        if card in held:
            held.remove(card)
            out.append(card)
    return tuple(out)


SAT = "evo-superior-alien-technology"
HALF_PRICE = "evolutions:half-price"  # memo, during a half-price buy: the buyer


def _half_price(state: GameState, seat: int, card: str) -> int:
    """Half the card's cost to ``seat`` after its other discounts, rounded up."""
    return (market.cost(state, seat, card) + 1) // 2


def _sat_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != Window.BUY or state.active != seat or len(ufo_cards(state, seat)) >= UFO_MAX \
            or not market.may_buy(state, seat):
        return []
    energy = state.monsters[seat].energy
    return [UseCard(SAT, str(slot)) for slot, card in enumerate(state.market)
            if card is not None and data.cards()[card].type == data.KEEP and _half_price(state, seat, card) <= energy]


def _sat_buy(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    slot = int(action.arg)
    card = s.market[slot]
    assert card is not None
    s.memo[HALF_PRICE] = seat  # the purchase marks its card with a UFO token (``_ufo_mark``)
    # the price offered is the one charged: half of everything the card costs now, discounts and curses included
    market.buy(ctx, seat, slot, price=_half_price(s, seat, card), evolution="superior-alien-technology")
    del s.memo[HALF_PRICE]


def _ufo_mark(ctx: Ctx, owner: int, seat: int, card: str, **kw: Any) -> None:
    s = ctx.s
    marked = ufo_cards(s, owner)
    if seat == owner and s.memo.get(HALF_PRICE) == owner:
        s.marks[_ufo_key(s, owner)] = (*marked, card)
        ctx.emit("card-loaded", EVO, s.monsters[owner].id, 1, card=card, evolution="superior-alien-technology",
                 reason="ufo")


def _ufo_roll(ctx: Ctx, owner: int, **kw: Any) -> None:
    s = ctx.s
    marked = ufo_cards(s, owner)
    if s.active != owner or not marked:
        return
    faces = ctx.roll(len(marked))
    ctx.emit("card-rolled", EVO, s.monsters[owner].id, faces.count(SMASH), faces=faces,
             evolution="superior-alien-technology")
    kept = []
    for card, face in zip(marked, faces, strict=True):
        if face == SMASH:
            common.discard_card(ctx, owner, card, "ufo")
        else:
            kept.append(card)
    s.marks[_ufo_key(s, owner)] = tuple(kept)


define_evolution(EvolutionDef("superior-alien-technology", card=CardDef(
    "", hooks={"bought": _ufo_mark, Window.START: _ufo_roll}, offer=_sat_offer,
    use=_sat_buy, order=1)))
