import re

import pytest
from playwright.sync_api import expect

from .conftest import DESKTOP, PHONE

WORDS = {
    "en": {"roll": "Roll the dice", "reroll": "Reroll the dice not kept", "resolve": "Resolve the dice",
           "yield": "Yield Tokyo", "share": "Share this position"},
    "ja": {"roll": "ダイスを振る", "reroll": "残さないダイスを振り直す", "resolve": "ダイスを解決する",
           "yield": "トーキョーから脱出する", "share": "この局面を共有する"},
}


def keep_die(page, index):
    page.locator(f'label[for="die-{index}"]').click()
    expect(page.locator(f"#die-{index}")).to_be_checked()


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_step_through_a_rule_from_its_page_and_follow_the_log(site, page, live_server, lang, viewport):
    w = WORDS[lang]
    page.set_viewport_size(viewport)
    site(f"/{lang}/rules/yielding/")
    page.locator(".see-it a").first.click()
    expect(page).to_have_url(re.compile(rf"/{lang}/sandbox/yielding/$"))

    page.get_by_role("button", name=w["roll"]).click()
    expect(page).to_have_url(re.compile(r"\?a=roll$"))
    # The scripted roll is smash smash smash 1 2 heart: keep two smashes, reroll the rest.
    for i in range(6):
        if page.locator(f"#die-{i}").is_checked():
            page.locator(f'label[for="die-{i}"]').click()
    keep_die(page, 0)
    keep_die(page, 1)
    page.get_by_role("button", name=w["reroll"]).click()
    expect(page).to_have_url(re.compile(r"reroll%3A2\.3\.4\.5$"))
    page.get_by_role("button", name=w["resolve"]).click()
    page.get_by_role("button", name=w["yield"]).click()
    expect(page).to_have_url(re.compile(r"resolve\+yield$"))
    position_url = page.url

    page.reload()
    expect(page).to_have_url(position_url)
    expect(page.get_by_role("button", name=w["yield"])).to_have_count(0)
    page.go_back()
    expect(page).to_have_url(re.compile(r"resolve$"))
    expect(page.get_by_role("button", name=w["yield"])).to_be_visible()
    page.go_forward()
    expect(page).to_have_url(position_url)

    page.locator(".log-step.latest .log-rule").first.click()
    expect(page).to_have_url(re.compile(rf"/{lang}/rules/yielding/$"))


def test_share_gives_a_link_that_reopens_the_position_in_either_language(site, page, live_server):
    site("/en/sandbox/yielding/?a=roll+resolve")
    page.get_by_role("button", name=WORDS["en"]["share"]).click()
    expect(page).to_have_url(re.compile(r"/en/p/[a-z2-7]{26}/$"))
    shared = page.url
    page.goto(shared.replace("/en/p/", "/ja/p/"))
    expect(page.get_by_role("button", name=WORDS["ja"]["yield"])).to_be_visible()


def test_keyboard_alone_plays_a_step(site, page):
    site("/en/sandbox/yielding/")
    button = page.get_by_role("button", name=WORDS["en"]["roll"])
    button.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"\?a=roll$"))
    page.locator("#die-3").focus()
    page.keyboard.press("Space")
    expect(page.locator("#die-3")).to_be_checked()


def test_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/en/sandbox/yielding/")
    page.get_by_role("button", name=WORDS["en"]["roll"]).click()
    expect(page).to_have_url(re.compile(r"\?a=roll$"))
    page.get_by_role("button", name=WORDS["en"]["resolve"]).click()
    expect(page.get_by_role("button", name=WORDS["en"]["yield"])).to_be_visible()
    context.close()
