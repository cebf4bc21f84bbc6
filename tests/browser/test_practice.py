"""Rules puzzles in a real browser: in each language a die, a monster's board and a space of Tokyo tapped on the
drawn table, right and wrong (htmx swap, focus on the verdict, axe after it); the Leitner boxes on a faked clock (a
miss comes back after 1, 3 and 7 days, a mastered puzzle leaves) and clearing; the pages without JavaScript.

The boxes are language-free (one store for both languages), so the clock walk runs once, and reads what is due on
the progress page (small) rather than the list of every puzzle; the list is opened once, to see its due list."""

from datetime import datetime, timedelta

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, axe_violations

T0 = datetime(2026, 12, 1, 9, 0, 0)
VERDICT = {"en": {"right": "Right.", "wrong": "Not quite."},
           "ja": {"right": "正解です。", "wrong": "正解ではありません。"}}
# scoring-dice-1: 2 2 2 1 1 heart: the three 2s score, the pair of 1s does not
# heal-in-tokyo-1: 5 life in the City, three hearts: 5 (8 is the "heals in Tokyo" mistake)
# heal-in-tokyo-2: 7 life in the City: 7 (9 is the mistake)
MISSED, MASTERED = "heal-in-tokyo-1", "heal-in-tokyo-2"
# after-yield-1: Gigazaur smashes The King (in the City, 3 life) twice; The King yields, so Gigazaur takes the City
GIGAZAUR = {"en": "Gigazaur", "ja": "ギガザウルス"}
# bay-entry-1: five monsters, The King in the City, the Bay empty; Gigazaur rolls no smash and enters Tokyo Bay
BAY = {"en": "Tokyo Bay", "ja": "トーキョーベイ"}


def recorded(page):
    expect(page.locator("#practice-answer[data-practice-recorded]")).to_be_attached()


def answer(page, value: str):
    page.locator(f'button.practice-choice[value="{value}"]').click()
    recorded(page)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_answered_by_a_die_a_monster_and_a_space_on_the_table(site, page, lang):
    page.set_viewport_size(PHONE)
    site(f"/{lang}/practice/scoring-dice-1/")
    expect(page.locator("#practice-memory-on")).to_be_visible()
    answer(page, "die:3")  # a 1 of the pair 1, 1: a pair scores nothing
    result = page.locator("#practice-result")
    expect(result).to_contain_text(VERDICT[lang]["wrong"])
    expect(result).to_be_focused()
    expect(result.locator('a[href*="/rules/numbers/"]')).to_have_count(1)
    assert page.url.endswith(f"/{lang}/practice/scoring-dice-1/")  # htmx: the answer region alone was swapped

    site(f"/{lang}/practice/after-yield-1/")
    board = page.locator("#practice-answer li.monster", has_text=GIGAZAUR[lang])
    tap = page.get_by_role("button", name=GIGAZAUR[lang], exact=True)
    box = tap.bounding_box()
    assert box and box["height"] >= 24 and box["width"] >= 24
    board.click()  # the drawn board itself: its button lies over it
    recorded(page)
    expect(result).to_contain_text(VERDICT[lang]["right"])
    expect(result).to_be_focused()
    expect(tap).to_have_class("table-answer practice-chosen")

    site(f"/{lang}/practice/bay-entry-1/")
    page.locator("#practice-answer .tokyo-bay").click()
    recorded(page)
    expect(result).to_contain_text(VERDICT[lang]["right"])
    expect(page.get_by_role("button", name=BAY[lang], exact=True)).to_have_class("table-answer practice-chosen")
    assert axe_violations(page) == []


def test_the_boxes_on_a_faked_clock_and_clearing(live_server, page):
    def open_path(path: str):  # practice.js is deferred: it has run by DOMContentLoaded, no need to wait for images
        page.goto(live_server.url + path, wait_until="domcontentloaded")

    page.clock.install(time=T0)
    open_path(f"/en/practice/{MISSED}/")
    answer(page, "8")
    open_path(f"/en/practice/{MASTERED}/")
    answer(page, "7")
    due_button = page.locator("#practice-due")

    def due_at(when: datetime) -> tuple[str, str]:
        """How many puzzles the progress page says are due, and the one its button opens ("" without one)."""
        page.clock.set_fixed_time(when)
        open_path("/en/practice/progress/")
        first = (due_button.get_attribute("href") or "").split("/")[-2] if due_button.is_visible() else ""
        return page.locator("[data-practice-due-count]").inner_text(), first

    def practise_the_due_one():
        due_button.click()  # the progress page's button opens the puzzle due
        page.wait_for_url(f"**/en/practice/{MISSED}/", wait_until="domcontentloaded")
        answer(page, "5")

    assert due_at(T0 + timedelta(hours=23)) == ("0", "")
    day1 = T0 + timedelta(days=1, minutes=1)
    assert due_at(day1) == ("1", MISSED)  # back after 1 day; the mastered one is not
    open_path("/en/practice/")  # the list says so too: the missed one in its due list, the mastered one ticked
    expect(page.locator("#practice-due-list [data-practice-due-link]")).to_have_count(1)
    expect(page.locator(f'#practice-due-list [data-practice-due-link="{MISSED}"]')).to_have_count(1)
    expect(page.locator(f'a.practice-mastered[data-practice-link="{MASTERED}"]')).to_have_count(1)
    page.go_back(wait_until="domcontentloaded")
    practise_the_due_one()  # right: box 2, back after 3 days
    assert due_at(day1 + timedelta(days=2, hours=23)) == ("0", "")
    day4 = day1 + timedelta(days=3, minutes=1)
    assert due_at(day4) == ("1", MISSED)
    practise_the_due_one()  # right: box 3, back after 7 days
    assert due_at(day4 + timedelta(days=6, hours=23)) == ("0", "")
    day11 = day4 + timedelta(days=7, minutes=1)
    assert due_at(day11) == ("1", MISSED)
    practise_the_due_one()  # right after its 7 days: mastered, it leaves
    assert due_at(day11 + timedelta(days=30)) == ("0", "")

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
    page.goto(live_server.url + "/ja/practice/after-yield-1/")
    page.locator("#practice-answer li.monster", has_text=GIGAZAUR["ja"]).click()  # a plain form POST
    expect(page.locator("#practice-result")).to_contain_text(VERDICT["ja"]["right"])
    page.goto(live_server.url + "/ja/practice/progress/")
    expect(page.locator("#practice-no-memory")).to_be_visible()
    expect(page.locator("#practice-progress")).to_be_hidden()
    context.close()
