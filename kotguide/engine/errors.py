"""Typed errors. Each has a stable ``code`` and named ``params`` (for the site to translate) and an English message
(for the command line). The engine raises them before changing anything."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

_ACTION_MESSAGES: dict[str, str] = {
    "unknown-action": "Unknown action code {action!r}.",
    "game-over": "The game is over: no action is possible.",
    "wrong-time": "Action {action!r} is not possible now (waiting for {monster} to {decision}).",
    "no-rolls-left": "No rolls left this turn: resolve the dice.",
    "bad-dice": "Action {action!r} names no valid dice (dice are numbered 0 to {last}).",
    "die-locked": "Die {die} may not be rerolled now.",
    "empty-slot": "Market slot {slot} is empty.",
    "bad-slot": "There is no market slot {slot} (slots are numbered 0 to {last}).",
    "not-enough-energy": "{monster} has {energy} energy and needs {cost}.",
    "nothing-to-sweep": "There are no cards left to reveal.",
    "card-not-usable": "Card {card!r} cannot be used now.",
    "may-not-buy": "{monster} may not buy Power cards now.",
    "must-choose": "{monster} must take one of the offered actions at {window}: there is no pass.",
    "bad-step": "Step {step}: {reason}",
    "not-a-table": "Action {action!r} gives a chance outcome: only a game that follows a physical table takes one.",
    "bad-face": "Action {action!r}: {face!r} is not a die face.",
    "card-cannot-come-up": "Card {card!r} cannot be the next card drawn (not in the deck, or the deck holds others "
                           "that come first; once it runs out, neither discarded nor face up in the market).",
    "card-not-in-discard": "Card {card!r} is not in the discard pile: it cannot be turned up from it.",
    "module-not-in-play": "Action {action!r} reveals a card of module {option!r}, which is not in play.",
    "curse-cannot-come-up": "Curse {curse!r} cannot be the next curse revealed (not in the deck, or the deck is not "
                            "empty and it waits in the discard pile).",
    "not-at-table": "{monster!r} is not a monster in the game.",
    "evolution-cannot-come-up": "Evolution {evolution!r} cannot be the next one {monster!r} draws (not in its deck, "
                                "nor in the discard pile its next draw would reshuffle).",
}

_SETUP_MESSAGES: dict[str, str] = {
    "players": "A game needs 2 to 6 monsters, not {count}.",
    "unknown-monster": "Unknown monster {monster!r}.",
    "duplicate-monster": "Monster {monster!r} appears twice.",
    "bad-value": "{field} of {monster!r} is {value!r}: {reason}.",
    "bad-location": "Location {location!r} of {monster!r} is not outside, city or bay.",
    "space-taken": "Two monsters are in the {space}.",
    "bay-closed": "Tokyo Bay is used only with 5 or more monsters.",
    "unknown-card": "Unknown card {card!r}.",
    "too-many-copies": "Card {card!r} is placed {count} times; the game has {copies}.",
    "not-keep": "{monster!r} holds {card!r}, which is a Discard card.",
    "market-size": "The market holds {size} cards, not {count}.",
    "unknown-option": "Unknown option {option!r}.",
    "option-players": "Option {option!r} needs exactly {players} monsters.",
    "first-player": "First player {monster!r} is not in the game.",
    "bad-face": "Scripted die face {face!r} is not one of 1, 2, 3, heart, energy, smash (or a special die's face).",
    "option-requires": "Option {option!r} needs option {needs!r}.",
    "module-table": "A setup table for {module!r}, which is not a module in play.",
    "needs-option": "Card {card!r} is in play only with option {option!r}.",
    "bad-field": "Setup field {field!r}: {reason}.",
    "unknown-key": "Unknown key {key!r} in {where}.",
    "unknown-curse": "Unknown curse {curse!r}.",
    "curse-twice": "Curse {curse!r} is placed twice.",
    "scarab-holder": "The golden scarab's holder {monster!r} is not in the game.",
    "unknown-tile": "Unknown wickedness tile {tile!r}.",
    "tile-twice": "Tile {tile!r}: tile {number} is placed twice (each tile shows one side).",
    "unknown-evolution": "Evolution {evolution!r} is not in the deck of a monster in play.",
    "temporary-in-play": "{monster!r} has temporary Evolution {evolution!r} in play: only permanent ones stay.",
    "evolution-holder": "{monster!r} is not in the game: it cannot hold the card of {evolution!r}.",
    "evolution-not-in-play": "Evolution {evolution!r} is not in play: its card's state cannot be set.",
    "misses-without-card": "{monster!r} cannot miss a turn: no monster in the game has {evolution!r} in its deck.",
    "misses-own-turn": "{monster!r} is playing its turn: {evolution!r}, played on another's turn, skips the next one.",
    "misses-card-in-hand": "{monster!r} still holds {evolution!r}: nobody misses a turn before it is played.",
    "draft-deals": "With {module!r} the draft deals every Evolution card: the evolutions table must be empty.",
    "bad-packets": "Mutant draft packets: {size} Evolutions for each monster, every card of the pool once.",
    "bad-file": "Cannot read {path}: {reason}",
    "too-many-tokens": "{count} {token} tokens are on the table; the game has {supply}.",
    "token-without-card": "{monster!r} has {token} tokens without the card {card!r} they sit on.",
    "card-without-token": "{monster!r} holds {card!r} without its {token} tokens (it goes with the last one).",
    "too-high": "{field} of {monster!r} is {value}: at most {high}.",
    "goal-reached": "{monster!r} has {value} VP when the turn begins: the game would already be over.",
    "turn-step": "Unknown turn step {step!r}: start, roll, rolled, yield or buy.",
    "turn-key": "Key {key!r} of the turn is not used at step {step!r}.",
    "turn-needs-first": "A game opened during a turn needs first_player: whose turn it is.",
    "turn-no-dice": "At step {step!r} the dice on the table are needed.",
    "turn-dice": "{monster!r} rolls {expected} dice here ({special}), not {count}.",
    "turn-rerolls": "{monster!r} has {most} rerolls at most this turn, not {rerolls}.",
    "turn-kept": "Kept die {die} is not one of the {count} dice on the table.",
    "turn-hit": "Monster {monster!r} cannot be waiting to yield: {reason}.",
    "turn-setup-choices": "The modules deal setup choices before the first turn: open the game at step start.",
}


def _message(messages: Mapping[str, str], code: str, params: Mapping[str, Any]) -> str:
    try:
        return messages.get(code, code).format(**params)
    except (KeyError, IndexError):
        return f"{code} {dict(params)}"


class EngineError(Exception):
    """Base class: a stable ``code``, named ``params`` and an English ``message``."""

    messages: dict[str, str] = {}

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        self.message = _message(self.messages, code, params)
        super().__init__(self.message)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params), "message": self.message}


class IllegalAction(EngineError):
    """The action cannot be applied to this state (the state is unchanged)."""

    messages = _ACTION_MESSAGES


@dataclass(frozen=True, slots=True)
class SetupProblem:
    """One thing wrong with a setup: a stable ``code``, where it is (``path`` into ``Setup.to_dict()``:
    ``("monsters", 2, "life")``; empty: the setup as a whole) and named ``params`` (for the site to word it)."""

    code: str
    path: tuple[str | int, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return _message(_SETUP_MESSAGES, self.code, self.params)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "path": list(self.path), "params": dict(self.params), "message": self.message}


class InvalidSetup(EngineError):
    """The setup (or a scenario file) is not a valid position. ``problems`` lists every problem found (``code`` and
    ``params`` are the first one's)."""

    messages = _SETUP_MESSAGES

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, **params)
        self.problems: tuple[SetupProblem, ...] = (SetupProblem(code, (), params),)

    @classmethod
    def of(cls, problems: Sequence[SetupProblem]) -> InvalidSetup:
        first = problems[0]
        error = cls(first.code, **first.params)
        error.problems = tuple(problems)
        if len(problems) > 1:
            error.message = " ".join(p.message for p in problems)
            error.args = (error.message,)
        return error


class Problems:
    """A collector for a check that reports every problem (a module's setup table): ``add`` each, then ``check``
    raises ``InvalidSetup`` with all of them."""

    def __init__(self) -> None:
        self.found: list[SetupProblem] = []

    def add(self, code: str, path: tuple[str | int, ...], **params: Any) -> None:
        self.found.append(SetupProblem(code, path, params))

    def check(self) -> None:
        if self.found:
            raise InvalidSetup.of(self.found)

