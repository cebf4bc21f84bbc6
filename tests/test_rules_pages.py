"""The rules pages: index, section, side by side, glossary, FAQ, quick reference — in both languages."""

import re

import pytest

from kotguide.content import library
from kotguide.content.scenarios import scenarios
from kotguide.content.sections import LANGS, registry
from kotguide.engine import replay

from .purity import impure_blocks

SECTIONS = registry().sections
OTHER = {"ja": "en", "en": "ja"}


def get(client, path):
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


@pytest.mark.parametrize("lang", LANGS)
def test_index_links_every_section_in_order(client, lang):
    html = get(client, f"/{lang}/rules/")
    hrefs = re.findall(rf'href="/{lang}/rules/([a-z0-9-]+)/"', html)
    assert hrefs == [s.id for s in SECTIONS]


@pytest.mark.parametrize("lang", LANGS)
def test_section_page_has_contents_pager_permalink_and_heading_links(client, lang):
    section = registry().get("heal")
    html = get(client, f"/{lang}/rules/heal/")
    assert f"<h1>{section.title(lang)}</h1>" in html
    assert f'value="http://testserver/{lang}/rules/heal/"' in html  # permalink
    previous, following = registry().neighbours(section)
    assert f'rel="prev" href="/{lang}/rules/{previous.id}/"' in html
    assert f'rel="next" href="/{lang}/rules/{following.id}/"' in html
    for heading in library.rules_page(lang, "heal").headings:
        assert f'href="#{heading.id}"' in html  # contents and the heading's own anchor
        assert f'href="/{OTHER[lang]}/rules/heal/#{heading.id}"' in html  # the same heading, other language
    assert f'href="/{lang}/rules/heal/both/"' in html


def test_first_and_last_sections_have_one_neighbour(client):
    first = get(client, f"/en/rules/{SECTIONS[0].id}/")
    last = get(client, f"/en/rules/{SECTIONS[-1].id}/")
    assert 'rel="prev"' not in first and 'rel="next"' in first
    assert 'rel="next"' not in last and 'rel="prev"' in last


@pytest.mark.parametrize("path", ["/en/rules/no-such-rule/", "/ja/rules/no-such-rule/both/", "/en/rules/HEAL/"])
def test_unknown_section_is_a_404_in_the_readers_language(client, path):
    response = client.get(path)
    assert response.status_code == 404


@pytest.mark.parametrize("section_id", [s.id for s in SECTIONS])
def test_side_by_side_aligns_every_heading(client, section_id):
    html = get(client, f"/en/rules/{section_id}/both/")
    rows = {}
    for chunk in html.split('<div class="both-row"')[1:]:
        match = re.match(r' role="row" id="([a-z0-9-]+)"', chunk)
        if match:
            rows[match.group(1)] = chunk
    for heading in library.rules_page("en", section_id).headings:
        if heading.level == 2:
            assert f'id="ja-{heading.id}"' in rows[heading.id] and f'id="en-{heading.id}"' in rows[heading.id]


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_shows_each_term_in_both_languages(client, lang):
    html = get(client, f"/{lang}/glossary/")
    for key, term in library.glossary(lang).items():
        twin = library.glossary(OTHER[lang])[key]
        assert f'id="term-{key}"' in html
        assert term.term in html and twin.term in html


@pytest.mark.parametrize("lang", LANGS)
def test_faq_answers_every_entry_and_links_its_rule(client, lang):
    html = get(client, f"/{lang}/faq/")
    for entry in library.faq(lang):
        assert f'id="{entry.key}"' in html
        assert f'href="/{lang}/rules/{entry.rules[0]}/"' in html


def test_faq_covers_every_decision():
    decisions = [e for e in library.faq("en") if e.source == "decision"]
    assert len(decisions) >= 11  # one per row of decisions.md
    assert all(e.other_reading_html for e in decisions)


