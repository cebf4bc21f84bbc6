"""The game state: small, mutable inside the engine, cheap to clone. The site only reads it.

``apply`` clones before changing anything, so a ``GameState`` handed out is never changed by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

from .actions import Action
from .hand import Hand
from .phases import DecisionKind, Phase
from .setup import BAY, CITY, OUTSIDE, Setup


def _rebuilt(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """What pickle and ``copy`` rebuild a state object from: its class and its fields in order, the same whether this
    module runs compiled or from source (``compiled.py``)."""
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj))


@cache
def _turn_order(n: int, active: int) -> tuple[int, ...]:
    return tuple((active + i) % n for i in range(n))


@dataclass(slots=True)
class Monster:
    id: str
    seat: int
    life: int
    max_life: int
    vp: int
    energy: int
    location: str  # "outside", "city" or "bay"
    cards: Hand  # Keep cards held, in the order gained
    tokens: dict[str, int]
    alive: bool = True
    # module pieces in front of the monster that act like Keep cards without being Power cards (wickedness
    # tiles "tile-…", permanent evolutions "evo-…"): the card registry runs their effects; "cards" means m.cards
    pieces: Hand = field(default_factory=Hand)

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)

    @property
    def in_tokyo(self) -> bool:
        return self.location != OUTSIDE

    def copy(self) -> Monster:
        return Monster(id=self.id, seat=self.seat, life=self.life, max_life=self.max_life, vp=self.vp,
                       energy=self.energy, location=self.location, cards=Hand(self.cards), tokens=dict(self.tokens),
                       alive=self.alive, pieces=Hand(self.pieces))

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "life": self.life, "max_life": self.max_life, "vp": self.vp, "energy": self.energy,
                "location": self.location, "cards": list(self.cards), "tokens": dict(self.tokens),
                "alive": self.alive, **({"pieces": list(self.pieces)} if self.pieces else {})}


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must act now, and what kind of choice it is (see ``phases``)."""

    seat: int
    monster: str
    kind: DecisionKind
    window: str = ""  # for kind "card": the window whose card choices are offered
    rolls_left: int = 0

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"monster": self.monster, "kind": self.kind}
        if self.window:
            out["window"] = self.window
        if self.kind in (DecisionKind.ROLL, DecisionKind.REROLL, DecisionKind.RESOLVE):
            out["rolls_left"] = self.rolls_left
        return out


@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[str, ...]
    reason: str  # "points", "last-survivor" or "all-eliminated"
    shared: bool = False  # several winners at once (house fallback: the rulebook has no tie rule)

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason, "shared": self.shared}


Threat = tuple[int, int, bool, bool]  # (seat, life it would lose, whether that is all its life, whether by a smash)


@dataclass(slots=True)
class TurnControl:
    """The turn loop's own memory of the current turn, typed and apart from the cards' and modules' ``memo``: a new
    one when a turn begins."""

    extra_turn: str = ""  # this turn is an extra turn granted by this card or piece
    dealt: frozenset[int] = frozenset()  # seats that made a monster lose life this turn
    # while an action is held back for the guards (``guards.hold``): who would lose life, and the seats
    # already asked at the ``damage`` window about that action
    threat: tuple[Threat, ...] = ()
    guard_asked: frozenset[int] = frozenset()

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)

    def copy(self) -> TurnControl:
        return TurnControl(self.extra_turn, self.dealt, self.threat, self.guard_asked)


