from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from .search import MAX_QUERY_LENGTH, search

PAGE_LIMIT = 50
LIVE_LIMIT = 8  # the drop-down under the search box, as the reader types


@require_safe
@vary_on_headers("HX-Request")
def results(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    if len(query) > MAX_QUERY_LENGTH:
        message = _("The search is too long: use at most %(limit)d characters.") % {"limit": MAX_QUERY_LENGTH}
        return render(request, "site/error.html", {"status": 400, "message": message}, status=400)
    htmx = getattr(request, "htmx", None)
    live = bool(htmx) and not htmx.history_restore_request
    found = search(query, get_language(), limit=LIVE_LIMIT if live else PAGE_LIMIT)
    context = {"query": query, "search_query": query, "results": found, "live": live}
    return render(request, "search/_results.html" if live else "search/results.html", context)
