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
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape  # what django.utils.html.escape calls, without its lazy-string wrapper
from pathlib import Path
from typing import TypeVar

from django.conf import settings
from django.core.cache import caches
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from kotguide.content.library import url_in
from kotguide.content.render import OTHER_LANG
from kotguide.site.recent import Recent

from . import analysis
from .index import COLUMNS, WEIGHTS, connection, index_key
from .normalize import Normalized, normalize

T = TypeVar("T")
MAX_QUERY_LENGTH = 100
MAX_WORDS = 12
TOP = 3  # the results a host reads: never hidden by grouping, and what "too little" is measured against
ASKED_SHARE = 0.5  # for a whole question, the FAQ entry whose question holds this share of its words comes first
ANSWER_REACH = 10  # … or if it ranks within this many anyway
COVERAGE = 1.0  # how much the share of the query's words a document holds weighs on its score (an exponent)
SUBSTRING_MAX = 3  # a query of at most this many characters also matches inside words
# A rule section is what a reader wants before the glossary's one-line definition or a lesson about it.
KIND_WEIGHT = {"rule": 1.0, "faq": 1.0, "card": 1.0, "component": 0.9, "term": 0.7, "lesson": 0.5, "quick": 0.5,
               "monster": 0.9, "edition": 0.5}
# A card, component or monster is what a query names; one whose text merely holds the words weighs less.
NAMED_KINDS = {"card", "component", "monster"}
UNNAMED = 0.6
# An expansion module's rules and FAQ entries weigh a little less than the base game's: most readers play the base
# game, and a module's page holds the base game's words too (the Zombie costume's FAQ on 0 life).
MODULE_WEIGHT = 0.8
PAIR_WEIGHT = 0.25
TYPED_WEIGHT = 0.5  # a word as typed, beside the site's word an alias makes it (入る beside 侵入)
# A word of the query in a document's own title (heading, FAQ question, glossary term) adds this share of its bm25
# there: FTS5 sums the weighted columns before bm25 saturates, so a title alone outweighs the text only a little.
TITLE_BONUS = 0.5
# A Japanese verb, adjective or adverb of the query (使う, 入る, すぐ) counts this much, unless an alias makes it the
# site's word: a question's topic is its nouns, and a predicate rarer than the topic would otherwise pick the page.
PREDICATE_WEIGHT = 0.5
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

    @property
    def sections(self) -> list[tuple[str, str, tuple[Hit, ...] | list[Hit]]]:
        """The lists the page shows: the top hits (kind "top", no title), then the groups."""
        return [("top", "", self.top), *self.groups] if self.hits else []

    @property
    def live_sections(self) -> list[tuple[str, str, tuple[Hit, ...]]]:
        """The lists under the search box: the top hits, then the rest in rank order (no group titles)."""
        return [(kind, "", hits) for kind, hits in (("top", self.top), ("rest", self.hits[TOP:])) if hits]


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


# What this process served last, in front of the shared cache: a query asked again reads no file and no Redis.
# Keys name the code, the index's content and the normalized query, so an entry never goes stale; 256 entries
# (results of 20 hits, rendered blocks and pages, some 20-50 KB each) stay under about 10 MB.
RECENT: Recent[object] = Recent(size=256)


def cached(key: str, make: Callable[[], T], shared: bool = True) -> T:
    """The value under `key`: from this process's recent ones, else the shared cache, else made (and stored).

    `shared=False` keeps it in this process only: for what is shared in another form (results rendered).
    """
    found = RECENT.get(key)
    if found is None:
        found = results_cache().get(key) if shared else None
        if found is None:
            found = make()
            if shared:
                results_cache().set(key, found, CACHE_SECONDS)
        RECENT.put(key, found)
    return found  # type: ignore[return-value]


def search(query: str, lang: str, limit: int = 50, shared: bool = True) -> Results:
    """The results of `query` for a reader of `lang`, from a cache when the same query was asked before."""
    return cached(cache_key(query, lang, limit), lambda: _search(clean_query(query), lang, limit), shared)


