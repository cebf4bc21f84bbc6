"""The event log in the reader's language: each engine event becomes one line linked to the rule that caused it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kotguide.content import library
from kotguide.engine import KINDS, Event
from kotguide.engine.events import ParamType

from . import render

# the params that name what caused an event: a line said "by a card" names it as {card}
CAUSES = frozenset({ParamType.CARD, ParamType.CURSE, ParamType.TILE, ParamType.EVOLUTION})


@dataclass(frozen=True)
class LogLine:
    text: str
    rule: str
    kind: str


@cache
def templates(lang: str) -> dict[str, dict[str, str]]:
    return library.load_toml(lang, "events.toml")


def variant(event: Event) -> str:
    """Which line of the event's table says it: its reason, else `card`, else `default`."""
    data = event.data
    if event.kind == "game-over":
        return "shared" if data.get("shared") else str(data.get("reason", "default"))
    if event.kind == "smashed" and not data.get("targets"):
        return "nobody"
    if event.kind == "first-player":
        return "roll-off" if data.get("by") == "roll-off" else "default"
    if event.kind == "bay-closed":
        return str(data.get("to", "default")) if event.monster else "default"
    if data.get("reason"):
        return str(data["reason"])
    types = KINDS[event.kind].types
    return "card" if any(types[key] in CAUSES for key, value in data.items() if value) else "default"


def line(event: Event, lang: str) -> LogLine:
    table = templates(lang).get(event.kind, {})
    template = table.get(variant(event)) or table.get("default") or event.kind
    types = KINDS[event.kind].types
    words = render.words(types, event.params(), lang)
    # a line caused by a module component (curse, tile, evolution) names it as {card} too
    for key, ptype in types.items():
        if ptype in CAUSES and key in words:
            words.setdefault("card", words[key])
    try:
        text = template.format_map(_Missing(words))
    except (ValueError, IndexError):
        text = template
    return LogLine(text, event.rule, event.kind)


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "?"
