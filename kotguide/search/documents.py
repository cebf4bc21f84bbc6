"""The documents of the search index, read from content/ through kotguide.content.

One document per rule-section intro and per level-2/3 heading, per card, per expansion component, per
glossary term, per FAQ entry, per heading of the player aid and per lesson, in each language. A document
keeps its original text (shown, highlighted) and says where it lives (kind, key, anchor, and the URL name
and arguments of its page); the address itself is computed when a result is shown.

A new kind of page with text is indexed by writing its producer and adding one line to PRODUCERS.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

from kotguide.content import components, library
from kotguide.content.render import OTHER_LANG
from kotguide.content.sections import LANGS, registry
from kotguide.monsters import editions, guide

log = logging.getLogger(__name__)



@dataclass(frozen=True)
class Alias:
    """Another name a document is found by: the other language's name, the 2011 name, a reading."""

    label: str  # "other" | "2011" | "reading"
    lang: str
    text: str


@dataclass(frozen=True)
class Document:
    lang: str
    kind: str
    key: str  # section id, card id, term key or FAQ key
    anchor: str  # heading id ("" for a section's opening text, a card, a term or a question)
    title: str
    body: str
    context: str = ""  # the section title, for a heading
    aliases: tuple[Alias, ...] = field(default=())
    summary: str = ""  # an FAQ entry's one-line answer, shown as its snippet
    module: bool = False  # about an expansion module (a section under "modules", an FAQ entry citing one)
    url_name: str = ""
    url_args: tuple[str, ...] = ()


# --------------------------------------------------------------------------- HTML to plain text

_BLOCKS = {
    "p",
    "li",
    "ul",
    "ol",
    "div",
    "dl",
    "dt",
    "dd",
    "table",
    "tr",
    "td",
    "th",
    "blockquote",
    "pre",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "section",
    "details",
    "summary",
    "figure",
    "figcaption",
}
_VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "col", "area", "base", "embed", "source", "track"}
_SKIP_CLASSES = {"term-tip", "heading-anchor", "heading-lang"}  # added by the renderer, not part of the text
_CJK = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
_CJK_GAP = re.compile(rf"(?<=[{_CJK}]) (?=[{_CJK}])")
_SPACES = re.compile(r"\s+")


@dataclass
class Part:
    anchor: str
    title: str
    level: int
    chunks: list[str] = field(default_factory=list)