# --------------------------------------------------------------------------- matching


@dataclass
class _Query:
    concepts: list[tuple[str, ...]]  # per word of the query: its forms and those of the words it stands for
    weights: list[float]  # per concept: how much it counts (a predicate less than a topic)
    typed: list[tuple[str, ...]]  # per concept an alias made the site's word: the forms as typed (else empty)
    whole: str  # the query as one term: a document holding it holds every word (a name typed whole)
    pairs: str  # two neighbouring words of the query as a phrase (card damage, ダイスの目): worth more together
    surfaces: set[str]  # what to highlight: the written words of the query and of the index behind its forms
    shown: list[str]
    corrections: list[tuple[str, str]]
    question: bool
    core: str  # the query's own words joined, without stop words: equal to a title's whole form, it comes first
    definition: bool  # "what is …", "…とは"

    @property
    def words(self) -> list[tuple[str, ...]]:
        return self.concepts + ([(self.whole,)] if self.whole else [])

    @property
    def matches(self) -> list[tuple[str, frozenset[int], float]]:
        """The FTS queries to run: each with the query's words a match holds (their indexes), and its weight.

        A word an alias makes the site's word is searched as that word, and as typed at TYPED_WEIGHT: a typed word
        is rarer in the index than the site's (入る beside 侵入), and would otherwise outweigh the page titled with
        the site's word."""
        found = []
        for i, (forms, w, typed) in enumerate(zip(self.concepts, self.weights, self.typed, strict=True)):
            site = tuple(f for f in forms if f not in typed)
            found.append((_phrase(site), frozenset((i,)), w))
            if typed:
                found.append((_phrase(typed), frozenset((i,)), w * TYPED_WEIGHT))
        found += [(_phrase((self.whole,)), frozenset(range(len(self.concepts))), 1.0)] if self.whole else []
        return found + ([(self.pairs, frozenset(), PAIR_WEIGHT)] if self.pairs else [])


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


_KANA_FORMS: dict[tuple[str, str], frozenset[str]] = {}
_HIRAGANA_QUERY = re.compile(r"[\u3041-\u3096\u30fc]+")
# What a question typed in hiragana holds besides its words: particles and the endings analysis.py drops.
_KANA_FILLERS = frozenset("のをにはがでとへやもか") | frozenset(analysis.KANA_FILLERS)
KANA_WORD_MAX = 12
KANA_SPELLINGS = 3  # the index's kanji spellings of a reading searched beside it, at most
_KANJI = re.compile(r"[\u3400-\u9fff]")


def _kana_forms(db, lang: str) -> frozenset[str]:
    """The index's words in kana (every reading, and words written in kana), loaded once per index file."""
    key = (index_key(), lang)
    if key not in _KANA_FORMS:
        if len(_KANA_FORMS) > 8:
            _KANA_FORMS.clear()
        rows = db.execute("SELECT DISTINCT form FROM vocab WHERE lang = ?", [lang])
        _KANA_FORMS[key] = frozenset(f for (f,) in rows if len(f) >= 2 and _HIRAGANA_QUERY.fullmatch(f))
    return _KANA_FORMS[key]


