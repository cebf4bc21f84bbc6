import re

import pytest
from playwright.sync_api import expect

from kotguide.sandbox.words import monster_names

START = "Start this game"  # the new-game form's submit button (English: the Japanese words are not settled yet)
ROLL = {"ja": "ダイスを振る", "en": "Roll the dice"}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_deck_page_leads_to_a_card_and_back_to_the_deck(site, page, lang):
    site(f"/{lang}/modules/evolutions/decks/gigazaur/")
    page.locator(".card-item a").first.click()
    expect(page).to_have_url(re.compile(rf"/{lang}/modules/evolutions/[a-z0-9-]+/$"))
    page.locator(".breadcrumbs a", has_text=monster_names(lang)["gigazaur"]).click()
    expect(page).to_have_url(re.compile(rf"/{lang}/modules/evolutions/decks/gigazaur/$"))


def tab_to(page, selector: str, limit: int = 60) -> None:
    """Press Tab until the element matching `selector` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_keyboard_alone_starts_a_new_game(site, page, lang):
    site(f"/{lang}/sandbox/")
    tab_to(page, ".new-game summary")  # the form folds away above the scenarios
    page.keyboard.press("Enter")
    chosen = {"monsters": ["alienoid", "the-king", "gigazaur"], "options": ["wickedness", "curses"]}  # form order
    for name, values in chosen.items():
        for value in values:
            box = f'input[name="{name}"][value="{value}"]'
            tab_to(page, box)
            page.keyboard.press("Space")
            expect(page.locator(box)).to_be_checked()
    tab_to(page, ".new-game-form button[type=submit]")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/{lang}/p/[a-z2-7]{{26}}/$"))
    names = monster_names(lang)
    for monster in chosen["monsters"]:
        expect(page.locator("main")).to_contain_text(names[monster])
    expect(page.get_by_role("button", name=ROLL[lang])).to_be_visible()


def test_a_refused_new_game_says_why_beside_the_field(site, page):
    site("/en/sandbox/")
    page.locator(".new-game summary").click()
    page.locator('input[name="monsters"][value="gigazaur"]').check()
    page.get_by_role("button", name=START).click()
    expect(page).to_have_url(re.compile(r"/en/sandbox/new/$"))
    expect(page.locator("#id_monsters_error")).to_have_text("Choose 2 to 6 monsters.")
    expect(page.locator('input[name="monsters"][value="gigazaur"]')).to_be_checked()
