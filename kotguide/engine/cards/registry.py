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
  something at the ``damage`` window are asked before the action takes effect (``state.control.threat``).
- ``copies(state, seat) -> card id | None``: the card works as a copy of another Keep card (Mimic).
- ``stack``: False when holding the card twice (itself and a copy) must not double its effect; ``order``: among one
  monster's cards, lower runs first (cards that add a smash before cards that need one).

Effects that belong to no held card (Poison and Shrink tokens, which stay when their card is gone; an extra turn's
condition) are ``EffectDef``s: their hooks run once per moment after the cards', their modifiers and filters after
the cards' for every monster.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import hooks
from ..actions import Action, UseCard
from ..hand import Hand
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
Describe = Callable[[GameState, int, str], dict[str, Any]]
Among = Callable[[GameState, int], "Iterable[str]"]


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
    # what a choice ``use:<id>:ARG`` is about, for the site's words: ``describe(state, seat, arg)`` -> die, face,
    # monster, card, amount… (``cards/choices.py`` has describers for the usual formats)
    describe: Describe | None = None


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
    # speed only: the windows at which ``offer`` can give anything (None: any window); ``offers`` asks the effect
    # only there, so a decision window where no module can act asks none of them
    offer_windows: frozenset[str] | None = None
    # speed only, for a module of many effects that each offer one seat's own card (the Evolutions): the ids, among
    # the effects sharing this function, that may offer ``seat`` anything now, or guard it (a superset: those of the
    # cards in its hand); the others' ``offer`` and ``guard`` are not asked for ``seat``, as they would give nothing
    among: Among | None = None


_DEFS: dict[str, CardDef] = {}
_SHADOWED: dict[str, list[CardDef]] = {}  # earlier definitions replaced by ``define`` (restored by ``undefine``)
_EFFECTS: dict[str, EffectDef] = {}
_COPYING: frozenset[str] = frozenset()

Silencer = Callable[[GameState], "Callable[[str], bool] | None"]
_SILENCERS: list[tuple[str, Silencer, bool]] = []  # (option, silencer, settled: see ``silence``)


@dataclass(frozen=True, slots=True)
class _InPlay:
    """The effects that run in games with one set of options (a module's effects only where the module is on)."""

    hooks: dict[str, tuple[Hook, ...]]
    mods: dict[str, tuple[Modifier, ...]]
    filters: dict[str, tuple[Filter, ...]]
    ranked: tuple[tuple[int, EffectDef], ...]  # effects that offer choices, open to everyone (no ``among``), with
    # their place among all the offering effects
    # window -> the open effects that may offer there (``offer_windows``), bare and ranked; filled on first use
    open_at: dict[str, tuple[tuple[EffectDef, ...], tuple[tuple[int, EffectDef], ...]]]
    # ``among`` function -> (place among all the offering effects, effect) by effect id
    gated: tuple[tuple[Among, dict[str, tuple[int, EffectDef]]], ...]
    prompting: dict[str, tuple[EffectDef, ...]]  # window -> effects that prompt there (gated or not)
    prompting_open: dict[str, tuple[EffectDef, ...]]  # window -> effects without ``among`` that prompt there
    # window -> ``among`` -> gated effects prompting there by id (the windows where some do)
    prompting_gated: dict[str, tuple[tuple[Among, dict[str, EffectDef]], ...]]
    guards: tuple[EffectDef, ...]  # effects that may keep a monster from losing life, open to everyone
    gated_guards: tuple[tuple[Among, dict[str, EffectDef]], ...]  # ``among`` -> guarding effects by id
    silencers: tuple[Silencer, ...]
    unsettled: tuple[Silencer, ...]  # the silencers whose answer a dispatch table checks on each use


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
    offering = [e for e in effects if e.offer is not None]
    gated: dict[Among, dict[str, tuple[int, EffectDef]]] = {}
    for place, e in enumerate(offering):
        if e.among is not None:
            gated.setdefault(e.among, {})[e.id] = (place, e)
    return _InPlay(
        hooks={k: tuple(v) for k, v in hooks.items()},
        mods={k: tuple(v) for k, v in mods.items()},
        filters={k: tuple(v) for k, v in filters.items()},
        ranked=tuple((place, e) for place, e in enumerate(offering) if e.among is None),
        open_at={},
        gated=tuple(gated.items()),
        prompting={k: tuple(v) for k, v in prompting.items()},
        prompting_open={k: t for k, v in prompting.items() if (t := tuple(e for e in v if e.among is None))},
        prompting_gated={k: tuple(_by_among(e for e in v if e.among is not None).items())
                         for k, v in prompting.items() if any(e.among is not None for e in v)},
        guards=tuple(e for e in effects if e.guard is not None and e.among is None),
        gated_guards=tuple(_by_among(e for e in effects if e.guard is not None and e.among is not None).items()),
        silencers=tuple(fn for option, fn, _ in _SILENCERS if not option or option in options),
        unsettled=tuple(fn for option, fn, settled in _SILENCERS if not settled and (not option or option in options)),
    )


