"""Game data read from ``content/`` (monsters, Power cards and costumes), once, with tomllib. No Django."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content"

KEEP, DISCARD = "keep", "discard"
POWER, COSTUME = "power", "costume"  # kinds of card: base Power cards; Halloween costumes (the costumes module)


@dataclass(frozen=True, slots=True)
class CardData:
    id: str
    name_en: str
    type: str  # "keep" or "discard"
    cost: int
    copies: int
    kind: str = POWER


@dataclass(frozen=True, slots=True)
class MonsterData:
    id: str
    name_en: str
    name_ja: str


def _card_file(name: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = tomllib.loads((CONTENT_DIR / "cards" / name).read_text(encoding="utf-8"))["card"]
    return rows


@cache
def cards() -> dict[str, CardData]:
    """Every card by id, in file order: the base Power cards, then the costumes (kind "costume": Keep, one copy)."""
    out: dict[str, CardData] = {}
    for c in _card_file("power-cards.toml"):
        out[c["id"]] = CardData(c["id"], c["name_en"], c["type"], int(c["cost"]), int(c.get("copies", 1)))
    for c in _card_file("costumes.toml"):
        out[c["id"]] = CardData(c["id"], c["name_en"], KEEP, int(c["cost"]), 1, COSTUME)
    return out


def is_power_card(card: str) -> bool:
    """A base Power card (not a costume): what cards that target "Keep cards" (Mimic, Metamorph…) may target."""
    return cards()[card].kind == POWER


@cache
def base_deck() -> tuple[str, ...]:
    """The card ids of the whole base deck, each repeated by its copies (66 cards; no costume)."""
    return tuple(card.id for card in cards().values() if card.kind == POWER for _ in range(card.copies))


@cache
def costumes() -> tuple[str, ...]:
    """The 12 costume ids, in file order."""
    return tuple(card.id for card in cards().values() if card.kind == COSTUME)


@cache
def monsters() -> dict[str, MonsterData]:
    """The six base monsters by id, in box order."""
    raw = tomllib.loads((CONTENT_DIR / "monsters.toml").read_text(encoding="utf-8"))
    return {m["id"]: MonsterData(m["id"], m["name_en"], m["name_ja"]) for m in raw["monster"]}
