"""sitemap.xml (every page in both languages, with hreflang alternates) and robots.txt."""

from __future__ import annotations

from functools import cache
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from kotguide.content import components, library
from kotguide.content.sections import LANGS, registry
from kotguide.learn import lessons
from kotguide.monsters import guide

from .context import public_origin

DEFAULT_LANG = "en"  # x-default: where a reader of neither language lands


def page_names() -> list[tuple[str, tuple[str, ...]]]:
    """Every public page, as (url name, args): the same list in each language."""
    names: list[tuple[str, tuple[str, ...]]] = [("site:home", ()), ("site:about", ()), ("rules:index", ())]
    for section in registry().sections:
        names += [("rules:section", (section.id,)), ("rules:both", (section.id,))]
    names += [("rules:glossary", ()), ("rules:faq", ()), ("rules:quick", ()), ("rules:quick-both", ()),
              ("cards:list", ())]
    names += [("sandbox:index", ()), ("resolve:form", ()), ("learn:index", ())]
    names += [("learn:lesson", (lesson_id,)) for lesson_id in lessons.by_id()]
    names += [("cards:detail", (card_id,)) for card_id in library.cards(DEFAULT_LANG)]
    for kind in components.KINDS:
        names.append(("components:list", (kind,)))
        names += [("components:detail", (kind, c)) for c in components.components(DEFAULT_LANG, kind)]
    names += [("components:deck", (monster,)) for monster in components.evolution_decks(DEFAULT_LANG)]
    names += monster_page_names()
    return names


def monster_page_names() -> list[tuple[str, tuple[str, ...]]]:
    pages = [("monsters:list", ()), *(("monsters:detail", (m,)) for m in guide.monsters(DEFAULT_LANG))]
    return [*pages, ("monsters:editions", ())]


@cache
def page_paths() -> tuple[dict[str, str], ...]:
    """Every page as {lang: path}."""
    return tuple({lang: library.url_in(lang, name, *args) for lang in LANGS} for name, args in page_names())


def _url_element(paths: dict[str, str], base: str) -> str:
    links = "".join(
        f'<xhtml:link rel="alternate" hreflang={quoteattr(code)} href={quoteattr(base + paths[lang])}/>'
        for code, lang in [*((lang, lang) for lang in LANGS), ("x-default", DEFAULT_LANG)]
    )
    return "".join(f"<url><loc>{xml_escape(base + paths[lang])}</loc>{links}</url>\n" for lang in LANGS)


@require_safe
def sitemap(request: HttpRequest) -> HttpResponse:
    base = public_origin(request)
    body = "".join(_url_element(paths, base) for paths in page_paths())
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
        f"{body}</urlset>\n"
    )
    return HttpResponse(xml, content_type="application/xml; charset=utf-8")


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    lines = ["User-agent: *"]
    lines += [
        f"Disallow: {library.url_in(lang, 'search:results')}" for lang in LANGS
    ]  # result lists: endless, thin
    lines.append(f"Sitemap: {public_origin(request)}{reverse('sitemap')}")
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
