"""Learn to play in a real browser: the first three lessons walked in each language, a wrong choice then the right
one, keyboard alone, phone width, without JavaScript, progress on this device, and axe on the path and a lesson."""

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from kotguide.learn.lessons import lessons

from .conftest import DESKTOP, PHONE, axe_violations

WORDS = {
    "en": {"roll": "Roll the dice", "reroll": "Reroll the dice not kept", "resolve": "Resolve the dice",
           "end": "End the turn", "continue": "Continue", "finished": "Lesson finished.", "wrong": "Not quite.",
           "right": "Right.", "clear": "Clear my progress", "bots": "Play the other monsters' turns",
           "hints": "Show hints", "apply": "Apply", "hint": "Hint:"},
    "ja": {"roll": "ダイスを振る", "reroll": "残さないダイスを振り直す", "resolve": "ダイスを解決する",
           "end": "ターンを終える", "continue": "続ける", "finished": "レッスン完了です。",
           "wrong": "正解ではありません。", "right": "正解です。", "clear": "進み具合を消去する",
           "bots": "ほかのモンスターのターンを進める", "hints": "ヒントを表示する", "apply": "適用",
           "hint": "ヒント："},
}
LESSONS = lessons()


def address_re(lesson, done: int) -> re.Pattern:
    """The lesson's address once `done` actions of its script are played."""
    actions = " ".join(lesson.script[:done])
    query = re.escape("?" + urlencode({"a": actions})) if actions else ""
    return re.compile(rf"/learn/{lesson.id}/{query}$")


def tick(page, keep: tuple[int, ...]):
    for i in range(page.locator("input.die-keep").count()):
        box = page.locator(f"#die-{i}")
        if box.is_checked() != (i in keep):
            page.locator(f'label[for="die-{i}"]').click()
        expect(box).to_be_checked(checked=i in keep)


def play_step(page, lang, step):
    w = WORDS[lang]
    if step.is_auto:
        page.get_by_role("button", name=w["continue"], exact=True).click()
    elif step.keep is not None:
        tick(page, step.keep)
        page.get_by_role("button", name=w["reroll"]).click()
    else:
        page.locator(f'button[name="do"][value="{step.expect}"]').click()


def walk(page, lang, lesson):
    bounds = lesson.boundaries()
    for step in lesson.steps:
        expect(page.locator("#learn-task")).to_have_text(step.narration[lang])
        play_step(page, lang, step)
        expect(page).to_have_url(address_re(lesson, bounds[step.index + 1]))
        if not step.is_auto:
            expect(page.locator("#learn-feedback")).to_contain_text(step.right[lang])
    expect(page.locator(f'[data-learn-done="{lesson.id}"]')).to_contain_text(WORDS[lang]["finished"])


@pytest.mark.parametrize(("lang", "viewport"), [("ja", PHONE), ("en", DESKTOP)], ids=["ja-phone", "en-desktop"])
def test_walk_the_first_three_lessons_and_see_the_progress_on_the_path(site, page, lang, viewport):
    page.set_viewport_size(viewport)
    site(f"/{lang}/learn/")
    expect(page.locator("#learn-progress")).to_be_hidden()  # a first visit: no "0 of 8", only the start
    expect(page.locator("#learn-start")).to_be_in_viewport()
    page.locator("a.learn-title").first.click()
    for n, lesson in enumerate(LESSONS[:3]):
        expect(page).to_have_url(re.compile(rf"/{lang}/learn/{lesson.id}/$"))
        expect(page.locator("h1")).to_have_text(lesson.title[lang])
        walk(page, lang, lesson)
        if n < 2:
            page.locator(".learn-finished a.learn-button").click()  # "Next lesson: ..."
    page.goto(page.url.split("/learn/")[0] + "/learn/")
    expect(page.locator("#learn-progress")).to_be_visible()
    expect(page.locator("[data-learn-count]")).to_have_text("3")
    for i, item in enumerate(page.locator(".learn-item").all()):
        expect(item.locator(".learn-done-badge")).to_be_visible(visible=i < 3)
    expect(page.locator("#learn-continue")).to_have_attribute("href", f"/{lang}/learn/{LESSONS[3].id}/")
    page.get_by_role("button", name=WORDS[lang]["clear"]).click()
    expect(page.locator("[data-learn-count]")).to_have_text("0")
    expect(page.locator("#learn-progress")).to_be_hidden()
    expect(page.locator(".learn-done-badge").first).to_be_hidden()
    page.reload()
    expect(page.locator("[data-learn-count]")).to_have_text("0")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_finish_a_lesson_after_a_wrong_choice_then_the_right_one(site, page, lang):
    w = WORDS[lang]
    lesson = LESSONS[0]  # rolling: keep the three 2s and the two 3s
    site(f"/{lang}/learn/{lesson.id}/")
    page.get_by_role("button", name=w["roll"]).click()
    expect(page).to_have_url(address_re(lesson, 1))
    tick(page, (0, 1))  # two of the 2s: wrong
    page.get_by_role("button", name=w["reroll"]).click()
    feedback = page.locator("#learn-feedback")
    expect(feedback).to_contain_text(w["wrong"])
    expect(feedback).to_contain_text(lesson.steps[1].wrong[lang])
    expect(feedback.get_by_role("link")).to_have_attribute("href", f"/{lang}/rules/rolling/#rolling-rerolls")
    expect(page).to_have_url(address_re(lesson, 1))  # nothing was played
    expect(page.locator("#die-1")).to_be_checked()  # the dice stay as the reader ticked them
    expect(page.locator('label[for="die-0"]')).to_contain_text(re.compile(r"[:：] ?2"))  # not rerolled (its name)
    tick(page, (0, 1, 2, 3, 4))
    page.get_by_role("button", name=w["reroll"]).click()
    expect(page).to_have_url(address_re(lesson, 2))
    expect(feedback).to_contain_text(w["right"])
    bounds = lesson.boundaries()
    for step in lesson.steps[2:]:
        play_step(page, lang, step)
        # The next step's controls exist only once this answer is in: a click before then would be lost.
        expect(page).to_have_url(address_re(lesson, bounds[step.index + 1]))
    expect(page.locator(f'[data-learn-done="{lesson.id}"]')).to_be_visible()
    page.wait_for_function("() => localStorage.getItem('kotguide.learn.v1') !== null")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('kotguide.learn.v1')).done")
    assert list(stored) == [lesson.id]