def _by_among(effects: Iterable[EffectDef]) -> dict[Among, dict[str, EffectDef]]:
    out: dict[Among, dict[str, EffectDef]] = {}
    for e in effects:
        assert e.among is not None
        out.setdefault(e.among, {})[e.id] = e
    return out


def _check_names(d: _Rules) -> None:
    """A hook, modifier or filter name not in the catalogue (``engine/hooks.py``) would never run: refuse it."""
    for kind, names in (("hooks", d.hooks), ("modifiers", d.modifiers), ("filters", d.filters)):
        bad = hooks.unknown(kind, names)
        if bad:
            raise ValueError(f"{d.id or 'a definition'}: {kind} {', '.join(bad)} not in engine/hooks.py")


def define(card: CardDef) -> CardDef:
    """Register a card definition. Defining an id again shadows the earlier definition until ``undefine``. A name
    of a hook, modifier or filter that is not in ``engine/hooks.py`` raises ``ValueError``."""
    _check_names(card)
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
    """Register an effect (names checked as ``define`` does)."""
    _check_names(effect)
    _EFFECTS[effect.id] = effect
    _reindex()
    return effect


def undefine_effect(effect_id: str) -> None:
    """Remove an effect (tests)."""
    _EFFECTS.pop(effect_id, None)
    _reindex()


def _reindex() -> None:
    """A definition changed: every cached table of effects and of who holds what is stale."""
    global _COPYING
    _COPYING = frozenset(d.id for d in _DEFS.values() if d.copies is not None)
    _IN_PLAY.clear()
    _HOLDINGS.clear()
    Hand.changed()


def get(card_id: str) -> CardDef | None:
    return _DEFS.get(card_id)


def effect(effect_id: str) -> EffectDef | None:
    return _EFFECTS.get(effect_id)


def defined() -> frozenset[str]:
    """Ids of the cards that have a definition (the others are plain data, without effect)."""
    return frozenset(_DEFS)


# ---------------------------------------------------------------------------------------------------------------
# What a monster holds, copies included; the dispatch table
# ---------------------------------------------------------------------------------------------------------------
def _held_now(state: GameState, seat: int) -> list[str]:
    """The cards whose effects ``seat`` has, worked out from the state (the table below keeps the answer)."""
    m = state.monsters[seat]
    own = m.cards + m.pieces if m.pieces else list(m.cards)
    out = own if not _COPYING or not own or _COPYING.isdisjoint(own) else _with_copies(state, seat, m)
    for silencer in (_IN_PLAY.get(state.options) or _in_play(state.options)).silencers:
        muted = silencer(state)
        if muted is not None:
            out = [c for c in out if not muted(c)]
    return out


