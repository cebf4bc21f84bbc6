"""Search: /<lang>/search/?q=… over rule sections and headings, cards, glossary and FAQ, in both languages.

The view tests run against an index built once per session from content/ into a temporary file; the
staleness test checks the real index (settings.SEARCH_INDEX) that `manage.py build_search_index` writes.
"""

import re
import shutil
import sqlite3
from html import unescape
from pathlib import Path
from urllib.parse import quote

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation
from django.utils.translation import gettext

from kotguide.content import library
from kotguide.content.sections import LANGS, registry
from kotguide.search import index
from kotguide.search import search as search_module
from kotguide.search.analysis import analyze
from kotguide.search.normalize import fold_plural, normalize, query_terms
from kotguide.search.search import MAX_QUERY_LENGTH, highlight

OTHER = {"ja": "en", "en": "ja"}
HIT = re.compile(
    r'<li class="search-hit search-hit-(?P<kind>\w+)" lang="(?P<lang>\w+)" data-rank="(?P<rank>\d+)">\s*'
    r'<a class="search-hit-link" href="(?P<href>[^"]+)">'
)
REAL_INDEX = index.index_path()  # before any test points settings.SEARCH_INDEX elsewhere


pytestmark = pytest.mark.usefixtures("search_index")


def page(client, lang, query, **headers):
    response = client.get(f"/{lang}/search/", {"q": query}, headers=headers)
    assert response.status_code == 200, query
    return response.content.decode()


def hits(html):
    """(kind, lang, href) of every result on the page, in rank order (the page groups all but the top 3 by kind)."""
    found = sorted(HIT.finditer(html), key=lambda m: int(m["rank"]))
    return [(m["kind"], m["lang"], unescape(m["href"])) for m in found]


def hrefs(client, lang, query, **headers):
    return [href for _, _, href in hits(page(client, lang, query, **headers))]


# --------------------------------------------------------------------------- normalization


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("２人", "2人"),
        ("ＡＢＣ１２３", "abc123"),
        ("HEART", "heart"),
        ("エネルギー", "えねるぎー"),
        ("ｴﾈﾙｷﾞｰ", "えねるぎー"),  # half-width katakana, voiced mark included
        ("Cards and Hearts", "card and heart"),
        ("トーキョー　シティ", "とーきょー してぃ"),  # the ideographic space becomes a space
    ],
)
def test_normalize(text, expected):
    assert normalize(text).text == expected


@pytest.mark.parametrize(
    ("word", "folded"),
    [
        ("cards", "card"),
        ("abilities", "ability"),
        ("smashes", "smash"),
        ("boxes", "box"),
        ("tokens", "token"),
        ("less", "less"),
        ("bonus", "bonus"),
        ("this", "this"),
        ("its", "its"),
        ("card", "card"),
    ],
)
def test_plural_folding(word, folded):
    assert fold_plural(word) == folded


def test_normalized_positions_map_back_to_the_original():
    text = "Ｔｈｅ ｶﾞｽ and abilities"
    norm = normalize(text)
    assert norm.text == "the がす and ability"
    start = norm.text.index("がす")
    assert text[slice(*norm.span(start, start + 2))] == "ｶﾞｽ"
    start = norm.text.index("ability")
    assert text[slice(*norm.span(start, start + len("ability")))] == "abilities"


def test_query_terms_are_normalized_split_and_deduplicated():
    assert query_terms("  Ｈｅａｒｔｓ　hearts 回復 ") == ["heart", "回復"]
    assert query_terms("\x00\x1f") == []


def test_highlight_marks_every_occurrence_and_escapes_the_rest():
    assert str(highlight("<b>Heal</b> & HEALS", ("heal",))) == (
        "&lt;b&gt;<mark>Heal</mark>&lt;/b&gt; &amp; <mark>HEALS</mark>"
    )
    assert str(highlight("カード２枚", ("2枚",))) == "カード<mark>２枚</mark>"


# --------------------------------------------------------------------------- the index


def test_index_is_up_to_date():
    """The real index must match content/ as it is now: rebuild it with `manage.py build_search_index`."""
    assert REAL_INDEX.exists(), f"no search index at {REAL_INDEX}: run manage.py build_search_index"
    assert index.stored_hash(REAL_INDEX) == index.content_hash(), (
        f"the search index {REAL_INDEX} is stale: run manage.py build_search_index"
    )


