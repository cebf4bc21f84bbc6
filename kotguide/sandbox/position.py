"""A sandbox position: where it starts (a scenario, or a stored position) plus the actions played since.

A position is a value. It rides in the address while it is short (`?a=roll+reroll:0.2+resolve`), and past that it is
stored under a content-addressed id (`/<lang>/p/<id>/`), so no server keeps a game in memory between requests.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass, field
from urllib.parse import urlencode

FORMAT_VERSION = 1
MAX_ACTIONS = 1000  # for the whole position: stored actions and the address's together
# A game of MAX_ACTIONS actions (about 9 KB of codes) and a six-monster, every-module setup (about 3 KB) fit easily;
# a real game is under 10 KB. This is also the cap on a stored row.
MAX_JSON = 24_000
MAX_SCRIPTED_DICE = 64  # the resolver scripts at most 10 dice for each of 4 rolls; a scenario fewer
MAX_DEPTH = 8  # nesting of objects and lists: a setup's module tables go 4 deep
MAX_URL = 2000  # past this, a position is stored (by a POST): request lines over ~4 KB are refused by servers
ID_CHARS = 26  # base32 characters of a new id: 130 bits. Ids stored before are 12 characters and keep working.
_CODE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789:.-")
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


class PositionError(ValueError):
    """A position that cannot be opened; `code` names the reason for the reader (see sandbox/errors)."""

    def __init__(self, code: str, **params: object):
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Position:
    """`scenario` or `setup` says where the game starts; `actions` are engine action codes, in order."""

    scenario: str | None = None
    setup: dict | None = None
    actions: tuple[str, ...] = field(default=())

    def then(self, *codes: str) -> Position:
        return Position(self.scenario, self.setup, self.actions + codes)

    def undo(self) -> Position:
        return Position(self.scenario, self.setup, self.actions[:-1])

    def restart(self) -> Position:
        return Position(self.scenario, self.setup, ())

    def to_json(self) -> str:
        """Canonical text: the same position always gives the same text, hence the same id."""
        data: dict = {"v": FORMAT_VERSION, "actions": list(self.actions)}
        if self.scenario:
            data["scenario"] = self.scenario
        if self.setup is not None:
            data["setup"] = self.setup
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    @property
    def id(self) -> str:
        """The content address of a new row (130 bits). Rows stored with 12-character ids keep theirs."""
        digest = hashlib.sha256(self.to_json().encode()).digest()
        return base64.b32encode(digest).decode()[:ID_CHARS].lower()

    @classmethod
    def from_json(cls, text: str) -> Position:
        """Read a position; `PositionError` for anything damaged, too big or too deep, before any recursion."""
        if len(text) > MAX_JSON:
            raise PositionError("too-long", limit=MAX_ACTIONS)
        if nesting_depth(text) > MAX_DEPTH:
            raise PositionError("malformed")
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as error:
            raise PositionError("malformed") from error
        if not isinstance(data, dict):
            raise PositionError("malformed")
        if data.get("v") != FORMAT_VERSION:
            raise PositionError("version", version=str(data.get("v"))[:20])
        scenario, setup = data.get("scenario"), data.get("setup")
        # a scenario may carry a copy of its setup as it was when the position was stored (see SharedPosition)
        if (scenario is None and setup is None) or not (scenario is None or isinstance(scenario, str)):
            raise PositionError("malformed")
        if setup is not None and not isinstance(setup, dict):
            raise PositionError("malformed")
        if setup is not None:
            dice = setup.get("dice", ())
            if isinstance(dice, list) and len(dice) > MAX_SCRIPTED_DICE:
                raise PositionError("bad-setup", reason="too-many-dice")
        return cls(scenario, setup, check_actions(data.get("actions")))


def nesting_depth(text: str) -> int:
    """How deeply the objects and lists of a JSON text nest, counted without recursion (strings skipped)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_JSON_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def check_actions(actions: object) -> tuple[str, ...]:
    if not isinstance(actions, list | tuple) or not all(isinstance(a, str) for a in actions):
        raise PositionError("malformed")
    if len(actions) > MAX_ACTIONS:
        raise PositionError("too-long", limit=MAX_ACTIONS)
    if any(not a or len(a) > 80 or not set(a) <= _CODE_CHARS for a in actions):
        raise PositionError("malformed")
    return tuple(actions)


def parse_query_actions(raw: str) -> tuple[str, ...]:
    """The `a` parameter of an address: action codes joined by spaces (`+` in the address)."""
    if len(raw) > MAX_ACTIONS * 20:
        raise PositionError("too-long", limit=MAX_ACTIONS)
    return check_actions(raw.split())


def query_for(actions: tuple[str, ...]) -> str:
    return "?" + urlencode({"a": " ".join(actions)}) if actions else ""
