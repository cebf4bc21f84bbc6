"""The table editor in Chromium at 360×740: short on first load (with and without JavaScript), edits in place with
htmx keeping the keyboard focus, and no serious accessibility violation in either language."""

import pytest
from playwright.sync_api import expect

from .conftest import DESKTOP, PHONE, axe_violations

LANGS = ("ja", "en")
MAX_CONTROLS, MAX_HEIGHT = 30, 3 * PHONE["height"]  # at most 30 visible controls, at most three screens tall
# the controls a reader can see and use: visible, not hidden from assistive technology, not inside a closed <details>
# (a closed seat's summary counts, its body does not)
COUNT_CONTROLS = """() => [...document.querySelectorAll(
    'main button, main input:not([type=hidden]), main select, main summary, main a[href], main textarea')]
  .filter(el => {
  if (el.closest('[aria-hidden=true]')) return false;
  const r = el.getBoundingClientRect();
  return r.width > 2 && r.height > 2 && el.checkVisibility({visibilityProperty: true});
}).length"""
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'main button, main summary, main select, main input:not([type=hidden])')]
  .filter(el => { const r = el.getBoundingClientRect(); return r.width > 2 && (r.width < 24 || r.height < 24)
    && !el.closest('[aria-hidden=true]') && el.checkVisibility(); }).map(el => el.outerHTML.slice(0, 80))"""


def height(page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


@pytest.mark.parametrize("lang", LANGS)
def test_first_load_at_phone_size_is_short_with_few_controls(site, page, lang):
    page.set_viewport_size(PHONE)
    site(f"/{lang}/resolve/")
    assert page.evaluate(COUNT_CONTROLS) <= MAX_CONTROLS
    assert height(page) <= MAX_HEIGHT
    assert page.evaluate(SMALL_TARGETS) == []


def test_without_javascript_it_is_a_short_plain_form_with_seats_folded(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    page.goto(live_server.url + "/en/resolve/")
    assert page.locator("details.ed-seat, .ed-seat details").count() >= 2
    assert page.locator(".ed-seat details[open]").count() == 0
    assert page.evaluate(COUNT_CONTROLS) <= MAX_CONTROLS
    assert height(page) <= MAX_HEIGHT
    page.locator("#ed-seat-0-summary").click()
    page.locator("#ed-n-0-life-down").click()  # a plain POST answers the whole page
    expect(page.locator("#ed-seat-0-summary")).to_contain_text("9")
    page.locator("#ed-card-0-v").fill("Armor Plating")
    page.keyboard.press("Enter")  # Enter in a name field adds that name
    expect(page.locator("#ed-seat-0 .ed-held")).to_contain_text("Armor Plating")
    context.close()


def test_an_edit_swaps_the_editor_and_keeps_the_focus_on_the_stepper(site, page):
    page.set_viewport_size(PHONE)
    site("/en/resolve/?monsters=4")  # box order, before the roll
    page.locator("#ed-seat-0-summary").click()
    stepper = page.get_by_role("button", name="Space Penguin: Life −1")
    stepper.click()
    expect(page.locator("#ed-seat-0-summary")).to_contain_text("9/10")
    expect(page.locator("#ed-n-0-life-down")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#ed-seat-0-summary")).to_contain_text("8/10")
    page.locator("#ed-die-0-summary").click()
    page.locator("#ed-die-0-smash").click()
    expect(page.locator("#ed-die-1-summary")).to_be_focused()
    expect(page.locator("#ed-seat-0")).to_have_attribute("open", "")  # the seat stays open: the die edit left it
    page.locator("#ed-card-0-v").fill("Jets")
    page.keyboard.press("Enter")
    expect(page.locator("#ed-seat-0 .ed-held")).to_contain_text("Jets")
    expect(page.locator("#ed-card-0-v")).to_be_focused()  # ready for the next card
    page.locator("#ed-die-2-summary").click()
    assert page.evaluate(SMALL_TARGETS) == []  # a seat and a die opened: every target at least 24 px too
    page.locator("#ed-undo").click()  # Jets goes back, then the die's face
    expect(page.locator("#ed-seat-0-summary")).not_to_contain_text("1 card")
    page.locator("#ed-undo").click()
    expect(page.locator("#ed-die-0-summary")).to_have_attribute("aria-label", "Die 1: not chosen")


@pytest.mark.parametrize("lang", LANGS)
def test_the_editor_has_no_serious_accessibility_violation(site, page, lang):
    site(f"/{lang}/resolve/?monsters=5&m1-place=city&options=curses&options=wickedness&step=rolled&die1=smash")
    page.locator("#ed-seat-0-summary").click()
    page.locator("#ed-die-0-summary").click()
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        assert axe_violations(page) == []


def test_a_refused_table_says_every_reason_beside_its_control_and_focuses_the_summary(site, page):
    site("/ja/resolve/?monsters=3&m1-place=city&m2-place=bay")  # the Bay is closed with 3 monsters; dice not chosen
    page.locator("#ed-die-0-summary").click()
    page.locator("#ed-die-0-smash").click()
    page.locator("#ed-go").click()
    expect(page.locator("#ed-problems")).to_be_focused()
    expect(page.locator("#ed-seat-1 .ed-note")).to_have_text(
        "トーキョーベイを使うのはモンスターが5体以上いるときだけです。3体では使えません。")
    expect(page.locator(".ed-dice .ed-note")).to_have_count(5)  # the five dice whose face is not chosen
    assert axe_violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_what_happens_opens_the_table_in_the_sandbox(site, page):
    site("/ja/resolve/?monsters=2&m2-place=city&step=rolled&die1=smash&die2=smash&die3=1&die4=2&die5=3&die6=heart")
    page.locator("#ed-go").click()
    page.wait_for_url("**/ja/p/*/")
    expect(page.locator("#sb-monsters")).to_be_visible()


EVOLUTION_STATE = ("/{lang}/resolve/?monsters=3&options=evolutions&turn=gigazaur&m1-monster=gigazaur"
                   "&m2-monster=king-kong&m2-evolutions=it-was-beauty-killed-the-beast"
                   "&m3-monster=pandakai&m3-evolutions=bamboo-supply")


@pytest.mark.parametrize("lang", LANGS)
def test_the_evolution_cards_state_is_edited_in_their_panel(site, page, lang):
    """Beauty's holder, Bamboo Supply's energy and a missed turn: in the Evolutions panel, accessible, ≥ 24 px."""
    site(EVOLUTION_STATE.format(lang=lang))
    page.locator("#ed-total-evolutions-evo-bamboo-supply-up").click()
    expect(page.locator("#ed-panel-evolutions .ed-value")).to_have_text("1")
    page.locator("#ed-choice-evolutions-evo-beauty-v").select_option("pandakai")
    expect(page.locator("#ed-choice-evolutions-evo-beauty-v")).to_have_value("pandakai")
    page.screenshot(path=f"/tmp/gaps-evolutions-{lang}.png", full_page=True)
    assert page.evaluate(SMALL_TARGETS) == []
    assert axe_violations(page) == []
