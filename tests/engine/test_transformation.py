"""Transformation (``modules/transformation.py``): the Robot/Beast card, flipped for 1 energy before buying; the
Beast rerolls one die an extra time each turn and buys nothing. Expectations are written from kot-facts §3.6(a)."""

import pytest

from kotguide.engine import IllegalAction, InvalidSetup, apply, legal_actions
from kotguide.engine import options as O
from kotguide.engine.cards.registry import offers
from kotguide.engine.testing import find, make_setup, play

QUIET = "1 2 3 1 2 3"
KING_IN_TOKYO = {"id": "the-king", "location": "city"}
BEAST = {"beast": 1}


def setup(*monsters, dice=QUIET, **fields):
    return make_setup(*monsters, dice=dice, options=[O.TRANSFORMATION, *fields.pop("more", [])], **fields)


def gigazaur(**fields):
    return {"id": "gigazaur", **fields}


def codes(state):
    return [a.code for a in legal_actions(state)]


def test_every_monster_starts_on_the_robot_side():
    g = play(setup(gigazaur(energy=5), KING_IN_TOKYO))
    assert all("beast" not in m.tokens for m in g.state.monsters)


def test_the_flip_is_offered_at_the_start_of_the_buy_step_for_one_energy():
    g = play(setup(gigazaur(energy=1), KING_IN_TOKYO), "roll")
    assert not any(c.startswith("use:transform") for c in codes(g.state))
    g = play(setup(gigazaur(energy=1), KING_IN_TOKYO), "roll resolve")
    assert "use:transform:beast" in codes(g.state)
    g = play(setup(gigazaur(energy=1), KING_IN_TOKYO), "roll resolve use:transform:beast")
    m = g.state.monster("gigazaur")
    assert (m.energy, m.tokens) == (0, BEAST)
    assert find(g.events, "energy-lost", rule="transformation", monster="gigazaur", amount=1)
    assert find(g.events, "transformed", rule="transformation", monster="gigazaur", reason="beast")


def test_no_flip_without_energy():
    g = play(setup(gigazaur(), KING_IN_TOKYO), "roll resolve")
    assert "use:transform:beast" not in codes(g.state)


def test_no_flip_on_another_monsters_turn():
    g = play(setup("the-king", gigazaur(energy=3)), "roll resolve")
    assert g.state.phase == "buy"
    assert offers(g.state, g.state.monster("gigazaur").seat, "buy") == []


def test_no_flip_after_buying_or_sweeping():
    bought = play(setup(gigazaur(energy=5), KING_IN_TOKYO, market=["heal", "tank", "energize"]),
                  "roll resolve buy:0")
    assert "use:transform:beast" not in codes(bought.state)
    swept = play(setup(gigazaur(energy=5), KING_IN_TOKYO), "roll resolve sweep")
    assert "use:transform:beast" not in codes(swept.state)


def test_one_flip_per_turn():
    g = play(setup(gigazaur(energy=5), KING_IN_TOKYO), "roll resolve use:transform:beast")
    assert not any(c.startswith("use:transform") for c in codes(g.state))


def test_the_beast_flips_back_the_same_way_and_may_buy_again():
    g = play(setup(gigazaur(energy=4, tokens=BEAST), KING_IN_TOKYO, market=["heal", "tank", "energize"]),
             "roll resolve")
    assert "use:transform:robot" in codes(g.state)
    assert "buy:0" not in codes(g.state)
    g = play(setup(gigazaur(energy=4, tokens=BEAST), KING_IN_TOKYO, market=["heal", "tank", "energize"]),
             "roll resolve use:transform:robot buy:0")
    m = g.state.monster("gigazaur")
    assert (m.energy, m.tokens) == (0, {})
    assert find(g.events, "transformed", reason="robot")


@pytest.mark.parametrize("action", ["buy:0", "sweep"])
def test_the_beast_buys_nothing(action):
    g = play(setup(gigazaur(energy=10, tokens=BEAST), KING_IN_TOKYO, market=["heal", "tank", "energize"]),
             "roll resolve")
    assert codes(g.state) == ["end", "use:transform:robot"]
    with pytest.raises(IllegalAction) as err:
        apply(g.state, action)
    assert err.value.code == "may-not-buy"


