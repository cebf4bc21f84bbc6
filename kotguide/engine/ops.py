"""The primitive changes every rule and card is made of (gain/lose VP, energy, life; eliminate; roll dice), each
emitting its event. ``Ctx`` bundles the working state and the event list of one step.

Card hook points here: ``energy-gained`` and ``healed`` after a gain; the ``damage`` modifiers and filters before a
loss, ``damaged`` after it, ``fallen`` at 0 life (a hook may save the monster), ``eliminated``. ``memo["dealt"]``
holds the seats that made a monster lose life this turn."""

from __future__ import annotations

from typing import Any

from . import rules as R
from . import tokyo
from .cards import registry
from .dice import FACES
from .events import Event
from .rng import dice as rng_dice
from .setup import OUTSIDE
from .state import GameState

GOAL_VP = 20


def draw_faces(s: GameState, n: int) -> list[str]:
    """``n`` die faces: the setup's scripted faces first, then the seeded RNG."""
    if n <= 0:
        return []
    script = s.setup.dice
    pos = s.script_pos
    if pos < len(script):
        out = list(script[pos:pos + n])
        s.script_pos = pos + len(out)
        if len(out) == n:
            return out
        s.rng, more = rng_dice(s.rng, n - len(out), FACES)
        return out + more
    s.rng, out = rng_dice(s.rng, n, FACES)
    return out


class Ctx:
    """The state being changed (a private working copy) and the events of the current step."""

    __slots__ = ("s", "events")

    def __init__(self, s: GameState, events: list[Event]) -> None:
        self.s = s
        self.events = events

    def emit(self, kind: str, rule: str, monster: str | None = None, amount: int | None = None, **data: Any) -> None:
        self.events.append(Event(kind, rule, monster, amount, data))

    def roll(self, n: int) -> list[str]:
        """Roll ``n`` dice (scripted faces first, then the seeded RNG)."""
        return draw_faces(self.s, n)

    # --- victory points -------------------------------------------------------------------------------------
    def gain_vp(self, seat: int, n: int, rule: str, **data: Any) -> int:
        m = self.s.monsters[seat]
        if n <= 0 or not m.alive:
            return 0
        before = m.vp
        m.vp += n
        self.emit("vp-gained", rule, m.id, n, **data)
        if before < GOAL_VP <= m.vp:
            self.emit("goal-reached", R.GOAL, m.id, m.vp)
        return n

    def lose_vp(self, seat: int, n: int, rule: str, **data: Any) -> int:
        m = self.s.monsters[seat]
        lost = min(n, m.vp)
        if lost <= 0 or not m.alive:
            return 0
        m.vp -= lost
        self.emit("vp-lost", rule, m.id, lost, **data)
        return lost

    # --- energy ---------------------------------------------------------------------------------------------
    def gain_energy(self, seat: int, n: int, rule: str, **data: Any) -> int:
        m = self.s.monsters[seat]
        if n <= 0 or not m.alive:
            return 0
        m.energy += n
        self.emit("energy-gained", rule, m.id, n, **data)
        registry.fire(self, "energy-gained", seat=seat, amount=n, card=data.get("card"), reason=data.get("reason"))
        return n

    def lose_energy(self, seat: int, n: int, rule: str, **data: Any) -> int:
        m = self.s.monsters[seat]
        lost = min(n, m.energy)
        if lost <= 0 or not m.alive:
            return 0
        m.energy -= lost
        self.emit("energy-lost", rule, m.id, lost, **data)
        return lost

    # --- life -----------------------------------------------------------------------------------------------
    def heal(self, seat: int, n: int, rule: str, **data: Any) -> int:
        """Gain up to ``n`` life, never above the maximum; returns the life gained."""
        m = self.s.monsters[seat]
        if n <= 0 or not m.alive:
            return 0
        n = registry.modify(self.s, "heal", seat, n)
        gained = min(n, m.max_life - m.life)
        if gained <= 0:
            self.emit("not-healed", rule, m.id, n, reason="full", **data)
            return 0
        m.life += gained
        self.emit("healed", rule, m.id, gained, **data)
        registry.fire(self, "healed", seat=seat, amount=gained, card=data.get("card"))
        return gained

    def damage(self, seat: int, n: int, rule: str, by: int | None = None, **data: Any) -> int:
        """Lose up to ``n`` life; at 0 the monster is eliminated at once. Returns the life lost."""
        s = self.s
        m = s.monsters[seat]
        if n <= 0 or not m.alive:
            return 0
        n = registry.modify(s, "damage", seat, n, by=by, rule=rule)
        n = registry.filter_value(self, "damage", seat, n, by=by, rule=rule)
        lost = min(n, m.life)
        if lost <= 0:
            return 0
        m.life -= lost
        if by is not None:
            data["by"] = s.monsters[by].id
            dealt = s.memo.get("dealt", frozenset())
            if by not in dealt:
                s.memo["dealt"] = dealt | {by}
        self.emit("damaged", rule, m.id, lost, **data)
        registry.fire(self, "damaged", seat=seat, amount=lost, by=by, rule=rule)
        if m.life == 0 and m.alive:
            registry.fire(self, "fallen", seat=seat)
            if m.life == 0:
                self.eliminate(seat)
        return lost

    def eliminate(self, seat: int) -> None:
        """Out at once: Keep cards to the discard pile, energy back to the bank, off the board."""
        s = self.s
        m = s.monsters[seat]
        if not m.alive:
            return
        was_alive = s.alive_count
        m.alive = False
        m.life = 0
        space = m.location
        m.location = OUTSIDE
        cards = m.cards
        m.cards = []
        s.discard.extend(cards)
        energy = m.energy
        m.energy = 0
        m.tokens.clear()
        data: dict[str, Any] = {"cards": list(cards)}
        if space != OUTSIDE:
            data["space"] = space
        self.emit("eliminated", R.ELIMINATION, m.id, energy, **data)
        tokyo.on_alive_count_drop(self, was_alive)
        registry.fire(self, "eliminated", seat=seat)
