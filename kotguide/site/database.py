"""DATABASE_URL → Django's DATABASES["default"]: a few lines of our own instead of a dependency.

Two kinds of address are understood:

    sqlite:///relative/path.sqlite3      sqlite:////absolute/path.sqlite3      sqlite://:memory:
    postgres://user:password@host:port/name?sslmode=require      (postgresql:// too; user, password, port optional)

Query parameters of a PostgreSQL address go to OPTIONS (sslmode, connect_timeout, …). Percent-escapes in the user
name and password are decoded (a password with "@" or "/" is written %40, %2F).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

POSTGRES_SCHEMES = ("postgres", "postgresql", "pgsql")


def from_url(url: str, base_dir: Path | None = None, conn_max_age: int = 0) -> dict:
    """The DATABASES entry for `url`; a relative SQLite path is taken from `base_dir` (default: the current one)."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme == "sqlite":
        if parts.netloc == ":memory:" or parts.path in ("", "/", "/:memory:"):
            name: str | Path = ":memory:"
        else:
            name = Path(unquote(parts.path[1:]))  # sqlite:///rel → "rel", sqlite:////abs → "/abs"
            if not name.is_absolute() and base_dir is not None:
                name = base_dir / name
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": name}
    if scheme in POSTGRES_SCHEMES:
        try:
            port = parts.port
        except ValueError as error:
            raise ImproperlyConfigured(f"DATABASE_URL is not a valid address: {error}") from None
        name = unquote(parts.path.lstrip("/"))
        if not name:
            raise ImproperlyConfigured("DATABASE_URL names no database: postgres://user:password@host:port/NAME")
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": name,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": unquote(parts.hostname or ""),
            "PORT": str(port or ""),
            "OPTIONS": dict(parse_qsl(parts.query)),
            "CONN_MAX_AGE": conn_max_age,
            "CONN_HEALTH_CHECKS": conn_max_age > 0,
        }
    raise ImproperlyConfigured(
        f"DATABASE_URL: unknown scheme {scheme!r}; use sqlite:///path or postgres://user:password@host:port/name"
    )
