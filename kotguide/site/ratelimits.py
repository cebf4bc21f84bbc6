"""Per-client rate limits (django-ratelimit on the shared cache): writes and expensive reads, each a setting.

Over its limit a client gets 429 in the reader's language with Retry-After (the seconds left in the window), not
Django's bare 403. Limits count per client address (settings.RATELIMIT_IP_META_KEY: behind the site's nginx the
address nginx saw, X-Real-IP) and are shared by every worker and app server through the cache.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_ratelimit.core import get_usage

WRITES = "writes"  # storing a position: share, new game, the editor's "what happens", a step that stores
READS = "reads"  # requests that replay or search: sandbox positions, the table editor's edits, search
RATES = {WRITES: "RATELIMIT_WRITES", READS: "RATELIMIT_READS"}


def limited(group: str, methods: tuple[str, ...]) -> Callable:
    """Count `methods` requests of a view in `group`; past the group's rate, answer 429."""

    def decorator(view: Callable) -> Callable:
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if request.method in methods and too_many(request, group):
                return too_many_page(request, group)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def too_many(request: HttpRequest, group: str) -> bool:
    usage = get_usage(request, group=group, key="ip", rate=getattr(settings, RATES[group]), increment=True)
    request.ratelimit_left = usage["time_left"] if usage else 0
    return bool(usage and usage["should_limit"])


def too_many_page(request: HttpRequest, group: str) -> HttpResponse:
    wait = max(1, request.ratelimit_left)
    message = _("Too many requests from your address in a short time. Wait %(seconds)s seconds and try again.") % {
        "seconds": wait}
    response = render(request, "site/error.html", {"status": 429, "message": message}, status=429)
    response["Retry-After"] = str(wait)
    return response
