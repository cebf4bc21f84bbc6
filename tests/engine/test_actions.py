"""Action codes: [a-z0-9:.-] only, parse ⇄ code round trip, garbage refused with unknown-action."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kotguide.engine import IllegalAction, decode, encode, parse_action
from kotguide.engine.actions import Buy, Reroll, UseCard, reroll_subsets

GOOD = ["roll", "reroll:0", "reroll:0.2.5", "reroll:0.1.2.3.4.5", "resolve", "stay", "yield", "buy:0", "buy:4",
        "sweep", "end", "pass", "use:stretchy", "use:stretchy:2.heart", "use:herd-culler:3"]


@pytest.mark.parametrize("code", GOOD)
def test_round_trip(code):
    action = parse_action(code)
    assert action.code == code
    assert str(action) == code
    assert re.fullmatch(r"[a-z0-9:.\-]+", code)


@pytest.mark.parametrize("code", ["", "ROLL", "roll ", "reroll", "reroll:", "reroll:2.0", "reroll:1.1", "reroll:a",
                                  "reroll:01", "buy", "buy:-1", "buy:x", "buy:01", "use:", "use:Bad", "fly",
                                  "stay:1", "end:", "yield!", None, 3])
def test_garbage(code):
    with pytest.raises(IllegalAction) as info:
        parse_action(code)
    assert info.value.code == "unknown-action"


@given(st.text(max_size=20))
def test_any_text_parses_or_raises_unknown_action(text):
    try:
        action = parse_action(text)
    except IllegalAction as e:
        assert e.code == "unknown-action"
    else:
        assert action.code == text


def test_values():
    assert parse_action("reroll:0.2.5") == Reroll((0, 2, 5))
    assert parse_action("buy:1") == Buy(1)
    assert parse_action("use:wings:x") == UseCard("wings", "x")
    assert hash(parse_action("roll")) == hash(parse_action("roll"))


def test_encode_decode():
    codes = "roll reroll:0.1 resolve yield buy:2 sweep end"
    assert encode(decode(codes)) == codes
    assert decode("") == []


def test_reroll_subsets():
    assert len(reroll_subsets(6)) == 63
    assert len(reroll_subsets(8)) == 255
    assert reroll_subsets(2) == (Reroll((0,)), Reroll((1,)), Reroll((0, 1)))
