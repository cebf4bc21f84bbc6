"""Content pages: the same bytes for every reader, so browsers, nginx and this process may all keep them.

A rules, cards, glossary, FAQ or quick-reference page depends only on its path (the language is in it) and on
content/, which is loaded once per process (a content change needs a restart, which also empties nginx's cache; see
docs/deploy.md). Such a page carries no per-visitor bytes: no CSRF token (only pages with a form that posts have
one), no cookie. So each answer says `Cache-Control: public` with an ETag from the content's hash (Django's
ConditionalGetMiddleware answers a matching If-None-Match with 304), and the rendered page is kept in the `pages`
cache, keyed by the site's configured public origin and the path only: a Host header with another port or name
cannot fill it (and hosts outside ALLOWED_HOSTS never get this far).

Only GETs without a query string and without HX-Request are stored, and only 200 answers of CACHED_VIEWS without
cookies. Compression is GZipMiddleware's, after this (nginx adds none; docs/deploy.md).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control

CACHED_VIEWS = frozenset(
    {
        "site:home",
        "site:about",
        "rules:index",
        "rules:section",
        "rules:both",
        "rules:glossary",
        "rules:faq",
        "rules:quick",
        "rules:quick-both",
        "cards:list",
        "cards:detail",
        "components:list",
        "components:detail",
        "components:deck",
    }
)


def content_page(response: HttpResponse) -> HttpResponse:
    """Mark an answer cacheable by anyone: public, with max-age, and an ETag from its bytes."""
    patch_cache_control(response, public=True, max_age=settings.PAGE_MAX_AGE)
    response["ETag"] = '"' + hashlib.sha256(response.content).hexdigest()[:32] + '"'
    return response


class PageCacheMiddleware:
    """Marks content pages cacheable and serves them from the `pages` cache. Sits inside ConditionalGetMiddleware
    and outside the rest, so a kept page is answered without running them; it keeps every header they added.
    settings.PAGE_CACHE = False (KOTGUIDE_PAGE_CACHE=0) stops the storing (the headers stay), e.g. to measure what
    it saves; so does an empty PUBLIC_ORIGIN (development)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response
        self.store = caches["pages"]

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        if request.method != "GET" or meta.get("QUERY_STRING") or "HTTP_HX_REQUEST" in meta:
            return self.get_response(request)
        key = f"{settings.PUBLIC_ORIGIN}{request.path}"
        storing = settings.PAGE_CACHE and bool(settings.PUBLIC_ORIGIN)
        kept = self.store.get(key) if storing else None
        if kept is not None:
            content, headers = kept
            return HttpResponse(content, headers=dict(headers))
        response = self.get_response(request)
        match = request.resolver_match
        if (
            response.status_code != 200
            or getattr(response, "streaming", False)
            or match is None
            or match.view_name not in CACHED_VIEWS
            or response.cookies
        ):
            return response
        content_page(response)
        if storing:
            self.store.set(key, (response.content, list(response.headers.items())))
        return response