@dataclass(slots=True)
class GameState:
    setup: Setup
    monsters: list[Monster]
    options: frozenset[str]
    market: list[str | None]  # face-up cards by slot (None: nothing left to reveal)
    deck: list[str]  # top first
    discard: list[str]
    rng: int
    script_pos: int = 0  # scripted dice used so far
    active: int = 0  # seat of the monster whose turn it is
    turn: int = 0  # turn number, 1 for the first turn
    phase: Phase = Phase.START
    decision: Decision | None = None
    pending: list[Decision] = field(default_factory=list)  # decisions waiting (yield, card prompts), first is current
    dice: list[str] = field(default_factory=list)
    kept: list[bool] = field(default_factory=list)  # per die: not rerolled by the last roll
    rolls_left: int = 0
    rolls_done: int = 0
    hit: list[int] = field(default_factory=list)  # seats that lost life to the active monster's rolled smash
    memo: dict[str, Any] = field(default_factory=dict)  # per-turn memory for card effects (immutable values)
    outcome: Outcome | None = None
    history: list[Action] = field(default_factory=list)  # actions applied since the setup
    marks: dict[str, Any] = field(default_factory=dict)  # lasting memory for card effects (immutable values)
    extra_turns: list[tuple[int, str]] = field(default_factory=list)  # (seat, card) turns to play next, in order
    rotation: int | None = None  # during extra turns: the seat whose regular turn the rotation continues from
    deferred: tuple[Action, Decision] | None = None  # an action held back while threatened monsters choose
    control: TurnControl = field(default_factory=TurnControl)
    # a table game's dice drawn from the seed because the table gave no face, per kind of die (None: a base die):
    # what the site would have to ask the table (``chance.seeded_since``). Replaced, never changed in place, and
    # no part of the game's identity: a record of where the faces came from, not of the position
    seeded_dice: dict[str | None, int] = field(default_factory=dict, compare=False, repr=False)
    # likewise the Power cards it drew in the site's own deck order because the table gave none (``card:ID``)
    seeded_cards: int = field(default=0, compare=False, repr=False)
    # the card registry's table of who holds what (``registry._table``): derived, never compared nor copied
    dispatch: Any = field(default=None, compare=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)

    def clone(self, share_history: bool = False) -> GameState:
        """A copy to change apart from this one (``share_history``: the copy's history is this one's list, for a
        copy that is only kept to undo a trial, which adds no action)."""
        return GameState(
            setup=self.setup, monsters=[m.copy() for m in self.monsters], options=self.options,
            market=list(self.market), deck=list(self.deck), discard=list(self.discard), rng=self.rng,
            script_pos=self.script_pos, active=self.active, turn=self.turn, phase=self.phase, decision=self.decision,
            pending=list(self.pending), dice=list(self.dice), kept=list(self.kept), rolls_left=self.rolls_left,
            rolls_done=self.rolls_done, hit=list(self.hit), memo=dict(self.memo), outcome=self.outcome,
            history=self.history if share_history else list(self.history), marks=dict(self.marks),
            extra_turns=list(self.extra_turns), rotation=self.rotation, deferred=self.deferred,
            control=self.control.copy(), seeded_dice=self.seeded_dice, seeded_cards=self.seeded_cards,
            dispatch=self.dispatch)  # the same holdings: the same table until one changes

    # --- read helpers for the site -------------------------------------------------------------------------
    @property
    def active_monster(self) -> Monster:
        return self.monsters[self.active]

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def discard_size(self) -> int:
        return len(self.discard)

    @property
    def alive_count(self) -> int:
        return sum(1 for m in self.monsters if m.alive)

    def monster(self, monster_id: str) -> Monster:
        for m in self.monsters:
            if m.id == monster_id:
                return m
        raise KeyError(monster_id)

    def occupant(self, space: str) -> Monster | None:
        for m in self.monsters:
            if m.location == space:
                return m
        return None

    @property
    def city(self) -> Monster | None:
        return self.occupant(CITY)

    @property
    def bay(self) -> Monster | None:
        return self.occupant(BAY)

    def seats_from_active(self) -> list[int]:
        """Every seat in turn order, starting with the active monster."""
        return list(_turn_order(len(self.monsters), self.active))

    @property
    def turn_order(self) -> tuple[int, ...]:
        """``seats_from_active()`` as a shared tuple (to read, in hot loops)."""
        return _turn_order(len(self.monsters), self.active)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe summary (what the CLI prints)."""
        return {
            "turn": self.turn,
            "active": self.monsters[self.active].id,
            "phase": self.phase,
            "decision": None if self.decision is None else self.decision.to_dict(),
            "dice": [{"face": f, "kept": k} for f, k in zip(self.dice, self.kept, strict=True)],
            "rolls_left": self.rolls_left,
            "monsters": [m.to_dict() for m in self.monsters],
            "market": list(self.market),
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }
