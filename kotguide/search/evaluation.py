"""The search evaluation set (tests/search_eval/): queries as players type them, scored on the top 3.

Each query names the results acceptable in its top 3 (`accept`): `rule:<section>` (any part of the section),
`rule:<section>#<anchor>`, `faq:<key>`, `card:<id>`, `term:<key>`, `component:<kind>/<id>`, `page:<name>`. A hit
counts only in the reader's language. The tuning half's misses may be read; the locked half only gives a score.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from .search import Hit, search

EVAL_DIR = Path(settings.BASE_DIR) / "tests" / "search_eval"
HALVES = ("tuning", "locked")
TOP = 3


@dataclass(frozen=True)
class Query:
    lang: str
    style: str  # word | phrase | question
    q: str
    accept: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    query: Query
    top: tuple[str, ...]  # targets of the top hits in the reader's language

    @property
    def found(self) -> bool:
        return any(accepts(target, self.top) for target in self.query.accept)


def load(half: str) -> list[Query]:
    with open(EVAL_DIR / f"{half}.toml", "rb") as f:
        data = tomllib.load(f)
    return [Query(q["lang"], q["style"], q["q"], tuple(q["accept"])) for q in data["query"]]


def target(hit: Hit) -> str:
    """The evaluation name of a hit: kind:key, with #anchor for a part of a rule section."""
    if hit.kind == "rule" and "#" in hit.url:
        return f"rule:{hit.key}#{hit.url.rsplit('#', 1)[1]}"
    return f"{hit.kind}:{hit.key}"


def accepts(wanted: str, top: tuple[str, ...]) -> bool:
    """`rule:heal` accepts any part of the heal section; anything else must be named exactly."""
    if wanted.startswith("rule:") and "#" not in wanted:
        return any(t == wanted or t.startswith(wanted + "#") for t in top)
    return wanted in top


def run(half: str) -> list[Outcome]:
    outcomes = []
    for query in load(half):
        hits = search(query.q, query.lang, limit=TOP).hits
        top = tuple(target(h) for h in hits if h.lang == query.lang)[:TOP]
        outcomes.append(Outcome(query, top))
    return outcomes


def score(outcomes: list[Outcome]) -> float:
    return sum(o.found for o in outcomes) / len(outcomes) if outcomes else 0.0
