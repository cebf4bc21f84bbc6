"""The section registry: content/sections.toml, the one list of rule ids."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.conf import settings

LANGS = ("ja", "en")


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    order: int
    parent: str | None
    titles: dict[str, str] = field(compare=False)
    summaries: dict[str, str] = field(compare=False, default_factory=dict)  # one line for the rules index

    def title(self, lang: str) -> str:
        return self.titles[lang]

    def summary(self, lang: str) -> str:
        return self.summaries[lang]


@dataclass(frozen=True, slots=True)
class Registry:
    sections: tuple[Section, ...]

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(s.id for s in self.sections)

    def get(self, section_id: str) -> Section | None:
        return next((s for s in self.sections if s.id == section_id), None)

    def neighbours(self, section: Section) -> tuple[Section | None, Section | None]:
        i = section.order
        previous = self.sections[i - 1] if i > 0 else None
        following = self.sections[i + 1] if i + 1 < len(self.sections) else None
        return previous, following

    def root(self, section: Section) -> Section:
        """The top-level section a section is part of (itself if it is one)."""
        while section.parent:
            section = self.get(section.parent)  # type: ignore[assignment]
        return section

    def depth(self, section: Section) -> int:
        depth, parent = 0, section.parent
        while parent:
            depth += 1
            parent = self.get(parent).parent  # type: ignore[union-attr]
        return depth


def load_registry(path: Path) -> Registry:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))["section"]
    sections = tuple(
        Section(
            id=row["id"],
            order=i,
            parent=row.get("parent"),
            titles={lang: row[f"title_{lang}"] for lang in LANGS},
            summaries={lang: row[f"summary_{lang}"] for lang in LANGS},
        )
        for i, row in enumerate(raw)
    )
    return Registry(sections)


@cache
def registry() -> Registry:
    return load_registry(Path(settings.CONTENT_DIR) / "sections.toml")
