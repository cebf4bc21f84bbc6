"""The service worker at /sw.js (its scope is the whole site): static/sw.js with what it keeps filled in.

It precaches the rules (every section), the glossary, the FAQ and the quick reference in both languages, with the
static files they load, and keeps every card and component page a reader opens; when the network fails it answers
from that store, and for anything else (the sandbox, search, the resolver) with a page saying it needs the server.
The cache's name changes with the content and the static files, so a new release replaces it.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.utils import translation
from django.views.decorators.http import require_safe

from kotguide.content import library
from kotguide.content.sections import LANGS, registry

ASSETS = ("css/site.css", "js/site.js", "django_htmx/htmx-2.min.js", "favicon.svg")


def precached() -> list[str]:
    pages = []
    for lang in LANGS:
        pages += [library.url_in(lang, name) for name in ("site:home", "rules:index", "rules:glossary", "rules:faq",
                                                           "rules:quick", "rules:quick-both")]
        pages += [library.url_in(lang, "rules:section", section.id) for section in registry().sections]
    return pages + [static(name) for name in ASSETS]


def offline_texts() -> dict:
    texts = {}
    for lang in LANGS:
        with translation.override(lang):
            texts[lang] = {
                "lang": lang,
                "title": translation.gettext("You are offline"),
                "needs": translation.gettext(
                    "This page needs the server: the sandbox replays each step on it. The rules, glossary, FAQ, "
                    "quick reference and the cards you have opened stay readable offline."
                ),
                "rules": library.url_in(lang, "rules:index"),
                "rulesLabel": translation.gettext("Rules"),
                "css": static("css/site.css"),
            }
    return texts


@cache
def worker_source() -> bytes:
    source = Path(finders.find("sw.js")).read_text(encoding="utf-8")
    precache = precached()
    # a new release (other text, other hashed static names, another worker) gets a new cache
    text = hashlib.sha256()
    for path in sorted(Path(settings.CONTENT_DIR).rglob("*")):
        if path.is_file():
            text.update(path.read_bytes())
    version = hashlib.sha256(json.dumps([precache, text.hexdigest(), source]).encode()).hexdigest()[:12]
    for line, value in (
        ('const VERSION = "";', f"const VERSION = {json.dumps(version)};"),
        ("const PRECACHE = [];", f"const PRECACHE = {json.dumps(precache)};"),
        ("const OFFLINE = {};", f"const OFFLINE = {json.dumps(offline_texts(), ensure_ascii=False)};"),
    ):
        assert line in source, line
        source = source.replace(line, value)
    return source.encode()


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(worker_source(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # browsers check for a new worker on each visit
    return response
