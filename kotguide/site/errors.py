"""Error answers Django would send bare or in English, as the site's error page in the reader's language.

- A refused CSRF check (CSRF_FAILURE_VIEW): Django's own 403 page is English only.
- A wrong method (405 from require_safe / require_POST) and any other 4xx sent with an empty body.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return render(request, "site/error.html", {"status": 400}, status=403)


class ErrorPageMiddleware:
    """Gives a 4xx answer with no body the site's error page, keeping its status and headers (e.g. Allow)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            400 <= response.status_code < 500
            and request.method != "HEAD"
            and not getattr(response, "streaming", False)
            and not response.content
        ):
            page = render(request, "site/error.html", {"status": 404 if response.status_code == 404 else 400})
            response.content = page.content
            response["Content-Type"] = page["Content-Type"]
        return response
