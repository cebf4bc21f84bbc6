"""Rules puzzles in a real browser: a puzzle answered right and wrong in each language (htmx swap, focus on the
verdict), the Leitner boxes on a faked clock (a miss comes back after 1, 3 and 7 days, a mastered puzzle leaves),
clearing, the pages without JavaScript, and axe after an answer."""

from datetime import datetime, timedelta

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, axe_violations

T0 = datetime(2026, 12, 1, 9, 0, 0)
VERDICT = {"en": {"right": "Right.", "wrong": "Not quite."},
           "ja": {"right": "正解です。", "wrong": "正解ではありません。"}}
# heal-in-tokyo-1: 5 life in the City, three hearts: 5 (8 is the "heals in Tokyo" mistake)
# heal-in-tokyo-2: 7 life in the City: 7 (9 is the mistake)
MISSED, MASTERED = "heal-in-tokyo-1", "heal-in-tokyo-2"


def answer(page, value: str):
    page.locator(f'button.practice-choice[value="{value}"]').click()
    expect(page.locator("#practice-answer[data-practice-recorded]")).to_be_attached()


def due_links(page) -> list[str]:
    return page.locator("#practice-due-list [data-practice-due-link]").evaluate_all(
        "links => links.map(a => a.getAttribute('data-practice-due-link'))")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_right_and_wrong_answers_and_the_boxes_on_a_faked_clock(site, page, lang):
    page.clock.install(time=T0)
    page.set_viewport_size(PHONE)
    site(f"/{lang}/practice/{MISSED}/")
    expect(page.locator("#practice-memory-on")).to_be_visible()
    answer(page, "8")
    result = page.locator("#practice-result")
    expect(result).to_contain_text(VERDICT[lang]["wrong"])
    expect(result).to_be_focused()
    expect(result.locator('a[href*="/rules/heal/"]')).to_have_count(1)
    assert page.url.endswith(f"/{lang}/practice/{MISSED}/")  # htmx: the answer region alone was swapped
    site(f"/{lang}/practice/{MASTERED}/")
    answer(page, "7")
    expect(page.locator("#practice-result")).to_contain_text(VERDICT[lang]["right"])

    def listing_at(when: datetime) -> list[str]:
        page.clock.set_fixed_time(when)
        site(f"/{lang}/practice/")
        return due_links(page)

    assert listing_at(T0 + timedelta(hours=23)) == []
    assert listing_at(T0 + timedelta(days=1, minutes=1)) == [MISSED]  # back after 1 day; the mastered one is gone
    expect(page.locator(f'a.practice-mastered[data-practice-link="{MASTERED}"]')).to_have_count(1)
    site(f"/{lang}/practice/{MISSED}/")
    answer(page, "5")  # right: box 2, back after 3 days
    day1 = T0 + timedelta(days=1, minutes=1)
    assert listing_at(day1 + timedelta(days=2, hours=23)) == []
    assert listing_at(day1 + timedelta(days=3, minutes=1)) == [MISSED]
    site(f"/{lang}/practice/{MISSED}/")
    answer(page, "5")  # right: box 3, back after 7 days
    day4 = day1 + timedelta(days=3, minutes=1)
    assert listing_at(day4 + timedelta(days=6, hours=23)) == []
    assert listing_at(day4 + timedelta(days=7, minutes=1)) == [MISSED]
    site(f"/{lang}/practice/{MISSED}/")
    answer(page, "5")  # right after its 7 days: mastered, it leaves
    assert listing_at(day4 + timedelta(days=30)) == []

    site(f"/{lang}/practice/progress/")
    heal_row = page.locator('[data-practice-theme="turn-overview"]')
    expect(heal_row.locator("[data-practice-mastered]")).to_have_text("2")
    page.locator("#practice-clear").click()
    expect(heal_row.locator("[data-practice-answered]")).to_have_text("0")
    assert page.evaluate("() => window.localStorage.getItem('kotguide.practice.v1')") is None


def test_without_javascript_the_puzzle_still_answers_and_says_it_remembers_nothing(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + f"/ja/practice/{MISSED}/")
    expect(page.locator("#practice-memory")).to_be_visible()
    page.locator('button.practice-choice[value="8"]').click()
    expect(page.locator("#practice-result")).to_contain_text(VERDICT["ja"]["wrong"])
    page.goto(live_server.url + "/ja/practice/progress/")
    expect(page.locator("#practice-no-memory")).to_be_visible()
    expect(page.locator("#practice-progress")).to_be_hidden()
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_serious_violation_after_an_answer(site, page, lang):
    site(f"/{lang}/practice/scoring-dice-1/")
    answer(page, "die:3")
    assert axe_violations(page) == []
