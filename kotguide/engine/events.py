"""Events: what happened, as values. The engine holds no prose.

``Event(kind, rule, monster, amount, data)``: ``kind`` names a template in ``content/{ja,en}/events.toml``;
``rule`` is the section id of ``content/sections.toml`` that caused it; ``monster`` is a monster id (or None);
``amount`` an int (or None); ``data`` holds the other named params, JSON-safe. ``Event.params()`` merges them all
for a template: ``"{monster} gains {amount} VP for {count}×{face}"``.

Every kind, its params and the rules it may carry are listed in ``KINDS`` (the tests check every emitted event
against it). Kinds are stable: add new ones, never rename.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import rules as R


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    rule: str
    monster: str | None = None
    amount: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def params(self) -> dict[str, Any]:
        """Every named param of the event in one dict (for a template)."""
        out: dict[str, Any] = {"monster": self.monster, "amount": self.amount}
        out.update(self.data)
        return out

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rule": self.rule}
        if self.monster is not None:
            out["monster"] = self.monster
        if self.amount is not None:
            out["amount"] = self.amount
        if self.data:
            out["data"] = dict(self.data)
        return out


@dataclass(frozen=True, slots=True)
class EventKind:
    kind: str
    params: tuple[str, ...]  # names of the params the template may use (monster/amount included when used)
    rules: tuple[str, ...]  # the rule ids this kind may carry
    doc: str


_K = EventKind
KINDS: dict[str, EventKind] = {k.kind: k for k in (
    _K("game-started", ("monsters", "options"), (R.SETUP,),
       "The game is set up: monsters (ids, seat order) and options."),
    _K("option-used", ("option",), (R.HOUSE_VARIANTS, R.TWO_PLAYER),
       "An option is in play (house variants carry house-variants, the official one two-player)."),
    _K("card-revealed", ("card", "slot"), (R.SETUP, R.BUYING, R.SWEEPING),
       "A card is turned face up in market slot `slot` (at setup, to refill after a buy, after a sweep)."),
    _K("deck-shuffled", ("amount",), (R.POWER_CARDS,),
       "The deck ran out: the discard pile (`amount` cards) is shuffled into a new deck."),
    _K("roll-off", ("monster", "amount", "faces", "round"), (R.FIRST_PLAYER,),
       "Claw roll-off: `monster` rolled `faces`, `amount` smashes, in round `round` (1 = everyone, 2+ = ties)."),
    _K("first-player", ("monster", "by"), (R.FIRST_PLAYER,),
       "`monster` plays first, chosen `by` \"setup\" or \"roll-off\"."),
    _K("turn-started", ("monster", "turn"), (R.TURN_OVERVIEW,), "Turn number `turn` of `monster` begins."),
    _K("dice-rolled", ("monster", "faces", "rerolled", "roll"), (R.ROLLING,),
       "Roll number `roll` (1–3): the dice show `faces`; `rerolled` lists the dice just rolled (0-based)."),
    _K("dice-resolved", ("monster", "faces"), (R.RESOLVING,), "`monster` stops rolling; `faces` are resolved."),
    _K("vp-gained", ("monster", "amount", "face", "count", "card", "reason"),
       (R.NUMBERS, R.TOKYO, R.ENTERING, R.POWER_CARDS),
       "`monster` gains `amount` VP: for `count` dice of `face` (numbers), for starting the turn in Tokyo "
       "(reason \"start\", rule tokyo), for entering (reason \"enter\"), or from `card`."),
    _K("vp-lost", ("monster", "amount", "card"), (R.POWER_CARDS,), "`monster` loses `amount` VP (from `card`)."),
    _K("energy-gained", ("monster", "amount", "card", "reason"),
       (R.ENERGY, R.TWO_PLAYER, R.HOUSE_VARIANTS, R.POWER_CARDS),
       "`monster` gains `amount` energy: rolled (energy), Tokyo reward in the two-player variant (reason "
       "\"start\"/\"enter\"), opening energy (house-variants), or from `card`."),
    _K("energy-lost", ("monster", "amount", "card"), (R.POWER_CARDS,),
       "`monster` loses `amount` energy (from `card`)."),
    _K("healed", ("monster", "amount", "card"), (R.HEAL, R.POWER_CARDS),
       "`monster` gains `amount` life (rolled hearts, or from `card`)."),
    _K("not-healed", ("monster", "amount", "reason", "card"), (R.HEAL, R.POWER_CARDS),
       "`amount` hearts heal nothing: reason \"tokyo\" (hearts do not heal in Tokyo) or \"full\" (at maximum)."),
    _K("smashed", ("monster", "amount", "targets"), (R.SMASH,),
       "`monster` smashes with `amount` claws; `targets` (monster ids) each lose `amount` life; empty if none."),
    _K("damaged", ("monster", "amount", "by", "card"), (R.SMASH, R.POWER_CARDS),
       "`monster` loses `amount` life, to `by`'s smash (rule smash) or to `card` (rule power-cards)."),
    _K("stayed", ("monster", "space"), (R.YIELDING,), "Smashed, `monster` stays in `space` (city/bay)."),
    _K("yielded", ("monster", "space"), (R.YIELDING,), "Smashed, `monster` yields `space` and goes outside."),
    _K("entered", ("monster", "space"), (R.ENTERING, R.TOKYO_BAY),
       "`monster` enters `space`: \"city\" (rule entering) or \"bay\" (rule tokyo-bay)."),
    _K("bay-closed", ("monster", "to"), (R.TOKYO_BAY,),
       "Only 4 monsters are left: Tokyo Bay closes; its occupant `monster` (or none) goes `to` \"city\" or "
       "\"outside\", without an entry reward."),
    _K("card-bought", ("monster", "card", "slot", "amount"), (R.BUYING,),
       "`monster` buys `card` from slot `slot` for `amount` energy."),
    _K("card-kept", ("monster", "card"), (R.POWER_CARDS,), "Keep card `card` joins `monster`."),
    _K("card-played", ("monster", "card"), (R.POWER_CARDS,),
       "Discard card `card` takes effect for `monster`, then goes to the discard pile."),
    _K("market-swept", ("monster", "amount", "cards"), (R.SWEEPING,),
       "`monster` pays `amount` energy to discard `cards` (the market); new cards are revealed."),
    _K("turn-ended", ("monster", "turn"), (R.END_OF_TURN,), "Turn `turn` of `monster` ends."),
    _K("goal-reached", ("monster", "amount"), (R.GOAL,),
       "`monster` reaches `amount` VP (20 or more): it wins if it survives its turn's end."),
    _K("eliminated", ("monster", "cards", "amount", "space"), (R.ELIMINATION,),
       "`monster` is at 0 life and out: its Keep `cards` are discarded, its `amount` energy returned; it "
       "leaves `space` if it was in Tokyo."),
    _K("game-over", ("winners", "reason", "shared"), (R.VICTORY,),
       "The game ends: `winners` (monster ids, may be empty); reason \"points\", \"last-survivor\" or "
       "\"all-eliminated\"; `shared` is true when several win together (house fallback)."),
)}
