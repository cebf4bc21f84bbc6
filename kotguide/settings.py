"""Settings for kotguide. Development defaults; production reads the environment (see docs/deploy.md).

Production is DJANGO_DEBUG=0 with DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, KOTGUIDE_PUBLIC_ORIGIN and, for shared
positions in PostgreSQL, DATABASE_URL, for a cache shared by many app servers REDIS_URL; `manage.py check --deploy`
is clean with them. `make serve` runs that configuration behind nginx.
"""

import os
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from kotguide.site.database import from_url


def env_flag(name: str, default: bool) -> bool:
    return os.environ.get(name, "1" if default else "0").strip().lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


BASE_DIR = Path(__file__).resolve().parent.parent
CONTENT_DIR = BASE_DIR / "content"

DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"
# The development key is refused by `check --deploy` (security.W009), which `make serve` runs first.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or "dev-only-insecure-key-kotguide"
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "*" if DEBUG else "localhost,127.0.0.1")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")
# The site's public origin (scheme and host): canonical and hreflang links, the sitemap and the page cache's keys use
# it, never the request's Host header. Production defaults to https:// and the first allowed host.
PUBLIC_ORIGIN = os.environ.get("KOTGUIDE_PUBLIC_ORIGIN", "" if DEBUG else f"https://{ALLOWED_HOSTS[0]}").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.staticfiles",
    "django_ratelimit",
    "django_htmx",
    "kotguide.site",
    "kotguide.rules",
    "kotguide.cards",
    "kotguide.components",
    "kotguide.monsters",
    "kotguide.search",
    "kotguide.sandbox",
    "kotguide.disputes",
    "kotguide.learn",
    "kotguide.practice",
    "kotguide.follow",
]

MIDDLEWARE = [
    # content pages, once finished, are answered from the `pages` cache without the rest of the chain (PAGE_CACHE)
    "kotguide.site.pagecache.PageCacheMiddleware",
    "kotguide.site.security.SecurityHeadersMiddleware",  # CSP and friends, static files included
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.gzip.GZipMiddleware",  # the one compressing layer for dynamic answers (nginx adds none)
    "django.middleware.http.ConditionalGetMiddleware",  # ETag / If-None-Match → 304
    "kotguide.site.pagecache.ContentPageMiddleware",  # content pages: public, with an ETag from their bytes
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "kotguide.site.errors.ErrorPageMiddleware",  # bodiless 4xx (wrong method) get the page in the reader's language
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

# Content pages carry no per-visitor bytes: public Cache-Control, an ETag, and kept in the `pages` cache once
# finished (kotguide.site.pagecache).
PAGE_CACHE = env_flag("KOTGUIDE_PAGE_CACHE", True)
PAGE_MAX_AGE = int(os.environ.get("KOTGUIDE_PAGE_MAX_AGE", "300"))  # seconds a browser or nginx keeps a content page

# The shared cache: Redis when REDIS_URL says so (every app server sees the same game snapshots and rate counts),
# else files under var/cache (no server; shared by the workers of one machine). Rendered pages stay in each process.
CACHE_DIR = Path(os.environ.get("KOTGUIDE_CACHE_DIR", BASE_DIR / "var" / "cache"))
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": os.environ["REDIS_URL"],
         "KEY_PREFIX": "kotguide", "TIMEOUT": 7 * 24 * 3600}
        if os.environ.get("REDIS_URL")
        else {"BACKEND": "kotguide.site.filecache.FileCache", "LOCATION": str(CACHE_DIR),
              "TIMEOUT": 24 * 3600, "OPTIONS": {"MAX_ENTRIES": 5000}}
    ),
    # the sandbox regions' HTML (kotguide.sandbox.step), apart so that it never pushes game snapshots out; an hour:
    # a region is worth keeping while its game is played (about 8 KB a step before compression)
    "regions": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": os.environ["REDIS_URL"],
         "KEY_PREFIX": "kotguide-regions", "TIMEOUT": 3600}
        if os.environ.get("REDIS_URL")
        else {"BACKEND": "kotguide.site.filecache.FileCache", "LOCATION": str(CACHE_DIR / "regions"),
              "TIMEOUT": 3600, "OPTIONS": {"MAX_ENTRIES": 20000}}
    ),
    "pages": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "pages", "TIMEOUT": None,
              "OPTIONS": {"MAX_ENTRIES": 2000}},
}

# Rate limits per client (kotguide.site.ratelimits; django-ratelimit on the default cache): "<count>/<s|m|h>".
RATELIMIT_ENABLE = env_flag("KOTGUIDE_RATELIMIT", not DEBUG)
RATELIMIT_USE_CACHE = "default"
RATELIMIT_WRITES = os.environ.get("KOTGUIDE_RATELIMIT_WRITES", "30/m")  # positions stored: share, new game, editor
RATELIMIT_READS = os.environ.get("KOTGUIDE_RATELIMIT_READS", "300/m")  # replays and searches
# whose address counts: behind the site's nginx, the client's address it passes on (X-Real-IP); else the peer's
RATELIMIT_IP_META_KEY = os.environ.get("KOTGUIDE_CLIENT_IP_META", "REMOTE_ADDR")
# django-ratelimit knows neither Django's own RedisCache (atomic INCR; W001) nor why a file cache is fine on one
# machine (E003: its increment is not atomic, so a burst at the same instant may let a few extra requests through,
# which a limit of this kind tolerates). With REDIS_URL the file cache is not used.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"] + ([] if os.environ.get("REDIS_URL") else ["django_ratelimit.E003"])

ROOT_URLCONF = "kotguide.urls"
WSGI_APPLICATION = "kotguide.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "kotguide.site.context.site",
            ],
        },
    },
]

# DATABASE_URL (sqlite:///path or postgres://user:password@host:port/name) holds the shared positions; without it,
# SQLite in KOTGUIDE_DB or db.sqlite3. The search index is a separate read-only file that every app server builds.
if os.environ.get("DATABASE_URL"):
    DATABASES = {
        "default": from_url(
            os.environ["DATABASE_URL"], BASE_DIR, conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60"))
        )
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("KOTGUIDE_DB", BASE_DIR / "db.sqlite3"),
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
LANGUAGES = [("ja", _("Japanese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# No session or auth: the site keeps nothing about its readers.
CSRF_COOKIE_SAMESITE = "Strict"
CSRF_FAILURE_VIEW = "kotguide.site.errors.csrf_failure"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Content-Security-Policy, Permissions-Policy, Cross-Origin-Resource-Policy: kotguide.site.security.
# Whitenoise: hashed static files (css/site.<hash>.css) get a year and `immutable`; it serves .gz beside each file.

if not DEBUG:
    # Behind a TLS proxy that sets X-Forwarded-Proto (gunicorn trusts it from FORWARDED_ALLOW_IPS, by default
    # 127.0.0.1): plain-http requests are redirected, HSTS tells browsers to come back over https only.
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", True)
    if not SECURE_SSL_REDIRECT:  # the proxy redirects to https itself (or a look over plain http on this machine)
        SILENCED_SYSTEM_CHECKS.append("security.W008")
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_flag("DJANGO_HSTS_PRELOAD", True)
    CSRF_COOKIE_SECURE = True
    SESSION_COOKIE_SECURE = True  # no sessions are used; set for completeness

# Server errors reach the log (gunicorn's stderr) in production too; DJANGO_LOG_LEVEL=WARNING adds the 4xx.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "ERROR")}},
}