def _kana_words(db, lang: str, query: str) -> list[analysis.Word] | None:
    """A query typed in hiragana, cut into the readings the index holds (だつらく, かいふく|の|じょうげん).

    The dictionary cuts unconverted hiragana by its own guesses (だ + つらく, じょう + げん); the index's readings know
    better. Of the cuts, the one leaving the fewest characters unexplained, then with the fewest words, then the
    fewest pieces, wins (だっしゅつ|の, not だっしゅ|つの); particles and endings between the words are dropped.
    Each reading is also searched as the words the index writes with it (だっしゅつ as 脱出), as a kanji query is.
    None when the text is not all hiragana, or when the readings leave more than a quarter of it unexplained (then
    the dictionary's words are searched).
    """
    typed = "".join(query.split()).rstrip("?？")
    if len(typed) < 2 or not _HIRAGANA_QUERY.fullmatch(typed):
        return None
    forms = _kana_forms(db, lang)
    n = len(typed)
    never = (n + 1, 0, ())
    best: list[tuple[int, int, tuple[str, ...]]] = [(0, 0, ())] + [never] * n  # for typed[:i]: lost, pieces, words
    for i in range(n):
        lost, pieces, words = best[i]
        if lost > n:
            continue
        steps = [(i + 1, lost + 1, words)]  # a character nothing explains
        steps += [(j, lost, (*words, typed[i:j])) for j in range(i + 2, min(n, i + KANA_WORD_MAX) + 1)
                  if typed[i:j] in forms]
        steps += [(j, lost, words) for j in range(i + 1, min(n, i + 5) + 1) if typed[i:j] in _KANA_FILLERS]
        for j, cost, found in steps:
            old_lost, old_pieces, old_words = best[j]
            if (cost, len(found), pieces + 1) < (old_lost, len(old_words), old_pieces):
                best[j] = (cost, pieces + 1, found)
    lost, _pieces, words = best[n]
    if not words or lost * 4 > n:
        return None
    found = []
    for reading in dict.fromkeys(words):
        rows = db.execute("SELECT surface FROM vocab WHERE lang = ? AND form = ?", [lang, reading])
        spelt = sorted(surface for (surface,) in rows if _KANJI.search(surface))[:KANA_SPELLINGS]
        found.append(analysis.Word(reading, (reading, *spelt)))
    return found


# A run of hiragana that does not follow a kanji (where it would be the word's ending): typed unconverted.
_UNCONVERTED = re.compile(r"(?<![\u3400-\u9fff\u3041-\u3096\u30fc])[\u3041-\u3096][\u3041-\u3096\u30fc]+")


def _typed_words(db, lang: str, query: str) -> list[analysis.Word]:
    """The query's words: the analysis's, except where hiragana typed unconverted is better cut by the readings."""
    words: list[analysis.Word] = []
    start = 0
    for m in _UNCONVERTED.finditer(query):
        words += analysis.analyze(query[start:m.start()])
        words += _kana_words(db, lang, m.group()) or analysis.analyze(m.group())
        start = m.end()
    return words + analysis.analyze(query[start:])


def correction(db, lang: str, word: str) -> str | None:
    """The nearest word of the index to an English word it does not know: 1 edit for short words, 2 for long."""
    limit = 1 if len(word) <= 5 else 2
    best = process.extractOne(word, _latin_vocabulary(db, lang), scorer=Levenshtein.distance, score_cutoff=limit)
    return best[0] if best else None


