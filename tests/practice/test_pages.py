"""The puzzle pages: both languages, the same ids, answering by POST (plain and htmx), and clear 4xx."""

from __future__ import annotations

import html as html_lib
import re
import tomllib
from pathlib import Path

import pytest

from kotguide.content import library
from kotguide.content.sections import registry
from kotguide.learn.lessons import lessons
from kotguide.practice.catalogue import MISCOUNT, TEMPLATES, by_card, by_rule, lesson_puzzles, puzzles
from kotguide.practice.component_templates import MODULE_SECTIONS
from tests.purity import impure_blocks

POWER_CARDS = Path(__file__).resolve().parents[2] / "content" / "cards" / "power-cards.toml"

pytestmark = pytest.mark.django_db


def test_there_are_many_puzzles_with_distinct_positions():
    found = list(puzzles().values())
    assert len(found) >= 180
    keys = {(p.template.id, repr(sorted(p.variant.setup.items())), p.variant.actions) for p in found}
    assert len(keys) == len(found)
    assert all(p.right and p.right <= {c.value for c in p.choices} for p in found)  # a right answer can be tapped
    assert all(any(c.mistake for c in p.choices) for p in found)  # and a wrong one explained


def test_coverage_of_rules_cards_and_modules():
    found = list(puzzles().values())
    base = [s.id for s in registry().sections if registry().root(s).id != "modules"]
    for section in base:
        assert sum(section in p.rules for p in found) >= 2, section
    power = {card["id"] for card in tomllib.loads(POWER_CARDS.read_text())["card"]}
    assert len(power) == 64
    assert power <= {p.variant.card for p in found}
    for module in MODULE_SECTIONS:
        assert sum(p.module == module for p in found) >= 3, module
    assert {p.level for p in found} == {1, 2, 3}


