"""The monsters list and one page per monster (``guide``)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from . import editions, guide


@require_safe
def monster_list(request: HttpRequest) -> HttpResponse:
    pages = list(guide.monsters(get_language()).values())
    return render(request, "monsters/list.html", {
        "playable": [m for m in pages if m.playable], "page_only": [m for m in pages if not m.playable]})


@require_safe
def detail(request: HttpRequest, monster: str) -> HttpResponse:
    page = guide.monsters(get_language()).get(monster)
    if page is None:
        raise Http404(monster)
    return render(request, "monsters/detail.html", {"m": page})


@require_safe
def edition_changes(request: HttpRequest) -> HttpResponse:
    return render(request, "monsters/editions.html", {"groups": editions.grouped(get_language())})