def _analyse(db, query: str, lang: str) -> _Query:
    """The query's words (corrected where the index does not know them) and what each stands for."""
    concepts: list[list[str]] = []
    weights: list[float] = []
    typed_forms: list[tuple[str, ...]] = []
    owners: list[str] = []  # the written word behind each concept
    surfaces, shown, corrections = {normalize(query).text}, [], []

    sequence: list[tuple[str, ...]] = []

    def add(forms: tuple[str, ...], surface: str, show: str, weight: float = 1.0) -> None:
        sequence.append(forms)
        if len(concepts) < MAX_WORDS and not any(set(forms) <= set(c) for c in concepts):
            concepts.append(list(forms))
            weights.append(weight)
            typed_forms.append(())
            owners.append(surface)
            surfaces.add(surface)
            shown.append(show)

    typed = _typed_words(db, lang, query)
    whole = analysis.whole(query)
    surfaces_typed = {w.surface for w in typed}
    runs = _latin_runs(query)
    expanded = [(w, means) for w, means in _expansions(db, lang) if _holds(whole, w, surfaces_typed, runs)]
    for word in typed:
        if (
            _LATIN_WORD.match(word.surface)
            and not _known(db, lang, word.forms)
            and not any(word.surface in w for w, _ in expanded)
            and (fixed := correction(db, lang, word.surface))
        ):
            corrections.append((word.surface, fixed))
            forms = tuple(f for fixed_word in analysis.analyze(fixed) for f in fixed_word.forms)
            add(forms, fixed, fixed)
            continue
        add(word.forms, word.surface, word.surface, PREDICATE_WEIGHT if word.predicate else 1.0)
    for alias, means in expanded:
        meant = analysis.analyze(means)
        forms = [f for word in meant for f in word.forms] + [analysis.whole(means)]
        surfaces.update(word.surface for word in meant)
        shown.append(means)
        # The words the alias is made of stand for its meaning: a page holding the meaning holds them.
        held = [i for i, owner in enumerate(owners) if _overlaps(analysis.whole(owner), alias)]
        for i in held:
            typed_forms[i] = typed_forms[i] or tuple(f for f in concepts[i] if f not in forms)
            concepts[i] += [f for f in forms if f not in concepts[i]]
            weights[i] = 1.0  # the site's own word: a topic, whatever the query's word was
        if not held:  # an alias across the query's words: a word of its own
            concepts.append(forms)
            weights.append(1.0)
            typed_forms.append(())
    core = "".join(analysis.whole(w.surface) for w in typed)
    definition = analysis.is_definition(query)
    question = definition or analysis.is_question(query)
    # The index holds each word's forms in order, so one word's last form is followed by the next word's first.
    pairs = " OR ".join(dict.fromkeys(f'"{a[-1]} {b[0]}"' for a, b in zip(sequence, sequence[1:], strict=False)))
    return _Query([tuple(c) for c in concepts], weights, typed_forms, whole if len(typed) > 1 else "", pairs, surfaces,
                  list(dict.fromkeys(shown)), corrections, question, core, definition)


_OKURIGANA = re.compile(r"(?<=[\u3400-\u9fff])[\u3041-\u3096]$")


def _overlaps(word: str, alias: str) -> bool:
    """Is a word of the query part of an alias word, or the alias part of it (引き直し and 引き直す: one word)?"""
    word, alias = _OKURIGANA.sub("", word), _OKURIGANA.sub("", alias)
    return bool(word and alias) and (word in alias or alias in word)


def _latin_runs(query: str) -> set[str]:
    """Every run of neighbouring Latin words of the query, joined as analysis.whole() joins an alias (leavetokyo)."""
    words = re.findall(r"[a-z0-9]+", normalize(query).text)
    return {"".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)}


def _holds(whole: str, word: str, typed: set[str], runs: set[str]) -> bool:
    """Does the query hold an alias word: as a run of its words (Latin), or anywhere in it (Japanese, unspaced).

    A Japanese word ending in kana after a kanji matches whatever its ending (引き直す, 引き直し); a word of one
    character (場), or one kanji and its ending (入り), only as a word of its own, not inside another (場合, 購入).
    """
    if len(word) == 1:
        return word in typed
    if word.isascii():
        return word in runs
    stem = _OKURIGANA.sub("", word)
    if len(stem) == 1:
        return any(_OKURIGANA.sub("", t) == stem for t in typed)
    return stem in whole


def _phrase(forms: tuple[str, ...]) -> str:
    return " OR ".join('"' + f.replace('"', '""') + '"' for f in forms)


_DOCS: dict[str, tuple[dict[int, tuple[str, str, str, int]], dict[str, tuple[int, int]]]] = {}


def _documents(db) -> tuple[dict[int, tuple[str, str, str, int]], dict[str, tuple[int, int]]]:
    """Each document's language, kind, whole title and module flag, and each language's first and last rowid, read
    once per index.

    The index numbers each language's documents in one run (documents.all_documents), so a language's rows are a
    rowid range that FTS5 filters on its own.
    """
    key = index_key()
    if key not in _DOCS:
        _DOCS.clear()
        docs = {i: (lang, kind, title, module) for i, lang, kind, title, module in
                db.execute("SELECT id, lang, kind, title_whole, module FROM docs")}
        spans = {lang: (lo, hi) for lang, lo, hi in db.execute("SELECT lang, min(id), max(id) FROM docs GROUP BY lang")}
        _DOCS[key] = docs, spans
    return _DOCS[key]


