"""The params of events and choices in the reader's language, each said by its declared type.

The engine types every param (``events.KINDS[kind].types`` for an event, ``cards.choices.TYPES`` for a choice):
a monster id becomes the monster's name, a card id the card's, a list of faces the faces' names, a number its
digits. The log, the choice buttons and the lesson hints all word their params here; none guesses a type from a
param's name. Faces, spaces and options are said in the active language (the view's), names in ``lang``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kotguide.content import library
from kotguide.engine.events import ParamType as T

from .words import card_name, component_name, face_name, monster_name, option_name, space_name


def list_separator(lang: str) -> str:
    return "、" if lang == "ja" else ", "


def _component(kind: str) -> Callable[[Any, str], str]:
    return lambda value, lang: component_name(kind, value, lang)


_ONE: dict[T, Callable[[Any, str], str]] = {
    T.MONSTER: monster_name,
    T.CARD: card_name,
    T.CURSE: _component("curses"),
    T.TILE: _component("wickedness"),
    T.EVOLUTION: _component("evolutions"),
    T.FACE: lambda value, lang: face_name(value),
    T.SPACE: lambda value, lang: space_name(value),
    T.OPTION: lambda value, lang: option_name(value),
    T.NUMBER: lambda value, lang: str(value),
    T.CHOICE: lambda value, lang: library.choice_options(lang).get(value, value),
    T.WORD: lambda value, lang: str(value),  # it picks the template's line; a template never shows it
    T.FLAG: lambda value, lang: "",  # the same
}
_LIST: dict[T, Callable[[Any, str], str]] = {  # a list: its items' words, joined
    T.MONSTERS: monster_name,
    T.CARDS: card_name,
    T.TILES: _ONE[T.TILE],
    T.FACES: _ONE[T.FACE],
    T.OPTIONS: _ONE[T.OPTION],
    T.NUMBERS: _ONE[T.NUMBER],
    T.INDICES: lambda value, lang: str(value + 1),  # dice by position, said as players count them
}


def word(ptype: T, value: Any, lang: str) -> str:
    """``value``, a ``ptype``, in words."""
    each = _LIST.get(ptype)
    if each is not None:
        return list_separator(lang).join(each(item, lang) for item in value)
    return _ONE[ptype](value, lang)


def words(types: Mapping[str, T], params: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Every given param (None: not given) in words, by its type in ``types`` (a param without one is a bug in the
    catalogue: KeyError)."""
    return {name: word(types[name], value, lang) for name, value in params.items() if value is not None}
