"""Querying the index: documents in the reader's language (else the other one), ranked and highlighted.

Words of 3 characters or more go through the FTS5 trigram index (ranked with bm25); shorter ones,
which trigram cannot match (回復, 攻撃, 脱出), are found by scanning the document table with instr().
A query may mix both.
"""

from __future__ import annotations

import json
from array import array
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from kotguide.content.library import url_in
from kotguide.content.render import OTHER_LANG

from .index import connection
from .normalize import Normalized, normalize, query_terms

MAX_QUERY_LENGTH = 100
TRIGRAM = 3
# bm25 weights of the FTS columns: title_norm, alias_norm, body_norm.
WEIGHTS = (10.0, 5.0, 1.0)
# Snippet window, in characters of the original text: before the first match, and in all. Japanese is denser.
WINDOW = {"ja": (20, 90), "en": (50, 180)}


@dataclass(frozen=True)
class AliasHit:
    label: str
    lang: str
    html: SafeString


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

    @property
    def is_tile(self) -> bool:
        return self.kind == "component" and self.key.startswith("wickedness/")


@dataclass(frozen=True)
class Results:
    query: str
    terms: tuple[str, ...]
    lang: str  # the language of the hits
    hits: tuple[Hit, ...]
    total: int
    fallback: bool = False  # nothing in the reader's language: these hits are in the other one

    @property
    def more(self) -> bool:
        return self.total > len(self.hits)


def search(query: str, lang: str, limit: int = 50) -> Results:
    terms = tuple(query_terms(query))
    if not terms:
        return Results(query, terms, lang, (), 0)
    db = connection()
    ids, fallback = _match(db, terms, lang), False
    if not ids:
        other = OTHER_LANG[lang]
        if other_ids := _match(db, terms, other):
            ids, lang, fallback = other_ids, other, True
    shown = ids[:limit]
    rows = {}
    if shown:
        marks = ",".join("?" * len(shown))
        rows = {row["id"]: row for row in db.execute(f"SELECT * FROM docs WHERE id IN ({marks})", shown)}
    hits = tuple(_hit(rows[i], terms) for i in shown)
    return Results(query, terms, lang, hits, len(ids), fallback)


def _match(db, terms: tuple[str, ...], lang: str) -> list[int]:
    long = [t for t in terms if len(t) >= TRIGRAM]
    short = [t for t in terms if len(t) < TRIGRAM]
    where, params = ["d.lang = ?"], [lang]
    for term in short:
        where.append(
            "(instr(d.title_norm, ?) > 0 OR instr(d.alias_norm, ?) > 0 OR instr(d.body_norm, ?) > 0)"
        )
        params += [term, term, term]
    if long:
        phrase = " AND ".join('"' + t.replace('"', '""') + '"' for t in long)
        sql = (
            "WITH m AS MATERIALIZED (SELECT rowid AS id, bm25(docs_fts, ?, ?, ?) AS score FROM docs_fts"
            " WHERE docs_fts MATCH ?)"
            f" SELECT d.id FROM m JOIN docs d ON d.id = m.id WHERE {' AND '.join(where)}"
            " ORDER BY d.title_norm = ? DESC, m.score, d.id"
        )
        params = [*WEIGHTS, phrase, *params, " ".join(terms)]
    else:
        score = " + ".join(
            "(d.title_norm = ?) * 100 + (instr(d.title_norm, ?) > 0) * 20 + (instr(d.alias_norm, ?) > 0) * 10"
            " + min(5, (length(d.body_norm) - length(replace(d.body_norm, ?, ''))) / length(?))"
            for _ in short
        )
        sql = f"SELECT d.id FROM docs d WHERE {' AND '.join(where)} ORDER BY {score} DESC, d.id"
        params += [p for t in short for p in (t, t, t, t, t)]
    return [row[0] for row in db.execute(sql, params)]


# --------------------------------------------------------------------------- highlighting


def _spans(norm: Normalized, terms: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the terms occur, as merged spans of the original text."""
    found = []
    for term in terms:
        start = norm.text.find(term)
        while start != -1:
            found.append(norm.span(start, start + len(term)))
            start = norm.text.find(term, start + 1)
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


def _url(kind: str, lang: str, key: str, anchor: str) -> str:
    if kind == "rule":
        url = url_in(lang, "rules:section", key)
        return f"{url}#{anchor}" if anchor else url
    if kind == "card":
        return url_in(lang, "cards:detail", key)
    if kind == "component":
        return url_in(lang, "components:detail", *key.split("/", 1))
    if kind == "term":
        return url_in(lang, "rules:glossary") + f"#term-{key}"
    if kind == "monster":
        return url_in(lang, "monsters:detail", key)
    if kind == "edition":
        return url_in(lang, "monsters:editions") + f"#change-{key}"
    return url_in(lang, "rules:faq") + f"#{key}"


def _hit(row, terms: tuple[str, ...]) -> Hit:
    body = Normalized(row["body_norm"], array("I", row["body_map"]), len(row["body"]))
    aliases = []
    for label, lang, text in json.loads(row["aliases"]):
        spans = _spans(normalize(text), terms)
        if spans or label == "other":
            aliases.append(AliasHit(label, lang, mark_safe(_marked(text, spans))))  # noqa: S308
    return Hit(
        kind=row["kind"],
        lang=row["lang"],
        key=row["key"],
        url=_url(row["kind"], row["lang"], row["key"], row["anchor"]),
        title=highlight(row["title"], terms),
        context=row["context"],
        aliases=tuple(aliases),
        snippet=snippet(row["body"], body, terms, row["lang"]),
    )
