"""The deck, the face-up market, buying and sweeping. ``take`` gives a paid-for card to its buyer (cards that buy
from elsewhere than the market use it too); the ``cost`` modifiers price every purchase."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import chance, data
from . import rules as R
from .cards import registry
from .rng import shuffle
from .state import GameState

if TYPE_CHECKING:
    from .ops import Ctx

SWEEP_COST = 2


def cost(s: GameState, seat: int, card: str) -> int:
    """What ``card`` costs ``seat`` (printed cost, through the cards' ``cost`` modifiers)."""
    printed = data.cards()[card].cost
    if not registry.modifies(s, seat, "cost"):  # nothing changes the price: the printed cost
        return printed
    return int(registry.modify(s, "cost", seat, printed, card=card))


def draw(ctx: Ctx) -> str | None:
    """The top card of the deck (in a table game, the card given); an empty deck is first replaced by the shuffled
    discard pile."""
    s = ctx.s
    if not s.deck:
        if not s.discard:
            return None
        s.deck = s.discard
        s.discard = []
        s.rng = shuffle(s.rng, s.deck)
        ctx.emit("deck-shuffled", R.POWER_CARDS, None, len(s.deck))
    return chance.take_next_card(s)


def reveal(ctx: Ctx, slot: int, rule: str) -> None:
    card = draw(ctx)
    ctx.s.market[slot] = card
    if card is not None:
        ctx.emit("card-revealed", rule, None, card=card, slot=slot)
        registry.fire(ctx, "revealed", slot=slot, card=card)


def may_buy(s: GameState, seat: int, sweep: bool = False, card: str | None = None) -> bool:
    """Whether ``seat`` may buy Power cards now, by any means (``sweep``: whether it may sweep the market; ``card``:
    whether it may buy that card): a module may forbid it through the ``may-buy`` modifiers, which see ``sweep`` and
    ``card`` (the Beast side of the Transformation card forbids both; Forbidden Library only buying; a purchase
    Bamboozle cancelled, that card for the rest of the turn)."""
    return bool(registry.modify(s, "may-buy", seat, True, sweep=sweep, card=card))


def buyable(s: GameState, seat: int) -> list[int]:
    """The market slots whose card ``seat`` may buy now and can pay for."""
    if not may_buy(s, seat):
        return []
    energy = s.monsters[seat].energy
    per_card = registry.modifies(s, seat, "may-buy")  # else no card is forbidden on its own
    return [i for i, card in enumerate(s.market)
            if card is not None and cost(s, seat, card) <= energy and (not per_card or may_buy(s, seat, card=card))]


def can_sweep(s: GameState) -> bool:
    return bool(s.deck or s.discard or any(c is not None for c in s.market))


def buy(ctx: Ctx, seat: int, slot: int, price: int | None = None, **data: Any) -> None:
    """Pay, take the card (Keep: to the monster; Discard: effect, then the discard pile), refill the slot.
    ``price``: what a card that sets its own price charges (else the card's cost); ``data`` goes into the
    ``card-bought`` event (a ``reason`` when a card lets a monster buy out of turn)."""
    s = ctx.s
    m = s.monsters[seat]
    card = s.market[slot]
    assert card is not None
    price = cost(s, seat, card) if price is None else price
    m.energy -= price
    s.market[slot] = None
    ctx.emit("card-bought", R.BUYING, m.id, price, card=card, slot=slot, **data)
    take(ctx, seat, card)
    reveal(ctx, slot, R.BUYING)


def take(ctx: Ctx, seat: int, card: str, bought: bool = True) -> None:
    """``seat`` gets a card it has just paid for, wherever it came from (market, deck, another monster): a Keep card
    joins it and its arrival effect runs; a Discard card takes effect, then goes to the discard pile. Then the
    ``bought`` hooks (``bought=False``: a card put into play free, which is not a purchase)."""
    s = ctx.s
    m = s.monsters[seat]
    definition = registry.get(card)
    if data.cards()[card].type == data.KEEP:
        m.cards.append(card)
        ctx.emit("card-kept", R.POWER_CARDS, m.id, card=card)
        if definition is not None and definition.on_buy is not None:
            definition.on_buy(ctx, seat, card)
    else:
        ctx.emit("card-played", R.POWER_CARDS, m.id, card=card)
        if definition is not None and definition.on_buy is not None:
            definition.on_buy(ctx, seat, card)
        s.discard.append(card)
    if bought:
        registry.fire(ctx, "bought", seat=seat, card=card)


def sweep(ctx: Ctx, seat: int, price: int = SWEEP_COST, **data: Any) -> None:
    """Pay 2 energy (``price``: an effect may sweep for less), discard every face-up card, reveal as many new ones.
    ``data`` goes into the ``market-swept`` event (the effect that swept)."""
    s = ctx.s
    m = s.monsters[seat]
    m.energy -= price
    old = [c for c in s.market if c is not None]
    s.discard.extend(old)
    ctx.emit("market-swept", R.SWEEPING, m.id, price, cards=old, **data)
    for slot in range(len(s.market)):
        s.market[slot] = None
    for slot in range(len(s.market)):
        reveal(ctx, slot, R.SWEEPING)
