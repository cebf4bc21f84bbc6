"""The event log in the reader's language: each engine event becomes one line linked to the rule that caused it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kotguide.content import library
from kotguide.engine import Event

from .words import card_name, component_name, face_name, monster_name, option_name, space_name

COMPONENT_PARAMS = library.COMPONENT_KIND_OF_SCHEME  # event params named like the link schemes: curse, tile, evolution


@dataclass(frozen=True)
class LogLine:
    text: str
    rule: str
    kind: str


@cache
def templates(lang: str) -> dict[str, dict[str, str]]:
    return library.load_toml(lang, "events.toml")


def _names(ids, lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(monster_name(m, lang) for m in ids)


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
    # a line caused by a card, or by a module component (curse, tile, evolution), names it as {card}
    return "card" if data.get("card") or any(data.get(key) for key in COMPONENT_PARAMS) else "default"


def line(event: Event, lang: str) -> LogLine:
    table = templates(lang).get(event.kind, {})
    template = table.get(variant(event)) or table.get("default") or event.kind
    params = event.params()
    words = {
        key: value
        for key, value in params.items()
        if isinstance(value, str | int) and not isinstance(value, bool)
    }
    if event.monster:
        words["monster"] = monster_name(event.monster, lang)
    for key in ("by", "to"):
        if params.get(key):
            words[key] = monster_name(params[key], lang)
    if params.get("tiles") is not None:
        words["tiles"] = ("、" if lang == "ja" else ", ").join(component_name("wickedness", t, lang)
                                                              for t in params["tiles"])
    if params.get("card"):
        words["card"] = card_name(params["card"], lang)
    for key, kind in COMPONENT_PARAMS.items():
        if params.get(key):
            words[key] = component_name(kind, params[key], lang)
            words.setdefault("card", words[key])
    if params.get("face"):
        words["face"] = face_name(params["face"])
    if params.get("faces") is not None:
        words["faces"] = " ".join(face_name(f) for f in params["faces"])
    if params.get("space"):
        words["space"] = space_name(params["space"])
    if params.get("option"):
        words["option"] = option_name(params["option"])
    for key in ("targets", "winners", "monsters"):
        if params.get(key) is not None:
            words[key] = _names(params[key], lang)
    try:
        text = template.format_map(_Missing(words))
    except (ValueError, IndexError):
        text = template
    return LogLine(text, event.rule, event.kind)


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "?"