@dataclass(slots=True)
class _Table:
    """Who holds what, and which of their cards' functions run at each name, for one state until its holdings
    change: a card in or out of a hand (``Hand.version``), a monster eliminated, a copy that now copies something
    else, a silencer switched on or off. The turn loop asks the registry about 60 times a turn; holdings change a
    few times a game."""

    version: int
    effects: _InPlay  # the effects in play in the state's game (``_in_play(state.options)``)
    dynamic: bool  # unsettled silencers in play or copies held: what they answer is checked on each use
    silenced: tuple[tuple[Silencer, Any], ...]  # each unsettled silencer in play and what it answers now
    copying: tuple[tuple[Copies, int, Any], ...]  # each copying card held: its function, its seat, what it copies now
    held: tuple[list[str], ...]  # by seat
    hooks: dict[str, tuple[int, ...]]  # moment -> the living seats whose cards hook it (seat order)
    hooked: tuple[dict[str, list[str]], ...]  # by seat: moment -> its cards hooking it, in running order
    mods: tuple[dict[str, tuple[Modifier, ...]], ...]  # by seat: its cards' modifiers, then the effects'
    filters: tuple[dict[str, tuple[Filter, ...]], ...]  # by seat: its cards' filters, then the effects'
    effect_hooks: dict[str, tuple[Hook, ...]]  # the effects in play
    offers: tuple[tuple[Offer, ...], ...]  # by seat: the offers of its cards, each card once
    prompt_seats: dict[str, frozenset[int]]  # window -> living seats holding a card that prompts there
    prompt_offers: tuple[dict[str, tuple[Offer, ...]], ...]  # by seat: window -> offers of its cards prompting there
    guards: tuple[tuple[int, Guard], ...]  # (living seat, guard of a card it holds)


def _copiers(state: GameState) -> tuple[tuple[Copies, int], ...]:
    """The copying cards held, in seat order (they change only with the holdings)."""
    out = []
    for m in state.monsters:
        for card in m.cards + m.pieces:
            if card in _COPYING:
                fn = _DEFS[card].copies
                assert fn is not None
                out.append((fn, m.seat))
    return tuple(out)


def _table(state: GameState) -> _Table:
    """The state's dispatch table, built again when it no longer holds."""
    t: _Table | None = state.dispatch
    if t is not None and t.version == Hand.version:
        if not t.dynamic:
            return t
        for silencer, answer in t.silenced:  # plain loops: a comprehension is a call of its own
            if silencer(state) != answer:
                break
        else:
            for copies, seat, target in t.copying:
                if copies(state, seat) != target:
                    break
            else:
                return t
    t = state.dispatch = _build(state)
    return t


def _order(card: str) -> int:
    d = _DEFS.get(card)
    return 0 if d is None else d.order


@dataclass(frozen=True, slots=True)
class _Holding:
    """What one monster's cards bring to the dispatch table (the same for every seat holding the same cards)."""

    hooked: dict[str, list[str]]  # moment -> its cards hooking it, in running order
    mods: dict[str, tuple[Modifier, ...]]  # its cards' modifiers, then the effects'
    filters: dict[str, tuple[Filter, ...]]  # its cards' filters, then the effects'
    offers: tuple[Offer, ...]  # the offers of its cards, each card once
    prompt_windows: frozenset[str]  # the windows its cards prompt at
    prompt_offers: dict[str, tuple[Offer, ...]]  # window -> offers of its cards prompting there
    guards: tuple[Guard, ...]  # the guards of its cards


# (options, cards held) -> what they bring; emptied with ``_IN_PLAY``. A card bought or lost changes one seat's
# holding: the table is built again, but only that seat's part is worked out.
_HOLDINGS: dict[tuple[frozenset[str], tuple[str, ...]], _Holding] = {}
_HOLDINGS_KEPT = 4096


