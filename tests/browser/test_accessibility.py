"""axe-core on every kind of page (kotguide.site.pages.KINDS), in both languages, at phone and desktop width:
no serious or critical violation. Also the states htmx brings: a sandbox step and the live search drop-down.

Each kind is checked once per language, one language at phone width and the other at desktop width, swapped from
one kind to the next: every kind meets both widths and both languages, every language both widths, at half the cost
of all four pairs (axe is most of the browser suite's time). `make soak` checks all four.

A kind whose page does not exist yet (the resolver, the learn pages) is skipped until it does.
"""

import pytest
from playwright.sync_api import expect

from kotguide.site.pages import KINDS, store_example_position
from tests.engine.budget import SOAK

from .conftest import DESKTOP, PHONE, axe_violations

LANGS = ("ja", "en")


def at_widths(page, widths: dict[str, dict]) -> dict[str, list[str]]:
    found = {}
    for name, viewport in widths.items():
        page.set_viewport_size(viewport)
        found[name] = axe_violations(page)
    return {name: violations for name, violations in found.items() if violations}


def at_both_widths(page) -> dict[str, list[str]]:
    return at_widths(page, {"phone": PHONE, "desktop": DESKTOP})


def widths_for(kind_index: int, lang: str) -> dict[str, dict]:
    if SOAK:
        return {"phone": PHONE, "desktop": DESKTOP}
    return {"phone": PHONE} if (kind_index + LANGS.index(lang)) % 2 == 0 else {"desktop": DESKTOP}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind_index", range(len(KINDS)), ids=[k.name for k in KINDS])
def test_no_serious_violation_on_any_kind_of_page(site, page, kind_index, lang):
    kind = KINDS[kind_index]
    address = kind.address(lang)
    if kind.url_name == "sandbox:shared":
        store_example_position()
    site(address)
    assert page.locator("html").get_attribute("lang") == lang
    assert at_widths(page, widths_for(kind_index, lang)) == {}


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
