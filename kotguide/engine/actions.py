"""Actions: small frozen values, each with a short text code of ``[a-z0-9:.-]``.

| code | action | who |
|---|---|---|
| ``roll`` | first roll of the turn (all dice) | active monster |
| ``reroll:0.2.5`` | reroll dice 0, 2 and 5 (0-based), keep the others | active monster |
| ``resolve`` | stop rolling and resolve the dice | active monster |
| ``stay`` / ``yield`` | stay in / leave Tokyo after a smash | the smashed occupant asked |
| ``buy:1`` | buy the card in market slot 1 (0-based) | active monster |
| ``sweep`` | pay 2 energy, discard the market, reveal as many new cards | active monster |
| ``end`` | end the buy step (and the turn) | active monster |
| ``use:CARD`` / ``use:CARD:ARG`` | use a card's ability (cards that offer one) | whoever the card offers it to |
| ``pass`` | decline the card abilities offered at a window | the monster asked |
| ``dice:3.3.smash`` | chance from a real table: the faces the next dice show (``chance``) | anyone, table games |
| ``card:CARD`` | chance from a real table: the next card drawn from the deck | anyone, table games |
| ``curse:CURSE`` | chance from a real table: the next curse to come into force (curses module) | anyone, table games |
| ``evolution:MONSTER.EVO`` | chance from a real table: the next Evolution it draws (evolutions) | anyone, table games |

A game's action list is written as codes joined by spaces (``encode``/``decode``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from .errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action."""

    @property
    def code(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, slots=True)
