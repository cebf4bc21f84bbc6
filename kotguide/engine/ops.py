"""The primitive changes every rule and card is made of (gain/lose VP, energy, life; eliminate; roll dice), each
emitting its event. ``Ctx`` bundles the working state and the event list of one step.

Card hook points here: the ``gain-vp``, ``gain-energy`` and ``gain-life`` filters before a gain (an effect may
forbid or redirect it), ``energy-gained`` and ``healed`` after a gain; the ``max-life`` modifiers (``max_life``);
the ``damage`` modifiers and filters before a loss, ``damaged`` after it, ``fallen`` at 0 life (a hook may save the
monster; the ``stands-at-zero`` modifiers keep it in the game at 0), ``eliminated``; the ``goal`` modifiers (the VP
a monster needs to win). ``control.dealt`` holds the seats that made a monster lose life this turn."""

from __future__ import annotations

from functools import cache
from typing import Any

from . import chance, tokyo
from . import rules as R
from .cards import registry
from .dice import FACES, SPECIAL, die_kind
from .events import Event
from .hand import Hand
from .rng import below
from .rng import dice as rng_dice
from .setup import OUTSIDE
from .state import GameState

GOAL_VP = 20


def goal(s: GameState, seat: int) -> int:
    """The VP ``seat`` needs to win: 20, unless a card lowers it (the ``goal`` modifiers: the Astronaut costume)."""
    return int(registry.modify(s, "goal", seat, GOAL_VP))


FALLING = "falling"  # memo: seats at 0 life whose ``fallen`` hooks are running


def falling(s: GameState, seat: int) -> bool:
    """Whether ``seat`` has just reached 0 life and its ``fallen`` hooks are running (it is not out yet)."""
    return seat in s.memo.get(FALLING, ())


def stands_at_zero(s: GameState, seat: int) -> bool:
    """Whether ``seat`` stays in the game at 0 life (the ``stands-at-zero`` modifiers: the Zombie costume)."""
    return bool(registry.modify(s, "stands-at-zero", seat, False))


def max_life(s: GameState, seat: int) -> int:
    """A monster's maximum life now: its own maximum through the ``max-life`` modifiers (a curse may lower it)."""
    return int(registry.modify(s, "max-life", seat, s.monsters[seat].max_life))


@cache
def _scripts(script: tuple[str, ...]) -> dict[str | None, tuple[str, ...]]:
    """The setup's scripted faces split by the kind of die they belong to (None: the base dice), in order."""
    out: dict[str | None, list[str]] = {}
    for face in script:
        out.setdefault(die_kind(face), []).append(face)
    return {kind: tuple(faces) for kind, faces in out.items()}


def draw_die(s: GameState, kind: str | None) -> str:
    """One face of a die of ``kind`` (None: a base die): the next scripted face of that kind of die, else the seeded
    RNG. Each kind of die takes its own scripted faces in order, so a scenario played off its script never hands a
    special die a base face."""
    if kind is None:
        return draw_faces(s, 1)[0]
    if s.setup.table:
        if given := chance.take(s, kind, 1):
            return given[0]
        chance.note_seeded(s, kind, 1)
    script = _scripts(s.setup.dice).get(kind, ())
    used = f"dice:script:{kind}"
    pos: int = s.marks.get(used, 0)
    if pos < len(script):
        s.marks[used] = pos + 1
        return script[pos]
    faces = SPECIAL[kind]
    s.rng, k = below(s.rng, len(faces))
    return faces[k]


def draw_faces(s: GameState, n: int) -> list[str]:
    """``n`` base die faces: in a table game the faces given first, then the setup's scripted base faces, then the
    seeded RNG."""
    if n <= 0:
        return []
    setup = s.setup
    if not setup.dice and not setup.table:  # the common case: the seeded RNG alone
        s.rng, out = rng_dice(s.rng, n, FACES)
        return out
    given: list[str] = []
    if setup.table:
        given = chance.take(s, None, n)
        if len(given) == n:
            return given
        chance.note_seeded(s, None, n - len(given))
    return given + _scripted_faces(s, n - len(given))


def _scripted_faces(s: GameState, n: int) -> list[str]:
    """``n`` base die faces: the setup's scripted base faces first, then the seeded RNG."""
    script = _scripts(s.setup.dice).get(None, ())
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
        """Roll ``n`` base dice (in a table game the faces given first; scripted faces, then the seeded RNG)."""
        return draw_faces(self.s, n)

    # --- victory points -------------------------------------------------------------------------------------
    def gain_vp(self, seat: int, n: int, rule: str, **data: Any) -> int:
        m = self.s.monsters[seat]
        if n <= 0 or not m.alive:
            return 0
        n = registry.filter_value(self, "gain-vp", seat, n, rule=rule)
        if n <= 0:
            return 0
        before = m.vp
        m.vp += n
        self.emit("vp-gained", rule, m.id, n, **data)
        if before < goal(self.s, seat) <= m.vp:
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
        n = registry.filter_value(self, "gain-energy", seat, n, rule=rule)
        if n <= 0:
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
        n = registry.filter_value(self, "gain-life", seat, n, rule=rule)
        if n <= 0:
            return 0
        gained = min(n, max_life(self.s, seat) - m.life)
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
            if by not in s.control.dealt:
                s.control.dealt = s.control.dealt | {by}
        self.emit("damaged", rule, m.id, lost, **data)
        registry.fire(self, "damaged", seat=seat, amount=lost, by=by, rule=rule)
        if m.life == 0 and m.alive:
            falling = s.memo.get(FALLING, ())
            s.memo[FALLING] = (*falling, seat)  # while its fallen hooks run, whether it is out is decided below
            registry.fire(self, "fallen", seat=seat)
            s.memo[FALLING] = falling
            if m.life == 0 and m.alive and not stands_at_zero(s, seat):
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
        m.cards = Hand()
        Hand.changed()  # alive or not changes what the registry runs
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


class QuietCtx(Ctx):
    """A step whose events nobody reads (a random game's, a replay's older steps): they are not built, but for the
    losses of life, which the guard protocol's trial reads (``guards.hold``)."""

    __slots__ = ()

    def emit(self, kind: str, rule: str, monster: str | None = None, amount: int | None = None, **data: Any) -> None:
        if kind == "damaged":
            self.events.append(Event(kind, rule, monster, amount, data))
