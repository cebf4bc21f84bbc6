"""Every Japanese component name says where it comes from (content.md F5, P-3), and the page shows the matching note.

- ``name_source`` is one of: ``printed`` (with ``name_edition``), ``game-help`` (the online implementation's Japanese
  help, ``name_ref = "seed:000:<line>"``), ``reported`` (an article quotes it as printed, no edition:
  ``name_ref`` is its address), ``kotguide`` (our own translation).
- No name is marked printed without an edition.
- 2011 names are shown in English, never as katakana of our own (no Japanese printing of them is known).
"""

import re
import tomllib
from pathlib import Path

import pytest

from kotguide.content.library import NAME_SOURCES

CONTENT = Path(__file__).resolve().parent.parent / "content"
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"  # the project's sources, beside the checkout
NAMED_FILES = ["cards.toml", "costumes.toml", "curses.toml", "evolutions.toml", "wickedness-tiles.toml"]


def japanese_names():
    for name in NAMED_FILES:
        for key, row in tomllib.loads((CONTENT / "ja" / name).read_text(encoding="utf-8")).items():
            if isinstance(row, dict) and "name" in row:
                yield name, key, row


NAMES = list(japanese_names())
_MONSTER_DATA = tomllib.loads((CONTENT / "monsters.toml").read_text(encoding="utf-8"))
MONSTERS = _MONSTER_DATA["monster"] + _MONSTER_DATA.get("page_only_monster", [])


def test_every_name_file_is_read():
    assert len(NAMES) >= 64 + 12 + 24 + 48 + 20  # base cards, costumes, curses, Evolutions, tile sides


@pytest.mark.parametrize(("file", "key", "row"), NAMES + [("monsters.toml", m["id"], m) for m in MONSTERS],
                         ids=[f"{f}:{k}" for f, k, _ in NAMES] + [f"monsters.toml:{m['id']}" for m in MONSTERS])
def test_every_japanese_name_has_a_known_provenance(file, key, row):
    source = row.get("name_source")
    assert source in NAME_SOURCES, f"{file} [{key}]: name_source {source!r}"
    if source == "printed":
        assert row.get("name_edition", "").strip(), f"{file} [{key}] is marked printed without an edition"
    if source == "game-help":
        assert re.fullmatch(r"seed:00[01]:\d+", row.get("name_ref", "")), f"{file} [{key}]: name_ref"
    if source == "reported":
        assert row.get("name_ref", "").startswith("https://"), f"{file} [{key}]: name_ref"


def test_a_game_help_name_is_on_the_seed_line_it_names():
    if not SEEDS.is_dir():
        pytest.skip("the project's seeds are not beside this checkout")
    for file, key, row in NAMES:
        if row["name_source"] != "game-help":
            continue
        _, seed, line = row["name_ref"].split(":")
        text = next(SEEDS.glob(f"{seed}_*")).read_text(encoding="utf-8").splitlines()[int(line) - 1]
        assert row["name"] in text, f"{file} [{key}]: {row['name']} is not on seed {seed} line {line}"


def test_the_help_words_and_the_blog_names_are_not_called_printed():
    # kot-facts §1: 模倣 and 変身 are the Japanese help's words; the four † names come from one blog with no edition
    cards = tomllib.loads((CONTENT / "ja" / "cards.toml").read_text(encoding="utf-8"))
    assert {k for k, r in cards.items() if r["name_source"] == "game-help"} == {"mimic", "metamorph"}
    assert {k for k, r in cards.items() if r["name_source"] == "reported"} == {
        "background-dweller", "complete-destruction", "friend-of-children", "stretchy"}


RENAMED_2011_KATAKANA = ["エイリアンメタボリズム", "デディケイテッド", "ドロップ・フロム", "ファイアブラスト",
                         "モンスターバッテリーズ", "オムニヴォア", "テレパス", "タンクス"]


def test_2011_card_names_are_not_given_invented_katakana():
    for path in (CONTENT / "ja").rglob("*"):
        if path.is_file() and path.name != "aliases.toml":
            text = path.read_text(encoding="utf-8")
            assert not [w for w in RENAMED_2011_KATAKANA if w in text], path


@pytest.mark.parametrize(("lang", "card", "note"), [
    ("ja", "mimic", "オンライン版の日本語ゲームヘルプ"),
    ("en", "metamorph", "Japanese game help uses for it"),
    ("ja", "stretchy", "2018年の日本語のブログ記事"),
    ("en", "friend-of-children", "a 2018 Japanese blog post"),
    ("ja", "acid-attack", "本サイト独自の訳"),
])
def test_the_card_page_shows_the_note_of_its_name_source(client, lang, card, note):
    html = client.get(f"/{lang}/cards/{card}/").content.decode()
    assert note in html
    assert html.count('class="note name-source"') == 1


def test_a_help_word_is_not_called_our_translation(client):
    assert "本サイト独自の訳" not in client.get("/ja/cards/mimic/").content.decode()


def test_the_2011_name_is_shown_in_english(client):
    html = client.get("/ja/cards/energy-drink/").content.decode()
    assert '<dd lang="en">Telepath</dd>' in html


def test_every_monster_is_read_and_only_the_two_article_names_are_reported():
    # kot-facts §3.8/§5: ギガザウルス and パンダカイ come from a note.com article; no monster name is known printed
    assert len(MONSTERS) >= 15
    assert {m["id"] for m in MONSTERS if m["name_source"] == "reported"} == {"gigazaur", "pandakai"}
    assert not [m["id"] for m in MONSTERS if m["name_source"] == "printed"]


@pytest.mark.parametrize(("lang", "monster", "note", "shown"), [
    ("ja", "gigazaur", "紹介する<a href=\"https://note.com/", True),
    ("en", "pandakai", "a Japanese article</a> on the Japanese edition", True),
    ("ja", "kraken", "本サイト独自の訳", True),
    ("en", "kraken", 'class="note name-source"', False),  # our own katakana is no news to an English reader
])
def test_the_monster_page_shows_the_note_of_its_name_source(client, lang, monster, note, shown):
    html = client.get(f"/{lang}/monsters/{monster}/").content.decode()
    assert (note in html) is shown
    assert html.count('class="note name-source"') == int(shown)
