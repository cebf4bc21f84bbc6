"""Querying the index: documents in the reader's language (else the other one), ranked and highlighted.

A query goes through the same analysis as the documents (analysis.py). Each of its words is matched by any
of its forms, and by the words it stands for (an alias, or the other language's name of a term or section);
an English word the index has never seen is replaced by the nearest word of the index's own vocabulary
(rapidfuzz), and the page says so. Documents are ranked by the sum of their words' bm25 scores over the
weighted columns (title > FAQ question > glossary term > other names > text), scaled by the share of the
query's words they hold; a title equal to the query comes first, and for a whole question the best FAQ
entry near the top comes first. Short queries that no whole word matches (one kanji cut from a word) fall
back to a substring scan. Results are cached per language and normalized query (Django's cache).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from array import array
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape  # what django.utils.html.escape calls, without its lazy-string wrapper
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from kotguide.content.library import url_in
from kotguide.content.render import OTHER_LANG

from . import analysis
from .index import COLUMNS, WEIGHTS, connection, index_key
from .normalize import Normalized, normalize

MAX_QUERY_LENGTH = 100
MAX_WORDS = 12
TOP = 3  # the results a host reads: never hidden by grouping, and what "too little" is measured against
ASKED_SHARE = 0.5  # … or, further down, if its question holds at least this share of the query's words
ANSWER_REACH = 10  # for a whole question, the FAQ entry it asks comes first if it ranks within this many
SUBSTRING_MAX = 3  # a query of at most this many characters also matches inside words
# A rule section is what a reader wants before the glossary's one-line definition or a lesson about it.
KIND_WEIGHT = {"rule": 1.0, "faq": 1.0, "card": 1.0, "component": 0.9, "term": 0.7, "lesson": 0.5, "quick": 0.5,
               "monster": 0.9, "edition": 0.5}
CACHE_SECONDS = 3600
# Snippet window, in characters of the original text: before the first match, and in all. Japanese is denser.
WINDOW = {"ja": (20, 90), "en": (50, 180)}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_LATIN_WORD = re.compile(r"^[a-z]{4,}$")


@dataclass(frozen=True)
class AliasHit:
    label: str
    lang: str
    html: SafeString
    prefix: str = ""  # "Reading:", "2011 edition name:", in the reader's language


def kind_labels() -> dict[str, str]:
    """What each kind of result is, in the active language (a wickedness tile is a tile, other components cards)."""
    return {"rule": _("Rule"), "card": _("Card"), "component": _("Card"), "term": _("Term"), "faq": _("FAQ"),
            "quick": _("Player aid"), "lesson": _("Lesson"), "tile": _("Tile"),
            "monster": _("Monster"), "edition": _("Edition change"),
            "2011": _("2011 edition name") + ":", "reading": _("Reading") + ":"}


def group_title(kind: str) -> str:
    titles = {"rule": _("More rules"), "card": _("More cards"), "component": _("More cards"), "term": _("More terms"),
              "faq": _("More FAQ"), "quick": _("Player aid"), "lesson": _("Lessons"),
              "monster": _("Monsters"), "edition": _("Edition changes and errata")}
    return titles[kind]


@dataclass(frozen=True)
class Hit:
    kind: str
    lang: str
    key: str
    url: str
    title: SafeString
    context: str
    aliases: tuple[AliasHit, ...]
    snippet: SafeString
    rank: int = 0  # 1 for the best hit: the page groups hits by kind, the rank stays
    label: str = ""  # kind_labels(), in the reader's language


@dataclass(frozen=True)
class Results:
    query: str
    terms: tuple[str, ...]  # the words searched for, as the reader would read them
    lang: str  # the language of the hits
    hits: tuple[Hit, ...]
    total: int
    fallback: bool = False  # nothing in the reader's language: these hits are in the other one
    corrections: tuple[tuple[str, str], ...] = ()  # (typed, searched for instead)
    nearest_terms: tuple[Hit, ...] = field(default=())  # when nothing matched: glossary terms close to the query
    suggestion: str = ""  # when nothing matched: a query that would find something ("did you mean")

    @property
    def more(self) -> bool:
        return self.total > len(self.hits)

    @property
    def top(self) -> tuple[Hit, ...]:
        return self.hits[:TOP]

    @property
    def groups(self) -> list[tuple[str, str, list[Hit]]]:
        """The hits after the top ones, by kind (cards and components together), in order of their first hit."""
        groups: dict[str, list[Hit]] = {}
        for hit in self.hits[TOP:]:
            groups.setdefault("card" if hit.kind == "component" else hit.kind, []).append(hit)
        return [(kind, group_title(kind), hits) for kind, hits in groups.items()]


def clean_query(query: str) -> str:
    return " ".join(_CONTROL.sub(" ", query).split())


# The code that ranks and shows results is part of the cache key: a release that changes it never serves old results.
CODE_VERSION = hashlib.sha256(
    b"".join(Path(m.__file__).read_bytes() for m in (sys.modules[__name__], analysis))
).hexdigest()[:12]


def results_cache():
    """The cache results live in: settings.SEARCH_CACHE names one of CACHES (default "default")."""
    return caches[getattr(settings, "SEARCH_CACHE", "default")]


def cache_key(query: str, lang: str, limit: int) -> str:
    digest = hashlib.sha256(normalize(clean_query(query)).text.encode()).hexdigest()[:32]
    return f"search:{CODE_VERSION}:{index_key()}:{lang}:{limit}:{digest}"


def search(query: str, lang: str, limit: int = 50) -> Results:
    """The results of `query` for a reader of `lang`, from the cache when the same query was asked before."""
    key = cache_key(query, lang, limit)
    cache = results_cache()
    found = cache.get(key)
    if found is None:
        found = _search(clean_query(query), lang, limit)
        cache.set(key, found, CACHE_SECONDS)
    return found


# --------------------------------------------------------------------------- matching


@dataclass
class _Query:
    words: list[tuple[str, ...]]  # the forms of each word; alias meanings added as words of their own
    surfaces: set[str]  # what to highlight: the written words of the query and of the index behind its forms
    shown: list[str]
    corrections: list[tuple[str, str]]
    question: bool
    core: str  # the query's own words joined, without stop words: equal to a title's whole form, it comes first
    definition: bool  # "what is …", "…とは"
    typed: list[tuple[str, ...]]  # the forms of the words as typed (or corrected), without expansions


_EXPANSIONS: dict[tuple[str, str], list[tuple[str, str]]] = {}


def _expansions(db, lang: str) -> list[tuple[str, str]]:
    """The index's expansions for a language, read once per index file."""
    key = (index_key(), lang)
    if key not in _EXPANSIONS:
        if len(_EXPANSIONS) > 8:
            _EXPANSIONS.clear()
        rows = db.execute("SELECT word, means FROM expansions WHERE lang = ?", [lang])
        _EXPANSIONS[key] = [(word, means) for word, means in rows]
    return _EXPANSIONS[key]


