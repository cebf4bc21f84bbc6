"""All of content/, loaded once per process and served from memory.

Everything here is derived from files in content/ and cached for the life of the process: content changes
need a restart, which is what `make run` and every deploy do anyway.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.urls import reverse
from django.utils import translation

from .render import OTHER_LANG, LinkContext, Rendered, render


def content_path(*parts: str) -> Path:
    return Path(settings.CONTENT_DIR, *parts)


def load_toml(*parts: str) -> dict:
    return tomllib.loads(content_path(*parts).read_text(encoding="utf-8"))


def url_in(lang: str, name: str, *args: str) -> str:
    with translation.override(lang):
        return reverse(name, args=args)


def url_for(scheme: str, target: str, lang: str) -> str:
    """The real address of a pseudo-link such as rule:heal#heal-where, in the given language."""
    key, _, anchor = target.partition("#")
    if scheme == "rule":
        url = url_in(lang, "rules:section", key)
    elif scheme == "card":
        url = url_in(lang, "cards:detail", key)
    elif scheme == "term":
        url, anchor = url_in(lang, "rules:glossary"), f"term-{key}"
    elif scheme == "scenario":
        url = url_in(lang, "sandbox:scenario", key)
    elif scheme == "monster":
        url = url_in(lang, "monsters:detail", key)
    elif scheme in COMPONENT_KIND_OF_SCHEME:
        url = url_in(lang, "components:detail", COMPONENT_KIND_OF_SCHEME[scheme], key)
    else:  # pragma: no cover - the renderer only passes known schemes
        raise ValueError(scheme)
    return f"{url}#{anchor}" if anchor else url


@dataclass(frozen=True)
class Term:
    key: str
    term: str
    definition: str
    see: str
    reading: str = ""


@cache
def glossary(lang: str) -> dict[str, Term]:
    raw = load_toml(lang, "glossary.toml")
    return {
        key: Term(key, row["term"], row["definition"], row["see"], row.get("reading", ""))
        for key, row in raw.items()
    }


def _other_term(lang: str):
    def lookup(key: str) -> str | None:
        term = glossary(OTHER_LANG[lang]).get(key)
        return term.term if term else None

    return lookup


def link_context(lang: str, section_id: str | None = None) -> LinkContext:
    twin = None
    if section_id:
        other_url = url_in(OTHER_LANG[lang], "rules:section", section_id)

        def twin(heading_id: str) -> str:
            return f"{other_url}#{heading_id}"

    return LinkContext(lang, url_for, _other_term(lang), lambda card_id: _card_names(lang).get(card_id), twin,
                       lambda scheme, target: _component_name(lang, scheme, target))


# the expansion components by the name links, events and choices give them -> their kind (components.KINDS)
COMPONENT_KIND_OF_SCHEME = {"curse": "curses", "tile": "wickedness", "evolution": "evolutions"}


def _component_name(lang: str, scheme: str, component_id: str) -> str | None:
    from .components import find  # components reads its files through this module

    component = find(lang, COMPONENT_KIND_OF_SCHEME[scheme], component_id)
    return component.name if component else None


@cache
def card_choice_labels(lang: str) -> dict[str, str]:
    """For cards, module pieces and module choices that offer a choice: the words of its button, by action id
    (``use:<id>:ARG``), with placeholders such as {die} {face} {monster} {card} {amount} {tile} {side}."""
    rows = {**_card_texts(lang), **{k: v for k, v in load_toml(lang, "choices.toml").items() if k != "options"}}
    for prefix, file in (("tile-", "wickedness-tiles.toml"), ("evo-", "evolutions.toml")):
        rows.update({prefix + key: row for key, row in load_toml(lang, file).items()})
    return {action_id: row["use_label"] for action_id, row in rows.items() if "use_label" in row}


@cache
def module_choice_names(lang: str) -> dict[str, str]:
    """The choices of the expansion modules that belong to no card (``use:cultist:heart``…): id -> its name."""
    return {key: row["name"] for key, row in load_toml(lang, "choices.toml").items() if key != "options"}


@cache
def choice_options(lang: str) -> dict[str, str]:
    """Words for the plain-word arguments of choices (``use:transform:beast``, ``use:evo-choose:energy``…)."""
    return dict(load_toml(lang, "choices.toml")["options"])


@cache
def _card_names(lang: str) -> dict[str, str]:
    return {card_id: row["name"] for card_id, row in _card_texts(lang).items()}


