"""Search in the browser: as you type (htmx, debounced) in the box on every page; a plain page without JS."""

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from kotguide.content import library
from kotguide.content.sections import registry

from .conftest import PHONE, axe_violations

pytestmark = pytest.mark.usefixtures("search_index")  # the live server runs in this process


def type_query(page, text):
    box = page.locator("#site-search-q")
    box.click()
    box.press_sequentially(text, delay=40)  # key by key, like a reader; htmx waits 250 ms after the last one
    return page.locator("#search-live #search-results")


def test_typing_kaifuku_reaches_the_heal_sections_anchor(site, page):
    site("/ja/")
    live = type_query(page, "回復")
    result = live.locator('a.search-hit-link[href^="/ja/rules/heal/#"]').first
    expect(result).to_be_visible()
    expect(live.locator("mark").first).to_have_text("回復")
    href = result.get_attribute("href")
    result.click()
    page.wait_for_url(re.compile(r"/ja/rules/heal/#heal-[a-z-]+$"))
    assert page.url.endswith(href)
    anchor = page.locator(f"#{href.split('#')[1]}")
    expect(anchor).to_be_in_viewport()
    expect(anchor).to_contain_text("回復")


@pytest.mark.parametrize(("lang", "section_id"), [("ja", "smash"), ("ja", "yielding")])
def test_two_character_query_as_you_type(site, page, lang, section_id):
    query = registry().get(section_id).title(lang)[-2:]  # 攻撃, 脱出
    assert len(query) == 2
    site(f"/{lang}/cards/")
    live = type_query(page, query)
    expect(live.locator(f'a.search-hit-link[href^="/{lang}/rules/{section_id}/"]').first).to_be_visible()
    expect(live.locator(".search-hit mark").first).to_have_text(query)
    page.keyboard.press("Enter")  # the plain page, with the query in its address
    page.wait_for_url(f"**/{lang}/search/?q={quote(query)}")
    expect(
        page.locator(f'#main a.search-hit-link[href^="/{lang}/rules/{section_id}/"]').first
    ).to_be_visible()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_card_by_its_2011_name(site, page, lang):
    card = next(c for c in library.cards(lang).values() if c.name_2011)
    site(f"/{lang}/rules/")
    live = type_query(page, card.name_2011)
    result = live.locator(f'a.search-hit-link[href="/{lang}/cards/{card.id}/"]')
    expect(result).to_be_visible()
    expect(live.locator(".search-alias-2011 mark").first).to_be_visible()
    result.click()
    page.wait_for_url(f"**/{lang}/cards/{card.id}/")
    expect(page.locator("h1")).to_contain_text(card.name)


def test_same_results_without_javascript(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/ja/")
    page.fill("#site-search-q", "回復")
    page.locator(".site-search button[type=submit]").click()
    page.wait_for_url(f"**/ja/search/?q={quote('回復')}")
    assert page.locator("#search-live .search-hit").count() == 0
    links = page.locator("#main #search-results a.search-hit-link")
    assert links.count() > 0
    assert page.locator('#main a.search-hit-link[href^="/ja/rules/heal/#"]').count() > 0
    context.close()


def test_an_unspaced_question_reaches_its_faq_answer(site, page):
    page.set_viewport_size(PHONE)
    site(f"/ja/search/?q={quote('トーキョーにいるとき回復できる？')}")
    first = page.locator("#main .search-top .search-hit").first
    expect(first.locator(".search-kind")).to_have_text("よくある質問")
    expect(first.locator(".search-answer")).to_contain_text("ダイスではできません")
    first.locator("a.search-hit-link").click()
    page.wait_for_url("**/ja/faq/#heal-in-tokyo")
    expect(page.locator("#heal-in-tokyo")).to_be_in_viewport()


def test_a_misspelling_shows_the_word_searched_for(site, page):
    site("/en/")
    live = type_query(page, "oportunist")
    expect(live.locator(".search-corrected strong")).to_have_text("opportunist")
    expect(live.locator('a.search-hit-link[href="/en/cards/opportunist/"]')).to_be_visible()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_results_page_offers_ways_on(site, page, lang):
    site(f"/{lang}/search/?q=qqqzzzxx")
    none = page.locator("#main .search-none")
    expect(none.locator(".search-term")).to_have_text("qqqzzzxx")
    assert none.locator(".search-nearest a").count() >= 3
    none.locator(f'a[href="/{lang}/faq/"]').click()
    page.wait_for_url(f"**/{lang}/faq/")
    page.go_back()
    page.locator(f'#main .search-none a[href="/{lang}/rules/"]').click()
    page.wait_for_url(f"**/{lang}/rules/")
    page.go_back()
    page.locator("#main .search-nearest a").first.click()
    page.wait_for_url(re.compile(rf"/{lang}/glossary/#term-[a-z0-9-]+$"))


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize(
    "query", ["qqqzzzxx", "oportunist", "トーキョーにいるとき回復できる？"], ids=["none", "corrected", "question"]
)
def test_results_states_have_no_serious_accessibility_violation(site, page, lang, query):
    site(f"/{lang}/search/?q={quote(query)}")
    expect(page.locator("#main #search-results")).to_be_visible()
    assert axe_violations(page) == []