def tab_to(page, selector: str, limit: int = 120):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} cannot be reached with the keyboard")


def test_keyboard_alone_finishes_a_lesson_at_phone_width(site, page):
    page.set_viewport_size(PHONE)
    lesson = LESSONS[0]
    site(f"/en/learn/{lesson.id}/")
    tab_to(page, 'button[value="roll"]')
    page.keyboard.press("Enter")
    expect(page).to_have_url(address_re(lesson, 1))
    for die in range(5):  # keep the 2s and the 3s with the space bar
        tab_to(page, f"#die-{die}")
        page.keyboard.press("Space")
        expect(page.locator(f"#die-{die}")).to_be_checked()
    tab_to(page, 'button[value="reroll"]')
    page.keyboard.press("Enter")
    expect(page).to_have_url(address_re(lesson, 2))
    expect(page.locator("#die-0")).to_be_focused()  # the focus lands on the first control of the new decision
    expect(page.locator("#sb-announce")).to_contain_text("Right.")  # and the feedback is announced
    bounds = lesson.boundaries()
    for step, value in zip(lesson.steps[2:], ("resolve", "end"), strict=True):
        tab_to(page, f'button[value="{value}"]')
        page.keyboard.press("Enter")
        expect(page).to_have_url(address_re(lesson, bounds[step.index + 1]))
    expect(page.locator(f'[data-learn-done="{lesson.id}"]')).to_be_visible()
    tab_to(page, ".learn-finished a.learn-button")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/en/learn/{LESSONS[1].id}/$"))


def test_lessons_work_without_javascript_and_keep_no_progress(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    lesson = LESSONS[0]
    page.goto(live_server.url + f"/en/learn/{lesson.id}/")
    page.get_by_role("button", name=WORDS["en"]["roll"]).click()
    expect(page).to_have_url(address_re(lesson, 1))
    page.locator('button[name="do"][value="reroll"]').click()  # wrong: nothing ticked, all six rerolled
    expect(page.locator("#learn-feedback")).to_contain_text(WORDS["en"]["wrong"])
    bounds = lesson.boundaries()
    for step in lesson.steps[1:]:  # the boxes to keep are ticked without a script, as any form's
        play_step(page, "en", step)
        expect(page).to_have_url(address_re(lesson, bounds[step.index + 1]))
    expect(page.locator(f'[data-learn-done="{lesson.id}"]')).to_be_visible()
    page.goto(live_server.url + "/en/learn/")
    expect(page.locator("#learn-progress")).to_be_hidden()  # no progress box: nothing is kept
    context.close()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_game_lesson_plays_the_others_turns_and_shows_hints(site, page, lang):
    w = WORDS[lang]
    site(f"/{lang}/learn/game/")
    page.get_by_role("button", name=w["roll"]).click()
    expect(page).to_have_url(re.compile(r"/learn/game/\?a=roll$"))
    expect(page.locator(".learn-hint")).to_have_count(0)
    page.evaluate("() => { window.notReloaded = true; }")
    page.get_by_label(re.compile(w["hints"])).check()  # switches at once, without a reload (no Apply with JS)
    expect(page.locator(".learn-hint")).to_contain_text(w["hint"])
    expect(page.get_by_role("button", name=w["apply"])).to_be_hidden()
    assert page.evaluate("() => window.notReloaded === true")
    expect(page).to_have_url(re.compile(r"hints=1"))
    page.get_by_role("button", name=w["resolve"]).click()
    page.get_by_role("button", name=w["end"]).click()
    page.get_by_role("button", name=w["bots"]).click()
    expect(page.get_by_role("button", name=w["bots"])).to_have_count(0)
    expect(page).to_have_url(re.compile(r"a=roll\+resolve\+end\+bots&hints=1$"))
    expect(page.locator("#sb-log")).to_contain_text("ザ・キング" if lang == "ja" else "The King")
    expect(page.locator(".learn-hint")).to_be_visible()


@pytest.mark.parametrize(("lang", "viewport"), [("ja", PHONE), ("en", DESKTOP)], ids=["ja-phone", "en-desktop"])
def test_path_and_lessons_have_no_serious_accessibility_violation(site, page, lang, viewport):
    page.set_viewport_size(viewport)
    # The path and a lesson step are walked with every kind of page (test_accessibility.py); here the states only a
    # lesson has: the hints of the closing game and a wrong answer's feedback.
    site(f"/{lang}/learn/game/?a=roll&hints=1")
    assert axe_violations(page) == []
    site(f"/{lang}/learn/rolling/?a=roll")  # a wrong answer's feedback
    page.get_by_role("button", name=WORDS[lang]["reroll"]).click()
    expect(page.locator("#learn-feedback")).to_be_visible()
    assert axe_violations(page) == []