def _card_texts(lang: str) -> dict[str, dict]:
    return {**load_toml(lang, "cards.toml"), **load_toml(lang, "costumes.toml")}


def render_markdown(text: str, lang: str) -> Rendered:
    return render(text, link_context(lang))


@cache
def quick_page(lang: str) -> Rendered:
    """The quick reference (player aid)."""
    return render_markdown(content_path(lang, "quick.md").read_text(encoding="utf-8"), lang)


@cache
def rules_page(lang: str, section_id: str) -> Rendered:
    text = content_path(lang, "rules", f"{section_id}.md").read_text(encoding="utf-8")
    return render(text, link_context(lang, section_id))


@dataclass(frozen=True)
class FaqEntry:
    key: str
    question: str
    answer_html: str
    rules: tuple[str, ...]
    cards: tuple[str, ...]
    source: str
    other_reading_html: str
    scenario: str  # the sandbox scenario that shows the case, if one does


@cache
def faq(lang: str) -> tuple[FaqEntry, ...]:
    raw = load_toml(lang, "faq.toml")
    return tuple(
        FaqEntry(
            key=key,
            question=row["question"],
            answer_html=render_markdown(row["answer"], lang).html,
            rules=tuple(row.get("rules", ())),
            cards=tuple(row.get("cards", ())),
            source=row.get("source", "rulebook"),
            other_reading_html=render_markdown(row["other_reading"], lang).html if row.get("other_reading") else "",
            scenario=row.get("scenario", ""),
        )
        for key, row in raw.items()
    )


NAME_SOURCES = ("printed", "game-help", "reported", "kotguide")


@dataclass(frozen=True)
class NameSource:
    """Where a component's Japanese name comes from (``name_source`` in the Japanese data files): printed on a
    Japanese edition (``edition`` names it), the word of the online implementation's Japanese game help, reported as
    printed by an article that names no edition, or kotguide's own translation. ``ref``: the seed line or address."""
    kind: str
    edition: str = ""
    ref: str = ""

    @classmethod
    def of(cls, ja_row: dict) -> NameSource:
        return cls(ja_row.get("name_source", "kotguide"), ja_row.get("name_edition", ""), ja_row.get("name_ref", ""))


@dataclass(frozen=True)
class Card:
    id: str
    type: str  # "keep" | "discard" (a costume is a Keep card)
    cost: int
    copies: int
    rules: tuple[str, ...]
    name: str
    other_name: str
    name_2011: str  # English, only where the 2011 edition used another name
    effect: str
    timing: str
    rulings: tuple[str, ...]
    name_source: NameSource  # where the Japanese name comes from
    sort_key: str  # the name as it sorts in this language (Japanese: its reading in hiragana)
    kind: str = "power"  # "power" | "costume" (Halloween costumes: Keep cards in play with the costumes module)


@cache
def cards(lang: str) -> dict[str, Card]:
    """Every base Power card, in the order of content/cards/power-cards.toml, then the Halloween costumes, with
    their text in `lang`."""
    return {**_cards(lang, "power-cards.toml", "cards.toml", "power"), **_cards(lang, "costumes.toml", "costumes.toml",
                                                                              "costume")}


def _cards(lang: str, data_file: str, text_file: str, kind: str) -> dict[str, Card]:
    data = load_toml("cards", data_file)["card"]
    text, other = load_toml(lang, text_file), load_toml(OTHER_LANG[lang], text_file)
    ja = text if lang == "ja" else other
    return {
        row["id"]: Card(
            id=row["id"],
            type=row.get("type", "keep"),
            cost=row["cost"],
            copies=row.get("copies", 1),
            rules=tuple(dict.fromkeys(row["rules"])),
            name=text[row["id"]]["name"],
            other_name=other[row["id"]]["name"],
            name_2011=row.get("name_2011", ""),
            effect=text[row["id"]]["effect"],
            timing=text[row["id"]]["timing"],
            rulings=tuple(text[row["id"]]["rulings"]),
            name_source=NameSource.of(ja[row["id"]]),
            sort_key=_reading(text[row["id"]]) if lang == "ja" else text[row["id"]]["name"].casefold(),
            kind=kind,
        )
        for row in data
    }


_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(ord("ァ"), ord("ヶ") + 1)}


def _reading(row: dict) -> str:
    """A Japanese name's reading in hiragana, so names sort in あいうえお order whatever script they use."""
    return row.get("name_kana", row["name"]).translate(_KATAKANA_TO_HIRAGANA)
