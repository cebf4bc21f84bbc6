import hashlib

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from . import analysis
from .search import CACHE_SECONDS, MAX_QUERY_LENGTH, cache_key, results_cache, search

PAGE_LIMIT = 20  # the top 3 matter; the rest, grouped by kind, are a way on (and bound the cost)
LIVE_LIMIT = 8  # the drop-down under the search box, as the reader types
analysis.warm()  # the dictionary loads with the app, once per process, not on a reader's first query
# Rendered blocks are cached under the templates' own hash too: a deploy that changes them never serves old HTML.
_TEMPLATE_DIR = settings.BASE_DIR / "templates" / "search"
_TEMPLATES = hashlib.sha256(
    b"".join((_TEMPLATE_DIR / name).read_bytes() for name in ("_results.html", "_hit.html"))
).hexdigest()[:12]


@require_safe
@vary_on_headers("HX-Request")
def results(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    if len(query) > MAX_QUERY_LENGTH:
        message = _("The search is too long: use at most %(limit)d characters.") % {"limit": MAX_QUERY_LENGTH}
        return render(request, "site/error.html", {"status": 400, "message": message}, status=400)
    htmx = getattr(request, "htmx", None)
    live = bool(htmx) and not htmx.history_restore_request
    lang = get_language()
    limit = LIVE_LIMIT if live else PAGE_LIMIT
    # The results block as rendered, cached beside the results: it echoes the query as typed.
    key = f"{cache_key(query, lang, limit)}:html:{_TEMPLATES}:{hashlib.sha256(query.encode()).hexdigest()[:16]}"
    cache = results_cache()
    block = cache.get(key)
    if block is None:
        found = search(query, lang, limit=limit)
        block = render_to_string("search/_results.html", {"query": query, "results": found, "live": live}, request)
        cache.set(key, block, CACHE_SECONDS)
    if live:
        return HttpResponse(block)
    context = {"query": query, "search_query": query, "results_html": mark_safe(block)}  # noqa: S308 - rendered above
    return render(request, "search/results.html", context)