def _holding(effects: _InPlay, options: frozenset[str], held_: list[str]) -> _Holding:
    key = (options, tuple(held_))
    found = _HOLDINGS.get(key)
    if found is not None:
        return found
    ordered = sorted(held_, key=_order) if len(held_) > 1 else held_
    defs = [_DEFS[c] for c in ordered if c in _DEFS]
    mine: dict[str, list[str]] = {}
    seat_mods: dict[str, list[Modifier]] = {}
    seat_filters: dict[str, list[Filter]] = {}
    for d in defs:
        for moment in d.hooks:
            mine.setdefault(moment, []).append(d.id)
        for name, fn in d.modifiers.items():
            seat_mods.setdefault(name, []).append(fn)
        for name, fn in d.filters.items():
            seat_filters.setdefault(name, []).append(fn)
    for name, fns in effects.mods.items():
        seat_mods.setdefault(name, []).extend(fns)
    for name, fns in effects.filters.items():
        seat_filters.setdefault(name, []).extend(fns)
    once = [_DEFS[c] for c in dict.fromkeys(held_) if c in _DEFS]
    windows: dict[str, list[Offer]] = {}
    for d in once:
        for window in d.prompt_windows:
            if d.offer is not None:
                windows.setdefault(window, []).append(d.offer)
    found = _Holding(
        mine, {k: tuple(v) for k, v in seat_mods.items()}, {k: tuple(v) for k, v in seat_filters.items()},
        tuple(d.offer for d in once if d.offer is not None), frozenset(w for d in once for w in d.prompt_windows),
        {k: tuple(v) for k, v in windows.items()},
        tuple(d.guard for d in (_DEFS[c] for c in held_ if c in _DEFS) if d.guard is not None))
    if len(_HOLDINGS) >= _HOLDINGS_KEPT:
        _HOLDINGS.clear()
    _HOLDINGS[key] = found
    return found


def _build(state: GameState) -> _Table:
    version = Hand.version
    effects = _IN_PLAY.get(state.options) or _in_play(state.options)
    silenced = tuple((f, f(state)) for f in effects.unsettled)
    copying = tuple((fn, seat, fn(state, seat)) for fn, seat in _copiers(state)) if _COPYING else ()
    held_by_seat = tuple(_held_now(state, m.seat) for m in state.monsters)
    hooks: dict[str, list[int]] = {}
    hooked: list[dict[str, list[str]]] = []
    mods: list[dict[str, tuple[Modifier, ...]]] = []
    filters: list[dict[str, tuple[Filter, ...]]] = []
    offers: list[tuple[Offer, ...]] = []
    prompt_seats: dict[str, set[int]] = {}
    prompt_offers: list[dict[str, tuple[Offer, ...]]] = []
    guards: list[tuple[int, Guard]] = []
    for m, held_ in zip(state.monsters, held_by_seat, strict=True):
        seat = m.seat
        part = _holding(effects, state.options, held_)
        hooked.append(part.hooked)
        if m.alive and (m.cards or m.pieces):
            for moment in part.hooked:
                hooks.setdefault(moment, []).append(seat)
        mods.append(part.mods)
        filters.append(part.filters)
        offers.append(part.offers)
        prompt_offers.append(part.prompt_offers)
        if m.alive:
            for window in part.prompt_windows:
                prompt_seats.setdefault(window, set()).add(seat)
            guards.extend((seat, guard) for guard in part.guards)
    return _Table(version, effects, bool(silenced or copying), silenced, copying, held_by_seat,
                  {k: tuple(v) for k, v in hooks.items()}, tuple(hooked), tuple(mods), tuple(filters), effects.hooks,
                  tuple(offers),
                  {k: frozenset(v) for k, v in prompt_seats.items()}, tuple(prompt_offers), tuple(guards))


def held(state: GameState, seat: int) -> list[str]:
    """The cards whose effects ``seat`` has: its Keep cards, plus the card each copying card copies. A card that
    does not stack counts once. (The list is the registry's own: read it, do not change it.)"""
    return _table(state).held[seat]


