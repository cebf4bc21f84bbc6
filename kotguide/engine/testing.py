"""Small builders for tests, examples and the sandbox: a setup in one line, a game in two.

>>> g = play(make_setup("gigazaur", "the-king", dice="smash smash smash 1 2 heart"), "roll resolve")
>>> [e.kind for e in g.events if e.rule == "smash"]
['smashed']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import Action
from .events import Event
from .flow import Replay, replay
from .setup import Setup

_UNSET: Any = object()


def make_setup(*monsters: str | Mapping[str, Any], dice: str | Sequence[str] = (), first: str | None = _UNSET,
               **fields: Any) -> Setup:
    """A setup from monster ids or tables; ``dice`` as a list or a space-separated string; the first player is the
    first monster unless ``first`` is given (``first=None``: claw roll-off). Other fields as in ``Setup.to_dict``."""
    ms = [m if isinstance(m, str) else dict(m) for m in monsters]
    if first is _UNSET:
        first = ms[0] if isinstance(ms[0], str) else ms[0]["id"]
    raw: dict[str, Any] = {"monsters": ms, "dice": dice.split() if isinstance(dice, str) else list(dice), **fields}
    if first is not None:
        raw["first_player"] = first
    return Setup.from_dict(raw)


def play(setup: Setup, actions: Sequence[Action | str] | str = ()) -> Replay:
    return replay(setup, actions)


def find(events: Sequence[Event], kind: str | None = None, **want: Any) -> list[Event]:
    """The events of ``kind`` whose fields/params equal ``want`` (keys: rule, monster, amount or a data key)."""
    out = []
    for e in events:
        if kind is not None and e.kind != kind:
            continue
        params = e.params()
        params["rule"] = e.rule
        if all(params.get(k, _UNSET) == v for k, v in want.items()):
            out.append(e)
    return out


FIVE = ("space-penguin", "alienoid", "cyber-kitty", "the-king", "gigazaur")


def five_monsters(city: str | None = None, bay: str | None = None, **life: int) -> list[dict[str, Any]]:
    """The five monsters of a Tokyo Bay game, in seat order: who is in the City and the Bay, and any life set."""
    out: list[dict[str, Any]] = []
    for mid in FIVE:
        m: dict[str, Any] = {"id": mid}
        if mid in (city, bay):
            m["location"] = "city" if mid == city else "bay"
        if mid in life:
            m["life"] = life[mid]
        out.append(m)
    return out


def evolution_setup(*monsters: str | Mapping[str, Any], hands: Mapping[str, Sequence[str]] | None = None,
                    dice: str | Sequence[str] = (), options: Sequence[str] = (),
                    table: Mapping[str, Any] | None = None, **fields: Any) -> Setup:
    """A setup with the Evolutions module: ``hands`` (monster id → Evolution ids; a monster not named gets an empty
    hand, so nobody makes the initial draw) and ``table`` for the module's other keys (``decks``, ``discards``)."""
    ids = [m if isinstance(m, str) else str(m["id"]) for m in monsters]
    full: dict[str, list[str]] = {mid: [] for mid in ids} | {mid: list(cards) for mid, cards in (hands or {}).items()}
    return make_setup(*monsters, dice=dice, options=["evolutions", *options],
                      modules={"evolutions": {"hands": full, **(table or {})}}, **fields)
