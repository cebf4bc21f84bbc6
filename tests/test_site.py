"""The site frame: language prefixes, the root redirect, the language switch, canonical links, error pages."""

import re

import pytest
from django.conf import settings


@pytest.mark.parametrize(
    ("accept", "target"),
    [("ja", "/ja/"), ("ja-JP,ja;q=0.9,en;q=0.8", "/ja/"), ("en-US,en;q=0.9", "/en/"), ("fr,de", "/en/"), ("", "/en/")],
)
def test_root_redirects_by_accept_language(client, accept, target):
    response = client.get("/", headers={"accept-language": accept} if accept else {})
    assert response.status_code == 302
    assert response["Location"] == target


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_page_names_its_language_canonical_and_alternates(client, lang):
    html = client.get(f"/{lang}/about/").content.decode()
    assert f'<html lang="{lang}">' in html
    assert f'<link rel="canonical" href="http://testserver/{lang}/about/">' in html
    assert '<link rel="alternate" hreflang="ja" href="http://testserver/ja/about/">' in html
    assert '<link rel="alternate" hreflang="en" href="http://testserver/en/about/">' in html


def test_language_switch_points_at_the_same_page_in_the_other_language(client):
    ja = client.get("/ja/about/").content.decode()
    en = client.get("/en/about/").content.decode()
    assert 'class="lang-switch" href="/en/about/"' in ja
    assert 'class="lang-switch" href="/ja/about/"' in en


def test_home_says_what_the_site_is_in_each_language(client):
    assert "日本語と英語" in client.get("/ja/").content.decode()
    assert "in Japanese and English" in client.get("/en/").content.decode()


@pytest.mark.parametrize(
    ("path", "expected"),
    [("/ja/no-such-page/", "ページが見つかりません"), ("/en/no-such-page/", "Page not found")],
)
def test_not_found_is_in_the_readers_language_with_a_way_back(client, path, expected):
    response = client.get(path)
    assert response.status_code == 404
    html = response.content.decode()
    assert expected in html
    assert 'href="/' in html and "/rules/" in html


def test_unprefixed_unknown_path_gets_a_404_not_a_500(client):
    assert client.get("/no-such-page/").status_code == 404


def test_pages_have_no_inline_script(client):
    for path in ("/ja/", "/en/", "/en/about/"):
        html = client.get(path).content.decode()
        assert "<script>" not in html and "<script type" not in html
        assert " onclick=" not in html and "hx-on" not in html


def test_japanese_catalogue_translates_every_ui_string():
    po = (settings.BASE_DIR / "locale/ja/LC_MESSAGES/django.po").read_text("utf-8")
    entries = po.split("\n\n")[1:]  # after the header
    assert not [e for e in entries if "#, fuzzy" in e]
    untranslated = [e for e in entries if re.search(r'^msgstr(\[0\])? ""\n?$', e.strip().split("\n", 1)[-1], re.M)
                    and not re.search(r'^msgstr(\[0\])? ""\n"', e, re.M)]
    assert untranslated == []


def test_every_page_kind_resolves_and_one_that_does_not_fails_loudly():
    from kotguide.site.pages import KINDS, PageKind, PageKindError

    for kind in KINDS:
        for lang in ("ja", "en"):
            assert kind.address(lang).startswith(f"/{lang}/"), kind.name
    for broken in (PageKind("renamed", "rules:no-such-view"), PageKind("moved", path="/{lang}/no-such-app/"),
                   PageKind("gone", "sandbox:scenario", args=("no-such-scenario",))):
        with pytest.raises(PageKindError, match=broken.name):
            broken.address("en")
