"""Reference pages of the expansion components: curse cards, wickedness tiles and evolution cards (lists, one page
each, the evolution decks), the Halloween costumes served with the Power cards, the components' pseudo-links in
content/ and their documents in the search index.

Names and effects are read straight from content/ here (not through kotguide.content.components), so the loader is
checked against the files; UI words through gettext, in the page's language.
"""

import re
import sqlite3
import tomllib
from html import unescape

import pytest
from django.utils import translation
from django.utils.translation import gettext

from kotguide.content import components, library
from kotguide.content.scenarios import scenarios
from kotguide.content.sections import LANGS

from .purity import impure_blocks, is_japanese

OTHER = {"ja": "en", "en": "ja"}
NOT_FOUND = {"ja": "ページが見つかりません", "en": "Page not found"}
KIND_FILES = {"curses": ("curses.toml", "curse"), "wickedness": ("wickedness-tiles.toml", "tile"),
              "evolutions": ("evolutions.toml", "evolution")}
SCENARIO_PREFIX = {"curses": "curse-", "wickedness": "tile-", "evolutions": "evolution-"}
EXAMPLES = {"curses": "set-storm", "wickedness": "devious", "evolutions": "freeze-ray"}
ALLOWED = {"kotguide", "King of Tokyo", "IELLO", "Richard Garfield", "VP"}  # as in tests/test_editor.py


def html_of(response) -> str:
    return unescape(response.content.decode())


def toml(*parts: str) -> dict:
    return tomllib.loads(library.content_path(*parts).read_text("utf-8"))


def rows(kind: str) -> list[dict]:
    """The game data rows of one kind, in file order."""
    file, table = KIND_FILES[kind]
    return toml("cards", file)[table]


def text(lang: str, kind: str, component_id: str) -> dict:
    return toml(lang, KIND_FILES[kind][0])[component_id]


def monster_names(lang: str) -> dict[str, str]:
    return {m["id"]: m[f"name_{lang}"] for m in toml("monsters.toml")["monster"]}


def words(lang: str, message: str, **params) -> str:
    with translation.override(lang):
        return gettext(message) % params if params else gettext(message)


def heading(html: str) -> str:
    return re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)


def scenario_exists(scenario_id: str) -> bool:
    return library.content_path("scenarios", f"{scenario_id}.toml").exists()


def try_it_href(html: str) -> str | None:
    match = re.search(r'<a class="try-it" href="([^"]+)">', html)
    return match.group(1) if match else None


# --- lists ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", list(KIND_FILES))
def test_a_list_shows_every_component_in_the_readers_language_with_the_other_name(client, lang, kind):
    response = client.get(f"/{lang}/modules/{kind}/")
    assert response.status_code == 200
    html = html_of(response)
    assert f'<html lang="{lang}">' in html
    for row in rows(kind):
        name, other = text(lang, kind, row["id"])["name"], text(OTHER[lang], kind, row["id"])["name"]
        link = f'<a href="/{lang}/modules/{kind}/{row["id"]}/"><span class="card-name">{name}</span>'
        assert link in html, row["id"]
        assert f'<span class="card-other" lang="{OTHER[lang]}">{other}</span>' in html, row["id"]
    assert f'href="/{lang}/rules/{kind}/"' in html  # how the module works


@pytest.mark.parametrize("lang", LANGS)
def test_the_evolution_list_groups_the_cards_by_deck(client, lang):
    html = html_of(client.get(f"/{lang}/modules/evolutions/"))
    names = monster_names(lang)
    decks = re.findall(r'<h2 id="deck-([a-z-]+)"><a href="([^"]+)">([^<]+)</a></h2>', html)
    assert [(m, href, name) for m, href, name in decks] == [
        (m, f"/{lang}/modules/evolutions/decks/{m}/", names[m]) for m in dict.fromkeys(r["monster"] for r in
                                                                                       rows("evolutions"))
    ]
    assert len(decks) == len({r["monster"] for r in rows("evolutions")}) >= 7


