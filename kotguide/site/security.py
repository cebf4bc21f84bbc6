"""Security headers Django 5.2 does not set by itself: Content-Security-Policy, Permissions-Policy and
Cross-Origin-Resource-Policy, on every response (pages, fragments, errors and static files alike).

The policy allows nothing but this site: no inline script, no eval, no inline style, no other host. It holds because
the templates carry no inline script or style (htmx comes from the site's own static files, its indicator styles are
off in <meta name="htmx-config">, and allowEval is false). Django's SecurityMiddleware sets nosniff, Referrer-Policy,
Cross-Origin-Opener-Policy and, in production, HSTS and the HTTPS redirect; XFrameOptionsMiddleware sets
X-Frame-Options (CSP's frame-ancestors says the same to newer browsers).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils import translation
from django.utils.html import escape

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",  # the service worker (/sw.js): rules readable offline
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
    ]
)
# Powerful features this site never uses; the clipboard (copy buttons) stays allowed.
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Resource-Policy": "same-origin",
}


class SecurityHeadersMiddleware:
    """Adds HEADERS to every response that does not set them itself, and refuses a bad Host header first.

    A Host header that ALLOWED_HOSTS refuses (or that is no host name at all) gets a plain 400 page here, in the
    language of the address: further in, the error page itself would need the host for its canonical links.
    With DEBUG on, Django's own technical error pages (inline style and script) are left without a policy so that
    they stay readable; the site's pages always get it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            request.get_host()
        except DisallowedHost:
            response = bad_host(request)
        else:
            response = self.get_response(request)
        if settings.DEBUG and response.status_code >= 400 and _is_technical(response):
            return response
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response


def _is_technical(response: HttpResponse) -> bool:
    """Django's DEBUG 404/500 pages (never sent with DEBUG off)."""
    if getattr(response, "streaming", False):
        return False
    return b'<meta name="robots" content="NONE,NOARCHIVE">' in response.content[:2000]


def bad_host(request: HttpRequest) -> HttpResponse:
    """A 400 page that needs neither the host nor the templates' context, in the language of the address."""
    lang = translation.get_language_from_path(request.path_info) or settings.LANGUAGE_CODE
    with translation.override(lang):
        title = escape(translation.gettext("Bad request"))
        text = escape(
            translation.gettext("The request could not be understood. Check the address or the form and try again.")
        )
    return HttpResponseBadRequest(
        f'<!doctype html>\n<html lang="{lang}">\n<head><meta charset="utf-8"><title>{title} · kotguide</title></head>\n'
        f"<body><main><h1>{title}</h1><p>{text}</p></main></body>\n</html>\n"
    )
