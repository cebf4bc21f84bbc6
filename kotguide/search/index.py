"""The search index: a read-only SQLite file built from content/, separate from the Django database.

Every app server builds its own with `manage.py build_search_index`. The file records a hash of what it was
built from (the content files and the code that turns them into documents); `is_stale()` compares it with
the hash of the files as they are now.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

from django.conf import settings

from . import aliases, analysis, documents, normalize

# The files the index is built from, relative to CONTENT_DIR, and the code that builds it.
CONTENT_GLOBS = (
    "sections.toml",
    "cards/*.toml",
    *(
        f"{lang}/{name}"
        for lang in ("ja", "en")
        for name in (
            "rules/*.md",
            "*.toml",  # cards, components, glossary, FAQ, aliases
            "quick.md",
        )
    ),
    "learn/*.toml",
)
BUILDER_FILES = tuple(Path(m.__file__) for m in (documents, normalize, analysis, aliases)) + (Path(__file__),)
# The FTS columns, in the order of their bm25 weights: a title counts most, then an FAQ question, a glossary
# term, the other names of a document (aliases, readings, the section of a heading), then its text.
COLUMNS = ("title", "question", "term", "alias", "body")
WEIGHTS = (10.0, 8.0, 6.0, 4.0, 1.0)
SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE docs (
    id INTEGER PRIMARY KEY,
    lang TEXT NOT NULL,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    anchor TEXT NOT NULL,
    context TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    summary TEXT NOT NULL,          -- an FAQ entry's one-line answer
    url_name TEXT NOT NULL,
    url_args TEXT NOT NULL,         -- JSON list
    aliases TEXT NOT NULL,          -- JSON: [[label, lang, text], ...]
    body_map BLOB NOT NULL,         -- normalize(body).offsets, 4-byte unsigned ints
    title_map BLOB NOT NULL,        -- normalize(title).offsets
    summary_map BLOB NOT NULL,      -- normalize(summary).offsets
    summary_norm TEXT NOT NULL,
    title_norm TEXT NOT NULL,
    title_whole TEXT NOT NULL,      -- analysis.whole(title): a query equal to it puts the document first
    alias_norm TEXT NOT NULL,
    body_norm TEXT NOT NULL,
    module INTEGER NOT NULL         -- 1: about an expansion module (documents.Document.module)
);
CREATE INDEX docs_lang ON docs (lang);
-- Pre-segmented words (analysis.py): each word as its forms, separated by spaces.
CREATE VIRTUAL TABLE docs_fts USING fts5(
    title, question, term, alias, body, content='', tokenize='unicode61 remove_diacritics 0'
);
-- Which written words (normalized) each index form comes from: highlighting and typo correction.
CREATE TABLE vocab (lang TEXT NOT NULL, form TEXT NOT NULL, surface TEXT NOT NULL,
    PRIMARY KEY (lang, form, surface)) WITHOUT ROWID;
-- A query holding `word` is also searched as `means`: aliases.toml, and the other language's names.
CREATE TABLE expansions (lang TEXT NOT NULL, word TEXT NOT NULL, means TEXT NOT NULL,
    PRIMARY KEY (lang, word, means)) WITHOUT ROWID;
"""


def index_path() -> Path:
    return Path(getattr(settings, "SEARCH_INDEX", settings.BASE_DIR / "var" / "search.sqlite3"))


