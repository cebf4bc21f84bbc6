"""Rendered pages kept in memory: a content page is rendered once per process and address, then served as bytes.

A rules, cards, glossary, FAQ or quick-reference page depends only on its address (scheme, host, path: the language
is in the path) and on content/, which is loaded once per process anyway (a content change needs a restart). So the
first GET of such a page renders it; later GETs copy the stored bytes, with no template work at all.

Two details keep this correct:

- CSRF: base.html puts a CSRF token in every page (hx-headers), and the token must be each reader's own. While a
  page is rendered for the store, the `csrf_placeholder` context processor renders a placeholder instead; each
  response gets a fresh token from `get_token(request)` in its place (which also sets the reader's CSRF cookie, as
  an uncached page would).
- Compression: each stored page is also kept gzip-compressed, cut at the placeholders with full flushes, so a
  reader whose browser accepts gzip gets the compressed pieces joined around a stored block holding the token
  (compressing a page on each request would cost more than rendering it).

Only GETs without a query string and without HX-Request are served from the store; only 200 answers of the views
in CACHED_VIEWS are stored, and at most MAX_PAGES of them (hosts are checked against ALLOWED_HOSTS before this).
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token

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
        "cards:list",
        "cards:detail",
        "components:list",
        "components:detail",
        "components:deck",
        "sandbox:index",
    }
)
MAX_PAGES = 1000  # about 400 pages per host; the Host header's port is free, so the store is bounded
PLACEHOLDER = "kotguide-csrf-placeholder-0f3a9c"
_PLACEHOLDER = PLACEHOLDER.encode()
_FILL = "_kotguide_page_fill"
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"  # no name, no mtime, best compression, unknown OS
_LAST_BLOCK = b"\x03\x00"  # an empty final fixed-Huffman block


def csrf_placeholder(request: HttpRequest) -> dict:
    """Context processor: while a page is rendered for the store, its CSRF token is a placeholder."""
    return {"csrf_token": PLACEHOLDER} if getattr(request, _FILL, False) else {}


def _deflate(data: bytes) -> bytes:
    """Raw deflate of `data`, byte-aligned and independent of what comes before or after it."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush(zlib.Z_FULL_FLUSH)


def _stored_block(data: bytes) -> bytes:
    """`data` (under 64 KB) as an uncompressed deflate block, not the last one."""
    return b"\x00" + struct.pack("<HH", len(data), len(data) ^ 0xFFFF) + data


@dataclass(frozen=True)
class Page:
    parts: tuple[bytes, ...]  # the page cut at the CSRF placeholders
    gzip_parts: tuple[bytes, ...]  # the same pieces, each deflated on its own
    content_type: str
    headers: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, response: HttpResponse) -> Page:
        parts = tuple(response.content.split(_PLACEHOLDER))
        headers = tuple(
            (name, value)
            for name, value in response.headers.items()
            if name.lower() not in ("content-type", "content-length", "set-cookie")
        )
        return cls(parts, tuple(_deflate(p) for p in parts), response["Content-Type"], headers)

    def respond(self, request: HttpRequest) -> HttpResponse:
        token = get_token(request).encode() if len(self.parts) > 1 else b""
        if _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
            body = token.join(self.parts)
            stored = _stored_block(token)
            deflated = stored.join(self.gzip_parts) if token else self.gzip_parts[0]
            trailer = struct.pack("<II", zlib.crc32(body), len(body) & 0xFFFFFFFF)
            response = HttpResponse(_GZIP_HEADER + deflated + _LAST_BLOCK + trailer, content_type=self.content_type)
            response.headers["Content-Encoding"] = "gzip"
        else:
            response = HttpResponse(token.join(self.parts), content_type=self.content_type)
        for name, value in self.headers:
            response.headers[name] = value
        response.headers["Vary"] = _vary(response.headers.get("Vary"))
        return response


def _vary(existing: str | None) -> str:
    return f"{existing}, Accept-Encoding" if existing else "Accept-Encoding"


class PageCacheMiddleware:
    """Serves the pages of CACHED_VIEWS from memory (see the module's docstring). Sits after CsrfViewMiddleware.

    settings.PAGE_CACHE = False (KOTGUIDE_PAGE_CACHE=0) turns it off, e.g. to measure what it saves.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        if not getattr(settings, "PAGE_CACHE", True):
            raise MiddlewareNotUsed
        self.get_response = get_response
        self.pages: dict[tuple[str, str, str], Page] = {}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        if request.method != "GET" or meta.get("QUERY_STRING") or "HTTP_HX_REQUEST" in meta:
            return self.get_response(request)
        key = (request.scheme, request.get_host(), request.path)
        page = self.pages.get(key)
        if page is not None:
            return page.respond(request)
        setattr(request, _FILL, True)
        response = self.get_response(request)
        setattr(request, _FILL, False)
        if getattr(response, "streaming", False):
            return response
        match = request.resolver_match
        if (
            response.status_code == 200
            and match is not None
            and match.view_name in CACHED_VIEWS
            and not response.cookies
            and len(self.pages) < MAX_PAGES
        ):
            page = Page.of(response)
            self.pages[key] = page
            return page.respond(request)
        if _PLACEHOLDER in response.content:
            response.content = response.content.replace(_PLACEHOLDER, get_token(request).encode())
        return response