def _known(db, lang: str, forms: tuple[str, ...]) -> bool:
    marks = ",".join("?" * len(forms))
    return db.execute(f"SELECT 1 FROM vocab WHERE lang = ? AND form IN ({marks}) LIMIT 1", [lang, *forms]).fetchone()


_VOCABULARY: dict[tuple[str, str], list[str]] = {}


def _latin_vocabulary(db, lang: str) -> list[str]:
    """The index's own English words (written forms), loaded once per index file and language."""
    key = (index_key(), lang)
    if key not in _VOCABULARY:
        rows = db.execute("SELECT DISTINCT surface FROM vocab WHERE lang = ?", [lang])
        if len(_VOCABULARY) > 8:
            _VOCABULARY.clear()
        _VOCABULARY[key] = [s for (s,) in rows if _LATIN_WORD.match(s)]
    return _VOCABULARY[key]


def correction(db, lang: str, word: str) -> str | None:
    """The nearest word of the index to an English word it does not know: 1 edit for short words, 2 for long."""
    limit = 1 if len(word) <= 5 else 2
    best = process.extractOne(word, _latin_vocabulary(db, lang), scorer=Levenshtein.distance, score_cutoff=limit)
    return best[0] if best else None


def _analyse(db, query: str, lang: str) -> _Query:
    norm = normalize(query).text
    words, surfaces, shown, corrections = [], {norm}, [], []
    seen: set[tuple[str, ...]] = set()

    def add(word: analysis.Word, show: str) -> None:
        if word.forms not in seen and len(words) < MAX_WORDS:
            seen.add(word.forms)
            words.append(word.forms)
            surfaces.add(word.surface)
            shown.append(show)

    typed = analysis.analyze(query)
    whole = analysis.whole(query)
    surfaces_typed = {w.surface for w in typed}
    expanded = [(w, means) for w, means in _expansions(db, lang) if _holds(whole, w, surfaces_typed)]
    for word in typed:
        if (
            _LATIN_WORD.match(word.surface)
            and not _known(db, lang, word.forms)
            and not any(word.surface in w for w, _ in expanded)
            and (fixed := correction(db, lang, word.surface))
        ):
            corrections.append((word.surface, fixed))
            for fixed_word in analysis.analyze(fixed):
                add(fixed_word, fixed)
            continue
        add(word, word.surface)
    typed_count = len(words)
    if whole and len(typed) > 1:
        words.append((whole,))  # a name or reading typed whole, however it segments
    for _word, means in expanded:
        for word in analysis.analyze(means):
            add(word, word.surface)
        words.append((analysis.whole(means),))
        shown.append(means)
    core = "".join(analysis.whole(w.surface) for w in typed)
    definition = analysis.is_definition(query)
    question = definition or analysis.is_question(query)
    typed_forms = words[:typed_count]
    return _Query(words, surfaces, list(dict.fromkeys(shown)), corrections, question, core, definition, typed_forms)