def silence(silencer: Silencer, option: str = "", settled: bool = False) -> None:
    """Register a rule under which some held cards or pieces have no effect: ``silencer(state)`` returns None when
    it does not apply now, else a predicate telling which ids are silent (Gaze of the Sphinx: every Keep card).
    ``option``: the module it belongs to (it runs only in games with that option on). ``settled``: its answer
    changes only where its module calls ``Hand.changed()`` (the registry's signal that who holds what may have
    changed), so the dispatch table keeps it instead of asking it again before every use."""
    _SILENCERS.append((option, silencer, settled))
    _IN_PLAY.clear()
    _HOLDINGS.clear()
    Hand.changed()


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
    copying card (Mimic) that copies it."""
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
    return card in _table(state).held[seat]


# ---------------------------------------------------------------------------------------------------------------
# Running hooks, modifiers, filters
# ---------------------------------------------------------------------------------------------------------------
def fire(ctx: Ctx, moment: str, **kw: Any) -> None:
    """Run the hooks of ``moment`` for every living owner, in seat order from the active monster, then the
    effects' hooks. A card lost or an owner eliminated by an earlier hook does not run."""
    s = ctx.s
    t = s.dispatch
    if t is None or t.version != Hand.version or t.dynamic:
        t = _table(s)
    hooked = t.hooks.get(moment)
    if hooked:
        now = t
        ran = False  # whether a hook ran since ``now`` was checked (only a hook can change who holds what)
        for seat in s.turn_order:
            if not ran and seat not in hooked:  # ``now`` holds: nothing of this seat hooks the moment
                continue
            m = s.monsters[seat]
            if not m.alive or not (m.cards or m.pieces):
                continue
            if ran:
                now, ran = _table(s), False
                hooked = now.hooks.get(moment, ())
            mine = now.hooked[seat].get(moment)
            if mine:
                for card in mine:
                    if ran:
                        now, ran = _table(s), False
                        hooked = now.hooks.get(moment, ())
                    if m.alive and card in now.held[seat]:
                        _DEFS[card].hooks[moment](ctx, seat, **kw)
                        ran = True
    g = t.effect_hooks.get(moment)
    if g:
        for fn in g:
            fn(ctx, **kw)


def modify(state: GameState, name: str, seat: int, value: Any, **kw: Any) -> Any:
    """Fold ``value`` through the modifiers ``name`` of the cards ``seat`` holds, then the effects'."""
    t = state.dispatch  # ``_table(state)``, its common case inline: modifiers run a dozen times an action
    if t is None or t.version != Hand.version or t.dynamic:
        t = _table(state)
    fns = t.mods[seat].get(name)
    if fns:
        for fn in fns:
            value = fn(state, seat, value, **kw)
    return value


def modifies(state: GameState, seat: int, name: str) -> bool:
    """Whether some modifier ``name`` runs for ``seat`` now (if not, ``modify`` gives back the value unchanged)."""
    t = state.dispatch  # ``_table``, inline as in ``modify``
    if t is None or t.version != Hand.version or t.dynamic:
        t = _table(state)
    return name in t.mods[seat]


def filter_value(ctx: Ctx, name: str, seat: int, value: Any, **kw: Any) -> Any:
    """Like ``modify`` with the step's context: the filters ``name`` of ``seat``'s cards, then the effects'; a
    falsy value stops the fold."""
    t = ctx.s.dispatch  # ``_table``, inline as in ``modify``
    if t is None or t.version != Hand.version or t.dynamic:
        t = _table(ctx.s)
    fns = t.filters[seat].get(name)
    if fns:
        for fn in fns:
            if not value:
                break
            value = fn(ctx, seat, value, **kw)
    return value


# ---------------------------------------------------------------------------------------------------------------
# Choices
# ---------------------------------------------------------------------------------------------------------------
def offers(state: GameState, seat: int, window: str) -> list[Action]:
    """The card and effect actions ``seat`` may take at ``window`` (each once)."""
    if not state.monsters[seat].alive:
        return []
    t = state.dispatch  # ``_table``, inline as in ``modify``
    if t is None or t.version != Hand.version or t.dynamic:
        t = _table(state)
    effects = t.effects
    mine = t.offers[seat]
    open_ = effects.open_at.get(window) or _open_at(effects, window)
    if not mine and not open_[0] and not effects.gated:
        return []
    out: list[Action] = []
    for e in _offering(effects, open_, state, seat):
        assert e.offer is not None
        out.extend(e.offer(state, seat, window))
    for fn in mine:
        for action in fn(state, seat, window):
            if action not in out:
                out.append(action)
    return out


