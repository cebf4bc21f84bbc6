"""Offline at the table (issue 23): with the network gone, the rules, glossary, FAQ, quick reference and a card page
opened before stay readable in real Chromium; the sandbox says plainly that it needs the server. The site's CSP is
enforced here (no bypass): the service worker is allowed by worker-src 'self' and registered without inline script."""

from __future__ import annotations

import pytest

from kotguide.content import library


@pytest.fixture
def strict_page(browser, live_server):
    context = browser.new_context(service_workers="allow")  # the site's CSP enforced
    page = context.new_page()
    violations = []
    page.on("console", lambda message: violations.append(message.text) if "Content Security Policy" in message.text
            else None)
    yield page, context, violations
    context.close()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_glossary_faq_quick_and_a_visited_card_open_offline(strict_page, live_server, lang):
    page, context, violations = strict_page
    card = library.url_in(lang, "cards:detail", next(iter(library.cards(lang))))
    page.goto(live_server.url + f"/{lang}/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed: the rules are precached
    page.goto(live_server.url + card)  # a card page the reader opens: kept from then on
    card_title = page.locator("h1").inner_text()
    page.wait_for_timeout(300)  # the copy is written after the answer
    context.set_offline(True)
    expected = {
        f"/{lang}/glossary/": "用語集" if lang == "ja" else "Glossary",
        f"/{lang}/faq/": "FAQ" if lang == "en" else "よくある質問",
        f"/{lang}/quick/": "早見表" if lang == "ja" else "Quick reference",
        library.url_in(lang, "rules:section", "heal"): "回復" if lang == "ja" else "healing",
    }
    for path, heading in expected.items():
        page.goto(live_server.url + path)
        assert heading in page.locator("h1").inner_text(), path
    page.goto(live_server.url + card)
    assert page.locator("h1").inner_text() == card_title
    page.goto(live_server.url + f"/{lang}/sandbox/yielding/")
    text = page.locator("main").inner_text()
    assert ("サーバーが必要です" in text) if lang == "ja" else ("needs the server" in text)
    assert violations == []
