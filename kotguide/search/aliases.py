"""The words players use: content/<lang>/aliases.toml, read whole (every [[alias]] entry in the file).

Each entry says `word` (what people type), `means` (the site's own word, as this language writes it) and
`source` (`seed:<file>:<line>`, `kot-facts:<section>`, a URL, or `katakana`).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from kotguide.content import library

SOURCE = re.compile(r"^(seed:\d{3}:\d+|kot-facts:\S.*|https?://\S+|katakana)$")


@dataclass(frozen=True)
class Alias:
    word: str
    means: str
    source: str


def path(lang: str) -> Path:
    return library.content_path(lang, "aliases.toml")


def load(lang: str) -> list[Alias]:
    if not path(lang).exists():
        return []
    with open(path(lang), "rb") as f:
        data = tomllib.load(f)
    return [Alias(a["word"], a["means"], a.get("source", "")) for a in data.get("alias", [])]
