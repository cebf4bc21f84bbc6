"""Properties every reachable state must have (checked by the property tests and the soak run)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from . import data
from .modules import registry as module_registry
from .ops import stands_at_zero
from .phases import DecisionKind, Phase
from .setup import BAY, BAY_MIN_ALIVE, CITY, LOCATIONS, OUTSIDE
from .state import GameState


@cache
def _sorted_deck() -> list[str]:
    return sorted(data.base_deck())


def everywhere(s: GameState) -> list[str]:
    """Every card in the deck, the discard pile, the market and in front of the monsters (with repeats)."""
    out = s.deck + s.discard + [c for c in s.market if c is not None]
    for m in s.monsters:
        out += m.cards
    return out


class InvariantError(AssertionError):
    """A state breaks an invariant (a bug in the engine)."""


def violations(s: GameState) -> list[str]:
    """Every broken invariant of ``s``, as English lines (empty if none)."""
    out: list[str] = []
    alive = 0
    spaces: Counter[str] = Counter()
    for m in s.monsters:
        if not 0 <= m.life <= m.max_life:
            out.append(f"{m.id}: life {m.life} outside 0..{m.max_life}")
        if m.vp < 0:
            out.append(f"{m.id}: VP {m.vp} < 0")
        if m.energy < 0:
            out.append(f"{m.id}: energy {m.energy} < 0")
        if m.location not in LOCATIONS:
            out.append(f"{m.id}: location {m.location!r}")
        if m.alive:
            alive += 1
            if m.life == 0 and not stands_at_zero(s, m.seat):
                out.append(f"{m.id}: alive with 0 life")
            if m.location != OUTSIDE:
                spaces[m.location] += 1
        else:
            if m.life != 0 or m.location != OUTSIDE or m.cards or m.energy:
                out.append(f"{m.id}: eliminated but holds life, a place, cards or energy")
    for space in (CITY, BAY):
        if spaces[space] > 1:
            out.append(f"{spaces[space]} monsters in the {space}")
    if spaces[BAY] and alive < BAY_MIN_ALIVE:
        out.append(f"the Bay is occupied with {alive} monsters alive")
    held = [c for c in everywhere(s) if data.is_power_card(c)]  # costumes: the costumes module checks them
    held.sort()
    if held != _sorted_deck():
        have, want = Counter(held), Counter(data.base_deck())
        out.append(f"cards not each in exactly one place: {dict((have - want) + (want - have))}")
    out.extend(module_registry.violations(s))
    if len(s.market) != s.setup.market_size:
        out.append(f"market has {len(s.market)} slots")
    if s.outcome is None:
        d = s.decision
        if d is None:
            out.append("no decision but no outcome")
        else:
            if not s.monsters[d.seat].alive:
                out.append(f"decision held by eliminated {d.monster}")
            if d.kind not in (DecisionKind.YIELD, DecisionKind.CARD) and d.seat != s.active:
                out.append(f"{d.kind} decision held by {d.monster}, not the active monster")
        if not s.monsters[s.active].alive:
            out.append("active monster eliminated but the game goes on")
        if s.rolls_left < 0:
            out.append(f"rolls_left {s.rolls_left}")
    else:
        if s.decision is not None or s.phase != Phase.OVER:
            out.append("game over but a decision is pending")
    return out


def check(s: GameState) -> None:
    """Raise ``InvariantError`` listing every broken invariant of ``s``."""
    problems = violations(s)
    if problems:
        raise InvariantError("; ".join(problems))