_OKURIGANA = re.compile(r"(?<=[\u3400-\u9fff])[\u3041-\u3096]$")


def _holds(whole: str, word: str, typed: set[str]) -> bool:
    """Does the query hold an alias word: as a word (Latin), or anywhere in it (Japanese, typed unspaced).

    A Japanese word ending in kana after a kanji matches whatever its ending (引き直す, 引き直し); a one-character
    word (場) only as a word of its own, not inside another (場合).
    """
    if len(word) == 1:
        return word in typed
    if word.isascii():
        return word in whole and re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", whole) is not None
    return _OKURIGANA.sub("", word) in whole


def _rank(db, q: _Query, lang: str) -> list[int]:
    weights = ", ".join(str(w) for w in WEIGHTS)
    phrase = " OR ".join('"' + f.replace('"', '""') + '"' for forms in q.words for f in forms)
    rows = db.execute(
        f"WITH m AS MATERIALIZED (SELECT rowid AS id, bm25(docs_fts, {weights}) AS score FROM docs_fts"
        " WHERE docs_fts MATCH ?) SELECT m.id, m.score FROM m JOIN docs d ON d.id = m.id WHERE d.lang = ?",
        [phrase, lang],
    )
    scores = {rowid: -score for rowid, score in rows}
    if not scores:
        return []
    marks = ",".join("?" * len(scores))
    rows = list(db.execute(f"SELECT id, kind, title_whole FROM docs WHERE id IN ({marks})", list(scores)))
    kinds = {i: kind for i, kind, _title in rows}
    ranked = {i: s * KIND_WEIGHT.get(kinds[i], 1.0) for i, s in scores.items()}
    exact = {i for i, _kind, title in rows if title == q.core} if q.core else set()
    order = sorted(ranked, key=lambda i: (i not in exact, -ranked[i], i))
    if q.question:  # the answer first: the FAQ entry whose question is nearest, or the term for "what is …"
        column = "term" if q.definition else "question"
        first = _best_in_column(db, phrase, lang, column)
        if first in order[:ANSWER_REACH] or (first and _share_asked(db, first, q.typed, column) >= ASKED_SHARE):
            order.remove(first)
            order.insert(0, first)
    return order


def _share_asked(db, rowid: int, typed: list[tuple[str, ...]], column: str) -> float:
    """The share of the query's own words that a document's `column` holds."""
    if not typed:
        return 0.0
    held = 0
    for forms in typed:
        phrase = " OR ".join('"' + f.replace('"', '""') + '"' for f in forms)
        held += db.execute("SELECT 1 FROM docs_fts WHERE docs_fts MATCH ? AND rowid = ?",
                           [f"{column} : ({phrase})", rowid]).fetchone() is not None
    return held / len(typed)