def test_the_beast_buys_nothing_with_cards_that_buy_otherwise():
    king = {"id": "the-king", "location": "city", "cards": ["extra-head"]}
    me = gigazaur(energy=10, tokens=BEAST, cards=["made-in-a-lab", "parasitic-tentacles"])
    g = play(setup(me, king), "roll resolve")
    assert codes(g.state) == ["end", "use:transform:robot"]


@pytest.mark.parametrize(("tokens", "asked"), [({}, "gigazaur"), (BEAST, "the-king")])
def test_an_opportunist_beast_is_not_asked_when_a_card_is_revealed(tokens, asked):
    g = play(setup({"id": "the-king", "energy": 5}, gigazaur(energy=10, tokens=tokens, cards=["opportunist"]),
                   market=["heal", "tank", "energize"]), "roll resolve buy:0")
    assert g.state.decision.monster == asked


def test_the_beast_token_lasts_from_turn_to_turn():
    g = play(setup(gigazaur(energy=1), KING_IN_TOKYO, dice=f"{QUIET} {QUIET} {QUIET}"),
             "roll resolve use:transform:beast end roll resolve end roll")
    assert g.state.monster("gigazaur").tokens == BEAST


def test_the_beast_rerolls_one_die_an_extra_time_once_per_turn():
    g = play(setup(gigazaur(tokens=BEAST), KING_IN_TOKYO, dice=f"{QUIET} heart"), "roll use:beast:2")
    assert g.state.dice == ["1", "2", "heart", "1", "2", "3"]
    assert g.state.rolls_left == 2  # the extra reroll uses none of the turn's rolls
    assert find(g.events, "beast-rerolled", rule="transformation", monster="gigazaur", die=3, face="heart")
    assert not any(c.startswith("use:beast") for c in codes(g.state))


def test_the_beast_reroll_even_with_no_roll_left():
    g = play(setup(gigazaur(tokens=BEAST), KING_IN_TOKYO, dice=f"{QUIET} 1 1 smash"), "roll reroll:0 reroll:0")
    assert g.state.decision.kind == "resolve"
    assert "use:beast:5" in codes(g.state)
    g = play(setup(gigazaur(tokens=BEAST), KING_IN_TOKYO, dice=f"{QUIET} 1 1 smash"),
             "roll reroll:0 reroll:0 use:beast:5 resolve")
    assert g.state.monster("the-king").life == 9


def test_no_beast_reroll_before_rolling_after_resolving_or_as_a_robot():
    before = play(setup(gigazaur(tokens=BEAST), KING_IN_TOKYO))
    assert not any(c.startswith("use:beast") for c in codes(before.state))
    after = play(setup(gigazaur(tokens=BEAST), KING_IN_TOKYO), "roll resolve")
    assert not any(c.startswith("use:beast") for c in codes(after.state))
    robot = play(setup(gigazaur(), KING_IN_TOKYO), "roll")
    assert not any(c.startswith("use:beast") for c in codes(robot.state))


def test_without_the_option_a_beast_token_is_refused():
    with pytest.raises(InvalidSetup) as info:
        make_setup(gigazaur(energy=5, tokens=BEAST), KING_IN_TOKYO, dice=QUIET, market=["heal"])
    assert [(p.code, p.path) for p in info.value.problems] == [("needs-option", ("monsters", 0, "tokens", "beast"))]


def test_in_tokyo_the_beast_rerolls_and_flips_as_well():
    g = play(setup(gigazaur(energy=1, location="city", tokens=BEAST), "the-king", dice=f"{QUIET} smash"),
             "roll use:beast:0 resolve use:transform:robot")
    assert g.state.monster("the-king").life == 9
    assert g.state.monster("gigazaur").tokens == {}


def test_a_beast_taking_have_it_all_gains_nothing_for_buying():
    g = play(setup(gigazaur(energy=9, tokens={"beast": 1, "wickedness": 5}), KING_IN_TOKYO,
                   more=[O.WICKEDNESS], modules={"wickedness": {"tiles": ["have-it-all"]}},
                   dice="1 1 1 2 3 heart"), "roll resolve use:wickedness:have-it-all")
    assert "buy:0" not in codes(g.state)