# --- one component --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", list(KIND_FILES))
def test_a_component_page_names_it_in_the_readers_language_and_the_other_one_marked(client, lang, kind):
    component_id = EXAMPLES[kind]
    response = client.get(f"/{lang}/modules/{kind}/{component_id}/")
    assert response.status_code == 200
    html = html_of(response)
    name, other = text(lang, kind, component_id)["name"], text(OTHER[lang], kind, component_id)["name"]
    assert heading(html) == f'{name} <span class="card-other" lang="{OTHER[lang]}">{other}</span>'
    assert f"<title>{name}" in html
    for rule in next(r for r in rows(kind) if r["id"] == component_id)["rules"]:
        assert f'href="/{lang}/rules/{rule}/"' in html
    for ruling in text(lang, kind, component_id).get("rulings", []):
        assert f"<li>{ruling}</li>" in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_curse_page_shows_its_three_effects_in_order(client, lang):
    html = html_of(client.get(f"/{lang}/modules/curses/set-storm/"))
    words_of = text(lang, "curses", "set-storm")
    found = re.findall(r'<div class="effect-(\w+)"><dt>(.*?)</dt><dd>(.*?)</dd></div>', html)
    assert found == [
        ("permanent", words(lang, "Permanent effect"), words_of["permanent"]),
        ("ankh", words(lang, "Ankh (blessing)"), words_of["ankh"]),
        ("snake", words(lang, "Snake (misfortune)"), words_of["snake"]),
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("tile", [r for r in rows("wickedness") if r["id"] in ("devious", "barbs")],
                         ids=lambda r: r["id"])
def test_a_tile_page_shows_its_level_and_side(client, lang, tile):
    html = html_of(client.get(f"/{lang}/modules/wickedness/{tile['id']}/"))
    meta = re.search(r'<span class="component-meta">(.*?)</span>', html).group(1)
    assert words(lang, "Level %(level)s", level=tile["level"]) in meta
    assert words(lang, f"{tile['side']} side") in meta
    assert words(lang, "tile %(tile)s", tile=tile["tile"]) in meta
    assert text(lang, "wickedness", tile["id"])["effect"] in html


@pytest.mark.parametrize("lang", LANGS)
def test_every_tile_side_is_on_its_level(client, lang):
    for tile in rows("wickedness"):
        html = html_of(client.get(f"/{lang}/modules/wickedness/{tile['id']}/"))
        assert tile["level"] in (3, 6, 10) and tile["side"] in ("orange", "green")
        assert words(lang, "Level %(level)s", level=tile["level"]) in html, tile["id"]


@pytest.mark.parametrize("lang", LANGS)
def test_an_evolution_page_shows_its_monster_and_kind_and_leads_to_its_deck(client, lang):
    card = next(r for r in rows("evolutions") if r["id"] == "freeze-ray")
    html = html_of(client.get(f"/{lang}/modules/evolutions/freeze-ray/"))
    monster = monster_names(lang)[card["monster"]]
    meta = re.search(r'<span class="component-meta">(.*?)</span>', html).group(1)
    assert meta == f"{monster} · {words(lang, card['kind'])}"
    crumbs = re.search(r'<nav class="breadcrumbs"[^>]*>(.*?)</nav>', html, re.S).group(1)
    assert re.findall(r'<a href="([^"]+)">', crumbs) == [
        f"/{lang}/modules/evolutions/", f"/{lang}/modules/evolutions/decks/{card['monster']}/"
    ]
    assert f">{monster}</a>" in crumbs
    assert text(lang, "evolutions", "freeze-ray")["effect"] in html


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("monster", list(dict.fromkeys(r["monster"] for r in rows("evolutions"))))
def test_each_monster_has_a_deck_page_with_its_eight_cards(client, lang, monster):
    response = client.get(f"/{lang}/modules/evolutions/decks/{monster}/")
    assert response.status_code == 200
    html = html_of(response)
    assert monster_names(lang)[monster] in heading(html)
    assert toml(lang, "evolution-decks.toml")[monster]["summary"] in html
    expected = [r["id"] for r in rows("evolutions") if r["monster"] == monster]
    assert len(expected) == 8
    assert re.findall(rf'<a href="/{lang}/modules/evolutions/([a-z0-9-]+)/"><span class="card-name">', html) == expected
    assert f'href="/{lang}/modules/evolutions/"' in html  # the breadcrumb back to every deck


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "path",
    ["modules/costumes/", "modules/nope/", "modules/nope/set-storm/", "modules/curses/no-such-curse/",
     "modules/curses/devious/", "modules/wickedness/set-storm/", "modules/evolutions/decks/no-such-monster/",
     "modules/evolutions/decks/freeze-ray/", "cards/no-such-costume/"],
)
def test_unknown_kind_component_or_monster_is_a_404_in_the_readers_language(client, lang, path):
    response = client.get(f"/{lang}/{path}")
    assert response.status_code == 404
    html = html_of(response)
    assert f'<html lang="{lang}">' in html
    assert NOT_FOUND[lang] in html


