"""sitemap.xml (every page, both languages, hreflang alternates), robots.txt, a title and description each."""

import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from kotguide.content import components, library
from kotguide.content.sections import LANGS, registry
from kotguide.learn import lessons

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
BASE = "http://testserver"


def sitemap(client) -> dict[str, dict[str, str]]:
    """loc -> {hreflang: href} for every <url> of the sitemap."""
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/xml")
    root = ET.fromstring(response.content)
    assert root.tag == f"{{{NS['s']}}}urlset"
    entries = {}
    for url in root.findall("s:url", NS):
        loc = url.find("s:loc", NS).text
        assert loc not in entries, f"{loc} twice"
        links = url.findall("x:link", NS)
        assert all(link.get("rel") == "alternate" for link in links)
        entries[loc] = {link.get("hreflang"): link.get("href") for link in links}
    return entries


def expected_paths() -> set[str]:
    paths = set()
    for lang in LANGS:
        paths |= {
            f"/{lang}/",
            f"/{lang}/about/",
            f"/{lang}/rules/",
            f"/{lang}/glossary/",
            f"/{lang}/faq/",
            f"/{lang}/quick/",
            f"/{lang}/quick/both/",
            f"/{lang}/cards/",
            f"/{lang}/sandbox/",
            f"/{lang}/resolve/",
            f"/{lang}/learn/",
        }
        paths |= {f"/{lang}/learn/{lesson_id}/" for lesson_id in lessons.by_id()}
        for section in registry().sections:
            paths |= {f"/{lang}/rules/{section.id}/", f"/{lang}/rules/{section.id}/both/"}
        paths |= {f"/{lang}/cards/{card_id}/" for card_id in library.cards(lang)}  # costumes too
        for kind in components.KINDS:
            paths.add(f"/{lang}/modules/{kind}/")
            paths |= {f"/{lang}/modules/{kind}/{c}/" for c in components.components(lang, kind)}
        paths |= {f"/{lang}/modules/evolutions/decks/{monster}/" for monster in components.evolution_decks(lang)}
        monsters = [m["id"] for m in library.load_toml("monsters.toml")["monster"]]
        monsters += [m["id"] for m in library.load_toml("monsters.toml")["page_only_monster"]]
        paths |= {f"/{lang}/monsters/", *(f"/{lang}/monsters/{m}/" for m in monsters), f"/{lang}/editions/"}
    return paths


def test_sitemap_lists_every_page_in_both_languages(client):
    assert {loc.removeprefix(BASE) for loc in sitemap(client)} == expected_paths()


def test_every_sitemap_entry_has_reciprocal_hreflang_alternates(client):
    entries = sitemap(client)
    for loc, alternates in entries.items():
        lang = loc.removeprefix(BASE).split("/")[1]
        assert set(alternates) == {"ja", "en", "x-default"}, loc
        assert alternates[lang] == loc
        assert alternates["x-default"] == alternates["en"]
        for code in LANGS:
            assert entries[alternates[code]] == alternates, (loc, code)  # each version names the same set
        assert alternates["ja"].removeprefix(f"{BASE}/ja/") == alternates["en"].removeprefix(f"{BASE}/en/")


def test_sitemap_does_not_list_search_results(client):
    assert not [loc for loc in sitemap(client) if "/search/" in loc]


def test_robots_txt_points_at_the_sitemap_and_keeps_crawlers_off_search(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    lines = response.content.decode().splitlines()
    assert lines[0] == "User-agent: *"
    assert f"Sitemap: {BASE}/sitemap.xml" in lines
    assert {"Disallow: /ja/search/", "Disallow: /en/search/"} <= set(lines)
    assert "Disallow: /" not in lines


@pytest.mark.parametrize("path", ["/sitemap.xml", "/robots.txt"])
def test_sitemap_and_robots_only_answer_get_and_head(client, path):
    assert client.head(path).status_code == 200
    assert client.post(path).status_code == 405


TITLE = re.compile(r"<title>(.*?)</title>", re.S)
DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)">')
ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">')


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_has_its_own_title_a_description_and_hreflang_links(client, lang):
    titles: dict[str, str] = {}
    for loc, alternates in sitemap(client).items():
        path = loc.removeprefix(BASE)
        if not path.startswith(f"/{lang}/"):
            continue
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.content.decode()
        assert f'<html lang="{lang}">' in html, path
        title = unescape(TITLE.search(html).group(1)).strip()
        assert title.removesuffix("· kotguide").strip(), f"{path}: empty title"
        assert title not in titles, f"{path} and {titles.get(title)} share the title {title!r}"
        titles[title] = path
        description = DESCRIPTION.search(html)
        assert description and description.group(1).strip(), f"{path}: no description"
        assert dict(ALTERNATE.findall(html)) == alternates, path  # the page's head agrees with the sitemap