def test_any_content_change_makes_the_index_stale(settings, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(settings.CONTENT_DIR, content)
    settings.CONTENT_DIR = content
    built = tmp_path / "index.sqlite3"
    before = index.content_hash()
    index.build(built)
    assert not index.is_stale(built)
    rule = content / "ja" / "rules" / "heal.md"
    rule.write_text(rule.read_text(encoding="utf-8") + "\n追記。\n", encoding="utf-8")
    assert index.content_hash() != before
    assert index.is_stale(built)


def test_build_command_builds_then_checks(settings, tmp_path):
    settings.SEARCH_INDEX = tmp_path / "var" / "search.sqlite3"
    with pytest.raises(CommandError, match="stale or missing"):
        call_command("build_search_index", "--check")
    call_command("build_search_index")
    call_command("build_search_index", "--check")
    assert not index.is_stale()


def test_index_holds_every_section_heading_card_term_and_question(search_index):
    db = sqlite3.connect(search_index)
    docs = set(db.execute("SELECT lang, kind, key, anchor FROM docs"))
    db.close()
    for lang in LANGS:
        for section in registry().sections:
            assert (lang, "rule", section.id, "") in docs
            for heading in library.rules_page(lang, section.id).headings:
                if heading.level in (2, 3):
                    assert (lang, "rule", section.id, heading.id) in docs
        assert {(lang, "card", card_id, "") for card_id in library.cards(lang)} <= docs
        assert {(lang, "term", key, f"term-{key}") for key in library.glossary(lang)} <= docs
        assert {(lang, "faq", entry.key, entry.key) for entry in library.faq(lang)} <= docs


def test_index_is_a_separate_file_from_the_django_database(settings):
    assert REAL_INDEX.resolve() != Path(settings.DATABASES["default"]["NAME"]).resolve()


# --------------------------------------------------------------------------- the page


@pytest.mark.parametrize("lang", LANGS)
def test_empty_query_shows_just_the_box(client, lang):
    for query in ("", "   "):
        html = page(client, lang, query)
        assert 'id="search-results"' in html
        assert 'id="search-page-q"' in html and 'id="site-search-q"' in html
        assert hits(html) == []
        assert 'class="search-count"' not in html


@pytest.mark.parametrize("lang", LANGS)
def test_query_stays_in_the_box_and_the_language_switch_keeps_it(client, lang):
    html = page(client, lang, "回復")
    assert 'id="site-search-q" type="search" name="q" value="回復"' in html
    assert f'class="lang-switch" href="/{OTHER[lang]}/search/?q={quote("回復")}"' in html


@pytest.mark.parametrize(
    ("section_id", "cut"),
    [
        ("heal", slice(-1, None)),
        ("heal", slice(-2, None)),
        ("heal", slice(0, 3)),
        ("smash", slice(0, 2)),
        ("yielding", slice(-2, None)),
        ("two-player", slice(0, 2)),
    ],
    ids=["1-char", "2-char", "3-char", "smash-2-char", "yielding-2-char", "digit-2-char"],
)
def test_japanese_queries_of_one_two_and_three_characters(client, section_id, cut):
    """回, 回復, ハート, 攻撃, 脱出, 2人: cut from the section titles, so no sentence of the text matters."""
    query = registry().get(section_id).title("ja")[cut]
    assert 1 <= len(query) <= 3
    found = hrefs(client, "ja", query)
    assert any(h.startswith(f"/ja/rules/{section_id}/") for h in found), (query, found[:10])


def test_full_width_and_half_width_find_the_same(client):
    assert hrefs(client, "ja", "２人") == hrefs(client, "ja", "2人") != []
    assert hrefs(client, "en", "ＨＥＡＬ") == hrefs(client, "en", "heal") != []


def test_katakana_and_hiragana_find_the_same(client):
    katakana = registry().get("energy").title("ja")  # エネルギー
    hiragana = normalize(katakana).text
    assert hiragana != katakana
    assert hrefs(client, "ja", hiragana) == hrefs(client, "ja", katakana) != []
    half_width = "ｴﾈﾙｷﾞｰ"  # half-width katakana, voiced mark apart
    assert hrefs(client, "ja", half_width) == hrefs(client, "ja", katakana)


@pytest.mark.parametrize(("a", "b"), [("HEARTS", "heart"), ("Tokens", "token"), ("cards", "Card")])
def test_english_is_case_and_plural_insensitive(client, a, b):
    assert hrefs(client, "en", a) == hrefs(client, "en", b) != []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("section_id", [s.id for s in registry().sections])
def test_every_heading_is_found_by_its_words_and_linked_by_its_anchor(client, lang, section_id):
    assert f"/{lang}/rules/{section_id}/" in hrefs(client, lang, registry().get(section_id).title(lang))
    for heading in library.rules_page(lang, section_id).headings:
        if heading.level in (2, 3):
            found = hrefs(client, lang, unescape(heading.text))
            assert f"/{lang}/rules/{section_id}/#{heading.id}" in found, heading


def _cards_with(field):
    ja = {**library.load_toml("ja", "cards.toml"), **library.load_toml("ja", "costumes.toml")}  # costumes are cards
    names = []
    for card in library.cards("en").values():
        value = card.name_2011 if field == "name_2011" else ja[card.id].get(field, "")
        if value:
            names.append((card.id, value))
    return names


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_is_found_by_both_editions_names_in_both_languages(client, lang):
    ja, en = library.cards("ja"), library.cards("en")
    assert _cards_with("name_2011"), "no 2011 names in content/cards/power-cards.toml"
    for card_id, name_2011 in _cards_with("name_2011"):
        assert f"/{lang}/cards/{card_id}/" in hrefs(client, lang, name_2011), name_2011
    for card_id in en:
        for name in (ja[card_id].name, en[card_id].name):
            assert f"/{lang}/cards/{card_id}/" in hrefs(client, lang, name), (lang, name)


def test_cards_are_found_by_their_kana_reading_and_katakana_names_by_hiragana(client):
    for card_id, kana in _cards_with("name_kana"):
        assert f"/ja/cards/{card_id}/" in hrefs(client, "ja", kana), kana
    acid = library.cards("ja")["acid-attack"].name  # アシッドアタック
    assert "/ja/cards/acid-attack/" in hrefs(client, "ja", normalize(acid).text)


def test_2011_name_is_shown_highlighted_with_its_label(client):
    card_id, name_2011 = _cards_with("name_2011")[0]
    html = page(client, "ja", name_2011)
    assert hits(html)[0] == ("card", "ja", f"/ja/cards/{card_id}/")
    alias = re.search(
        r'<span class="search-alias search-alias-2011" lang="en">(.*?)</span>\s*(?:<span|<p)', html, re.S
    )
    assert alias and "<mark>" in alias.group(1)


@pytest.mark.parametrize(("lang", "query"), [("ja", "回復"), ("en", "heal")])
def test_results_are_labelled_by_type_and_link_to_the_anchor(client, lang, query):
    found = hits(page(client, lang, query))
    kinds = {kind for kind, _, _ in found}
    assert {"rule", "card", "term", "faq"} <= kinds <= {"rule", "card", "component", "term", "faq", "quick", "lesson"}
    patterns = {
        "component": rf"/{lang}/modules/(curses|wickedness|evolutions)/[a-z0-9-]+/$",
        "rule": rf"/{lang}/rules/[a-z0-9-]+/(#[a-z0-9-]+)?$",
        "card": rf"/{lang}/cards/[a-z0-9-]+/$",
        "term": rf"/{lang}/glossary/#term-[a-z0-9-]+$",
        "faq": rf"/{lang}/faq/#[a-z0-9-]+$",
        "quick": rf"/{lang}/quick/#[a-z0-9-]+$",
        "lesson": rf"/{lang}/learn/[a-z0-9-]+/$",
    }
    for kind, hit_lang, href in found:
        assert hit_lang == lang
        assert re.match(patterns[kind], href), href
    html = page(client, lang, query)
    with translation.override(lang):
        for label in (gettext("Rule"), gettext("Card"), gettext("Term"), gettext("FAQ")):
            assert f'<span class="search-kind" lang="{lang}">{label}</span>' in html


@pytest.mark.parametrize(
    ("lang", "query"), [("ja", "回復"), ("ja", "回"), ("en", "healing"), ("en", "Hearts")]
)
def test_matching_words_are_highlighted_in_context(client, lang, query):
    """Every mark is a word the query searched for: the same word, written as the text writes it."""
    html = page(client, lang, query)
    marks = re.findall(r"<mark>(.*?)</mark>", html)
    assert marks
    wanted = {form for word in analyze(query) for form in word.forms}
    for mark in set(marks):
        forms = {form for word in analyze(unescape(mark)) for form in word.forms}
        assert forms & wanted or normalize(query).text in normalize(unescape(mark)).text, mark
    assert re.search(r'<p class="search-snippet">[^<]*(…)?[^<]*<mark>', html)


def _word_only_in(lang):
    """A word of the heal section's text in `lang` that no document of the other language contains, not even once
    analysed as that language's words (a Japanese word read as kana may meet a Japanese name in an English card)."""
    db = sqlite3.connect(index.index_path())
    text = " ".join(
        row[0]
        for row in db.execute(
            "SELECT body FROM docs WHERE lang = ? AND kind = 'rule' AND key = 'heal'", [lang]
        )
    )
    words = (
        re.findall(r"[a-z]{6,}", text.lower()) if lang == "en" else re.findall(r"[\u4e00-\u9fff]{2}", text)
    )
    for word in dict.fromkeys(words):
        norm = normalize(word).text
        clash = db.execute(
            "SELECT 1 FROM docs WHERE lang = ?"
            " AND (instr(title_norm, ?) OR instr(alias_norm, ?) OR instr(body_norm, ?))",
            [OTHER[lang], norm, norm, norm],
        ).fetchone()
        if not clash:
            clash = bool(search_module._substring(db, word, OTHER[lang], set()))
            analysed = search_module._analyse(db, word, OTHER[lang])
            clash = clash or bool(analysed.words and search_module._rank(db, analysed, OTHER[lang]))
        if not clash:
            db.close()
            return word
    db.close()
    pytest.fail(f"every {lang} word of the heal section also occurs in {OTHER[lang]}")


@pytest.mark.parametrize("reader", LANGS)
def test_other_language_is_offered_when_the_readers_finds_nothing(client, reader):
    word = _word_only_in(OTHER[reader])
    html = page(client, reader, word)
    found = hits(html)
    assert found and all(lang == OTHER[reader] for _, lang, _ in found)
    assert all(href.startswith(f"/{OTHER[reader]}/") for _, _, href in found)
    assert 'class="search-fallback"' in html


def test_nothing_found_anywhere_says_so(client):
    html = page(client, "en", "qqqzzzxx")
    assert hits(html) == [] and 'class="search-none"' in html


def test_live_search_returns_only_the_results_fragment(client):
    response = client.get("/ja/search/", {"q": "回復"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="search-results"')
    assert "<html" not in html
    assert 0 < len(hits(html)) <= 8
    assert f'href="/ja/search/?q={quote("回復")}"' in html  # the shareable page of these results
    assert "HX-Request" in response.headers["Vary"]


@pytest.mark.parametrize(
    ("lang", "query"), [("ja", "攻撃"), ("ja", "トーキョーにいるとき回復できる？"), ("en", "yield tokyo")]
)
def test_plain_page_has_the_same_top_five_as_live_search(client, lang, query):
    plain = hrefs(client, lang, query)
    live = hrefs(client, lang, query, **{"HX-Request": "true"})
    assert len(live) >= 5 and plain[:5] == live[:5]


@pytest.mark.parametrize("lang", LANGS)
def test_over_long_query_is_a_400_in_the_readers_language(client, lang):
    assert client.get(f"/{lang}/search/", {"q": "回" * MAX_QUERY_LENGTH}).status_code == 200
    response = client.get(f"/{lang}/search/", {"q": "回" * (MAX_QUERY_LENGTH + 1)})
    assert response.status_code == 400
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    with translation.override(lang):
        message = gettext("The search is too long: use at most %(limit)d characters.") % {
            "limit": MAX_QUERY_LENGTH
        }
    assert f'<p class="error-detail">{message}</p>' in html


@pytest.mark.parametrize(
    "query",
    [
        '"',
        "'",
        "*",
        "heal*",
        "AND",
        "heal OR smash",
        "NEAR(heal smash)",
        "(",
        ")",
        ":",
        "^",
        "%",
        "_",
        "\\",
        "a\x00b",
        "\u3000",
        "🦖",
        "<script>alert(1)</script>",
        "-heal",
        "title_norm:heal",
        "{heal}",
    ],
)
def test_odd_queries_never_break_the_page(client, query):
    html = page(client, "en", query)
    assert "<script>alert(1)</script>" not in html


def test_query_is_escaped_everywhere(client):
    html = page(client, "en", '<b>"heal"</b>')
    assert "<b>" not in html.split('<main id="main"', 1)[1]
    assert "&lt;b&gt;" in html


def test_search_only_answers_get_and_head(client):
    assert client.post("/en/search/", {"q": "heal"}).status_code == 405
    assert client.head("/en/search/?q=heal").status_code == 200


@pytest.mark.parametrize("lang", LANGS)
def test_results_page_has_its_own_title_and_description(client, lang):
    html = page(client, lang, "heal")
    with translation.override(lang):
        assert re.search(
            rf"<title>{re.escape(gettext('Search: %(query)s') % {'query': 'heal'})} · kotguide</title>", html
        )
        description = gettext(
            "Search the King of Tokyo rules, Power cards, glossary and FAQ, in Japanese and English."
        )
    assert f'<meta name="description" content="{description}">' in html
