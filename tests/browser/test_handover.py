"""Handing a shared table across in Chromium: the QR code on the page, read back by zbar from a screenshot, is the
position's absolute address on the site's public origin (not the Host the browser used); the copy button confirms
in words a screen reader hears; without JavaScript the address is there to select."""

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import expect
from pyzbar.pyzbar import decode

from kotguide.disputes.presets import query

ORIGIN = "https://kotguide.example"  # not the live server's 127.0.0.1:port


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # no service worker: its install precaches every rule page in both languages, which these tests never read
    return {**browser_context_args, "service_workers": "block"}



@pytest.fixture
def public_origin(settings):
    settings.PUBLIC_ORIGIN = ORIGIN


def open_table(site, page, lang: str) -> str:
    site(f"/{lang}/resolve/" + query("faq", "yield-still-damaged"))
    page.get_by_role("button", name={"en": "What happens",
                                     "ja": "どうなるか見る"}[lang], exact=True).click()
    expect(page).to_have_url(re.compile(rf"/{lang}/p/[a-z2-7]{{26}}/$"))
    return re.search(rf"/{lang}/p/[a-z2-7]{{26}}/$", page.url).group(0)


def read_qr(page) -> str:
    code = page.locator("#sb-handover img.handover-qr")
    code.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('#sb-handover img.handover-qr').naturalWidth > 0")
    found = decode(Image.open(io.BytesIO(code.screenshot())))
    assert len(found) == 1
    return found[0].data.decode()


@pytest.mark.parametrize("lang", ["ja"])  # the English page's address: the copy test below
def test_the_qr_code_reads_back_as_the_absolute_address_after_each_step(site, page, public_origin, lang):
    path = open_table(site, page, lang)
    assert read_qr(page) == ORIGIN + path
    expect(page.locator("#sb-address")).to_have_value(ORIGIN + path)
    page.locator("#sb-controls .controls-form").get_by_role("button", name={"en": "Resolve the dice",
                                                                            "ja": "ダイスを解決する"}[lang]).click()
    expect(page).to_have_url(re.compile(r"\?a=resolve$"))
    assert read_qr(page) == ORIGIN + path + "?a=resolve"  # the code follows the position (htmx step)


def test_the_copy_button_copies_and_says_so(site, page, context, public_origin):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    path = open_table(site, page, "en")
    page.get_by_role("button", name="Copy the link").click()
    expect(page.locator("#sb-copied")).to_have_text("The address is copied: paste it to share this table.")
    expect(page.locator("#sb-copied")).to_have_attribute("aria-live", "polite")
    assert page.evaluate("() => navigator.clipboard.readText()") == ORIGIN + path


def test_without_javascript_the_address_is_there_to_select(browser, live_server, public_origin):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/en/resolve/" + query("faq", "yield-still-damaged"))
    page.get_by_role("button", name="What happens", exact=True).click()
    path = re.search(r"/en/p/[a-z2-7]{26}/$", page.url).group(0)
    expect(page.locator("#sb-address")).to_have_value(ORIGIN + path)
    expect(page.get_by_role("button", name="Copy the link")).to_be_hidden()  # no clipboard without JavaScript
    expect(page.locator("#sb-handover img.handover-qr")).to_be_visible()
    context.close()