def _best_in_column(db, phrase: str, lang: str, column: str) -> int | None:
    """The document of `lang` whose `column` alone matches the query best (an FAQ question, a glossary term)."""
    only = ", ".join("1.0" if c == column else "0.0" for c in COLUMNS)
    row = db.execute(
        f"WITH m AS MATERIALIZED (SELECT rowid AS id, bm25(docs_fts, {only}) AS score FROM docs_fts"
        " WHERE docs_fts MATCH ?) SELECT m.id FROM m JOIN docs d ON d.id = m.id WHERE d.lang = ? ORDER BY m.score"
        " LIMIT 1",
        [f"{column} : ({phrase})", lang],
    ).fetchone()
    return row[0] if row else None


def _substring(db, query: str, lang: str, exclude: set[int]) -> list[int]:
    """Documents holding a short query inside a word (回 in 回復), title matches first."""
    term = normalize(query).text.replace(" ", "")
    rows = db.execute(
        "SELECT id FROM docs WHERE lang = ? AND (instr(title_norm, ?) OR instr(alias_norm, ?) OR instr(body_norm, ?))"
        " ORDER BY instr(title_norm, ?) = 0, instr(alias_norm, ?) = 0, id",
        [lang, term, term, term, term, term],
    )
    return [i for (i,) in rows if i not in exclude]


def _search(query: str, lang: str, limit: int) -> Results:
    if not query:
        return Results(query, (), lang, (), 0)
    db = connection()
    q = _analyse(db, query, lang)
    ids = _rank(db, q, lang) if q.words else []
    if len(ids) < TOP and len(query) <= SUBSTRING_MAX:
        ids += _substring(db, query, lang, set(ids))
    reader, fallback = lang, False
    if not ids:
        other = OTHER_LANG[lang]
        other_q = _analyse(db, query, other)
        ids = _rank(db, other_q, other) if other_q.words else []
        if not ids and len(query) <= SUBSTRING_MAX:
            ids = _substring(db, query, other, set())
        if ids:
            q, lang, fallback = other_q, other, True
    surfaces = _surfaces(db, q, lang)
    shown = ids[:limit]
    rows = {}
    if shown:
        marks = ",".join("?" * len(shown))
        rows = {row["id"]: row for row in db.execute(f"SELECT * FROM docs WHERE id IN ({marks})", shown)}
    labels = kind_labels()
    hits = tuple(_hit(rows[i], surfaces, labels, rank) for rank, i in enumerate(shown, start=1))
    nearest, close = ((), False) if hits else _nearest_terms(db, query, reader)
    suggestion = "" if hits else _suggestion(db, query, reader, nearest if close else ())
    return Results(query, tuple(q.shown), lang, hits, len(ids), fallback, tuple(q.corrections), nearest, suggestion)


def _suggestion(db, query: str, lang: str, nearest: tuple[Hit, ...]) -> str:
    """English words replaced by the nearest words of the index (up to 3 edits); else the nearest term."""
    words = normalize(query).text.split()
    vocabulary = _latin_vocabulary(db, lang)
    fixed = []
    for word in words:
        best = process.extractOne(word, vocabulary, scorer=Levenshtein.distance, score_cutoff=3) if (
            _LATIN_WORD.match(word)) else None
        fixed.append(best[0] if best else word)
    if fixed != words:
        return " ".join(fixed)
    return re.sub(r"<[^>]+>", "", str(nearest[0].title)) if nearest else ""


def _surfaces(db, q: _Query, lang: str) -> tuple[str, ...]:
    """The written words to mark: the query's own and every word of the index that shares one of its forms."""
    forms = [f for word in q.words for f in word]
    found = set(q.surfaces)
    if forms:
        marks = ",".join("?" * len(forms))
        found |= {s for (s,) in db.execute(f"SELECT surface FROM vocab WHERE lang = ? AND form IN ({marks})",
                                              [lang, *forms])}
    return tuple(sorted((s for s in found if s.strip()), key=len, reverse=True))


SIMILAR = 60  # rapidfuzz partial ratio from which a glossary term is offered as "did you mean"


