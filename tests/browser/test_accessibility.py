"""axe-core on every kind of page (kotguide.site.pages.KINDS), in both languages, at phone and desktop width:
no serious or critical violation. Also the states htmx brings: a sandbox step and the live search drop-down.

A kind whose page does not exist yet (the resolver, the learn pages) is skipped until it does.
"""

import pytest
from playwright.sync_api import expect

from kotguide.site.pages import KINDS, store_example_position

from .conftest import DESKTOP, PHONE, axe_violations

LANGS = ("ja", "en")


def at_both_widths(page) -> dict[str, list[str]]:
    found = {}
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        found[name] = axe_violations(page)
    return {name: violations for name, violations in found.items() if violations}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_no_serious_violation_on_any_kind_of_page(site, page, kind, lang):
    address = kind.address(lang)
    if kind.url_name == "sandbox:shared":
        store_example_position()
    site(address)
    assert page.locator("html").get_attribute("lang") == lang
    assert at_both_widths(page) == {}


@pytest.mark.parametrize("lang", LANGS)
def test_no_serious_violation_after_an_htmx_step(site, page, lang):
    site(f"/{lang}/sandbox/yielding/")
    page.locator('#sb-controls .controls-form button[value="roll"]').click()
    page.wait_for_url("**?a=roll")
    expect(page.locator('#sb-controls .controls-form button[value="resolve"]')).to_be_visible()
    assert at_both_widths(page) == {}


@pytest.mark.parametrize(("lang", "query"), [("ja", "回復"), ("en", "heal")])
def test_no_serious_violation_with_the_live_search_open(site, page, lang, query):
    site(f"/{lang}/")
    page.locator("#site-search-q").fill(query)
    expect(page.locator("#search-live #search-results").first).to_be_visible()
    assert at_both_widths(page) == {}
