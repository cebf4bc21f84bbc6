import re
from functools import cache

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils import translation
from django.utils.html import format_html_join
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from kotguide.content import library
from kotguide.content.components import KINDS
from kotguide.content.scenarios import scenarios_for_rule
from kotguide.content.sections import Section, registry
from kotguide.sandbox import drawings
from kotguide.sandbox.words import face_name

_H2 = re.compile(r'(?=<h2 id=")')
_H2_ID = re.compile(r'<h2 id="([^"]+)"')


def _section_or_404(section_id: str) -> Section:
    section = registry().get(section_id)
    if section is None:
        raise Http404(section_id)
    return section


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    reg = registry()
    rows = [(s, reg.depth(s)) for s in reg.sections]
    return render(request, "rules/index.html", {"rows": rows})


@require_safe
def section(request: HttpRequest, section_id: str) -> HttpResponse:
    lang = get_language()
    current = _section_or_404(section_id)
    reg = registry()
    previous, following = reg.neighbours(current)
    page = library.rules_page(lang, section_id)
    return render(
        request,
        "rules/section.html",
        {
            "section": current,
            "title": current.title(lang),
            "page": page,
            "parent": reg.get(current.parent) if current.parent else None,
            "children": [s for s in reg.sections if s.parent == current.id],
            "previous": previous,
            "following": following,
            "permalink": request.build_absolute_uri(request.path),
            "scenarios": [(s, getattr(s, f"title_{lang}")) for s in scenarios_for_rule(section_id)],
            # a module's rules link to its cards or tiles, one page each (usability review, finding 10)
            "component_kind": next((k.slug for k in KINDS.values() if k.section == section_id), None),
        },
    )


def _blocks(html: str, lang: str) -> dict[str, str]:
    """The page cut at its level-2 headings: heading id (or '' for the opening text) -> HTML.

    Both languages share heading ids, so on the side-by-side page each column's ids get its language as prefix.
    """
    html = html.replace(' id="', f' id="{lang}-').replace(' href="#', f' href="#{lang}-')
    blocks = {}
    for chunk in _H2.split(html):
        if chunk.strip():
            match = _H2_ID.match(chunk)
            blocks[match.group(1).removeprefix(f"{lang}-") if match else ""] = chunk
    return blocks


def _rows(ja_html: str, en_html: str) -> list[tuple[str, str, str]]:
    """(heading id, Japanese block, English block) for each level-2 heading of either page, in reading order."""
    ja, en = _blocks(ja_html, "ja"), _blocks(en_html, "en")
    return [(key, ja.get(key, ""), en.get(key, "")) for key in dict.fromkeys([*ja, *en])]


@require_safe
def side_by_side(request: HttpRequest, section_id: str) -> HttpResponse:
    current = _section_or_404(section_id)
    rows = _rows(library.rules_page("ja", section_id).html, library.rules_page("en", section_id).html)
    return render(request, "rules/both.html", {"section": current, "rows": rows})


@require_safe
def glossary(request: HttpRequest) -> HttpResponse:
    lang = get_language()
    other = "en" if lang == "ja" else "ja"
    mine, theirs = library.glossary(lang), library.glossary(other)
    terms = [(term, theirs.get(key)) for key, term in mine.items()]
    return render(request, "rules/glossary.html", {"terms": terms, "other_lang_code": other})


@require_safe
def faq(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/faq.html", {"entries": library.faq(get_language())})


_CELL = re.compile(r"<td>([^<]+)</td>")


@cache
def _drawn_dice(lang: str) -> str:
    """The quick reference with its dice table drawn: a face's cell ("heart", or "1, 2, 3") opens with our drawing of
    the face on its die (usability review, finding 11.8). The cells are found by the face names the site uses."""
    with translation.override(lang):  # the face names of that page's language
        faces = {str(face_name(f)).casefold(): (f,) for f in ("heart", "energy", "smash")}
    sprite = static(drawings.SPRITE_NAME)

    def cell(match: re.Match) -> str:
        text = match.group(1).strip()
        numbers = tuple(re.findall(r"[1-3]", text)) if re.fullmatch(r"1\W+2\W+3", text) else ()
        shown = numbers or faces.get(text.casefold())
        if not shown:
            return match.group(0)
        die = '<span class="die die-base {}"><svg class="die-face" viewBox="0 0 64 64"><use href="{}#{}"/></svg></span>'
        dice = format_html_join("", die, ((f"face-{f}", sprite, drawings.face_symbol(f)) for f in shown))
        return f'<td><span class="quick-dice" aria-hidden="true">{dice}</span>{match.group(1)}</td>'

    return _CELL.sub(cell, library.quick_page(lang).html)


@require_safe
def quick(request: HttpRequest) -> HttpResponse:
    lang = get_language()
    return render(request, "rules/quick.html", {"page": library.quick_page(lang), "html": _drawn_dice(lang)})


@require_safe
def quick_both(request: HttpRequest) -> HttpResponse:
    """The quick reference in Japanese and English side by side: one sheet for a table that mixes the two."""
    rows = _rows(library.quick_page("ja").html, library.quick_page("en").html)
    return render(request, "rules/quick_both.html", {"rows": rows})
