"""The curse deck, the curse in force, the golden scarab, and how a curse card is defined.

State (``state.marks``, immutable values): ``curses:in-force`` (the curse id), ``curses:deck`` (tuple, top first),
``curses:discard`` (tuple, oldest first), ``curses:scarab`` (the monster id the golden scarab lies in front of, or
absent before it is placed), ``curses:next`` (in a table game: the curse the table revealed, given before the Eye
of Horus brings it into force, ``curse:ID``). Per turn (``state.memo``): ``curses:fate`` = (face, curse) once the
die of fate has resolved this turn.

A curse is ``define_curse(id, ankh=…, snake=…, hooks=…, modifiers=…, filters=…, revealed=…)``: the hooks, modifiers
and filters are its permanent effect (an ``EffectDef`` named ``curse-<id>`` that acts only while the module is on and
this curse is in force); ``ankh``/``snake`` run when the die of fate shows that face (for the active monster unless
the curse says otherwise); ``revealed`` runs when the curse comes into force (Bow Before Ra lowers life totals).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ... import events
from ... import options as O
from ... import rules as R
from ...cards.registry import EffectDef, define_effect
from ...data import CONTENT_DIR
from ...hand import Hand
from ...phases import Window
from ...rng import shuffle
from ...state import GameState

if TYPE_CHECKING:
    from ...ops import Ctx

RULE = R.CURSES
IN_FORCE, DECK, DISCARD, SCARAB = "curses:in-force", "curses:deck", "curses:discard", "curses:scarab"
FATE = "curses:fate"
NEXT = "curses:next"
HORUS, ANKH, SNAKE, RIVER = "horus", "ankh", "snake", "river"
FATE_FACES: tuple[str, ...] = (HORUS, ANKH, SNAKE, RIVER)

FateEffect = Callable[["Ctx", int], None]


@cache
def curse_ids() -> tuple[str, ...]:
    """The 24 curse ids, in card-number order (``content/cards/curses.toml``)."""
    raw = tomllib.loads((CONTENT_DIR / "cards" / "curses.toml").read_text(encoding="utf-8"))
    return tuple(c["id"] for c in sorted(raw["curse"], key=lambda c: c["number"]))


# --- reading the state ------------------------------------------------------------------------------------------
def on(s: GameState) -> bool:
    return O.CURSES in s.options


def in_force(s: GameState) -> str | None:
    """The curse in force (None when the module is off)."""
    return s.marks.get(IN_FORCE)


def deck(s: GameState) -> tuple[str, ...]:
    cards: tuple[str, ...] = s.marks.get(DECK, ())
    return cards


def discarded(s: GameState) -> tuple[str, ...]:
    cards: tuple[str, ...] = s.marks.get(DISCARD, ())
    return cards


def can_come_up(s: GameState) -> tuple[str, ...]:
    """The curses the next reveal can bring into force: the deck's, or once it is empty, those its reshuffle makes
    the new deck (the discarded ones and the one in force, which the Eye of Horus discards first)."""
    if deck(s):
        return deck(s)
    return (*discarded(s), *([c] if (c := in_force(s)) is not None else []))


def give_next(s: GameState, curse: str) -> None:
    """A table game: ``curse`` (one of ``can_come_up``) is the next curse revealed."""
    s.marks[NEXT] = curse


def start_piles(s: GameState, deck: Sequence[str]) -> None:
    """At setup: the curse deck (top first), and an empty discard pile."""
    s.marks[DECK] = tuple(deck)
    s.marks[DISCARD] = ()


def scarab_owner(s: GameState) -> str | None:
    """The monster the golden scarab lies in front of (even if eliminated), or None before it is placed."""
    return s.marks.get(SCARAB)


def holder(s: GameState) -> int | None:
    """The seat of the scarab holder for "scarab holder" effects: None when nobody holds it or its holder is
    eliminated (the scarab does not move on elimination)."""
    owner = s.marks.get(SCARAB)
    if owner is None:
        return None
    for m in s.monsters:
        if m.id == owner:
            return m.seat if m.alive else None
    return None


def fate(s: GameState) -> tuple[str, str] | None:
    """(face, curse) of the die of fate resolved this turn, or None."""
    return s.memo.get(FATE)


def set_fate(s: GameState, face: str, curse: str) -> None:
    """This turn's die of fate showed ``face`` while ``curse`` was in force."""
    s.memo[FATE] = (face, curse)


def fate_is(s: GameState, face: str, curse: str) -> bool:
    """Whether this turn's die of fate showed ``face`` while ``curse`` was in force."""
    return s.memo.get(FATE) == (face, curse)


# --- changing it --------------------------------------------------------------------------------------------------
def place_scarab(ctx: Ctx, seat: int) -> None:
    """Setup: the golden scarab goes to ``seat`` (the last monster in turn order)."""
    m = ctx.s.monsters[seat]
    ctx.s.marks[SCARAB] = m.id
    ctx.emit("scarab-placed", RULE, m.id)


def take_scarab(ctx: Ctx, seat: int, curse: str, by: int | None = None) -> None:
    """``seat`` takes the golden scarab (``by``: the monster who hands it over)."""
    s = ctx.s
    m = s.monsters[seat]
    if s.marks.get(SCARAB) == m.id:
        return
    s.marks[SCARAB] = m.id
    data: dict[str, Any] = {"curse": curse}
    if by is not None:
        data["by"] = s.monsters[by].id
    ctx.emit("scarab-taken", RULE, m.id, **data)


