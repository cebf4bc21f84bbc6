"""The card registry: each Power card is data (``data.cards()``) plus an optional ``CardDef`` of small functions
hooked to named moments. The turn loop asks the registry at each moment and never names a card, so a card is added
by defining it in a module of this package (imported by ``cards/__init__.py``) — nothing else changes.

Hook points (``CardDef`` fields):

- ``on_buy(ctx, seat, card)``: when bought — a Discard card's effect, or a Keep card's arrival effect.
- ``hooks[moment](ctx, owner, **kw)``: run for the card's owner (alive, in seat order from the active monster) at a
  moment: the windows of ``phases.WINDOWS`` (``start``, ``before-roll``, ``after-roll``, ``before-resolve``,
  ``yield``, ``enter``, ``buy``, ``end``) and the happenings ``resolved``, ``damaged`` (seat, amount, by),
  ``entered`` (seat, space), ``yielded`` (seat, space), ``bought`` (seat, card), ``revealed`` (slot, card),
  ``eliminated`` (seat).
- ``modifiers[name](state, owner, value, **kw) -> value``: fold over the owner's cards: ``dice-count`` (6),
  ``rolls`` (3), ``counts`` (dict face → n, after the final roll), ``cost`` (card=…), ``damage`` (by, rule: the life
  about to be lost), ``heal`` (the life about to be gained), ``max-life``.
- ``offer(state, seat, window) -> list[UseCard]`` and ``use(ctx, seat, action)``: choices the card gives its owner
  (ANY monster, not only the active one). At a base decision (roll, reroll, resolve, yield, buy) the offers join the
  legal actions; at a window where a card lists itself in ``prompt_windows`` and offers something, the engine
  pauses with a ``card`` decision for that monster (``use:…`` or ``pass``) before the turn goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action, UseCard
from ..phases import D_CARD
from ..state import Decision, GameState

if TYPE_CHECKING:
    from ..ops import Ctx

OnBuy = Callable[["Ctx", int, str], None]
Hook = Callable[..., None]
Modifier = Callable[..., Any]
Offer = Callable[[GameState, int, str], list[UseCard]]
Use = Callable[["Ctx", int, UseCard], None]


@dataclass(slots=True)
class CardDef:
    id: str
    on_buy: OnBuy | None = None
    hooks: dict[str, Hook] = field(default_factory=dict)
    modifiers: dict[str, Modifier] = field(default_factory=dict)
    offer: Offer | None = None
    use: Use | None = None
    prompt_windows: frozenset[str] = frozenset()


_DEFS: dict[str, CardDef] = {}
_HOOKED: dict[str, frozenset[str]] = {}
_MODIFIED: dict[str, frozenset[str]] = {}
_PROMPTING: dict[str, frozenset[str]] = {}
_OFFERING: frozenset[str] = frozenset()


def define(card: CardDef) -> CardDef:
    """Register (or replace) a card definition."""
    _DEFS[card.id] = card
    _reindex()
    return card


def undefine(card_id: str) -> None:
    """Remove a definition (tests)."""
    _DEFS.pop(card_id, None)
    _reindex()


def _reindex() -> None:
    global _OFFERING
    hooked: dict[str, set[str]] = {}
    modified: dict[str, set[str]] = {}
    prompting: dict[str, set[str]] = {}
    for d in _DEFS.values():
        for moment in d.hooks:
            hooked.setdefault(moment, set()).add(d.id)
        for name in d.modifiers:
            modified.setdefault(name, set()).add(d.id)
        for window in d.prompt_windows:
            prompting.setdefault(window, set()).add(d.id)
    _HOOKED.clear()
    _HOOKED.update({k: frozenset(v) for k, v in hooked.items()})
    _MODIFIED.clear()
    _MODIFIED.update({k: frozenset(v) for k, v in modified.items()})
    _PROMPTING.clear()
    _PROMPTING.update({k: frozenset(v) for k, v in prompting.items()})
    _OFFERING = frozenset(d.id for d in _DEFS.values() if d.offer is not None)


def get(card_id: str) -> CardDef | None:
    return _DEFS.get(card_id)


def defined() -> frozenset[str]:
    """Ids of the cards that have a definition (the others are plain data, without effect yet)."""
    return frozenset(_DEFS)


def fire(ctx: Ctx, moment: str, **kw: Any) -> None:
    """Run the hooks of ``moment`` for every living owner, in seat order from the active monster."""
    ids = _HOOKED.get(moment)
    if not ids:
        return
    s = ctx.s
    for seat in s.seats_from_active():
        m = s.monsters[seat]
        if not m.alive:
            continue
        for card in list(m.cards):
            if card in ids and m.alive and card in m.cards:
                _DEFS[card].hooks[moment](ctx, seat, **kw)


def modify(state: GameState, name: str, seat: int, value: Any, **kw: Any) -> Any:
    """Fold ``value`` through the modifiers ``name`` of the cards ``seat`` holds."""
    ids = _MODIFIED.get(name)
    if not ids:
        return value
    for card in state.monsters[seat].cards:
        if card in ids:
            value = _DEFS[card].modifiers[name](state, seat, value, **kw)
    return value


def offers(state: GameState, seat: int, window: str) -> list[Action]:
    """The card actions ``seat`` may take at ``window``."""
    if not _OFFERING:
        return []
    out: list[Action] = []
    for card in state.monsters[seat].cards:
        if card in _OFFERING:
            fn = _DEFS[card].offer
            assert fn is not None
            out.extend(fn(state, seat, window))
    return out


def prompts(state: GameState, window: str) -> list[Decision]:
    """``card`` decisions to ask at ``window``: each living monster holding a card that prompts there and offers
    something, in seat order from the active monster."""
    ids = _PROMPTING.get(window)
    if not ids:
        return []
    out: list[Decision] = []
    for seat in state.seats_from_active():
        m = state.monsters[seat]
        if m.alive and any(c in ids for c in m.cards) and offers(state, seat, window):
            out.append(Decision(seat, m.id, D_CARD, window))
    return out


def use(ctx: Ctx, seat: int, action: UseCard) -> None:
    d = _DEFS[action.card]
    assert d.use is not None
    d.use(ctx, seat, action)