def test_every_text_is_in_both_languages():
    for lang in ("en", "ja"):
        texts = library.load_toml(lang, "practice.toml")
        for template in TEMPLATES:
            assert {"question", "why"} <= set(texts["template"][template.id]), (lang, template.id)
        used = {c.mistake for p in puzzles().values() for c in p.choices if c.mistake} | {MISCOUNT}
        assert used <= set(texts["mistake"]), (lang, used - set(texts["mistake"]))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_puzzle_page_and_its_answers(client, lang):
    page = client.get(f"/{lang}/practice/heal-in-tokyo-1/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="answer" value="5"' in html and 'name="answer" value="8"' in html
    assert "aria-live" in html
    right = client.post(f"/{lang}/practice/heal-in-tokyo-1/", {"answer": "5"})
    assert right.status_code == 200 and 'data-practice-result="right"' in right.content.decode()
    wrong = client.post(f"/{lang}/practice/heal-in-tokyo-1/", {"answer": "8"}, HTTP_HX_REQUEST="true")
    text = wrong.content.decode()
    assert wrong.status_code == 200
    assert 'data-practice-result="wrong"' in text and "<html" not in text
    mistake = library.load_toml(lang, "practice.toml")["mistake"]["heal-in-tokyo"]
    assert mistake in text
    assert re.search(rf'href="/{lang}/rules/heal/', text) and f"/{lang}/sandbox/share/" in text


def answer_buttons(html: str) -> dict[str, str]:
    """value -> class of every answer button of the page's answer form."""
    form = html[html.index('id="practice-answer"'):html.index('id="practice-result"')]
    return dict(re.findall(r'<button type="submit" name="answer" value="([^"]+)" class="([^"]+)"', form))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_monsters_and_spaces_are_answered_on_the_drawn_table(client, lang):
    # after-yield-1: Gigazaur and The King at the table; "nobody" has no drawing and stays a button of its own
    html = client.get(f"/{lang}/practice/after-yield-1/").content.decode()
    assert answer_buttons(html) == {"gigazaur": "table-answer", "the-king": "table-answer", "nobody": "practice-choice"}
    assert html.count('id="sb-monsters"') == 1  # the monsters are drawn once, inside the answer form
    assert f'href="/{lang}/monsters/' not in html.split('id="sb-monsters"')[1].split("</section>")[0]  # no link under
    assert "role-turn" in html and "role-deciding" not in html  # Gigazaur's turn, but no board looks chosen
    # bay-entry-1: five monsters, the Bay is open; outside Tokyo is no space on the table
    html = client.get(f"/{lang}/practice/bay-entry-1/").content.decode()
    assert answer_buttons(html) == {"city": "table-answer", "bay": "table-answer", "outside": "practice-choice"}
    name = "Tokyo Bay" if lang == "en" else "トーキョーベイ"
    assert f'value="bay" class="table-answer"><span class="visually-hidden">{name}</span>' in html
    answered = client.post(f"/{lang}/practice/bay-entry-1/", {"answer": "bay"}, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in answered and 'value="bay" class="table-answer practice-chosen"' in answered
    # bay-entry-2: four monsters, no Bay drawn: its answer is a button of its own
    html = client.get(f"/{lang}/practice/bay-entry-2/").content.decode()
    assert answer_buttons(html) == {"city": "table-answer", "bay": "practice-choice", "outside": "practice-choice"}
    # a question about the game's start draws no table: its monsters are buttons
    html = client.get(f"/{lang}/practice/first-player-1/").content.decode()
    assert set(answer_buttons(html).values()) == {"practice-choice"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tampered_and_unknown_puzzles_are_4xx_in_the_readers_language(client, lang):
    unknown = client.get(f"/{lang}/practice/no-such-puzzle/")
    assert unknown.status_code == 404
    assert unknown.content.decode().count(f'lang="{lang}"') >= 1
    tampered = client.post(f"/{lang}/practice/heal-in-tokyo-1/", {"answer": "99"})
    assert tampered.status_code == 400
    expected = "That answer is not one of this puzzle" if lang == "en" else "この問題の選択肢"
    assert expected in tampered.content.decode()


def test_the_same_ids_in_both_languages(client):
    for lang in ("en", "ja"):
        listing = client.get(f"/{lang}/practice/").content.decode()
        assert set(re.findall(r'data-practice-link="([^"]+)"', listing)) == set(puzzles())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_reached_from_home_learn_rules_and_cards(client, lang):
    for address in (f"/{lang}/", f"/{lang}/learn/"):
        assert f'href="/{lang}/practice/"' in client.get(address).content.decode(), address
    for address in (f"/{lang}/rules/heal/", f"/{lang}/cards/acid-attack/"):
        html = client.get(address).content.decode()
        link = re.search(rf'class="practise-this"><a href="(/{lang}/practice/[^"]+)"', html)
        assert link, address
        assert client.get(link.group(1), follow=True).status_code == 200


@pytest.mark.parametrize("puzzle_id", ["heal-in-tokyo-1", "after-yield-1", "card-acid-attack", "berserk-1"])
def test_show_me_opens_the_position_with_its_actions_in_the_sandbox(client, puzzle_id):
    assert "/en/sandbox/share/" not in client.get(f"/en/practice/{puzzle_id}/").content.decode()  # not before
    html = client.post(f"/en/practice/{puzzle_id}/", {"answer": puzzles()[puzzle_id].choices[0].value}).content.decode()
    form = re.search(r'<form method="post" action="(/en/sandbox/share/)".*?name="position" value="([^"]+)"', html, re.S)
    assert form
    shared = client.post(form.group(1), {"position": html_lib.unescape(form.group(2))})
    assert shared.status_code == 302 and shared["Location"].startswith("/en/p/")
    assert client.get(shared["Location"]).status_code == 200


def test_a_tampered_htmx_answer_is_a_400_fragment(client):
    response = client.post("/ja/practice/heal-in-tokyo-1/", {"answer": "x" * 200}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    text = response.content.decode()
    assert "<html" not in text and "この問題の選択肢" in text


def test_every_rule_section_and_card_page_has_a_practise_this_puzzle():
    sections = [s.id for s in registry().sections]
    assert [s for s in sections if not by_rule(s)] == []
    assert [c for c in library.cards("en") if not by_card(c)] == []


COSTUME = "astronaut"  # a costume card of the Halloween module: no puzzle on its effect, one on its costume


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_practise_this_leads_to_a_puzzle_on_it_and_its_page_builds_no_catalogue(client, settings, lang):
    settings.PAGE_CACHE = False  # render the pages, not a kept copy
    puzzles.cache_clear()
    for address in (f"/{lang}/rules/smash/", f"/{lang}/cards/acid-attack/"):
        assert client.get(address).status_code == 200
    assert puzzles.cache_info().currsize == 0  # the catalogue is built by the click, for the puzzle it opens
    rule = client.get(f"/{lang}/practice/rule/smash/")
    assert rule.status_code == 302 and "smash" in puzzles()[rule["Location"].split("/")[-2]].rules
    card = client.get(f"/{lang}/practice/card/acid-attack/")
    assert card.status_code == 302 and puzzles()[card["Location"].split("/")[-2]].variant.card == "acid-attack"
    costume = client.get(f"/{lang}/practice/card/{COSTUME}/")  # a costume card: its costume's puzzle
    assert costume.status_code == 302
    assert puzzles()[costume["Location"].split("/")[-2]].variant.source == f"costume-{COSTUME}"
    missing = client.get(f"/{lang}/practice/rule/no-such-rule/")
    assert missing.status_code == 404 and f'lang="{lang}"' in missing.content.decode()


PROPER_NAMES = {"kotguide", "King of Tokyo", "IELLO", "Richard Garfield", "VP", "JavaScript"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pages_are_in_the_readers_language(client, lang):
    """One puzzle of each template (answered wrong, so the explanation shows), the list and the progress page."""
    firsts = {}
    for p in puzzles().values():
        firsts.setdefault(p.template.id, p)
    problems = {}
    for p in firsts.values():
        wrong = next(c.value for c in p.choices if c.mistake)
        html = client.post(f"/{lang}/practice/{p.id}/", {"answer": wrong}).content.decode()
        if bad := impure_blocks(html, lang, PROPER_NAMES):
            problems[p.id] = bad
    for page in ("", "progress/"):
        if bad := impure_blocks(client.get(f"/{lang}/practice/{page}").content.decode(), lang, PROPER_NAMES):
            problems[page or "list"] = bad
    assert problems == {}


def test_the_page_shows_what_the_question_needs_and_not_its_answer(client):
    first = client.get("/en/practice/first-player-1/").content.decode()
    assert "sb-monsters" not in first  # the drawn table would mark whose turn it is
    assert first.count("for the first-player roll-off") == 2  # both monsters' rolls
    assert "Rerolls left: 1." in client.get("/en/practice/can-reroll-1/").content.decode()
    assert "Affordable" not in client.get("/en/practice/buyable-1/").content.decode()
    assert "(2 energy)" not in client.get("/en/practice/sweep-energy-1/").content.decode()


# The rule sections each lesson taught at a91b8ce (content/learn/*.toml `rules` there): a shorter path must still
# teach every one of them.
TAUGHT_AT_A91B8CE = {
    "goal": {"goal", "turn-overview", "victory"}, "rolling": {"rolling", "resolving"}, "numbers": {"numbers"},
    "energy": {"energy", "buying"}, "smash": {"smash"}, "heal": {"heal", "tokyo"}, "entering": {"entering", "tokyo"},
    "yielding": {"yielding"}, "buying": {"buying", "sweeping", "power-cards"}, "winning": {"victory", "elimination"},
    "bay": {"tokyo-bay", "entering"}, "two-player": {"two-player"}, "game": {"turn-overview", "goal"},
}


def test_every_section_the_lessons_taught_is_still_taught_and_each_lesson_ends_with_two_puzzles(client):
    taught = {r.partition("#")[0] for lesson in lessons() for r in lesson.rules}
    assert set().union(*TAUGHT_AT_A91B8CE.values()) <= taught
    for lesson in lessons():
        if lesson.is_game:
            continue
        checks = lesson_puzzles(lesson.rules)
        assert len(checks) == 2 and checks[0] != checks[1], lesson.id
        assert all(set(p.rules) & {r.partition("#")[0] for r in lesson.rules} for p in checks), lesson.id
    last = lessons()[0]
    html = client.get(f"/en/learn/{last.id}/?a=" + "+".join(last.script)).content.decode()
    assert all(f'href="/en/practice/{p.id}/"' in html for p in lesson_puzzles(last.rules))
