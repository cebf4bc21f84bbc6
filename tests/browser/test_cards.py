import re

import pytest
from playwright.sync_api import expect


@pytest.mark.parametrize(("lang", "keep", "filter_button"), [("ja", "保持", "絞り込む"), ("en", "Keep", "Filter")])
def test_card_list_filters_by_type_and_cost(site, page, lang, keep, filter_button):
    site(f"/{lang}/cards/")
    total = page.locator(".card-item").count()
    assert total == 64
    page.select_option("#filter-type", "discard")
    page.select_option("#filter-cost", "6-8")
    page.get_by_role("button", name=filter_button).click()
    expect(page).to_have_url(re.compile(r"type=discard&cost=6-8$"))
    shown = page.locator(".card-item")
    assert 0 < shown.count() < total
    for meta in shown.locator(".card-meta").all_inner_texts():
        assert keep not in meta


@pytest.mark.parametrize(
    ("lang", "name", "other", "try_it"),
    [("ja", "模倣", "Mimic", "サンドボックスで試す"), ("en", "Mimic", "模倣", "Try it in the sandbox")],
)
def test_card_page_shows_both_names_and_tries_it_in_the_sandbox(site, page, lang, name, other, try_it):
    site(f"/{lang}/cards/")
    page.locator(".card-item a", has_text=name).first.click()
    expect(page).to_have_url(re.compile(rf"/{lang}/cards/mimic/$"))
    expect(page.locator("h1")).to_contain_text(name)
    expect(page.locator("h1 .card-other")).to_have_text(other)
    page.get_by_role("link", name=try_it).click()
    expect(page).to_have_url(re.compile(rf"/{lang}/sandbox/card-mimic/$"))
