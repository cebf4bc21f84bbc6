"""The card registry: each Power card is data (``data.cards()``) plus an optional ``CardDef`` of small functions
hooked to named moments. The turn loop asks the registry at each moment and never names a card, so a card is added
by defining it in a module of this package (imported by ``cards/__init__.py``) — nothing else changes.

Hook points (``CardDef`` fields):

- ``on_buy(ctx, seat, card)``: when bought — a Discard card's effect, or a Keep card's arrival effect. ``card`` is
  the physical card that carries the effect: the card itself, or a copying card (Mimic) when a copy starts.
- ``on_lose(ctx, seat, card)``: a Keep card (or a copy, ``card`` = the copying card) leaves ``seat`` while it lives
  (sold, discarded, bought away); undoes lasting effects (a raised maximum life, tokens on the card).
- ``hooks[moment](ctx, owner, **kw)``: run for the card's owner (alive, in seat order from the active monster) at a
  moment: the windows of ``phases.TURN_WINDOWS`` (``start``, ``before-roll``, ``after-roll``, ``before-resolve``,
  ``yield``, ``enter``, ``buy``, ``end``) and the happenings ``resolved`` (counts), ``damaged`` (seat, amount, by,
  rule), ``fallen`` (seat: at 0 life, before elimination; a hook may save it), ``healed`` (seat, amount, card),
  ``energy-gained`` (seat, amount, card, reason), ``entered`` (seat, space), ``yielded`` (seat, space), ``stayed``
  (seat, space: a smashed occupant chose to stay), ``bought`` (seat, card), ``revealed`` (slot, card),
  ``eliminated`` (seat), ``card-lost`` (seat, card), ``passed`` (seat, window: a ``card`` decision ended without
  being used). A hook checks ``ctx.s.active`` itself when it acts only on
  its owner's turn.
- ``modifiers[name](state, owner, value, **kw) -> value``: fold over the owner's cards: ``dice-count`` (6),
  ``rolls`` (3), ``may-yield`` (True: a smashed occupant may yield), ``counts`` (dict face → n, after the final
  roll), ``cost`` (card=…), ``targets`` (seats the smash hits), ``damage`` (by, rule), ``heal`` (the life about to
  be gained).
- ``filters[name](ctx, owner, value, **kw) -> value``: like modifiers but with the step's ``Ctx`` (they may emit
  events and roll dice): ``counts`` (after the modifiers), ``damage`` (by, rule: the life about to be lost),
  ``hearts`` (heart results about to heal).
- ``offer(state, seat, window) -> list[UseCard]`` and ``use(ctx, seat, action)``: choices the card gives its owner
  (ANY monster, not only the active one). At a base decision (roll, reroll, resolve, yield, buy) the offers join the
  legal actions; at a window where a card lists itself in ``prompt_windows``, its holders get a ``card`` decision
  (``use:…`` or ``pass``) before the turn goes on — skipped when no card prompting there offers anything by the time
  it is asked (``prompting``). A card may also ask a monster at once with ``ask`` (a Mimic choosing its target, an
  Opportunist seeing a new card); the window it asks at must be one of its ``prompt_windows``.
- ``guard(state, seat) -> bool``: the card may protect ``seat`` from losing life now (Wings with 2 energy…). When a
  guard is ready the engine tries each action on a copy first; monsters who would lose life and whose cards offer
  something at the ``damage`` window are asked before the action takes effect (``state.memo["threat"]``).
- ``copies(state, seat) -> card id | None``: the card works as a copy of another Keep card (Mimic).
- ``stack``: False when holding the card twice (itself and a copy) must not double its effect; ``order``: among one
  monster's cards, lower runs first (cards that add a smash before cards that need one).

Effects that belong to no held card (Poison and Shrink tokens, which stay when their card is gone; an extra turn's
condition) are ``EffectDef``s: their hooks run once per moment after the cards', their modifiers and filters after
the cards' for every monster.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action, UseCard
from ..phases import DecisionKind
from ..state import Decision, GameState, Monster

if TYPE_CHECKING:
    from ..ops import Ctx

OnBuy = Callable[["Ctx", int, str], None]
Hook = Callable[..., None]
Modifier = Callable[..., Any]
Filter = Callable[..., Any]
Offer = Callable[[GameState, int, str], list[UseCard]]
Use = Callable[["Ctx", int, UseCard], None]
Guard = Callable[[GameState, int], bool]
Copies = Callable[[GameState, int], "str | None"]


@dataclass(slots=True)
class _Rules:
    """What cards and effects both may have: hooks, modifiers, filters, choices and a guard."""

    id: str
    hooks: dict[str, Hook] = field(default_factory=dict)
    modifiers: dict[str, Modifier] = field(default_factory=dict)
    filters: dict[str, Filter] = field(default_factory=dict)
    offer: Offer | None = None
    use: Use | None = None
    prompt_windows: frozenset[str] = frozenset()
    guard: Guard | None = None


@dataclass(slots=True)
class CardDef(_Rules):
    on_buy: OnBuy | None = None
    on_lose: OnBuy | None = None
    copies: Copies | None = None
    stack: bool = True
    order: int = 0


@dataclass(slots=True)
class EffectDef(_Rules):
    """Rules effects that hold no card (tokens, expansion modules): ``hooks[moment](ctx, **kw)``,
    ``modifiers[name](state, seat, value, **kw)``, ``filters[name](ctx, seat, value, **kw)``; and choices like a
    card's, ``offer(state, seat, window)`` / ``use(ctx, seat, action)`` with ``prompt_windows``, asked of every living
    seat (the offer gates itself: its option on, the seat's tokens…). Its actions are ``use:<id>[:arg]``. A
    ``guard(state, seat)`` works as a card's: the effect may keep ``seat`` from losing life now (cultists)."""

    option: str = ""  # the module option the effect belongs to: it runs only in games with that option on


_DEFS: dict[str, CardDef] = {}
_SHADOWED: dict[str, list[CardDef]] = {}  # earlier definitions replaced by ``define`` (restored by ``undefine``)
_EFFECTS: dict[str, EffectDef] = {}
_HOOKED: dict[str, frozenset[str]] = {}
_MODIFIED: dict[str, frozenset[str]] = {}
_FILTERED: dict[str, frozenset[str]] = {}
_PROMPTING: dict[str, frozenset[str]] = {}
_OFFERING: frozenset[str] = frozenset()
_GUARDING: frozenset[str] = frozenset()
_COPYING: frozenset[str] = frozenset()

Silencer = Callable[[GameState], "Callable[[str], bool] | None"]
_SILENCERS: list[tuple[str, Silencer]] = []  # (option, silencer)


@dataclass(frozen=True, slots=True)
class _InPlay:
    """The effects that run in games with one set of options (a module's effects only where the module is on)."""

    hooks: dict[str, tuple[Hook, ...]]
    mods: dict[str, tuple[Modifier, ...]]
    filters: dict[str, tuple[Filter, ...]]
    offers: tuple[EffectDef, ...]  # effects that offer choices
    prompting: dict[str, tuple[EffectDef, ...]]  # window -> effects that prompt there
    guards: tuple[EffectDef, ...]  # effects that may keep a monster from losing life
    silencers: tuple[Silencer, ...]


# by the game's options; emptied whenever a definition changes. Hot paths read it inline, `_IN_PLAY.get(options) or
# _in_play(options)`: a function call per hook or modifier is measurable in the benchmark.
_IN_PLAY: dict[frozenset[str], _InPlay] = {}


def _in_play(options: frozenset[str]) -> _InPlay:
    found = _IN_PLAY.get(options)
    if found is None:
        found = _IN_PLAY[options] = _effects_for(options)
    return found



def _effects_for(options: frozenset[str]) -> _InPlay:
    effects = [e for e in _EFFECTS.values() if not e.option or e.option in options]
    hooks: dict[str, list[Hook]] = {}
    mods: dict[str, list[Modifier]] = {}
    filters: dict[str, list[Filter]] = {}
    prompting: dict[str, list[EffectDef]] = {}
    for e in effects:
        for moment, fn in e.hooks.items():
            hooks.setdefault(moment, []).append(fn)
        for name, fn in e.modifiers.items():
            mods.setdefault(name, []).append(fn)
        for name, fn in e.filters.items():
            filters.setdefault(name, []).append(fn)
        if e.offer is not None:
            for window in e.prompt_windows:
                prompting.setdefault(window, []).append(e)
    return _InPlay(
        hooks={k: tuple(v) for k, v in hooks.items()},
        mods={k: tuple(v) for k, v in mods.items()},
        filters={k: tuple(v) for k, v in filters.items()},
        offers=tuple(e for e in effects if e.offer is not None),
        prompting={k: tuple(v) for k, v in prompting.items()},
        guards=tuple(e for e in effects if e.guard is not None),
        silencers=tuple(fn for option, fn in _SILENCERS if not option or option in options),
    )


def define(card: CardDef) -> CardDef:
    """Register a card definition. Defining an id again shadows the earlier definition until ``undefine``."""
    old = _DEFS.get(card.id)
    if old is not None:
        _SHADOWED.setdefault(card.id, []).append(old)
    _DEFS[card.id] = card
    _reindex()
    return card


def undefine(card_id: str) -> None:
    """Remove a definition (tests); the one it shadowed, if any, comes back."""
    stack = _SHADOWED.get(card_id)
    if stack:
        _DEFS[card_id] = stack.pop()
        if not stack:
            del _SHADOWED[card_id]
    else:
        _DEFS.pop(card_id, None)
    _reindex()


def define_effect(effect: EffectDef) -> EffectDef:
    _EFFECTS[effect.id] = effect
    _reindex()
    return effect


def undefine_effect(effect_id: str) -> None:
    """Remove an effect (tests)."""
    _EFFECTS.pop(effect_id, None)
    _reindex()


def _reindex() -> None:
    global _OFFERING, _GUARDING, _COPYING
    hooked: dict[str, set[str]] = {}
    modified: dict[str, set[str]] = {}
    filtered: dict[str, set[str]] = {}
    prompting: dict[str, set[str]] = {}
    for d in _DEFS.values():
        for moment in d.hooks:
            hooked.setdefault(moment, set()).add(d.id)
        for name in d.modifiers:
            modified.setdefault(name, set()).add(d.id)
        for name in d.filters:
            filtered.setdefault(name, set()).add(d.id)
        for window in d.prompt_windows:
            prompting.setdefault(window, set()).add(d.id)
    for target, source in ((_HOOKED, hooked), (_MODIFIED, modified), (_FILTERED, filtered),
                           (_PROMPTING, prompting)):
        target.clear()
        target.update({k: frozenset(v) for k, v in source.items()})
    _OFFERING = frozenset(d.id for d in _DEFS.values() if d.offer is not None)
    _GUARDING = frozenset(d.id for d in _DEFS.values() if d.guard is not None)
    _IN_PLAY.clear()
    _COPYING = frozenset(d.id for d in _DEFS.values() if d.copies is not None)


def get(card_id: str) -> CardDef | None:
    return _DEFS.get(card_id)


def defined() -> frozenset[str]:
    """Ids of the cards that have a definition (the others are plain data, without effect)."""
    return frozenset(_DEFS)


# ---------------------------------------------------------------------------------------------------------------
# What a monster holds, copies included
# ---------------------------------------------------------------------------------------------------------------
def held(state: GameState, seat: int) -> list[str]:
    """The cards whose effects ``seat`` has: its Keep cards, plus the card each copying card copies. A card that
    does not stack counts once."""
    m = state.monsters[seat]
    own = m.cards + m.pieces if m.pieces else m.cards
    out = own if not _COPYING or not own or _COPYING.isdisjoint(own) else _with_copies(state, seat, m)
    for silencer in (_IN_PLAY.get(state.options) or _in_play(state.options)).silencers:
        muted = silencer(state)
        if muted is not None:
            out = [c for c in out if not muted(c)]
    return out


def silence(silencer: Silencer, option: str = "") -> None:
    """Register a rule under which some held cards or pieces have no effect: ``silencer(state)`` returns None when
    it does not apply now, else a predicate telling which ids are silent (Gaze of the Sphinx: every Keep card).
    ``option``: the module it belongs to (it runs only in games with that option on)."""
    _SILENCERS.append((option, silencer))
    _IN_PLAY.clear()


def _with_copies(state: GameState, seat: int, m: Monster) -> list[str]:
    out = m.cards + m.pieces
    for card in m.cards + m.pieces:  # a piece may copy too (the Fluxling tile)
        if card in _COPYING:
            fn = _DEFS[card].copies
            assert fn is not None
            target = fn(state, seat)
            if target is not None:
                d = _DEFS.get(target)
                if d is None or d.stack or target not in out:
                    out.append(target)
    return out


def sources(state: GameState, seat: int, card: str) -> list[str]:
    """The physical cards of ``seat`` that carry ``card``'s effect: ``card`` itself (once per copy held) and each
    copying card (e.g. ``"mimic"``) that copies it."""
    out: list[str] = []
    m = state.monsters[seat]
    for c in m.cards + m.pieces:
        if c == card:
            out.append(c)
        elif c in _COPYING:
            fn = _DEFS[c].copies
            assert fn is not None
            if fn(state, seat) == card:
                out.append(c)
    return out


def has(state: GameState, seat: int, card: str) -> bool:
    return card in held(state, seat)


def _anyone_holds(state: GameState, ids: frozenset[str]) -> bool:
    """Whether a living monster holds one of ``ids`` (or a copying card, which may copy one): the cheap test that
    keeps games without those cards as fast as games without cards."""
    for m in state.monsters:
        if not m.alive:
            continue
        cards = m.cards
        if cards and (not ids.isdisjoint(cards) or (_COPYING and not _COPYING.isdisjoint(cards))):
            return True
        pieces = m.pieces
        if pieces and (not ids.isdisjoint(pieces) or (_COPYING and not _COPYING.isdisjoint(pieces))):
            return True
    return False


def _holds_something(m: Monster) -> bool:
    return bool(m.cards or m.pieces)


def _ordered(cards: list[str], ids: frozenset[str]) -> list[str]:
    mine = [c for c in cards if c in ids]
    if len(mine) > 1:
        mine.sort(key=lambda c: _DEFS[c].order)
    return mine


# ---------------------------------------------------------------------------------------------------------------
# Running hooks, modifiers, filters
# ---------------------------------------------------------------------------------------------------------------
def fire(ctx: Ctx, moment: str, **kw: Any) -> None:
    """Run the hooks of ``moment`` for every living owner, in seat order from the active monster, then the
    effects' hooks."""
    ids = _HOOKED.get(moment)
    if ids and _anyone_holds(ctx.s, ids):
        s = ctx.s
        for seat in s.seats_from_active():
            m = s.monsters[seat]
            if not m.alive or not (m.cards or m.pieces):
                continue
            mine = _ordered(held(s, seat), ids)
            for card in mine:
                if m.alive and card in held(s, seat):
                    _DEFS[card].hooks[moment](ctx, seat, **kw)
    g = (_IN_PLAY.get(ctx.s.options) or _in_play(ctx.s.options)).hooks.get(moment)
    if g:
        for fn in g:
            fn(ctx, **kw)


def modify(state: GameState, name: str, seat: int, value: Any, **kw: Any) -> Any:
    """Fold ``value`` through the modifiers ``name`` of the cards ``seat`` holds, then the effects'."""
    ids = _MODIFIED.get(name)
    if ids and ((m := state.monsters[seat]).cards or m.pieces):
        for card in _ordered(held(state, seat), ids):
            value = _DEFS[card].modifiers[name](state, seat, value, **kw)
    g = (_IN_PLAY.get(state.options) or _in_play(state.options)).mods.get(name)
    if g:
        for fn in g:
            value = fn(state, seat, value, **kw)
    return value


def filter_value(ctx: Ctx, name: str, seat: int, value: Any, **kw: Any) -> Any:
    """Like ``modify`` with the step's context: the filters ``name`` of ``seat``'s cards, then the effects'."""
    ids = _FILTERED.get(name)
    s = ctx.s
    if ids and ((m := s.monsters[seat]).cards or m.pieces):
        for card in _ordered(held(s, seat), ids):
            if not value:
                break
            value = _DEFS[card].filters[name](ctx, seat, value, **kw)
    g = (_IN_PLAY.get(s.options) or _in_play(s.options)).filters.get(name)
    if g:
        for fn in g:
            if not value:
                break
            value = fn(ctx, seat, value, **kw)
    return value


# ---------------------------------------------------------------------------------------------------------------
# Choices
# ---------------------------------------------------------------------------------------------------------------
def offers(state: GameState, seat: int, window: str) -> list[Action]:
    """The card and effect actions ``seat`` may take at ``window`` (each once)."""
    m = state.monsters[seat]
    if not m.alive:
        return []
    out: list[Action] = []
    for e in (_IN_PLAY.get(state.options) or _in_play(state.options)).offers:
        assert e.offer is not None
        out.extend(e.offer(state, seat, window))
    if not _OFFERING or not _holds_something(m):
        return out
    seen: set[str] = set()
    for card in held(state, seat):
        if card in _OFFERING and card not in seen:
            seen.add(card)
            fn = _DEFS[card].offer
            assert fn is not None
            for action in fn(state, seat, window):
                if action not in out:
                    out.append(action)
    return out


def prompts(state: GameState, window: str, active_last: bool = False) -> list[Decision]:
    """``card`` decisions to ask at ``window``: each living monster holding a card that prompts there, in seat
    order from the active monster (``active_last``: the others first). Whether it offers something is checked when
    the decision comes up."""
    ids = _PROMPTING.get(window)
    effects = (_IN_PLAY.get(state.options) or _in_play(state.options)).prompting.get(window)
    if not effects and (not ids or not _anyone_holds(state, ids)):
        return []
    out: list[Decision] = []
    seats = state.seats_from_active()
    if active_last:
        seats = seats[1:] + seats[:1]
    for seat in seats:
        m = state.monsters[seat]
        if not m.alive:
            continue
        if effects or (ids and _holds_something(m) and any(c in ids for c in held(state, seat))):
            out.append(Decision(seat, m.id, DecisionKind.CARD, window))
    return out


def prompting(state: GameState, seat: int, window: str) -> bool:
    """Whether a card that prompts at ``window`` (``prompt_windows``) offers ``seat`` something there: a ``card``
    decision is asked (or goes on) only then — other offers (Rapid Healing, any time) merely join it."""
    m = state.monsters[seat]
    if not m.alive:
        return False
    for e in (_IN_PLAY.get(state.options) or _in_play(state.options)).prompting.get(window, ()):
        assert e.offer is not None
        if e.offer(state, seat, window):
            return True
    ids = _PROMPTING.get(window)
    if not ids or not _holds_something(m):
        return False
    seen: set[str] = set()
    for card in held(state, seat):
        if card in ids and card not in seen:
            seen.add(card)
            fn = _DEFS[card].offer
            if fn is not None and fn(state, seat, window):
                return True
    return False


_MUST_CHOOSE: set[str] = set()


def require_choice(window: str) -> None:
    """At ``window`` a ``card`` decision offers no ``pass``: one of the offered actions must be taken (keeping one of
    two drawn Evolution cards)."""
    _MUST_CHOOSE.add(window)


def must_choose(window: str) -> bool:
    return window in _MUST_CHOOSE


def ask(ctx: Ctx, seat: int, window: str) -> None:
    """Queue a ``card`` decision for ``seat`` at ``window`` (once: not if the same one is already waiting)."""
    s = ctx.s
    m = s.monsters[seat]
    d = Decision(seat, m.id, DecisionKind.CARD, window)
    if d not in s.pending:
        s.pending.append(d)


def use(ctx: Ctx, seat: int, action: UseCard) -> None:
    d = _DEFS.get(action.card) or _EFFECTS[action.card]
    assert d.use is not None
    d.use(ctx, seat, action)


def guards_ready(state: GameState) -> bool:
    """Whether some living monster holds a card (or has an effect) that could keep it from losing life now."""
    for e in (_IN_PLAY.get(state.options) or _in_play(state.options)).guards:
        assert e.guard is not None
        if any(m.alive and e.guard(state, m.seat) for m in state.monsters):
            return True
    if not _GUARDING or not _anyone_holds(state, _GUARDING):
        return False
    for m in state.monsters:
        if m.alive and _holds_something(m):
            for card in held(state, m.seat):
                if card in _GUARDING:
                    fn = _DEFS[card].guard
                    assert fn is not None
                    if fn(state, m.seat):
                        return True
    return False
