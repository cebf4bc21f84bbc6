"""Markdown to HTML for content/, with the site's pseudo-links resolved in the reader's language.

`[text](rule:heal#heal-where)`, `[text](card:acid-attack)`, `[text](term:heal)` and the expansion components'
`[text](curse:set-storm)`, `[text](tile:devious)`, `[text](evolution:freeze-ray)` become real links (card and
component links take the component's name in the reader's language);
headings get a permalink anchor and a link to the same heading in the other language.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from collections.abc import Callable
from dataclasses import dataclass, field

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

EXTENSIONS = ["toc", "tables", "attr_list", "md_in_html", "admonition", "fenced_code"]
PSEUDO_SCHEMES = ("rule", "card", "term", "scenario", "monster", "curse", "tile", "evolution")
COMPONENT_SCHEMES = ("curse", "tile", "evolution")  # expansion components: [text](curse:set-storm)
OTHER_LANG = {"ja": "en", "en": "ja"}
OTHER_LANG_LABEL = {"ja": "日本語", "en": "English"}


@dataclass(frozen=True)
class Heading:
    id: str
    text: str
    level: int


@dataclass
class Rendered:
    html: str
    headings: list[Heading]
    links: list[tuple[str, str]] = field(default_factory=list)  # (scheme, target) pairs, for checks


@dataclass(frozen=True)
class LinkContext:
    """What the renderer needs to know to resolve pseudo-links; supplied by the caller (no Django here)."""

    lang: str
    url_for: Callable[[str, str, str], str]  # (scheme, target, lang) -> url
    term_in_other_lang: Callable[[str], str | None]  # term key -> the other language's term
    card_name: Callable[[str], str | None]  # card id -> its name in this language (one name per card, everywhere)
    heading_url_in_other_lang: Callable[[str], str] | None = None  # heading id -> url of the twin heading
    component_name: Callable[[str, str], str | None] = lambda scheme, target: None  # (scheme, id) -> its name


class _SiteLinks(Treeprocessor):
    def __init__(self, md: markdown.Markdown, context: LinkContext, found: list[tuple[str, str]]):
        super().__init__(md)
        self.context = context
        self.found = found

    def run(self, root: etree.Element) -> None:
        for parent in root.iter():
            for child in list(parent):
                if child.tag == "a":
                    self._link(child)
                elif child.tag in ("h2", "h3", "h4") and child.get("id"):
                    self._heading(child)

    def _link(self, a: etree.Element) -> None:
        href = a.get("href", "")
        scheme, _, target = href.partition(":")
        if scheme not in PSEUDO_SCHEMES or not target:
            return
        self.found.append((scheme, target))
        a.set("href", self.context.url_for(scheme, target, self.context.lang))
        if scheme in ("card", *COMPONENT_SCHEMES):
            name = (self.context.card_name(target) if scheme == "card"
                    else self.context.component_name(scheme, target))
            if name:
                for child in list(a):
                    a.remove(child)
                a.text = name
        elif scheme == "term":
            other = self.context.term_in_other_lang(target.split("#")[0])
            a.set("class", "term")
            if other:
                tip = etree.SubElement(a, "span", {"class": "term-tip", "lang": OTHER_LANG[self.context.lang]})
                tip.text = other

    def _heading(self, h: etree.Element) -> None:
        anchor = etree.SubElement(h, "a", {"class": "heading-anchor", "href": f"#{h.get('id')}"})
        anchor.text = "#"
        anchor.set("aria-hidden", "true")
        anchor.set("tabindex", "-1")
        if self.context.heading_url_in_other_lang:
            other = OTHER_LANG[self.context.lang]
            twin = etree.SubElement(
                h,
                "a",
                {
                    "class": "heading-lang",
                    "href": self.context.heading_url_in_other_lang(h.get("id", "")),
                    "hreflang": other,
                    "lang": other,
                },
            )
            twin.text = OTHER_LANG_LABEL[other]


class _SiteLinksExtension(Extension):
    def __init__(self, context: LinkContext, found: list[tuple[str, str]]):
        super().__init__()
        self.context = context
        self.found = found

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 (Markdown's API name)
        # After the toc extension (priority 20) has read the headings, so our anchors stay out of it.
        md.treeprocessors.register(_SiteLinks(md, self.context, self.found), "kotguide-links", 5)


def render(text: str, context: LinkContext) -> Rendered:
    found: list[tuple[str, str]] = []
    md = markdown.Markdown(
        extensions=[*EXTENSIONS, _SiteLinksExtension(context, found)],
        extension_configs={"toc": {"toc_depth": "2-4"}},
    )
    html = md.convert(text)
    headings = [Heading(t["id"], t["name"], t["level"]) for t in _flatten(md.toc_tokens)]  # type: ignore[attr-defined]
    return Rendered(html=html, headings=headings, links=found)


def _flatten(tokens: list[dict]) -> list[dict]:
    out: list[dict] = []
    for t in tokens:
        out.append(t)
        out.extend(_flatten(t.get("children", [])))
    return out