def reveal_next(ctx: Ctx, reason: str) -> None:
    """The top curse of the deck comes into force (an empty deck is first made again from the shuffled discarded
    curses, the one just discarded included, as the online game does)."""
    s = ctx.s
    cards = list(deck(s))
    if not cards:
        cards = list(discarded(s))
        s.rng = shuffle(s.rng, cards)
        s.marks[DISCARD] = ()
        ctx.emit("curse-deck-shuffled", RULE, None, len(cards))
    given = s.marks.pop(NEXT, None)
    if given is not None:  # the table's reveal (a curse that could come up when it was given: it still can)
        cards.remove(given)
        cards.insert(0, given)
    curse = cards.pop(0)
    s.marks[DECK] = tuple(cards)
    bring_into_force(ctx, curse, reason)


def bring_into_force(ctx: Ctx, curse: str, reason: str) -> None:
    ctx.s.marks[IN_FORCE] = curse
    Hand.changed()  # the Sphinx's silencer answers by the curse in force (registry.silence, settled)
    ctx.emit("curse-revealed", RULE, None, curse=curse, reason=reason)
    d = _CURSES.get(curse)
    if d is not None and d.revealed is not None:
        d.revealed(ctx)


def change_curse(ctx: Ctx) -> None:
    """Eye of Horus: the curse in force is discarded and the next one revealed."""
    s = ctx.s
    old = s.marks[IN_FORCE]
    s.marks[DISCARD] = (*discarded(s), old)
    ctx.emit("curse-discarded", RULE, None, curse=old)
    reveal_next(ctx, HORUS)


def last_before(s: GameState, first: int) -> int:
    """The seat that plays last in a round starting with ``first`` (the one on its right)."""
    return (first - 1) % len(s.monsters)


def _place_after_roll_off(ctx: Ctx, **kw: Any) -> None:
    s = ctx.s
    if O.CURSES in s.options and SCARAB not in s.marks:
        place_scarab(ctx, last_before(s, s.active))


# defined before every curse (they import this module), so the scarab is placed before their start-of-turn effects
define_effect(EffectDef("curse-scarab-setup", hooks={Window.START: _place_after_roll_off}, option=O.CURSES))


# --- defining curses ----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CurseDef:
    id: str
    ankh: FateEffect
    snake: FateEffect
    revealed: Callable[[Ctx], None] | None = None


_CURSES: dict[str, CurseDef] = {}


def get(curse: str) -> CurseDef:
    return _CURSES[curse]


def defined() -> frozenset[str]:
    return frozenset(_CURSES)


def define_curse(curse: str, *, ankh: FateEffect, snake: FateEffect, revealed: Callable[[Ctx], None] | None = None,
                 hooks: dict[str, Callable[..., None]] | None = None,
                 modifiers: dict[str, Callable[..., Any]] | None = None,
                 filters: dict[str, Callable[..., Any]] | None = None) -> CurseDef:
    """Register a curse: its fate effects, and its permanent effect (acting only while it is in force)."""

    def hook(fn: Callable[..., None]) -> Callable[..., None]:
        def run(ctx: Ctx, **kw: Any) -> None:
            if ctx.s.marks.get(IN_FORCE) == curse and O.CURSES in ctx.s.options:
                fn(ctx, **kw)
        return run

    def modifier(fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(state: GameState, seat: int, value: Any, **kw: Any) -> Any:
            if state.marks.get(IN_FORCE) == curse and O.CURSES in state.options:
                return fn(state, seat, value, **kw)
            return value
        return run

    def filt(fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(ctx: Ctx, seat: int, value: Any, **kw: Any) -> Any:
            if ctx.s.marks.get(IN_FORCE) == curse and O.CURSES in ctx.s.options:
                return fn(ctx, seat, value, **kw)
            return value
        return run

    if hooks or modifiers or filters:
        define_effect(EffectDef(f"curse-{curse}", hooks={k: hook(f) for k, f in (hooks or {}).items()},
                                modifiers={k: modifier(f) for k, f in (modifiers or {}).items()},
                                filters={k: filt(f) for k, f in (filters or {}).items()}, option=O.CURSES))
    d = CurseDef(curse, ankh, snake, revealed)
    _CURSES[curse] = d
    return d


# --- small effects shared by several curses -------------------------------------------------------------------------
def nothing(ctx: Ctx, seat: int) -> None:
    """A fate effect that does nothing (its curse says so, or has nothing to do)."""


def take(curse: str) -> FateEffect:
    """"Take the golden scarab"."""
    def effect(ctx: Ctx, seat: int) -> None:
        take_scarab(ctx, seat, curse)
    return effect


def heal(curse: str, n: int) -> FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        ctx.heal(seat, n, RULE, curse=curse)
    return effect


def lose_life(curse: str, n: int) -> FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        ctx.damage(seat, n, RULE, curse=curse)
    return effect


def gain_energy(curse: str, n: int) -> FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        ctx.gain_energy(seat, n, RULE, curse=curse)
    return effect


def lose_energy(curse: str, n: int) -> FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        ctx.lose_energy(seat, n, RULE, curse=curse)
    return effect


def gain_vp(curse: str, n: int) -> FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        ctx.gain_vp(seat, n, RULE, curse=curse)
    return effect


def lose_vp(curse: str, n: int) -> FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        ctx.lose_vp(seat, n, RULE, curse=curse)
    return effect


def rolled(s: GameState, face: str) -> int:
    """How many of the active monster's dice show ``face`` (the faces rolled, when the die of fate resolves)."""
    return s.dice.count(face)


def blocked(ctx: Ctx, seat: int, curse: str, what: str, amount: int) -> None:
    """A gain or an action the curse in force forbids."""
    ctx.emit("curse-blocked", RULE, ctx.s.monsters[seat].id, amount, curse=curse, reason=what)


# events the curses emit with their own rule and a ``curse`` param
for _kind in ("vp-gained", "vp-lost", "energy-gained", "energy-lost", "healed", "not-healed", "damaged"):
    events.extend(_kind, rules=(RULE,), params=("curse",))
