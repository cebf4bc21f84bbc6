"""The expansion modules' components that are not Power cards: curse cards, wickedness tiles and evolution cards.

Each kind is game data in ``content/cards/<file>`` (read by the engine too) plus the words players read in
``content/<lang>/<file>``, one table per component id. Costumes are Keep cards: they are served with the Power cards
(``library.cards``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .library import NameSource, load_toml
from .render import OTHER_LANG


@dataclass(frozen=True)
class ComponentKind:
    slug: str  # the address segment: /<lang>/modules/<slug>/
    file: str  # content/cards/<file> (game data) and content/<lang>/<file> (text)
    table: str  # the data file's array of tables
    section: str  # the rule section of the module
    scenario_prefix: str  # a component's own scenario is <prefix><id>
    effects: tuple[str, ...]  # the text keys that hold effects, in reading order


CURSES = ComponentKind("curses", "curses.toml", "curse", "curses", "curse-", ("permanent", "ankh", "snake"))
TILES = ComponentKind("wickedness", "wickedness-tiles.toml", "tile", "wickedness", "tile-", ("effect",))
EVOLUTIONS = ComponentKind("evolutions", "evolutions.toml", "evolution", "evolutions", "evolution-", ("effect",))
KINDS: dict[str, ComponentKind] = {k.slug: k for k in (CURSES, TILES, EVOLUTIONS)}


@dataclass(frozen=True)
class Component:
    kind: ComponentKind
    id: str
    name: str
    other_name: str
    effects: tuple[tuple[str, str], ...]  # (key, text) in the kind's order
    timing: str
    rulings: tuple[str, ...]
    rules: tuple[str, ...]
    data: dict  # the game data row: level, side, tile (tiles); monster, kind (evolutions); number (curses)
    name_source: NameSource

    @property
    def scenario(self) -> str:
        return f"{self.kind.scenario_prefix}{self.id}"


@cache
def components(lang: str, slug: str) -> dict[str, Component]:
    """The components of one kind, in the order of their data file, with their text in ``lang``."""
    kind = KINDS[slug]
    rows = load_toml("cards", kind.file)[kind.table]
    text, other = load_toml(lang, kind.file), load_toml(OTHER_LANG[lang], kind.file)
    ja = text if lang == "ja" else other
    return {
        row["id"]: Component(
            kind=kind,
            id=row["id"],
            name=text[row["id"]]["name"],
            other_name=other[row["id"]]["name"],
            effects=tuple((key, text[row["id"]][key]) for key in kind.effects),
            timing=text[row["id"]].get("timing", ""),
            rulings=tuple(text[row["id"]].get("rulings", ())),
            rules=tuple(dict.fromkeys(row.get("rules", (kind.section,)))),
            data=row,
            name_source=NameSource.of(ja[row["id"]]),
        )
        for row in rows
    }


def find(lang: str, slug: str, component_id: str) -> Component | None:
    if slug not in KINDS:
        return None
    return components(lang, slug).get(component_id)


@cache
def evolution_decks(lang: str) -> dict[str, tuple[Component, ...]]:
    """Each monster's evolution deck, in the order of the data file."""
    decks: dict[str, list[Component]] = {}
    for card in components(lang, EVOLUTIONS.slug).values():
        decks.setdefault(card.data["monster"], []).append(card)
    return {monster: tuple(cards) for monster, cards in decks.items()}


@cache
def deck_summaries(lang: str) -> dict[str, str]:
    return {monster: row["summary"] for monster, row in load_toml(lang, "evolution-decks.toml").items()}


@cache
def deck_source_notes(lang: str) -> dict[str, str]:
    """For the decks whose source texts are drafts of the online implementation: the note their pages show."""
    rows = load_toml(lang, "evolution-decks.toml").items()
    return {monster: row["source_note"] for monster, row in rows if "source_note" in row}
