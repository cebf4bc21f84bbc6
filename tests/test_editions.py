"""The edition changes and errata page: every change of content/editions.toml in both languages, each linked to the
components it affects and back from their pages; linked from the rules index; found by search."""

import re
import tomllib
from html import unescape

import pytest

from kotguide.content import library
from kotguide.content.sections import LANGS

from .purity import impure_blocks

ALLOWED = {"kotguide", "King of Tokyo", "IELLO", "VP"}


def toml(*parts: str) -> dict:
    return tomllib.loads(library.content_path(*parts).read_text("utf-8"))


CHANGES = toml("editions.toml")["change"]
PAGE = {"card": "/{lang}/cards/{key}/", "evolution": "/{lang}/modules/evolutions/{key}/",
        "monster": "/{lang}/monsters/{key}/"}


def html_of(response) -> str:
    return unescape(response.content.decode())


def path_of(ref: str, lang: str) -> str:
    scheme, _, key = ref.partition(":")
    return PAGE[scheme].format(lang=lang, key=key)


@pytest.mark.parametrize("lang", LANGS)
def test_every_change_is_on_the_page_with_links_to_what_it_affects(client, lang):
    html = html_of(client.get(f"/{lang}/editions/"))
    text = toml(lang, "editions.toml")
    assert re.findall(r'<div id="change-([a-z0-9-]+)">', html) == [
        c["id"] for kind in text["kinds"] for c in CHANGES if c["kind"] == kind]
    for change in CHANGES:
        block = re.search(rf'<div id="change-{change["id"]}">(.*?)</div>', html, re.S).group(1)
        assert text[change["id"]]["title"] in block and text[change["id"]]["change"] in block
        if "old_name" in change:  # the 2011 name as printed: in the English title, marked as English in Japanese
            old = f'<span lang="en">{change["old_name"]}</span>' if lang == "ja" else change["old_name"]
            assert old in block
        assert re.findall(r'<a href="([^"]+)">', block) == [path_of(ref, lang) for ref in change["affects"]]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ref", sorted({ref for c in CHANGES for ref in c["affects"]}))
def test_each_affected_page_links_back_to_its_changes(client, lang, ref):
    html = html_of(client.get(path_of(ref, lang)))
    for change in CHANGES:
        link = f'href="/{lang}/editions/#change-{change["id"]}"'
        assert (link in html) == (ref in change["affects"]), (ref, change["id"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_is_linked_from_the_rules_index_and_in_one_language(client, lang):
    assert f'href="/{lang}/editions/"' in html_of(client.get(f"/{lang}/rules/"))
    assert impure_blocks(html_of(client.get(f"/{lang}/editions/")), lang, ALLOWED) == []


def test_both_languages_have_every_change_and_kind():
    ids = [c["id"] for c in CHANGES]
    kinds = {c["kind"] for c in CHANGES}
    for lang in LANGS:
        text = toml(lang, "editions.toml")
        assert [k for k in text if k != "kinds"] == ids, lang
        assert set(text["kinds"]) == kinds, lang


@pytest.mark.parametrize("lang", LANGS)
def test_search_finds_a_change(client, lang):
    html = html_of(client.get(f"/{lang}/search/", {"q": "Monster Batteries"}))
    assert f'href="/{lang}/editions/#change-battery-monster-text"' in html or \
        f'href="/{lang}/editions/#change-battery-monster-name"' in html