@pytest.mark.parametrize("lang", LANGS)
def test_try_it_in_the_sandbox_exactly_when_the_components_scenario_exists(client, lang):
    """Every component and costume: the link is there when content/scenarios/<prefix><id>.toml is, and opens it."""
    scenarios.cache_clear()  # scenarios are being written beside these tests: read content/scenarios/ as it is now
    checked = 0
    for kind in KIND_FILES:
        for row in rows(kind):
            scenario = SCENARIO_PREFIX[kind] + row["id"]
            html = html_of(client.get(f"/{lang}/modules/{kind}/{row['id']}/"))
            expected = f"/{lang}/sandbox/{scenario}/" if scenario_exists(scenario) else None
            assert try_it_href(html) == expected, scenario
            if expected:
                assert words(lang, "Try it in the sandbox") in html
                assert client.get(expected).status_code == 200
            checked += 1
    for row in toml("cards", "costumes.toml")["card"]:
        scenario = f"costume-{row['id']}"
        html = html_of(client.get(f"/{lang}/cards/{row['id']}/"))
        expected = f"/{lang}/sandbox/{scenario}/" if scenario_exists(scenario) else None
        assert try_it_href(html) == expected, scenario
        if expected:
            assert client.get(expected).status_code == 200
        checked += 1
    assert checked == 24 + 20 + len(rows("evolutions")) + 12


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", ["modules/curses/", "modules/curses/set-storm/", "modules/wickedness/",
                                  "modules/wickedness/devious/", "modules/evolutions/",
                                  "modules/evolutions/freeze-ray/", "modules/evolutions/decks/gigazaur/",
                                  "cards/?type=costume", "cards/astronaut/"])
def test_component_pages_read_in_the_readers_language(client, lang, path):
    """No block of the page is in the other language outside text marked with `lang` (tests/purity.py)."""
    html = html_of(client.get(f"/{lang}/{path}"))
    assert impure_blocks(html, lang, ALLOWED) == []


# --- costumes -------------------------------------------------------------------------------------------------
COSTUMES = [r["id"] for r in toml("cards", "costumes.toml")["card"]]


@pytest.mark.parametrize("lang", LANGS)
def test_the_costume_filter_lists_the_costumes_only(client, lang):
    response = client.get(f"/{lang}/cards/", {"type": "costume"})
    assert response.status_code == 200
    html = html_of(response)
    listed = re.findall(rf'<a href="/{lang}/cards/([a-z0-9-]+)/"><span class="card-name">', html)
    assert listed and sorted(listed) == sorted(COSTUMES)
    assert len(COSTUMES) == 12
    for costume_id in COSTUMES:
        other = toml(OTHER[lang], "costumes.toml")[costume_id]["name"]
        assert f'<span class="card-other" lang="{OTHER[lang]}">{other}</span>' in html
    assert re.search(r'<option value="costume" selected>', html)