def _nearest_terms(db, query: str, lang: str, count: int = 5) -> tuple[tuple[Hit, ...], bool]:
    """Glossary terms nearest to a query that found nothing (a way on), and whether the first is close."""
    rows = list(db.execute("SELECT * FROM docs WHERE lang = ? AND kind = 'term' ORDER BY id", [lang]))
    if not rows:
        return (), False
    names = [f"{row['title_norm']} {row['alias_norm']}" for row in rows]
    best = process.extract(normalize(query).text, names, scorer=fuzz.partial_ratio, limit=count)
    labels = kind_labels()
    return tuple(_hit(rows[i], (), labels) for _name, _score, i in best), best[0][1] >= SIMILAR


# --------------------------------------------------------------------------- highlighting


def _spans(norm: Normalized, terms: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the terms occur, as merged spans of the original text."""
    found = []
    text = norm.text
    for term in terms:
        start = text.find(term)
        while start != -1:
            found.append(norm.span(start, start + len(term)))
            start = text.find(term, start + 1)
    merged: list[tuple[int, int]] = []
    for start, end in sorted(found):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _marked(text: str, spans: list[tuple[int, int]], lo: int = 0, hi: int | None = None) -> str:
    hi = len(text) if hi is None else hi
    out, pos = [], lo
    for start, end in spans:
        start, end = max(start, lo), min(end, hi)
        if start >= end:
            continue
        out += [escape(text[pos:start]), "<mark>", escape(text[start:end]), "</mark>"]
        pos = end
    out.append(escape(text[pos:hi]))
    return "".join(out)


def highlight(text: str, terms: tuple[str, ...]) -> SafeString:
    return mark_safe(_marked(text, _spans(normalize(text), terms)))  # noqa: S308 - every piece is escaped


def snippet(text: str, norm: Normalized, terms: tuple[str, ...], lang: str) -> SafeString:
    """A window of the text around the first match, with every match in it marked."""
    spans = _spans(norm, terms)
    before, width = WINDOW.get(lang, WINDOW["en"])
    lo = max(0, spans[0][0] - before) if spans else 0
    if lo and lang != "ja":  # start on a word
        space = text.find(" ", lo, spans[0][0])
        lo = space + 1 if space != -1 else lo
    hi = min(len(text), lo + width)
    if hi < len(text) and lang != "ja":
        space = text.rfind(" ", lo + width // 2, hi)
        hi = space if space != -1 else hi
    html = _marked(text, spans, lo, hi)
    return mark_safe(("…" if lo else "") + html + ("…" if hi < len(text) else ""))  # noqa: S308


@lru_cache(maxsize=4096)
def _page_url(lang: str, url_name: str, args: str) -> str:
    return url_in(lang, url_name, *json.loads(args))


def _url(row) -> str:
    url = _page_url(row["lang"], row["url_name"], row["url_args"])
    return f"{url}#{row['anchor']}" if row["anchor"] else url


def _hit(row, terms: tuple[str, ...], labels: dict[str, str], rank: int = 0) -> Hit:
    aliases = []
    for label, lang, text in json.loads(row["aliases"]):
        spans = _spans(_normalized(text), terms)
        if spans or label == "other":
            html = mark_safe(_marked(text, spans))  # noqa: S308 - every piece is escaped
            aliases.append(AliasHit(label, lang, html, labels.get(label, "") if label != "other" else ""))
    title = Normalized(row["title_norm"], array("I", row["title_map"]), len(row["title"]))
    if row["summary"]:  # an FAQ entry: its one-line answer
        text = highlight(row["summary"], terms)
    else:
        body = Normalized(row["body_norm"], array("I", row["body_map"]), len(row["body"]))
        text = snippet(row["body"], body, terms, row["lang"])
    return Hit(
        kind=row["kind"],
        lang=row["lang"],
        key=row["key"],
        url=_url(row),
        title=mark_safe(_marked(row["title"], _spans(title, terms))),  # noqa: S308 - every piece is escaped
        context=row["context"],
        aliases=tuple(aliases),
        snippet=text,
        rank=rank,
        label=labels["tile" if row["key"].startswith("wickedness/") else row["kind"]],
    )


@lru_cache(maxsize=8192)
def _normalized(text: str) -> Normalized:
    """normalize() of a document's short texts (other names, readings), remembered: they recur in results."""
    return normalize(text)