def page_paths(lang):
    yield f"/{lang}/"
    yield f"/{lang}/about/"
    yield f"/{lang}/rules/"
    yield f"/{lang}/glossary/"
    yield f"/{lang}/faq/"
    yield f"/{lang}/quick/"
    for s in SECTIONS:
        yield f"/{lang}/rules/{s.id}/"


PROPER_NAMES = {"kotguide", "King of Tokyo", "IELLO", "Richard Garfield", "Board Game Arena", "VP", "A4"}


@pytest.mark.parametrize("lang", LANGS)
def test_pages_are_in_one_language(client, lang):
    problems = {}
    for path in page_paths(lang):
        bad = impure_blocks(get(client, path), lang, PROPER_NAMES)
        if bad:
            problems[path] = bad
    assert problems == {}


@pytest.mark.parametrize("section_id", [s.id for s in SECTIONS])
def test_every_section_links_scenarios_that_show_its_rule(client, section_id):
    html = get(client, f"/en/rules/{section_id}/")
    linked = re.findall(r'href="/en/sandbox/([a-z0-9-]+)/"', html)
    assert linked, f"{section_id} links no scenario"
    for scenario_id in linked:
        played = scenarios()[scenario_id]
        events = replay(played.setup, played.actions).events
        assert any(e.rule == section_id for e in events), (section_id, scenario_id)


def test_faq_entries_link_the_scenario_that_shows_them(client):
    entries = library.faq("en")
    linked = [e for e in entries if e.scenario]
    assert len(linked) >= 25
    assert [e.scenario for e in library.faq("ja")] == [e.scenario for e in entries]
    html = get(client, "/en/faq/")
    for entry in linked:
        assert entry.scenario in scenarios()
        assert f'href="/en/sandbox/{entry.scenario}/"' in html


@pytest.mark.parametrize(("lang", "section", "address"), [
    ("ja", "curses", "/ja/modules/curses/"),
    ("en", "wickedness", "/en/modules/wickedness/"),
    ("en", "evolutions", "/en/modules/evolutions/"),
    ("ja", "costumes", "/ja/cards/?type=costume"),
])
def test_a_modules_rules_link_to_its_components_before_the_rules(client, lang, section, address):
    html = get(client, f"/{lang}/rules/{section}/")
    link = html.find(f'href="{address}"')
    assert 0 < link < html.index('class="rule-body"')


def test_the_card_list_opens_with_the_modules_lists(client):
    html = get(client, "/en/cards/")
    for address in ("/en/cards/?type=costume", "/en/modules/curses/", "/en/modules/wickedness/",
                    "/en/modules/evolutions/"):
        assert 0 < html.find(f'href="{address}"') < html.index('class="card-list"')


@pytest.mark.parametrize(("lang", "heart", "numbers"), [("ja", "ハート", "1・2・3"), ("en", "heart", "1, 2, 3")])
def test_the_quick_references_dice_table_draws_each_face(client, lang, heart, numbers):
    html = get(client, f"/{lang}/quick/")
    drawn = re.compile(r'<td><span class="quick-dice" aria-hidden="true">(.*?)</span>([^<]*)</td>')
    cells = {text: re.findall(r'#(face-[a-z0-9]+)"', dice) for dice, text in drawn.findall(html)}
    assert cells[heart] == ["face-heart"]
    assert cells[numbers] == ["face-1", "face-2", "face-3"]
    assert len(cells) == 4  # the numbers, heart, energy, smash


@pytest.mark.parametrize(("lang", "summary"), [
    ("ja", "ハート1つでライフを1回復します。トーキョーの外にいるときだけです。"),
    ("en", "Each heart heals 1 life, outside Tokyo only."),
])
def test_the_index_says_in_a_line_what_each_section_covers(client, lang, summary):
    html = get(client, f"/{lang}/rules/")
    assert html.count('class="rule-summary"') == len(SECTIONS)
    heal = html.index(f'href="/{lang}/rules/heal/"')
    assert html.index(summary) == html.index('<span class="rule-summary">', heal) + len('<span class="rule-summary">')
