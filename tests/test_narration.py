"""Scenario narration: the sandbox's "play the next step for me" line, one per step, in both languages.

Pure file checks (no database): every scenario that narrates any step narrates every step in both languages, every
scenario except the component demonstrations (``card-*``, ``costume-*``, ``tile-*``, ``curse-*``, ``evolution-*``)
is fully narrated, and each language stays in its own script.
"""

import re
import tomllib

import pytest

from kotguide.engine.scenario import SCENARIO_DIR, is_component_demo

FILES = sorted(SCENARIO_DIR.glob("*.toml"))
RAW = {path.stem: tomllib.loads(path.read_text(encoding="utf-8")) for path in FILES}
NARRATED = sorted(
    sid
    for sid, raw in RAW.items()
    if any(step.get(f"narration_{lang}") for step in raw.get("step", []) for lang in ("en", "ja"))
)
RULE_SCENARIOS = sorted(sid for sid in RAW if not is_component_demo(sid))

LATIN = re.compile(r"[A-Za-z]")
# Hiragana, katakana, CJK punctuation and ideographs, full-width forms.
JAPANESE = re.compile(r"[\u3000-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def _steps(sid):
    return list(enumerate(RAW[sid].get("step", [])))


def _missing(sid):
    """(step index, action, language) of every step of ``sid`` without a non-empty narration in that language."""
    return [
        (i, step["action"], lang)
        for i, step in _steps(sid)
        for lang in ("en", "ja")
        if not str(step.get(f"narration_{lang}", "")).strip()
    ]


def _texts(lang):
    return [(f"{sid}#{i}", step.get(f"narration_{lang}", "")) for sid in RAW for i, step in _steps(sid)]


def test_there_are_scenarios_to_check():
    assert RULE_SCENARIOS
    assert NARRATED


@pytest.mark.parametrize("sid", NARRATED)
def test_a_narrated_scenario_narrates_every_step_in_both_languages(sid):
    assert _missing(sid) == []


@pytest.mark.parametrize("sid", RULE_SCENARIOS)
def test_every_rule_scenario_is_fully_narrated(sid):
    assert _missing(sid) == []


def test_japanese_narration_has_no_latin_letters():
    bad = [(where, text) for where, text in _texts("ja") if LATIN.search(text)]
    assert bad == []


def test_english_narration_has_no_japanese():
    bad = [(where, text) for where, text in _texts("en") if JAPANESE.search(text)]
    assert bad == []
