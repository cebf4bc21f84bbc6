"""A sandbox position: where it starts (a scenario, or a stored position) plus the actions played since.

A position is a value. It rides in the address while it is short (`?a=roll+reroll:0.2+resolve`), and past that it is
stored under a content-addressed id (`/<lang>/p/<id>/`), so no server keeps a game in memory between requests.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass, field
from urllib.parse import urlencode

FORMAT_VERSION = 1
MAX_ACTIONS = 1000
MAX_JSON = 200_000  # a position of MAX_ACTIONS actions and a full custom setup is far smaller
MAX_URL = 2000  # past this, a position is stored: request lines over ~4 KB are refused by servers
_CODE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789:.-")


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
        else:
            data["setup"] = self.setup
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    @property
    def id(self) -> str:
        digest = hashlib.sha256(self.to_json().encode()).digest()
        return base64.b32encode(digest).decode()[:12].lower()

    @classmethod
    def from_json(cls, text: str) -> Position:
        if len(text) > MAX_JSON:
            raise PositionError("too-long", limit=MAX_ACTIONS)
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError) as error:  # deep nesting is a tampered body, not a bug
            raise PositionError("malformed") from error
        if not isinstance(data, dict):
            raise PositionError("malformed")
        if data.get("v") != FORMAT_VERSION:
            raise PositionError("version", version=str(data.get("v"))[:20])
        scenario, setup = data.get("scenario"), data.get("setup")
        if (scenario is None) == (setup is None) or not (scenario is None or isinstance(scenario, str)):
            raise PositionError("malformed")
        if setup is not None and not isinstance(setup, dict):
            raise PositionError("malformed")
        return cls(scenario, setup, check_actions(data.get("actions")))


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
