"""Game data read from ``content/`` (monsters and Power cards), once, with tomllib. No Django."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content"

KEEP, DISCARD = "keep", "discard"


@dataclass(frozen=True, slots=True)
class CardData:
    id: str
    name_en: str
    type: str  # "keep" or "discard"
    cost: int
    copies: int


@dataclass(frozen=True, slots=True)
class MonsterData:
    id: str
    name_en: str
    name_ja: str


@cache
def cards() -> dict[str, CardData]:
    """The base Power cards by id, in file order."""
    raw = tomllib.loads((CONTENT_DIR / "cards" / "power-cards.toml").read_text(encoding="utf-8"))
    out: dict[str, CardData] = {}
    for c in raw["card"]:
        out[c["id"]] = CardData(c["id"], c["name_en"], c["type"], int(c["cost"]), int(c.get("copies", 1)))
    return out


@cache
def base_deck() -> tuple[str, ...]:
    """The card ids of the whole base deck, each repeated by its copies (66 cards)."""
    return tuple(card.id for card in cards().values() for _ in range(card.copies))


@cache
def monsters() -> dict[str, MonsterData]:
    """The six base monsters by id, in box order."""
    raw = tomllib.loads((CONTENT_DIR / "monsters.toml").read_text(encoding="utf-8"))
    return {m["id"]: MonsterData(m["id"], m["name_en"], m["name_ja"]) for m in raw["monster"]}