class Roll(Action):
    @property
    def code(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    dice: tuple[int, ...]

    @property
    def code(self) -> str:
        return _reroll_code(self.dice)


@lru_cache(maxsize=1024)  # a history is written out (stored, hashed, logged) with the same few dozen rerolls again
def _reroll_code(dice: tuple[int, ...]) -> str:
    return "reroll:" + ".".join(map(str, dice))


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    @property
    def code(self) -> str:
        return "resolve"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    @property
    def code(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Yield(Action):
    @property
    def code(self) -> str:
        return "yield"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    slot: int

    @property
    def code(self) -> str:
        return f"buy:{self.slot}"


@dataclass(frozen=True, slots=True)
class Sweep(Action):
    @property
    def code(self) -> str:
        return "sweep"


@dataclass(frozen=True, slots=True)
class End(Action):
    @property
    def code(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class UseCard(Action):
    card: str
    arg: str = ""

    @property
    def code(self) -> str:
        return f"use:{self.card}:{self.arg}" if self.arg else f"use:{self.card}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    @property
    def code(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class TableDice(Action):
    """Chance from a real table: the faces the next dice rolled show (base faces, or ``kind:face`` for a special
    die), given before the action that rolls them (``chance``)."""

    faces: tuple[str, ...]

    @property
    def code(self) -> str:
        return "dice:" + ".".join(self.faces)


@dataclass(frozen=True, slots=True)
class TableCard(Action):
    """Chance from a real table: the card the next card drawn from the deck turns out to be (``chance``)."""

    card: str

    @property
    def code(self) -> str:
        return f"card:{self.card}"


@dataclass(frozen=True, slots=True)
class TableCurse(Action):
    """Chance from a real table: the next curse to come into force (``chance``, the curses module)."""

    curse: str

    @property
    def code(self) -> str:
        return f"curse:{self.curse}"


@dataclass(frozen=True, slots=True)
class TableEvolution(Action):
    """Chance from a real table: the next Evolution ``monster`` draws from its own deck (``chance``, the
    evolutions module)."""

    monster: str
    evolution: str

    @property
    def code(self) -> str:
        return f"evolution:{self.monster}.{self.evolution}"


@dataclass(frozen=True, slots=True)
class TableDiscard(Action):
    """Chance from a real table: the Power card turned up next from the shuffled discard pile (``chance``: Space
    Penguin's Miraculous Catch)."""

    card: str

    @property
    def code(self) -> str:
        return f"discard:{self.card}"


Chance = TableDice | TableCard | TableDiscard | TableCurse | TableEvolution
CHANCE = (TableDice, TableCard, TableDiscard, TableCurse, TableEvolution)  # the same, for isinstance on hot paths

ROLL, RESOLVE, STAY, YIELD, SWEEP, END, PASS = Roll(), Resolve(), Stay(), Yield(), Sweep(), End(), Pass()
_SIMPLE: dict[str, Action] = {a.code: a for a in (ROLL, RESOLVE, STAY, YIELD, SWEEP, END, PASS)}
_BUYS: tuple[Buy, ...] = tuple(Buy(i) for i in range(16))
_CODE = re.compile(r"[a-z0-9:.\-]+")
_CARD_ID = re.compile(r"[a-z0-9][a-z0-9\-]*")
_ARG = re.compile(r"[a-z0-9.\-]+")
_FACE = re.compile(r"[a-z0-9\-]+(:[a-z0-9\-]+)?")


def buy(slot: int) -> Buy:
    return _BUYS[slot] if 0 <= slot < len(_BUYS) else Buy(slot)


@cache
def reroll_subsets(n: int) -> tuple[Reroll, ...]:
    """Every non-empty set of the ``n`` dice as a ``Reroll``, smallest sets first (2**n - 1 actions)."""
    subsets = [tuple(i for i in range(n) if mask >> i & 1) for mask in range(1, 1 << n)]
    subsets.sort(key=lambda dice: (len(dice), dice))
    return tuple(Reroll(dice) for dice in subsets)


@cache
def reroll_set(n: int) -> frozenset[Reroll]:
    """``reroll_subsets(n)`` as a set, for a membership test."""
    return frozenset(reroll_subsets(n))


def parse_action(code: str) -> Action:
    """The action for a code; ``IllegalAction("unknown-action")`` for anything malformed.

    >>> parse_action("reroll:0.2.5")
    Reroll(dice=(0, 2, 5))
    """
    if not isinstance(code, str):
        raise IllegalAction("unknown-action", action=code)
    return _parse(code)


@lru_cache(maxsize=4096)  # actions are immutable values, and a replay parses the same few dozen codes again and again
def _parse(code: str) -> Action:
    if not _CODE.fullmatch(code):
        raise IllegalAction("unknown-action", action=code)
    simple = _SIMPLE.get(code)
    if simple is not None:
        return simple
    head, _, rest = code.partition(":")
    if head == "reroll" and rest:
        parts = rest.split(".")
        if all(p.isdigit() and (p == "0" or not p.startswith("0")) for p in parts):
            dice = tuple(int(p) for p in parts)
            if list(dice) == sorted(set(dice)):
                return Reroll(dice)
    elif head == "buy" and rest.isdigit() and (rest == "0" or not rest.startswith("0")):
        return buy(int(rest))
    elif head == "dice" and rest:
        faces = tuple(rest.split("."))
        if all(_FACE.fullmatch(f) for f in faces):
            return TableDice(faces)
    elif head == "card" and _CARD_ID.fullmatch(rest):
        return TableCard(rest)
    elif head == "discard" and _CARD_ID.fullmatch(rest):
        return TableDiscard(rest)
    elif head == "curse" and _CARD_ID.fullmatch(rest):
        return TableCurse(rest)
    elif head == "evolution":
        monster, _, evolution = rest.partition(".")
        if _CARD_ID.fullmatch(monster) and _CARD_ID.fullmatch(evolution):
            return TableEvolution(monster, evolution)
    elif head == "use" and rest:
        card, _, arg = rest.partition(":")
        if _CARD_ID.fullmatch(card) and (not arg or _ARG.fullmatch(arg)):
            return UseCard(card, arg)
    raise IllegalAction("unknown-action", action=code)


def as_action(item: Action | str) -> Action:
    return item if isinstance(item, Action) else parse_action(item)


def encode(actions: Iterable[Action]) -> str:
    """An action list as one compact string (codes joined by spaces)."""
    return " ".join(a.code for a in actions)


def decode(text: str) -> list[Action]:
    """The inverse of ``encode`` (blank text gives an empty list)."""
    return [parse_action(code) for code in text.split()]