def _open_at(effects: _InPlay, window: str) -> tuple[tuple[EffectDef, ...], tuple[tuple[int, EffectDef], ...]]:
    """The open offering effects that may offer something at ``window`` (``open_at``, worked out once)."""
    ranked = tuple((place, e) for place, e in effects.ranked if e.offer_windows is None or window in e.offer_windows)
    found = effects.open_at[window] = (tuple(e for _, e in ranked), ranked)
    return found


def _offering(effects: _InPlay, open_: tuple[tuple[EffectDef, ...], tuple[tuple[int, EffectDef], ...]],
              state: GameState, seat: int) -> tuple[EffectDef, ...] | list[EffectDef]:
    """The effects that may offer ``seat`` something, in the order they were defined: the open ones of the window
    (``open_``), and of the gated ones only those their ``among`` names."""
    if not effects.gated:
        return open_[0]
    chosen: dict[int, EffectDef] = {}
    for among, by_id in effects.gated:
        for effect_id in among(state, seat):
            found = by_id.get(effect_id)
            if found is not None:
                chosen[found[0]] = found[1]
    if not chosen:
        return open_[0]
    chosen.update(open_[1])
    return [chosen[place] for place in sorted(chosen)]


def prompts(state: GameState, window: str, active_last: bool = False) -> list[Decision]:
    """``card`` decisions to ask at ``window``: each living monster holding a card that prompts there, in seat
    order from the active monster (``active_last``: the others first). Whether it offers something is checked when
    the decision comes up."""
    t: _Table | None = state.dispatch  # ``_table``, inline as in ``modify``
    if t is None or t.version != Hand.version or t.dynamic:
        t = _table(state)
    effects = t.effects.prompting.get(window)
    holders = t.prompt_seats.get(window)
    if not effects and not holders:
        return []
    out: list[Decision] = []
    seats = state.turn_order
    if active_last:
        seats = seats[1:] + seats[:1]
    for seat in seats:
        m = state.monsters[seat]
        if m.alive and (effects or seat in holders):  # type: ignore[operator]
            out.append(Decision(seat, m.id, DecisionKind.CARD, window))
    return out


def prompting(state: GameState, seat: int, window: str) -> bool:
    """Whether a card that prompts at ``window`` (``prompt_windows``) offers ``seat`` something there: a ``card``
    decision is asked (or goes on) only then — other offers (Rapid Healing, any time) merely join it."""
    if not state.monsters[seat].alive:
        return False
    t = state.dispatch  # ``_table``, inline as in ``modify``
    if t is None or t.version != Hand.version or t.dynamic:
        t = _table(state)
    effects = t.effects
    for e in effects.prompting_open.get(window, ()):
        assert e.offer is not None
        if e.offer(state, seat, window):
            return True
    for among, by_id in effects.prompting_gated.get(window, ()):
        for effect_id in among(state, seat):
            found = by_id.get(effect_id)
            if found is not None:
                offer = found.offer
                assert offer is not None
                if offer(state, seat, window):
                    return True
    return any(fn(state, seat, window) for fn in t.prompt_offers[seat].get(window, ()))


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
    t = state.dispatch  # ``_table``, inline as in ``modify``
    if t is None or t.version != Hand.version or t.dynamic:
        t = _table(state)
    effects = t.effects
    # plain loops, no ``any(...)`` over generators: this runs before every action while guards are in play
    monsters = state.monsters
    for e in effects.guards:
        guard = e.guard
        assert guard is not None
        for m in monsters:
            if m.alive and guard(state, m.seat):
                return True
    for among, by_id in effects.gated_guards:
        for m in monsters:
            if m.alive:
                for effect_id in among(state, m.seat):
                    found = by_id.get(effect_id)
                    if found is not None and found.guard is not None and found.guard(state, m.seat):
                        return True
    for seat, fn in t.guards:  # noqa: SIM110 - a loop, not any(): see above
        if fn(state, seat):
            return True
    return False