@pytest.mark.parametrize("lang", LANGS)
def test_the_power_card_list_leaves_the_costumes_out_and_links_the_modules(client, lang):
    html = html_of(client.get(f"/{lang}/cards/"))
    listed = set(re.findall(rf'<a href="/{lang}/cards/([a-z0-9-]+)/"><span class="card-name">', html))
    assert len(listed) == 64 and not listed & set(COSTUMES)
    assert f'href="/{lang}/cards/?type=costume"' in html
    for kind in KIND_FILES:
        assert f'href="/{lang}/modules/{kind}/"' in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_costume_page_shows_both_names_and_its_module(client, lang):
    response = client.get(f"/{lang}/cards/astronaut/")
    assert response.status_code == 200
    html = html_of(response)
    name = toml(lang, "costumes.toml")["astronaut"]["name"]
    other = toml(OTHER[lang], "costumes.toml")["astronaut"]["name"]
    assert heading(html) == f'{name} <span class="card-other" lang="{OTHER[lang]}">{other}</span>'
    assert words(lang, "Costume (a Keep card)") in html
    assert f'href="/{lang}/cards/?type=costume"' in html  # the breadcrumb back to the costumes
    assert toml(lang, "costumes.toml")["astronaut"]["effect"] in html


# --- pseudo-links in content/ ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("scheme", "kind"), [("curse", "curses"), ("tile", "wickedness"), ("evolution", "evolutions")])
def test_a_component_pseudo_link_takes_the_components_name_in_the_readers_language(lang, scheme, kind):
    component_id = EXAMPLES[kind]
    rendered = library.render_markdown(f"See [this one]({scheme}:{component_id}).", lang)
    name = text(lang, kind, component_id)["name"]
    assert unescape(rendered.html) == f'<p>See <a href="/{lang}/modules/{kind}/{component_id}/">{name}</a>.</p>'
    assert rendered.links == [(scheme, component_id)]
    assert library.url_for(scheme, f"{component_id}#x", lang) == f"/{lang}/modules/{kind}/{component_id}/#x"


def test_a_pseudo_link_to_an_unknown_component_keeps_its_text():
    rendered = library.render_markdown("[Nothing](curse:no-such-curse)", "ja")
    assert ">Nothing</a>" in rendered.html
    assert rendered.links == [("curse", "no-such-curse")]


def test_the_loader_agrees_with_the_files():
    for lang in LANGS:
        for kind in KIND_FILES:
            loaded = components.components(lang, kind)
            assert list(loaded) == [r["id"] for r in rows(kind)]
            for c in loaded.values():
                assert (c.name, c.other_name) == (text(lang, kind, c.id)["name"], text(OTHER[lang], kind, c.id)["name"])
                assert [k for k, _ in c.effects] == list(components.KINDS[kind].effects)
                assert all(t.strip() for _, t in c.effects), (kind, c.id)
                assert any(map(is_japanese, c.name)) == (lang == "ja"), (lang, kind, c.id)


# --- search ---------------------------------------------------------------------------------------------------
SEARCH_HIT = re.compile(
    r'<li class="search-hit search-hit-(?P<kind>\w+)" lang="(?P<lang>\w+)" data-rank="\d+">\s*'
    r'<a class="search-hit-link" href="(?P<href>[^"]+)">'
)


@pytest.mark.usefixtures("search_index")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("by", ["own name", "other name"])
@pytest.mark.parametrize("kind", list(KIND_FILES))
def test_search_finds_a_component_by_either_name(client, lang, by, kind):
    component_id = EXAMPLES[kind]
    query = text(lang if by == "own name" else OTHER[lang], kind, component_id)["name"]
    response = client.get(f"/{lang}/search/", {"q": query})
    assert response.status_code == 200
    found = [(m["kind"], m["lang"], unescape(m["href"])) for m in SEARCH_HIT.finditer(response.content.decode())]
    assert found, query
    assert found[0] == ("component", lang, f"/{lang}/modules/{kind}/{component_id}/"), (query, found[:3])


def test_every_component_is_one_document_per_language(search_index):
    db = sqlite3.connect(search_index)
    keys = set(db.execute("SELECT lang, key FROM docs WHERE kind = 'component'"))
    db.close()
    assert keys == {(lang, f"{kind}/{r['id']}") for lang in LANGS for kind in KIND_FILES for r in rows(kind)}
