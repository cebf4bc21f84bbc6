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
from pathlib import Path

from django.conf import settings

from . import documents, normalize

# The files the index is built from, relative to CONTENT_DIR, and the code that builds it.
CONTENT_GLOBS = (
    "sections.toml",
    "cards/*.toml",
    *(
        f"{lang}/{name}"
        for lang in ("ja", "en")
        for name in ("rules/*.md", "cards.toml", "glossary.toml", "faq.toml")
    ),
)
BUILDER_FILES = (Path(documents.__file__), Path(normalize.__file__), Path(__file__))
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
    aliases TEXT NOT NULL,          -- JSON: [[label, lang, text], ...]
    body_map BLOB NOT NULL,         -- normalize(body).offsets, 4-byte unsigned ints
    title_norm TEXT NOT NULL,
    alias_norm TEXT NOT NULL,
    body_norm TEXT NOT NULL
);
CREATE INDEX docs_lang ON docs (lang);
CREATE VIRTUAL TABLE docs_fts USING fts5(
    title_norm, alias_norm, body_norm, content='docs', content_rowid='id', tokenize='trigram'
);
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
            for count, doc in enumerate(documents.all_documents(), start=1):  # noqa: B007
                body = normalize.normalize(doc.body)
                db.execute(
                    "INSERT INTO docs (id, lang, kind, key, anchor, context, title, body, aliases, body_map,"
                    " title_norm, alias_norm, body_norm) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (
                        count,
                        doc.lang,
                        doc.kind,
                        doc.key,
                        doc.anchor,
                        doc.context,
                        doc.title,
                        doc.body,
                        json.dumps([[a.label, a.lang, a.text] for a in doc.aliases], ensure_ascii=False),
                        body.offsets.tobytes(),
                        normalize.normalize(doc.title).text,
                        "\n".join(normalize.normalize(a.text).text for a in doc.aliases),
                        body.text,
                    ),
                )
            db.execute("INSERT INTO docs_fts (docs_fts) VALUES ('rebuild')")
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
