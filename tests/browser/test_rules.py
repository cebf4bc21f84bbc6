import re

import pytest
from playwright.sync_api import expect

from .conftest import DESKTOP, PHONE


def test_switching_language_on_a_heading_lands_on_the_same_heading(site, page):
    site("/ja/rules/heal/")
    page.locator("#heal-where .heading-lang").click()
    expect(page).to_have_url(re.compile(r"/en/rules/heal/#heal-where$"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # The global switch keeps the heading the reader is on too.
    page.locator("#heal-maximum .heading-anchor").evaluate("a => a.click()")
    page.locator("a.lang-switch").click()
    expect(page).to_have_url(re.compile(r"/ja/rules/heal/#heal-maximum$"))


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_side_by_side_aligns_headings_and_stacks_on_a_phone(site, page, viewport):
    page.set_viewport_size(viewport)
    site("/en/rules/yielding/both/")
    ja = page.locator("#ja-yielding-when").bounding_box()
    en = page.locator("#en-yielding-when").bounding_box()
    if viewport is DESKTOP:
        assert abs(ja["y"] - en["y"]) < 2 and en["x"] > ja["x"]
    else:
        assert en["y"] > ja["y"]


def test_glossary_term_shows_the_other_language_on_keyboard_focus(site, page):
    site("/ja/rules/heal/")
    term = page.locator(".rule-body a.term").first
    tip = term.locator(".term-tip")
    expect(tip).to_be_hidden()
    term.focus()
    expect(tip).to_be_visible()
    expect(tip).to_have_attribute("lang", "en")


@pytest.mark.parametrize("path", ["/ja/quick/", "/en/quick/", "/ja/quick/both/"])
def test_quick_reference_prints_on_one_a4_sheet(site, page, path):
    # C10: each language alone, and the two side by side for a mixed table (the sheet is the same in either language)
    site(path)
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1, path  # one page object: one sheet


def test_a_card_page_shows_its_whole_effect(site, page):
    # The market's one-line clamp of a card's effect belongs to the sandbox's market cards, not to the card's own page.
    page.set_viewport_size(PHONE)
    site("/ja/cards/spiked-tail/")
    effect = page.locator("p.card-effect")
    assert effect.evaluate("e => getComputedStyle(e).webkitLineClamp") == "none"
    assert effect.evaluate("e => e.scrollHeight <= e.clientHeight + 1")  # nothing cut off
