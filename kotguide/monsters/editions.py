"""The edition changes and errata (``content/editions.toml``, words in ``content/<lang>/editions.toml``): each change
with the components it affects, and, for a component's page, the changes that affect it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kotguide.content import components, library
from kotguide.content.library import load_toml, url_in

from . import guide

KINDS = ("rename", "text", "monsters", "erratum", "reprint", "other-edition")


@dataclass(frozen=True)
class Affected:
    ref: str  # "card:<id>", "evolution:<id>" or "monster:<id>"
    name: str
    url: str


@dataclass(frozen=True)
class Change:
    id: str
    kind: str
    title: str
    change: str
    affects: tuple[Affected, ...]
    old_name: str  # a rename's 2011 English name

    @property
    def anchor(self) -> str:
        return f"change-{self.id}"


def _affected(lang: str, ref: str) -> Affected:
    scheme, _, key = ref.partition(":")
    if scheme == "card":
        return Affected(ref, library.cards(lang)[key].name, url_in(lang, "cards:detail", key))
    if scheme == "evolution":
        name = components.components(lang, components.EVOLUTIONS.slug)[key].name
        return Affected(ref, name, url_in(lang, "components:detail", components.EVOLUTIONS.slug, key))
    if scheme == "monster":
        return Affected(ref, guide.monsters(lang)[key].name, url_in(lang, "monsters:detail", key))
    raise ValueError(f"content/editions.toml: unknown reference {ref}")


@cache
def changes(lang: str) -> tuple[Change, ...]:
    text = load_toml(lang, "editions.toml")
    return tuple(Change(row["id"], row["kind"], text[row["id"]]["title"], text[row["id"]]["change"],
                        tuple(_affected(lang, ref) for ref in row["affects"]), row.get("old_name", ""))
                 for row in load_toml("editions.toml")["change"])


def kind_titles(lang: str) -> dict[str, str]:
    return load_toml(lang, "editions.toml")["kinds"]


def grouped(lang: str) -> list[tuple[str, str, list[Change]]]:
    """(kind, its heading, its changes) in KINDS order."""
    titles = kind_titles(lang)
    return [(kind, titles[kind], [c for c in changes(lang) if c.kind == kind]) for kind in KINDS]


def changes_for(lang: str, ref: str) -> list[Change]:
    """The changes that affect the component ``ref`` ("card:tank")."""
    return [c for c in changes(lang) if any(a.ref == ref for a in c.affects)]