def _rank(db, q: _Query, lang: str) -> list[int]:
    """Documents of `lang` holding any word, best first.

    A document's score is the sum of its words' bm25 over the weighted columns, times its kind's weight, times the
    share of the query's words it holds (a page with every word of a question beats one with a single word many
    times). For a whole question, the FAQ entry (the glossary term for "what is …") whose question holds the most
    of the query's words comes first, if it holds at least ASKED_SHARE of them.
    """
    weights = ", ".join(str(w) for w in WEIGHTS)
    asked_column = "term" if q.definition else "question"
    asked_weights = ", ".join("1.0" if c == asked_column else "0.0" for c in COLUMNS)
    name_weights = ", ".join("1.0" if c in ("title", "alias") else "0.0" for c in COLUMNS)
    title_weights = ", ".join("1.0" if c in ("title", "question", "term") else "0.0" for c in COLUMNS)
    docs, spans = _documents(db)
    low, high = spans.get(lang, (0, -1))
    scores: dict[int, float] = {}
    held: dict[int, frozenset[int]] = {}
    asked: dict[int, frozenset[int]] = {}
    asked_scores: dict[int, float] = {}
    named: set[int] = set()
    words = len(q.concepts)
    for match, holds, weight in q.matches:
        rows = db.execute(f"SELECT rowid, bm25(docs_fts, {weights}), bm25(docs_fts, {asked_weights}),"
                          f" bm25(docs_fts, {name_weights}), bm25(docs_fts, {title_weights}) FROM docs_fts"
                          " WHERE docs_fts MATCH ? AND rowid BETWEEN ? AND ?", [match, low, high])
        for rowid, score, in_asked, in_name, in_title in rows:
            if docs[rowid][0] != lang:  # never, while each language's rowids are one run
                continue
            scores[rowid] = scores.get(rowid, 0.0) - (score + in_title * TITLE_BONUS) * weight
            held[rowid] = held.get(rowid, frozenset()) | holds
            if in_name < 0:
                named.add(rowid)
            if in_asked < 0 and holds:
                asked[rowid] = asked.get(rowid, frozenset()) | holds
                asked_scores[rowid] = asked_scores.get(rowid, 0.0) - in_asked
    if not scores:
        return []
    words = max(words, 1)
    ranked = {i: s * KIND_WEIGHT.get(docs[i][1], 1.0) * (len(held[i]) / words if q.concepts else 1.0) ** COVERAGE
              * (1.0 if i in named or docs[i][1] not in NAMED_KINDS else UNNAMED)
              * (MODULE_WEIGHT if docs[i][3] else 1.0)
              for i, s in scores.items()}
    exact = {i for i in ranked if docs[i][2] == q.core} if q.core else set()
    order = sorted(ranked, key=lambda i: (i not in exact, -ranked[i], i))
    if q.question and asked:  # the answer first
        first = max(asked, key=lambda i: (len(asked[i]), asked_scores[i] * (MODULE_WEIGHT if docs[i][3] else 1.0), -i))
        if len(asked[first]) / words >= ASKED_SHARE or first in order[:ANSWER_REACH]:
            order.remove(first)
            order.insert(0, first)
    return order


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


def highlight(text: str, terms: tuple[str, ...], norm: Normalized | None = None) -> SafeString:
    """The text with every term marked; `norm`: its normalize(), when the index stored it."""
    return mark_safe(_marked(text, _spans(norm or normalize(text), terms)))  # noqa: S308 - every piece is escaped


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
        summary = Normalized(row["summary_norm"], array("I", row["summary_map"]), len(row["summary"]))
        text = highlight(row["summary"], terms, summary)
    else:
        body = Normalized(row["body_norm"], array("I", row["body_map"]), len(row["body"]))
        text = snippet(row["body"], body, terms, row["lang"])
    return Hit(
        kind=row["kind"],
        lang=row["lang"],
        key=row["key"],
        url=_url(row),
        title=highlight(row["title"], terms, title),
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
