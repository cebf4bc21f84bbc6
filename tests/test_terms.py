"""One term per idea (content.md T1–T12, J24): a retired variant appears nowhere the reader reads — content/, the
Japanese .po msgstr values, templates — except the alias files (what people type) and quotations 『…』 of a source.
The chosen terms are the glossary's; retired variants that a source attests are in content/<lang>/aliases.toml."""

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"

# (pattern of the retired variant, the one the site writes) — written from the review's T-items
RETIRED_JA = [
    (r"手番(?!の(モンスター|プレイヤー))", "ターン"),  # T1: 手番のモンスター (active monster) stays a term of its own
    (r"購入フェイズ", "購入ステップ"),  # T2
    (r"確定したダイス", "最終的な出目"),  # T3: 確定する stays the verb for stopping the roll
    (r"(?<!そ)他の", "ほかの"),  # T4 (その他の is another word)
    (r"だれ", "誰"),  # T4
    (r"開始時のエネルギー", "初期エネルギー"),  # T5
    (r"本サイトの解釈|kotguide ?の解釈|解釈が分かれる", "本サイトの読み方"),  # T8
    (r"取り置", "残す"),  # T11
    (r"キープ", "残す"),  # T11
    (r"最初のプレイヤー", "スタートプレイヤー"),  # T12
    (r"[0-9０-９]勝利ポイント|%\(\w+\)s勝利ポイント", "勝利ポイント○点"),  # J24: the number comes after
]
RETIRED_EN = [
    (r"\bresolved roll", "final roll"),
    (r"\bEnter Tokyo step", "entry step"),
]
QUOTATION = re.compile(r"『[^』]*』")


def read(path: Path) -> str:
    return QUOTATION.sub("", path.read_text(encoding="utf-8"))


def po_msgstrs() -> str:
    text, out, current = (ROOT / "locale/ja/LC_MESSAGES/django.po").read_text(encoding="utf-8"), [], None
    for line in text.splitlines():
        if line.startswith("msgstr"):
            current = [line.split('"', 1)[1].rsplit('"', 1)[0]]
            out.append(current)
        elif line.startswith('"') and current is not None:
            current.append(line[1:-1])
        else:
            current = None
    return "\n".join("".join(parts) for parts in out)


def texts(lang: str):
    """(where, text) of everything the reader of `lang` reads."""
    for path in sorted(CONTENT.rglob("*")):
        if not path.is_file() or path.suffix not in (".md", ".toml") or path.name == "aliases.toml":
            continue
        if path.relative_to(CONTENT).parts[0] == ("en" if lang == "ja" else "ja"):
            continue
        yield str(path.relative_to(ROOT)), read(path)
    if lang == "ja":
        yield "django.po msgstr", QUOTATION.sub("", po_msgstrs())
    else:
        for path in sorted((ROOT / "templates").rglob("*.html")):
            yield str(path.relative_to(ROOT)), read(path)


@pytest.mark.parametrize(("lang", "retired"), [("ja", RETIRED_JA), ("en", RETIRED_EN)])
def test_no_retired_variant_outside_the_alias_files(lang, retired):
    found = []
    for where, text in texts(lang):
        for pattern, chosen in retired:
            for m in re.finditer(pattern, text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{where}:{line}: {m.group(0)!r} (write {chosen})")
    assert not found, "\n".join(found[:40])


def aliases(lang: str) -> list[dict]:
    return tomllib.loads((CONTENT / lang / "aliases.toml").read_text(encoding="utf-8")).get("alias", [])


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_each_retired_alias_points_at_the_term_the_site_writes(lang):
    """A retired variant in the alias file is sent to the chosen term. A word may have other meanings too (キープ is
    also the katakana of a Keep card), so other entries for the same word are allowed."""
    glossary = {row["term"].casefold() for row in tomllib.loads((CONTENT / lang / "glossary.toml").read_text("utf-8"))
                .values()}
    retired = RETIRED_JA if lang == "ja" else RETIRED_EN
    entries = aliases(lang)
    for pattern, chosen in retired:
        for word in {a["word"] for a in entries if re.fullmatch(pattern, a["word"])}:
            sent = [a for a in entries if a["word"] == word and a["means"] == chosen]
            assert sent, f"{word} is retired for {chosen}, but no alias sends it there"
            for alias in sent:
                assert alias["means"].casefold() in glossary or alias["means"] == "ほかの", alias
                assert re.fullmatch(r"seed:00[0-4]:\d+|kot-facts:[\w.-]+", alias["source"]), alias


@pytest.mark.parametrize(("lang", "terms"), [
    ("ja", ["ターン", "購入ステップ", "最終的な出目", "侵入ステップ", "残す", "スタートプレイヤー"]),
    ("en", ["Turn", "Buy step", "Final roll", "Entry step", "Set aside", "First player"]),
])
def test_the_glossary_records_the_chosen_terms(lang, terms):
    glossary = {row["term"] for row in tomllib.loads((CONTENT / lang / "glossary.toml").read_text("utf-8")).values()}
    assert set(terms) <= glossary


def test_japanese_texts_say_jibun_not_anata_outside_the_faq():
    """P8: card texts, rulings and rules say 自分 as the Japanese help and rulebooks do; あなた is kept where the site
    speaks to the reader: FAQ answers, the lessons (content/learn/) and the interface."""
    found = []
    for where, text in texts("ja"):
        if where.endswith("faq.toml") or where.startswith("content/learn/") or where == "django.po msgstr":
            continue
        for m in re.finditer("あなた", text):
            found.append(f"{where}:{text.count(chr(10), 0, m.start()) + 1}")
    assert not found, "\n".join(found)
