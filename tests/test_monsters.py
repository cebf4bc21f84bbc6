"""The monsters list and the monster pages (``kotguide.monsters``): every monster of content/monsters.toml has a page
in both languages, linked from home, the rules index, its Evolution cards and deck; pages say what they do not cover.

Names and texts are read straight from content/ here (not through ``kotguide.monsters.guide``)."""

import re
import tomllib
from html import unescape

import pytest
from django.utils import translation
from django.utils.translation import gettext

from kotguide.content import library
from kotguide.content.sections import LANGS

from .purity import impure_blocks

OTHER = {"ja": "en", "en": "ja"}
ALLOWED = {"kotguide", "King of Tokyo", "IELLO", "VP"}


def toml(*parts: str) -> dict:
    return tomllib.loads(library.content_path(*parts).read_text("utf-8"))


DATA = toml("monsters.toml")
PLAYABLE = [m["id"] for m in DATA["monster"]]
PAGE_ONLY = [m["id"] for m in DATA["page_only_monster"]]
NAMES = {m["id"]: m for m in DATA["monster"] + DATA["page_only_monster"]}
DECKS = {r["monster"] for r in toml("cards", "evolutions.toml")["evolution"]}


def html_of(response) -> str:
    return unescape(response.content.decode())


def words(lang: str, message: str) -> str:
    with translation.override(lang):
        return gettext(message)


@pytest.mark.parametrize("lang", LANGS)
def test_the_list_has_every_monster_playable_first_then_the_page_only_ones(client, lang):
    html = html_of(client.get(f"/{lang}/monsters/"))
    links = re.findall(rf'<a href="/{lang}/monsters/([a-z-]+)/">', html)
    assert links == PLAYABLE + PAGE_ONLY
    assert len(PLAYABLE) == 12 and PAGE_ONLY == ["cthulhu", "anubis", "cybertooth"]
    for mid in PLAYABLE + PAGE_ONLY:
        assert f'<span class="card-other" lang="{OTHER[lang]}">{NAMES[mid][f"name_{OTHER[lang]}"]}</span>' in html


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("monster", PLAYABLE + PAGE_ONLY)
def test_each_monster_page_names_it_in_both_languages_and_is_in_one_language(client, lang, monster):
    response = client.get(f"/{lang}/monsters/{monster}/")
    assert response.status_code == 200
    html = html_of(response)
    h1 = re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)
    assert NAMES[monster][f"name_{lang}"] in h1 and f'lang="{OTHER[lang]}"' in h1
    assert toml(lang, "monster-pages.toml")[monster]["intro"] in html
    assert impure_blocks(html, lang, ALLOWED) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("monster", PLAYABLE + PAGE_ONLY)
def test_a_page_links_the_deck_when_the_site_has_it_and_says_why_not_otherwise(client, lang, monster):
    html = html_of(client.get(f"/{lang}/monsters/{monster}/"))
    text = toml(lang, "monster-pages.toml")[monster]
    deck_link = f'href="/{lang}/modules/evolutions/decks/{monster}/"' in html
    assert deck_link == (monster in DECKS)
    if monster not in DECKS:
        assert (text.get("deck_missing") or text["not_covered"]) in html
    if monster in PAGE_ONLY:  # what our sources do not cover, under its own heading
        assert words(lang, "What our sources do not cover") in html and text["not_covered"] in html
        assert words(lang, "This monster has a page only: the sandbox and the dispute resolver cannot seat it.") in html


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("monster", ["boogie-woogie", "pumpkin-jack", "king-kong"])
def test_the_decks_from_drafts_are_labelled_on_the_deck_card_and_monster_pages(client, lang, monster):
    note = toml(lang, "evolution-decks.toml")[monster]["source_note"]
    assert note in html_of(client.get(f"/{lang}/modules/evolutions/decks/{monster}/"))
    card = next(r["id"] for r in toml("cards", "evolutions.toml")["evolution"] if r["monster"] == monster)
    assert note in html_of(client.get(f"/{lang}/modules/evolutions/{card}/"))
    label = "Our sources hold this deck only as drafts of the online implementation, not as printed texts: its " \
            "effects are kotguide's reading of those drafts."
    assert words(lang, label) in html_of(client.get(f"/{lang}/monsters/{monster}/"))
    for printed in ("kraken", "pandakai"):  # decks whose texts the online implementation has translated
        assert 'class="note draft-source"' not in html_of(client.get(f"/{lang}/modules/evolutions/decks/{printed}/"))


@pytest.mark.parametrize("lang", LANGS)
def test_home_rules_index_cards_and_decks_link_the_monster_pages(client, lang):
    assert f'href="/{lang}/monsters/"' in html_of(client.get(f"/{lang}/"))
    assert f'href="/{lang}/monsters/"' in html_of(client.get(f"/{lang}/rules/"))
    assert f'href="/{lang}/monsters/kraken/"' in html_of(client.get(f"/{lang}/modules/evolutions/healing-rain/"))
    assert f'href="/{lang}/monsters/kraken/"' in html_of(client.get(f"/{lang}/modules/evolutions/decks/kraken/"))


@pytest.mark.parametrize("lang", LANGS)
def test_module_notes_link_their_rules(client, lang):
    html = html_of(client.get(f"/{lang}/monsters/king-kong/"))
    assert f'href="/{lang}/rules/tokyo-tower/"' in html
    assert toml(lang, "monster-pages.toml")["king-kong"]["notes"]["tokyo-tower"] in html


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_monster_is_a_404_in_the_readers_language(client, lang):
    response = client.get(f"/{lang}/monsters/godzilla/")
    assert response.status_code == 404
    assert {"ja": "ページが見つかりません", "en": "Page not found"}[lang] in html_of(response)


def test_every_monster_has_its_texts_and_box_in_both_languages():
    for lang in LANGS:
        text = toml(lang, "monster-pages.toml")
        assert set(text) - {"boxes"} == set(NAMES), lang
        for row in DATA["monster"] + DATA["page_only_monster"]:
            edition = row.get("edition") or DATA["base_editions"][row["id"]]
            assert edition in text["boxes"], (lang, row["id"])
        for mid in NAMES:
            for module in text[mid].get("notes", {}):
                assert module in {s["id"] for s in toml("sections.toml")["section"]}, (mid, module)
    assert set(toml("ja", "monster-pages.toml")["kraken"]) == set(toml("en", "monster-pages.toml")["kraken"])


@pytest.mark.parametrize("lang", LANGS)
def test_search_finds_a_monster_page_by_either_name(client, lang):
    html = html_of(client.get(f"/{lang}/search/", {"q": "Kraken" if lang == "en" else "クラーケン"}))
    assert f'href="/{lang}/monsters/kraken/"' in html
