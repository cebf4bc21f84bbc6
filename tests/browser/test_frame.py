def test_root_redirects_by_language_and_switch_lands_on_same_page(live_server, browser):
    context = browser.new_context(locale="ja-JP", extra_http_headers={"Accept-Language": "ja,en;q=0.5"})
    page = context.new_page()
    page.goto(live_server.url + "/")
    assert page.url == live_server.url + "/ja/"
    assert page.locator("html").get_attribute("lang") == "ja"

    page.goto(live_server.url + "/ja/about/")
    page.click("a.lang-switch")
    assert page.url == live_server.url + "/en/about/"
    assert page.locator("html").get_attribute("lang") == "en"
    page.click("a.lang-switch")
    assert page.url == live_server.url + "/ja/about/"
    context.close()


def test_root_redirects_other_readers_to_english(live_server, browser):
    context = browser.new_context(locale="fr-FR", extra_http_headers={"Accept-Language": "fr,de;q=0.5"})
    page = context.new_page()
    page.goto(live_server.url + "/")
    assert page.url == live_server.url + "/en/"
    context.close()
