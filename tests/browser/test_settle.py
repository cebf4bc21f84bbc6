"""Settling a dispute at the table, in Chromium at 360×740: each flow of settle_flows.toml starts on the page that
has its "set this up" preset, opens the table and plays its steps, counting every click and key press (at most 4
to the ruling), and the ruling states the flow's hand-written facts; one more click shows the Japanese and English
rulings side by side, each stating its own language's facts. The flows alternate the reader's language."""

import re
import tomllib
from pathlib import Path

import pytest
from playwright.sync_api import expect

from kotguide.disputes.presets import query

from .conftest import DESKTOP, PHONE, axe_violations

FLOWS = tomllib.loads((Path(__file__).with_name("settle_flows.toml")).read_text("utf-8"))["flow"]
MOST_CLICKS = 4
WORDS = {
    "en": {"set-up": "Set this up in the dispute resolver",
           "resolve": "Resolve the dice", "yield": "Yield Tokyo", "stay": "Stay in Tokyo", "end": "End the turn",
           "both": "Japanese and English side by side"},
    "ja": {"set-up": "この場面を裁定ページで再現する",
           "resolve": "ダイスを解決する", "yield": "トーキョーから脱出する", "stay": "トーキョーにとどまる",
           "end": "ターンを終える", "both": "日本語と英語を並べて読む"},
}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # no service worker: its install precaches every rule page in both languages, which these tests never read
    return {**browser_context_args, "service_workers": "block"}



class Counted:
    """The host's clicks and key presses, one by one."""

    def __init__(self):
        self.count = 0

    def click(self, locator):
        locator.click()
        self.count += 1


def preset_page(lang: str, preset: str) -> tuple[str, str]:
    """The page a preset sits on, and the part of it that holds the preset's link."""
    kind, key = preset.split(":")
    return (f"/{lang}/faq/", f"#{key}") if kind == "faq" else (f"/{lang}/cards/{key}/", "main")


def play(page, host: Counted, lang: str, step: str) -> None:
    if step.startswith("buy:"):
        card = step.removeprefix("buy:")
        slot = page.locator("#sb-market .market-card", has=page.locator(f'a[href$="/cards/{card}/"]'))
        host.click(slot.get_by_role("button"))
    else:
        host.click(page.locator("#sb-controls .controls-form").get_by_role("button", name=WORDS[lang][step],
                                                                            exact=True))


def rule(page, host, lang: str, flow: dict):
    """Press "What happens" on the table in the editor, play the flow's steps, and read its facts in the ruling
    (which it gives back)."""
    host.click(page.locator("#ed-go"))
    expect(page).to_have_url(re.compile(rf"/{lang}/p/[a-z2-7]{{26}}/$"))
    for step in flow["steps"]:
        play(page, host, lang, step)
    ruling = page.locator("#sb-ruling")
    for fact in flow[f"facts_{lang}"]:
        expect(ruling).to_contain_text(fact)
    return ruling


@pytest.mark.parametrize("flow", FLOWS, ids=[f"q{f['question']}-{f['id']}" for f in FLOWS])
def test_a_preset_settles_the_dispute_in_four_clicks_in_both_languages(site, page, flow):
    lang = "ja" if FLOWS.index(flow) % 2 == 0 else "en"
    w = WORDS[lang]
    page.set_viewport_size(PHONE)
    path, holder = preset_page(lang, flow["preset"])
    site(path)
    host = Counted()
    host.click(page.locator(holder).get_by_role("link", name=w["set-up"]))
    ruling = rule(page, host, lang, flow)
    assert host.count <= MOST_CLICKS, f"{host.count} clicks to the ruling"

    host.click(ruling.get_by_role("link", name=w["both"]))
    for other in ("ja", "en"):
        column = ruling.locator(f'.ruling[lang="{other}"]')
        for fact in flow[f"facts_{other}"]:
            expect(column).to_contain_text(fact)
    expect(page).to_have_url(re.compile(r"ruling=both"))


# Each language at one width and one colour scheme: the ruling in one language, then both, with the handover below.
@pytest.mark.parametrize(("lang", "viewport", "scheme"), [("ja", PHONE, "dark"), ("en", DESKTOP, "light")],
                         ids=["ja-phone-dark", "en-desktop-light"])
def test_the_ruling_and_the_handover_have_no_serious_accessibility_violation(site, page, settings, lang, viewport,
                                                                             scheme):
    settings.PUBLIC_ORIGIN = "https://kotguide.example"  # the QR code is drawn
    page.set_viewport_size(viewport)
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")  # the step highlight is not mid-fade
    site(f"/{lang}/resolve/" + query("faq", "armor-plating-several-losses"))
    page.locator("#ed-go").click()
    page.locator("#sb-controls .controls-form").get_by_role("button", name=WORDS[lang]["resolve"]).click()
    expect(page.locator("#sb-ruling .ruling-summary")).to_be_visible()
    page.wait_for_function("() => document.querySelector('#sb-handover img').complete")
    assert axe_violations(page) == []
    page.locator("#sb-ruling").get_by_role("link", name=WORDS[lang]["both"]).click()
    expect(page.locator('#sb-ruling .ruling[lang="ja"]')).to_be_visible()
    assert axe_violations(page) == []
