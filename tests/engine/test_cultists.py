"""Cultists (``modules/cultists.py``): expectations written from kot-facts §3.2 and the brief's settled reading."""

import pytest

from kotguide.engine import InvalidSetup, apply, legal_actions
from kotguide.engine import options as O
from kotguide.engine.testing import find, make_setup, play

QUIET = "1 2 3 1 2 3"


def codes(state):
    return [a.code for a in legal_actions(state)]


def game(*monsters, dice="", options=(), **fields):
    return make_setup(*monsters, dice=dice, options=[O.CULTISTS, *options], **fields)


def cultists(state, monster):
    return state.monster(monster).tokens.get("cultist", 0)


def test_four_of_a_face_gives_one_cultist():
    g = play(game("gigazaur", "the-king", dice="1 1 1 1 2 3"), "roll resolve")
    assert cultists(g.state, "gigazaur") == 1
    assert find(g.events, "cultist-gained", rule="cultists", monster="gigazaur", amount=1, faces=["1"])
    assert g.state.monster("gigazaur").vp == 2 + 1  # the 1s still score; +1 for entering Tokyo


def test_three_of_a_face_gives_none_and_six_give_only_one():
    g = play(game("gigazaur", "the-king", dice="2 2 2 heart heart 3"), "roll resolve")
    assert cultists(g.state, "gigazaur") == 0
    g = play(game("gigazaur", "the-king", dice="energy " * 6), "roll resolve")
    assert cultists(g.state, "gigazaur") == 1


def test_one_cultist_per_face_that_reaches_four():
    me = {"id": "gigazaur", "cards": ["extra-head", "extra-head"]}
    g = play(game(me, "the-king", dice="heart heart heart heart energy energy energy energy"), "roll resolve")
    assert cultists(g.state, "gigazaur") == 2


def test_a_smash_added_by_a_card_counts_toward_four():
    me = {"id": "gigazaur", "cards": ["acid-attack"]}
    g = play(game(me, "the-king", dice="smash smash smash 1 2 3"), "roll resolve")
    assert cultists(g.state, "gigazaur") == 1


def test_no_cultist_without_the_module():
    g = play(make_setup("gigazaur", "the-king", dice="1 1 1 1 2 3"), "roll resolve")
    assert cultists(g.state, "gigazaur") == 0


def test_a_cultist_heals_one_life_even_in_tokyo():
    me = {"id": "gigazaur", "life": 5, "location": "city", "tokens": {"cultist": 2}}
    g = play(game(me, "the-king", dice=QUIET), "use:cultist:heart")
    m = g.state.monster("gigazaur")
    assert (m.life, m.tokens["cultist"]) == (6, 1)
    assert find(g.events, "cultist-used", reason="heart", amount=1)
    assert find(g.events, "healed", rule="cultists", monster="gigazaur", amount=1)


def test_no_heart_is_offered_at_full_life_but_energy_is():
    g = play(game({"id": "gigazaur", "tokens": {"cultist": 1}}, "the-king", dice=QUIET))
    assert "use:cultist:heart" not in codes(g.state)
    assert "use:cultist:energy" in codes(g.state)
    s, _ = apply(g.state, "use:cultist:energy")
    assert (s.monster("gigazaur").energy, cultists(s, "gigazaur")) == (1, 0)
    assert not [c for c in codes(s) if c.startswith("use:cultist")]


def test_on_another_monsters_turn_at_its_own_decision():
    king = {"id": "the-king", "location": "city", "life": 8, "tokens": {"cultist": 1}}
    g = play(game("gigazaur", king, dice="smash 1 2 3 1 2"), "roll resolve")
    assert g.state.decision.monster == "the-king" and g.state.decision.kind == "yield"
    assert {"use:cultist:heart", "use:cultist:energy"} <= set(codes(g.state))
    assert "use:cultist:reroll" not in codes(g.state)  # not its own turn


def test_one_more_roll_only_on_your_own_turn_while_rolling():
    me = {"id": "gigazaur", "tokens": {"cultist": 1}}
    g = play(game(me, "the-king", dice="1 2 3 1 2 3 smash smash smash smash smash smash smash"))
    assert "use:cultist:reroll" not in codes(g.state)  # before the first roll
    g = play(game(me, "the-king", dice="1 2 3 1 2 3 1 1 smash"), "roll reroll:0 reroll:1")
    assert g.state.decision.kind == "resolve"
    s, _ = apply(g.state, "use:cultist:reroll")
    assert s.decision.kind == "reroll" and s.rolls_left == 1
    s, _ = apply(s, "reroll:2")
    assert s.dice[2] == "smash"


def test_a_monster_about_to_be_eliminated_is_asked_first():
    king = {"id": "the-king", "location": "city", "life": 2, "tokens": {"cultist": 1}}
    g = play(game("gigazaur", king, dice="smash smash 1 2 3 1"), "roll resolve")
    assert (g.state.decision.monster, g.state.decision.kind, g.state.decision.window) == ("the-king", "card", "damage")
    assert codes(g.state) == ["pass", "use:cultist:heart"]
    s, _ = apply(g.state, "use:cultist:heart")
    assert s.monster("the-king").alive and s.monster("the-king").life == 1
    s, _ = apply(g.state, "pass")
    assert not s.monster("the-king").alive


def test_an_eliminated_monster_loses_its_cultists():
    king = {"id": "the-king", "location": "city", "life": 2, "max_life": 2, "tokens": {"cultist": 3}}
    g = play(game("gigazaur", king, dice="smash smash 1 2 3 1"), "roll resolve")
    assert not g.state.monster("the-king").alive
    assert cultists(g.state, "the-king") == 0


def test_two_player_and_the_tower_together():
    me = {"id": "gigazaur", "location": "city"}
    g = play(game(me, "the-king", dice="1 1 1 1 2 3", options=[O.TWO_PLAYER, O.TOKYO_TOWER]), "roll resolve")
    assert cultists(g.state, "gigazaur") == 1
    assert find(g.events, "tower-level-taken", monster="gigazaur", reason="bottom")
    assert g.state.monster("gigazaur").energy == 1  # the two-player start reward


def test_the_module_takes_no_setup_table():
    with pytest.raises(InvalidSetup):
        game("gigazaur", "the-king", modules={O.CULTISTS: {"stock": 3}})
