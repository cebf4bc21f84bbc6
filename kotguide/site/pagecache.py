"""Content pages: the same bytes for every reader, so browsers, nginx and this process may all keep them.

A rules, cards, glossary, FAQ or quick-reference page depends only on its path (the language is in it) and on
content/, which is loaded once per process (a content change needs a restart, which also empties nginx's cache; see
docs/deploy.md). Such a page carries no per-visitor bytes: no CSRF token (only pages with a form that posts have
one), no cookie. So `ContentPageMiddleware` marks each answer `Cache-Control: public` with an ETag from its bytes
(before compression; GZipMiddleware makes it weak), and `PageCacheMiddleware`, the outermost middleware, keeps the
finished answer, every header and the compression included, in the `pages` cache. A kept answer goes out without
running any other middleware, the view or the templates, which is what makes Django alone about as fast as a static
file server (bench/pages.py, ratio B).

A kept answer depends on what the middleware chain looks at: the path, whether the client takes gzip and whether the
request came over https (HSTS, the https redirect). The key is those three and the site's configured public origin:
a Host header with another port or name cannot fill the cache, and a Host outside ALLOWED_HOSTS is sent on to the
chain, which refuses it. Only GETs without a query string and without HX-Request are kept, and only 200 answers of
CACHED_VIEWS without cookies.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import get_conditional_response, patch_cache_control

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
# what describes the body itself: a 304 carries the other headers of the answer it stands for (RFC 9110, 15.4.5)
REPRESENTATION_HEADERS = frozenset({"content-type", "content-length", "content-encoding", "content-language"})


def is_content_page(request: HttpRequest, response: HttpResponse) -> bool:
    match = request.resolver_match
    return (
        response.status_code == 200
        and not getattr(response, "streaming", False)
        and match is not None
        and match.view_name in CACHED_VIEWS
        and not response.cookies
    )


class ContentPageMiddleware:
    """Marks content pages cacheable by anyone: public, with max-age, and an ETag from their bytes. Sits inside
    GZipMiddleware and ConditionalGetMiddleware (which answers a matching If-None-Match with 304)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.method == "GET" and is_content_page(request, response):
            patch_cache_control(response, public=True, max_age=settings.PAGE_MAX_AGE)
            response["ETag"] = '"' + hashlib.sha256(response.content).hexdigest()[:32] + '"'
        return response


class PageCacheMiddleware:
    """Keeps finished content pages and answers them, or a 304 for them, without the rest of the chain.
    settings.PAGE_CACHE = False (KOTGUIDE_PAGE_CACHE=0) stops the keeping (the headers stay), e.g. to measure what
    it saves; so does an empty PUBLIC_ORIGIN (development)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response
        self.store = caches["pages"]

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        if (
            request.method != "GET"
            or meta.get("QUERY_STRING")
            or "HTTP_HX_REQUEST" in meta
            or not (settings.PAGE_CACHE and settings.PUBLIC_ORIGIN)
        ):
            return self.get_response(request)
        encoding = "gzip" if re_accepts_gzip.search(meta.get("HTTP_ACCEPT_ENCODING", "")) else "identity"
        key = f"{settings.PUBLIC_ORIGIN}{request.path}|{encoding}|{request.scheme}"
        kept = self.store.get(key)
        if kept is not None and self._host_allowed(request):
            return self._answer(request, *kept)
        response = self.get_response(request)
        if is_content_page(request, response) and "ETag" in response:
            self.store.set(key, (response.content, list(response.headers.items())))
        return response

    @staticmethod
    def _host_allowed(request: HttpRequest) -> bool:
        try:
            request.get_host()
        except DisallowedHost:
            return False  # the chain answers it (kotguide.site.security)
        return True

    @staticmethod
    def _answer(request: HttpRequest, content: bytes, headers: list[tuple[str, str]]) -> HttpResponse:
        response = HttpResponse(content, headers=dict(headers))
        if "HTTP_IF_NONE_MATCH" not in request.META and "HTTP_IF_MODIFIED_SINCE" not in request.META:
            return response
        answer = get_conditional_response(request, etag=response["ETag"], response=response)
        if answer.status_code == 304:  # with the answer's other headers, the security headers among them
            for name, value in headers:
                if name.lower() not in REPRESENTATION_HEADERS:
                    answer.headers.setdefault(name, value)
        return answer
