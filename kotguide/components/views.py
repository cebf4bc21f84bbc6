"""Reference pages of the expansion components: curse cards, wickedness tiles, evolution cards (per card and per
monster deck). Costumes are Keep cards and live with the Power cards."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from kotguide.content import components as C
from kotguide.content.scenarios import scenarios


@require_safe
def component_list(request: HttpRequest, kind: str) -> HttpResponse:
    if kind not in C.KINDS:
        raise Http404(kind)
    lang = get_language()
    context = {"kind": kind, "components": list(C.components(lang, kind).values())}
    if kind == C.EVOLUTIONS.slug:
        context["decks"] = list(C.evolution_decks(lang).items())
    return render(request, "components/list.html", context)


@require_safe
def detail(request: HttpRequest, kind: str, component_id: str) -> HttpResponse:
    component = C.find(get_language(), kind, component_id)
    if component is None:
        raise Http404(component_id)
    scenario = component.scenario if component.scenario in scenarios() else None
    draft_source = C.deck_source_notes(get_language()).get(component.data.get("monster", ""), "")
    return render(request, "components/detail.html",
                  {"c": component, "scenario": scenario, "draft_source": draft_source})


@require_safe
def deck(request: HttpRequest, monster: str) -> HttpResponse:
    lang = get_language()
    cards = C.evolution_decks(lang).get(monster)
    if cards is None:
        raise Http404(monster)
    summary = C.deck_summaries(lang).get(monster, "")
    source_note = C.deck_source_notes(lang).get(monster, "")
    return render(request, "components/deck.html",
                  {"monster": monster, "cards": cards, "summary": summary, "source_note": source_note})