class _Splitter(HTMLParser):
    """Section HTML cut at its h2/h3 headings, as plain text, without the renderer's tips and anchors."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts = [Part("", "", 0)]
        self.skip = 0
        self.heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            if tag == "br" and not self.skip:
                self._out("\n")
            return
        if self.skip:
            self.skip += 1
            return
        a = dict(attrs)
        if _SKIP_CLASSES & set((a.get("class") or "").split()):
            self.skip = 1
            return
        if tag in ("h2", "h3") and a.get("id"):
            self.parts.append(Part(a["id"] or "", "", int(tag[1])))
            self.heading = []
        elif tag in _BLOCKS:
            self._out("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br" and not self.skip:
            self._out("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        if self.skip:
            self.skip -= 1
            return
        if tag in ("h2", "h3") and self.heading is not None:
            self.parts[-1].title = clean_text("".join(self.heading))
            self.heading = None
        elif tag in _BLOCKS:
            self._out("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self._out(_SPACES.sub(" ", data))

    def _out(self, text: str) -> None:
        (self.heading if self.heading is not None else self.parts[-1].chunks).append(text)


def clean_text(text: str) -> str:
    """Blocks joined by a space; a line break inside Japanese text leaves no space between characters."""
    lines = (_CJK_GAP.sub("", _SPACES.sub(" ", line)).strip() for line in text.split("\n"))
    return " ".join(line for line in lines if line)


def html_parts(html: str) -> list[Part]:
    splitter = _Splitter()
    splitter.feed(html)
    splitter.close()
    return splitter.parts


def html_text(html: str) -> str:
    return " ".join(clean_text("".join(p.chunks)) for p in html_parts(html))


# --------------------------------------------------------------------------- documents per kind


def module_sections() -> set[str]:
    """The sections of the expansion modules: every section under "modules", not the modules overview itself."""
    return {s.id for s in registry().sections if s.parent and registry().root(s).id == "modules"}


def rule_documents(lang: str) -> Iterator[Document]:
    modules = module_sections()
    for section in registry().sections:
        if not library.content_path(lang, "rules", f"{section.id}.md").exists():
            log.warning("search: no %s text for rule section %s", lang, section.id)
            continue
        title = section.title(lang)
        for part in html_parts(library.rules_page(lang, section.id).html):
            body = clean_text("".join(part.chunks))
            where = {"url_name": "rules:section", "url_args": (section.id,), "module": section.id in modules}
            if part.anchor:
                yield Document(lang, "rule", section.id, part.anchor, part.title, body, context=title, **where)
            else:
                yield Document(lang, "rule", section.id, "", title, body, **where)


def card_documents(lang: str) -> Iterator[Document]:
    other = OTHER_LANG[lang]
    kana = {**library.load_toml("ja", "cards.toml"), **library.load_toml("ja", "costumes.toml")}
    for card in library.cards(lang).values():
        aliases = [Alias("other", other, card.other_name)]
        if card.name_2011:
            aliases.append(Alias("2011", "en", card.name_2011))
        if reading := kana.get(card.id, {}).get("name_kana"):
            aliases.append(Alias("reading", "ja", reading))
        body = " · ".join([card.effect, card.timing, *card.rulings])
        yield Document(
            lang, "card", card.id, "", card.name, body, aliases=tuple(aliases), url_name="cards:detail",
            url_args=(card.id,),
        )


def component_documents(lang: str) -> Iterator[Document]:
    """Curse cards, wickedness tiles, evolution cards: key "<kind>/<id>"."""
    for kind in components.KINDS:
        kana = library.load_toml("ja", components.KINDS[kind].file)
        for c in components.components(lang, kind).values():
            aliases = [Alias("other", OTHER_LANG[lang], c.other_name)]
            if reading := kana.get(c.id, {}).get("name_kana"):
                aliases.append(Alias("reading", "ja", reading))
            body = " · ".join([*(text for _key, text in c.effects), c.timing, *c.rulings])
            yield Document(
                lang, "component", f"{kind}/{c.id}", "", c.name, body, aliases=tuple(aliases),
                url_name="components:detail", url_args=(kind, c.id),
            )


def term_documents(lang: str) -> Iterator[Document]:
    if not library.content_path(lang, "glossary.toml").exists():
        log.warning("search: no %s glossary", lang)
        return
    other_path = library.content_path(OTHER_LANG[lang], "glossary.toml")
    theirs = library.glossary(OTHER_LANG[lang]) if other_path.exists() else {}
    for key, term in library.glossary(lang).items():
        aliases = []
        if term.reading:
            aliases.append(Alias("reading", lang, term.reading))
        if twin := theirs.get(key):
            aliases.append(Alias("other", OTHER_LANG[lang], twin.term))
            if twin.reading:
                aliases.append(Alias("reading", OTHER_LANG[lang], twin.reading))
        yield Document(
            lang, "term", key, f"term-{key}", term.term, term.definition, aliases=tuple(aliases),
            url_name="rules:glossary",
        )


def faq_documents(lang: str) -> Iterator[Document]:
    if not library.content_path(lang, "faq.toml").exists():
        log.warning("search: no %s FAQ", lang)
        return
    modules = module_sections()
    for entry in library.faq(lang):
        answer = html_text(entry.answer_html)
        body = " ".join(filter(None, [answer, html_text(entry.other_reading_html)]))
        yield Document(
            lang, "faq", entry.key, entry.key, entry.question, body, summary=first_sentence(answer),
            url_name="rules:faq", module=any(r in modules for r in entry.rules),
        )


def quick_documents(lang: str) -> Iterator[Document]:
    """The player aid, one document per heading."""
    page = library.quick_page(lang)
    for part in html_parts(page.html):
        if part.anchor:
            body = clean_text("".join(part.chunks))
            yield Document(lang, "quick", "quick", part.anchor, part.title, body, url_name="rules:quick")


def lesson_documents(lang: str) -> Iterator[Document]:
    from kotguide.learn.lessons import lessons  # the learn app reads its own files

    for lesson in lessons():
        text = " ".join(html_text(library.render_markdown(lesson.intro[lang], lang).html).split())
        body = " ".join(filter(None, [lesson.summary[lang], text]))
        yield Document(
            lang, "lesson", lesson.id, "", lesson.title[lang], body, url_name="learn:lesson", url_args=(lesson.id,)
        )


_SENTENCE_END = re.compile(r"(?<=[。！？])|(?<=[.!?])\s")


def first_sentence(text: str) -> str:
    """The first sentence: an FAQ answer's short answer ("No." alone is followed by its reason)."""
    parts = [p.strip() for p in _SENTENCE_END.split(text) if p.strip()]
    if not parts:
        return ""
    first = parts[0]
    if len(first) <= 12 and len(parts) > 1:  # はい。 / No. : keep the reason that follows
        first = f"{first} {parts[1]}" if first.isascii() else first + parts[1]
    return first


def monster_documents(lang: str) -> Iterator[Document]:
    """The monster pages: key = monster id."""
    for m in guide.monsters(lang).values():
        body = " · ".join(filter(None, [m.box, m.intro, m.deck_note, *(note for _, note in m.notes), m.not_covered]))
        other = Alias("other", OTHER_LANG[lang], m.other_name)
        yield Document(lang, "monster", m.id, "", m.name, body, aliases=(other,), url_name="monsters:detail",
                       url_args=(m.id,))


def edition_documents(lang: str) -> Iterator[Document]:
    """The edition changes and errata: key = change id."""
    for c in editions.changes(lang):
        body = " · ".join([c.change, *(a.name for a in c.affects)])
        aliases = (Alias("2011", "en", c.old_name),) if c.old_name else ()
        yield Document(lang, "edition", c.id, c.anchor, c.title, body, aliases=aliases, url_name="monsters:editions")


# Every kind of document, by the name results show; a page kind with text adds one line here.
PRODUCERS = {
    "rule": rule_documents,
    "term": term_documents,
    "card": card_documents,
    "component": component_documents,
    "faq": faq_documents,
    "quick": quick_documents,
    "lesson": lesson_documents,
    "monster": monster_documents,
    "edition": edition_documents,
}


def all_documents() -> Iterator[Document]:
    for lang in LANGS:
        for produce in PRODUCERS.values():
            yield from produce(lang)
