"""Event and choice params are worded by their declared type, by one renderer shared by the log, the choice buttons
and the hints (kotguide/sandbox/render.py); no caller guesses a type from a param's name."""

from pathlib import Path

import pytest
from django.utils import translation

from kotguide.engine import KINDS, Event
from kotguide.engine import rules as R
from kotguide.engine.cards.choices import TYPES
from kotguide.engine.events import ParamType as T
from kotguide.sandbox import render
from kotguide.sandbox.log import line
from kotguide.sandbox.table import choice_words

# one value of each type and its words, written by hand from the content files
WORDS = {
    T.MONSTER: ("gigazaur", "Gigazaur", "ギガザウルス"),
    T.MONSTERS: (["gigazaur", "the-king"], "Gigazaur, The King", "ギガザウルス、ザ・キング"),
    T.CARD: ("heal", "Heal", "治療"),
    T.CARDS: (["heal", "energize"], "Heal, Energize", "治療、エネルギー充填"),
    T.CURSE: ("pharaonic-ego", "Pharaonic Ego", "ファラオの傲慢"),
    T.TILE: ("devious", "Devious", "狡猾"),
    T.TILES: (["devious"], "Devious", "狡猾"),
    T.EVOLUTION: ("freeze-ray", "Freeze Ray", "冷凍光線"),
    T.FACE: ("smash", "smash", "攻撃"),
    T.FACES: (["1", "heart", "smash"], "1, heart, smash", "1、ハート、攻撃"),
    T.SPACE: ("city", "Tokyo City", "トーキョーシティ"),
    T.OPTION: ("tokyo-tower", "Tokyo Tower", "トーキョータワー"),
    T.OPTIONS: (["tokyo-tower"], "Tokyo Tower", "トーキョータワー"),
    T.NUMBER: (3, "3", "3"),
    T.NUMBERS: ([1, 4], "1, 4", "1、4"),
    T.INDICES: ([0, 3], "1, 4", "1、4"),  # dice by position, said as players count them
    T.CHOICE: ("beast", "Beast", "ビースト"),
    T.WORD: ("roll-off", "roll-off", "roll-off"),  # it picks a template's line, never shown
    T.FLAG: (True, "", ""),
}


def test_every_type_has_words_here():
    assert set(WORDS) == set(T)


@pytest.mark.parametrize("ptype", list(T))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_value_is_worded_by_its_type(ptype, lang):
    value, en, ja = WORDS[ptype]
    with translation.override(lang):
        assert render.word(ptype, value, lang) == (ja if lang == "ja" else en)


def test_a_param_without_a_declared_type_is_refused_not_guessed():
    with pytest.raises(KeyError):
        render.words({"monster": T.MONSTER}, {"monster": "gigazaur", "victim": "the-king"}, "en")


def test_the_same_name_is_worded_by_the_kind_s_type():
    # `to` is a monster where a curse gives something, a space where the Bay closes
    assert KINDS["curse-gift"].types["to"] == T.MONSTER and KINDS["bay-closed"].types["to"] == T.SPACE
    with translation.override("en"):
        gift = line(Event("curse-gift", R.CURSES, "gigazaur", 1, {"to": "the-king", "reason": "heart",
                                                                   "curse": "pharaonic-ego"}), "en")
        assert "The King" in gift.text and "Gigazaur" in gift.text
        assert render.words(KINDS["bay-closed"].types, {"to": "city"}, "en") == {"to": "Tokyo City"}


def test_choice_words_follow_the_choice_types():
    with translation.override("en"):
        words = choice_words({"die": 2, "face": "heart", "monster": "the-king", "side": "beast"}, "en")
    assert {k: words[k] for k in ("die", "face", "monster", "side")} == {
        "die": "2", "face": "heart", "monster": "The King", "side": "Beast"}
    assert words["choice"] == "The King"  # whatever the argument names first
    assert set(TYPES) >= {"die", "dice", "face", "monster", "card", "evolution", "tile", "curse", "side", "option"}


def test_the_log_and_the_hints_word_params_only_through_the_renderer():
    """No key-name guessing left where events, choices and hints are worded: they call render, not the name
    functions of words.py."""
    root = Path(__file__).resolve().parents[1] / "kotguide"
    for path in ("sandbox/log.py", "learn/hints.py"):
        source = (root / path).read_text()
        for name_function in ("monster_name(", "card_name(", "component_name(", "face_name(", "space_name(",
                              "option_name("):
            assert name_function not in source, (path, name_function)
    table = (root / "sandbox/table.py").read_text()
    words = table[table.index("def choice_words("):table.index("class _Words")]
    assert "render.words(choices.TYPES" in words and "_name(" not in words