def source_files() -> list[Path]:
    root = Path(settings.CONTENT_DIR)
    found = {p for pattern in CONTENT_GLOBS for p in root.glob(pattern) if p.is_file()}
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def content_hash() -> str:
    """SHA-256 over the content files (path and bytes) and the builder's source."""
    digest = hashlib.sha256()
    root = Path(settings.CONTENT_DIR)
    for path in source_files():
        digest.update(b"content/" + path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    for path in BUILDER_FILES:
        digest.update(b"code/" + path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def stored_hash(path: Path | None = None) -> str | None:
    path = path or index_path()
    if not path.exists():
        return None
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'content_hash'").fetchone()
    except sqlite3.DatabaseError:
        return None
    finally:
        db.close()
    return row[0] if row else None


def is_stale(path: Path | None = None) -> bool:
    return stored_hash(path) != content_hash()


def build(path: Path | None = None) -> int:
    """Write a fresh index to `path` atomically (readers see the old or the new file); the document count."""
    path = path or index_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    digest = content_hash()
    fd, tmp = tempfile.mkstemp(prefix=".search-", suffix=".sqlite3", dir=path.parent)
    os.close(fd)
    try:
        db = sqlite3.connect(tmp)
        try:
            db.executescript(SCHEMA)
            count = 0
            vocab: set[tuple[str, str, str]] = set()
            for count, doc in enumerate(documents.all_documents(), start=1):  # noqa: B007
                _insert(db, count, doc, vocab)
            db.executemany("INSERT INTO vocab (lang, form, surface) VALUES (?,?,?)", sorted(vocab))
            db.executemany("INSERT OR IGNORE INTO expansions (lang, word, means) VALUES (?,?,?)", _expansions())
            db.executemany(
                "INSERT INTO meta (key, value) VALUES (?, ?)",
                [("content_hash", digest), ("documents", str(count))],
            )
            db.commit()
            db.execute("VACUUM")
        finally:
            db.close()
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return count


def _column(texts: list[str], lang: str, vocab: set, whole: bool = False) -> str:
    """The index terms of some texts: every word's forms, and (for names) each text whole."""
    terms = []
    for text in texts:
        for word in analysis.analyze(text):
            terms += word.forms
            vocab.update((lang, form, word.surface) for form in word.forms)
        if whole and (name := analysis.whole(text)):
            terms.append(name)
    return " ".join(terms)


def _insert(db: sqlite3.Connection, rowid: int, doc: documents.Document, vocab: set) -> None:
    body, title, summary = (normalize.normalize(text) for text in (doc.body, doc.title, doc.summary))
    db.execute(
        "INSERT INTO docs (id, lang, kind, key, anchor, context, title, body, summary, url_name, url_args, aliases,"
        " body_map, title_map, summary_map, summary_norm, title_norm, title_whole, alias_norm, body_norm, module)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            rowid,
            doc.lang,
            doc.kind,
            doc.key,
            doc.anchor,
            doc.context,
            doc.title,
            doc.body,
            doc.summary,
            doc.url_name,
            json.dumps(doc.url_args),
            json.dumps([[a.label, a.lang, a.text] for a in doc.aliases], ensure_ascii=False),
            body.offsets.tobytes(),
            title.offsets.tobytes(),
            summary.offsets.tobytes(),
            summary.text,
            title.text,
            analysis.whole(doc.title),
            "\n".join(normalize.normalize(a.text).text for a in doc.aliases),
            body.text,
            int(doc.module),
        ),
    )
    title_column = {"faq": "question", "term": "term"}.get(doc.kind, "title")
    columns = dict.fromkeys(COLUMNS, "")
    columns[title_column] = _column([doc.title], doc.lang, vocab, whole=True)
    columns["alias"] = _column([a.text for a in doc.aliases] + [doc.context], doc.lang, vocab, whole=True)
    columns["body"] = _column([doc.body], doc.lang, vocab)
    db.execute(
        f"INSERT INTO docs_fts (rowid, {', '.join(COLUMNS)}) VALUES (?{', ?' * len(COLUMNS)})",
        (rowid, *columns.values()),
    )


def _expansions() -> list[tuple[str, str, str]]:
    """(lang, normalized word, means): the alias files, and the other language's glossary terms and titles."""
    from kotguide.content import library
    from kotguide.content.render import OTHER_LANG
    from kotguide.content.sections import LANGS, registry

    rows = []
    for lang in LANGS:
        other = OTHER_LANG[lang]
        rows += [(lang, analysis.whole(a.word), a.means) for a in aliases.load(lang)]
        mine, theirs = library.glossary(lang), library.glossary(other)
        rows += [(lang, analysis.whole(theirs[k].term), term.term) for k, term in mine.items() if k in theirs]
        rows += [(lang, analysis.whole(s.title(other)), s.title(lang)) for s in registry().sections]
    return [row for row in rows if row[1]]


# --------------------------------------------------------------------------- reading

_local = threading.local()
_build_lock = threading.Lock()


def connection() -> sqlite3.Connection:
    """A read-only connection to the index, one per thread, reopened when the file is replaced.

    A missing index is built on first use, so a fresh checkout still serves search.
    """
    path = index_path()
    if not path.exists():
        with _build_lock:
            if not path.exists():
                build(path)
    stat = path.stat()
    key = (str(path), stat.st_ino, stat.st_mtime_ns)
    cached = getattr(_local, "db", None)
    if cached and cached[0] == key:
        return cached[1]
    if cached:
        cached[1].close()
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
    db.row_factory = sqlite3.Row
    _local.db = (key, db)
    return db


RECHECK_SECONDS = 1.0  # how often a thread looks at the index file again (a rebuild replaces it)


_HASHES: dict[str, str] = {}


def index_key() -> str:
    """Names what the index file holds now (its content hash): part of every cache key, the same on every server.

    The file is looked at again at most once a second per thread, not on every query.
    """
    path = str(index_path())
    now = time.monotonic()
    seen = getattr(_local, "key", None)
    if seen and seen[0] == path and now - seen[1] < RECHECK_SECONDS:
        return seen[2]
    try:
        stat = os.stat(path)
        file_key = f"{path}:{stat.st_ino}:{stat.st_mtime_ns}"
    except FileNotFoundError:
        file_key = "none"
    if file_key not in _HASHES:
        if len(_HASHES) > 16:
            _HASHES.clear()
        _HASHES[file_key] = (stored_hash(Path(path)) or "none")[:16] if file_key != "none" else "none"
    key = _HASHES[file_key]
    _local.key = (path, now, key)
    return key
