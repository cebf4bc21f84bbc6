from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from kotguide.content import library
from kotguide.content.scenarios import scenarios

TYPES = ("keep", "discard", "costume")  # "costume": the Halloween costumes (Keep cards of the costumes module)
COST_BANDS = {"2-3": range(2, 4), "4-5": range(4, 6), "6-8": range(6, 9)}


@require_safe
def card_list(request: HttpRequest) -> HttpResponse:
    card_type = request.GET.get("type", "")
    cost = request.GET.get("cost", "")
    if card_type not in ("", *TYPES) or cost not in ("", *COST_BANDS):
        return render(
            request, "site/error.html", {"status": 400, "message": _("Unknown filter value.")}, status=400
        )
    kind = "costume" if card_type == "costume" else "power"
    cards = sorted((c for c in library.cards(get_language()).values() if c.kind == kind), key=lambda c: c.sort_key)
    shown = [
        c for c in cards
        if (card_type in ("", "costume") or c.type == card_type) and (not cost or c.cost in COST_BANDS[cost])
    ]
    return render(
        request,
        "cards/list.html",
        {"cards": shown, "total": len(cards), "type": card_type, "cost": cost, "cost_bands": COST_BANDS},
    )


@require_safe
def detail(request: HttpRequest, card_id: str) -> HttpResponse:
    card = library.cards(get_language()).get(card_id)
    if card is None:
        raise Http404(card_id)
    prefix = "costume-" if card.kind == "costume" else "card-"
    scenario = f"{prefix}{card_id}" if f"{prefix}{card_id}" in scenarios() else None
    return render(request, "cards/detail.html", {"card": card, "scenario": scenario})
