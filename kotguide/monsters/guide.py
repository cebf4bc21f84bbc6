"""The monster pages' content: every monster of ``content/monsters.toml`` (the playable ones, then the page-only
ones), its box, its Evolution deck if the site has it, what it brings to each module and what our sources do not
cover (``content/<lang>/monster-pages.toml``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings

from kotguide.content import components
from kotguide.content.library import NameSource, load_toml
from kotguide.content.render import OTHER_LANG

# the modules a monster page speaks of, in the order the rules list them (content/sections.toml)
MODULES = ("evolutions", "costumes", "cultists", "tokyo-tower", "curses", "berserk", "transformation", "wickedness")


@dataclass(frozen=True)
class MonsterPage:
    id: str
    name: str
    other_name: str
    playable: bool
    box: str
    intro: str
    deck: tuple[components.Component, ...]  # its Evolution cards on the site (empty: none)
    deck_note: str  # why it has no deck here, or what to know about its deck
    draft_deck: bool  # its deck's source texts are drafts of the online implementation
    notes: tuple[tuple[str, str], ...]  # (module id, what it brings there), in MODULES order
    not_covered: str
    emblem: str  # static/emblems/<id>.svg with its colour filled in ("" if there is none), drawn inline
    name_source: NameSource  # where its Japanese name comes from (content/monsters.toml)


def _emblem(path: Path, colour: str) -> str:
    """Our own drawing, inline so that its outline follows the text colour; the body takes the monster's colour."""
    if not path.exists():
        return ""
    svg = path.read_text(encoding="utf-8").replace(BODY, colour or BODY_DEFAULT)
    return svg.replace("<svg ", '<svg class="monster-emblem" aria-hidden="true" focusable="false" ', 1)


BODY_DEFAULT = "#888888"
BODY = f"var(--monster-colour, {BODY_DEFAULT})"  # the body fill of every emblem (static/emblems/README.md)


@cache
def monsters(lang: str) -> dict[str, MonsterPage]:
    """Every monster with a page, by id: the playable ones in box order, then the page-only ones."""
    data = load_toml("monsters.toml")
    text, boxes = load_toml(lang, "monster-pages.toml"), load_toml(lang, "monster-pages.toml")["boxes"]
    decks = components.evolution_decks(lang)
    drafts = {m for m, row in load_toml(lang, "evolution-decks.toml").items() if "source_note" in row}
    rows = [(row, True) for row in data["monster"]] + [(row, False) for row in data.get("page_only_monster", ())]
    emblems = settings.BASE_DIR / "static" / "emblems"
    out = {}
    for row, playable in rows:
        mid, t = row["id"], text[row["id"]]
        notes = t.get("notes", {})
        out[mid] = MonsterPage(
            id=mid,
            name=row[f"name_{lang}"],
            other_name=row[f"name_{OTHER_LANG[lang]}"],
            playable=playable,
            box=boxes[row.get("edition") or data["base_editions"][mid]],
            intro=t["intro"],
            deck=decks.get(mid, ()),
            deck_note=t.get("deck_missing", ""),
            draft_deck=mid in drafts,
            notes=tuple((module, notes[module]) for module in MODULES if module in notes),
            not_covered=t.get("not_covered", ""),
            emblem=_emblem(emblems / f"{mid}.svg", row.get("colour", "")),
            name_source=NameSource.of(row),
        )
    return out
