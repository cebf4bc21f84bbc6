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

from kotguide.site.context import public_origin

from . import analysis
from .search import MAX_QUERY_LENGTH, RECENT, cache_key, cached, search

PAGE_LIMIT = 20  # the top 3 matter; the rest, grouped by kind, are a way on (and bound the cost)
LIVE_LIMIT = 8  # the drop-down under the search box, as the reader types
analysis.warm()  # the dictionary loads with the app, once per process, not on a reader's first query
# Rendered blocks are cached under the template's own hash too: a deploy that changes it never serves old HTML.
_TEMPLATE = settings.BASE_DIR / "templates" / "search" / "_results.html"
_TEMPLATES = hashlib.sha256(_TEMPLATE.read_bytes()).hexdigest()[:12]


def _block(query: str, lang: str, limit: int, live: bool) -> str:
    """The results as HTML. It needs no request (nor the site's context): the language is active, and given."""
    found = search(query, lang, limit=limit, shared=False)  # shared as rendered: the block is what the cache keeps
    sections = found.live_sections if live else found.sections
    context = {"query": query, "results": found, "sections": sections, "live": live, "lang": lang}
    return render_to_string("search/_results.html", context)


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
    block = cached(key, lambda: _block(query, lang, limit, live))
    if live:
        return HttpResponse(block)
    # The whole page, in this process only (a deploy restarts it, so the layout cannot be older than the code): it
    # depends on nothing but its address (the language switch and canonical links) and the block.
    page_key = f"{key}:page:{public_origin(request)}{request.get_full_path()}"
    page = RECENT.get(page_key)
    if page is None:
        context = {"query": query, "search_query": query, "results_html": mark_safe(block)}  # noqa: S308 - rendered
        page = render_to_string("search/results.html", context, request)
        RECENT.put(page_key, page)
    return HttpResponse(page)
