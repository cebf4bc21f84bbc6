"""content/ is complete in both languages, and every link inside it resolves."""

import tomllib

import pytest

from kotguide.content import components, library
from kotguide.content.sections import LANGS, registry

SECTION_IDS = [s.id for s in registry().sections]


def cards_data() -> dict:
    return {c["id"]: c for c in tomllib.loads(library.content_path("cards", "power-cards.toml").read_text())["card"]}


@pytest.mark.parametrize("section_id", SECTION_IDS)
def test_every_section_has_text_in_both_languages_with_the_same_headings(section_id):
    ja = library.rules_page("ja", section_id)
    en = library.rules_page("en", section_id)
    assert ja.html.strip() and en.html.strip()
    assert [h.id for h in ja.headings] == [h.id for h in en.headings]
    assert all(h.id.startswith(f"{section_id}-") for h in ja.headings)


MONSTER_PAGES = {m["id"] for key in ("monster", "page_only_monster")
                 for m in tomllib.loads(library.content_path("monsters.toml").read_text("utf-8"))[key]}


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_in_the_rules_resolves(lang):
    terms = library.glossary(lang)
    broken = []
    for section_id in SECTION_IDS:
        for scheme, target in library.rules_page(lang, section_id).links:
            key, _, anchor = target.partition("#")
            if scheme == "rule":
                ok = key in SECTION_IDS and (
                    not anchor or anchor in {h.id for h in library.rules_page(lang, key).headings}
                )
            elif scheme == "card":
                ok = key in library.cards(lang)  # Power cards and costumes
            elif scheme in library.COMPONENT_KIND_OF_SCHEME:
                ok = components.find(lang, library.COMPONENT_KIND_OF_SCHEME[scheme], key) is not None
            elif scheme == "term":
                ok = key in terms
            elif scheme == "monster":
                ok = key in MONSTER_PAGES
            else:
                ok = True  # scenario links are checked with the scenarios
            if not ok:
                broken.append((section_id, scheme, target))
    assert broken == []


@pytest.mark.parametrize("name", ["glossary.toml", "faq.toml", "cards.toml", "costumes.toml", "curses.toml",
                                  "wickedness-tiles.toml", "evolutions.toml", "evolution-decks.toml"])
def test_both_languages_have_the_same_entries(name):
    ja = tomllib.loads(library.content_path("ja", name).read_text("utf-8"))
    en = tomllib.loads(library.content_path("en", name).read_text("utf-8"))
    assert list(ja) == list(en)


def test_every_card_has_text_in_both_languages():
    for lang in LANGS:
        text = tomllib.loads(library.content_path(lang, "cards.toml").read_text("utf-8"))
        assert set(text) == set(cards_data()), lang
        for card_id, row in text.items():
            assert row["name"] and row["effect"], (lang, card_id)


@pytest.mark.parametrize("name", ["costumes.toml", "curses.toml", "wickedness-tiles.toml", "evolutions.toml"])
def test_every_expansion_component_has_text_in_both_languages_and_the_same_keys(name):
    data = tomllib.loads(library.content_path("cards", name).read_text("utf-8"))
    ids = [row["id"] for rows in data.values() for row in rows]
    texts = {lang: tomllib.loads(library.content_path(lang, name).read_text("utf-8")) for lang in LANGS}
    for lang in LANGS:
        assert list(texts[lang]) == ids, lang
    for component_id in ids:
        assert set(texts["ja"][component_id]) - {"name_source", "name_kana"} == set(texts["en"][component_id]), (
            component_id
        )


def test_every_monster_with_an_evolution_deck_has_its_summary():
    for lang in LANGS:
        assert set(components.deck_summaries(lang)) == set(components.evolution_decks(lang)), lang


def test_glossary_entries_point_at_real_sections():
    for lang in LANGS:
        for term in library.glossary(lang).values():
            assert term.see in SECTION_IDS, term.key


def test_japanese_card_list_sorts_by_reading():
    keys = [c.sort_key for c in sorted(library.cards("ja").values(), key=lambda c: c.sort_key)]
    names = {c.sort_key: c.name for c in library.cards("ja").values()}
    # アシッドアタック (あ…) comes before 逆効果だ！ (ぎ…), whatever the script.
    assert keys.index(next(k for k in keys if names[k] == "アシッドアタック")) < keys.index(
        next(k for k in keys if names[k] == "逆効果だ！")
    )


COMPONENT_TEXTS = {"card-": "cards.toml", "costume-": "costumes.toml", "tile-": "wickedness-tiles.toml",
                   "curse-": "curses.toml", "evolution-": "evolutions.toml"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_component_scenario_is_titled_with_the_component_name(lang):
    """"Acid Attack: …": the demonstration of a card, tile, curse or evolution starts with the name its page uses."""
    separator = "：" if lang == "ja" else ":"
    wrong = []
    for path in sorted(library.content_path("scenarios").glob("*.toml")):
        prefix = next((p for p in COMPONENT_TEXTS if path.stem.startswith(p)), None)
        if prefix is None:
            continue
        name = tomllib.loads(library.content_path(lang, COMPONENT_TEXTS[prefix]).read_text("utf-8"))[
            path.stem[len(prefix):]]["name"]
        title = tomllib.loads(path.read_text("utf-8"))[f"title_{lang}"]
        if not title.startswith(name + separator):
            wrong.append((path.stem, title))
    assert wrong == []
