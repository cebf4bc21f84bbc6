"""Handing a shared table across: its absolute address, built from the site's public origin (settings.PUBLIC_ORIGIN,
KOTGUIDE_PUBLIC_ORIGIN), never from the request's Host header, and a QR code of that address drawn here by segno
(SVG, no outside service). Without a public origin (development) there is no absolute address and no code."""

from __future__ import annotations

import io
from functools import lru_cache

import segno
from django.conf import settings

QR_SCALE = 4  # pixels per module: a version 6 code (41 modules and the quiet zone) is about 200 px wide


def absolute(address: str) -> str | None:
    """The address (a path and query of this site) as others can open it, or None without a public origin."""
    return settings.PUBLIC_ORIGIN + address if settings.PUBLIC_ORIGIN else None


@lru_cache(maxsize=256)
def qr_svg(text: str) -> bytes:
    """A QR code of `text` as an SVG document: black on white whatever the page's colours, so phones can read it."""
    code = segno.make(text, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=QR_SCALE, border=4, dark="#000", light="#fff", xmldecl=False, svgns=True)
    return out.getvalue()
