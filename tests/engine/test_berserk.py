"""Berserk (``modules/berserk.py``): four smash make a monster berserk, the berserk die, healing ends it.
Expectations are written from the module's rules (kot-facts §3.5) and the readings in its docstring."""

import pytest

from kotguide.engine import legal_actions
from kotguide.engine import options as O
from kotguide.engine.testing import find, make_setup, play

QUIET = "1 2 3 1 2 3"  # scores, heals and smashes nothing
BERSERK = {"berserk": 1}


def setup(*monsters, dice="", **fields):
    return make_setup(*monsters, dice=dice, options=[O.BERSERK, *fields.pop("more", [])], **fields)


def gigazaur(**fields):
    return {"id": "gigazaur", **fields}


KING_IN_TOKYO = {"id": "the-king", "location": "city"}


def berserk(g, monster="gigazaur"):
    return g.state.monster(monster).tokens.get("berserk", 0) == 1


def test_four_smash_make_the_monster_berserk():
    g = play(setup(gigazaur(), KING_IN_TOKYO, dice="smash smash smash smash 1 2"), "roll resolve")
    assert berserk(g)
    assert find(g.events, "berserk-started", rule="berserk", monster="gigazaur", amount=4)


def test_three_smash_do_not():
    g = play(setup(gigazaur(), KING_IN_TOKYO, dice="smash smash smash 1 2 3"), "roll resolve")
    assert not berserk(g)
    assert not find(g.events, "berserk-started")


def test_without_the_option_nobody_goes_berserk():
    g = play(make_setup(gigazaur(), KING_IN_TOKYO, dice="smash smash smash smash 1 2"), "roll resolve")
    assert not berserk(g)


def test_a_smash_added_by_a_card_counts():
    g = play(setup(gigazaur(cards=["acid-attack"]), KING_IN_TOKYO, dice="smash smash smash 1 2 3"), "roll resolve")
    assert berserk(g)
    assert find(g.events, "berserk-started", amount=4)


def test_extra_damage_does_not_count():
    # Fire Breathing makes the neighbours lose life but adds no smash result: three smash stay three
    g = play(setup(gigazaur(cards=["fire-breathing"]), KING_IN_TOKYO, "alienoid", dice="smash smash smash 1 2 3"),
             "roll resolve")
    assert not berserk(g)


def test_it_counts_with_nobody_to_hit():
    g = play(setup(gigazaur(), "the-king", dice="smash smash smash smash 1 2"), "roll resolve")
    assert find(g.events, "smashed", targets=[])
    assert berserk(g)


def test_it_counts_even_if_the_damage_is_prevented():
    king = {"id": "the-king", "location": "city", "cards": ["wings"], "energy": 2}
    g = play(setup(gigazaur(), king, dice="smash smash smash smash 1 2"), "roll resolve use:wings")
    assert g.state.monster("the-king").life == 10
    assert berserk(g)


def test_in_tokyo_too():
    g = play(setup(gigazaur(location="city"), "the-king", dice="smash smash smash smash 1 2"), "roll resolve")
    assert g.state.monster("the-king").life == 6
    assert berserk(g)


def test_a_berserk_monster_rolls_the_berserk_die_after_its_dice():
    g = play(setup(gigazaur(tokens=BERSERK), KING_IN_TOKYO, dice="1 2 3 1 2 3 berserk:energy"), "roll")
    assert g.state.dice == ["1", "2", "3", "1", "2", "3", "berserk:energy"]
    g = play(setup(gigazaur(), KING_IN_TOKYO, dice=QUIET), "roll")
    assert len(g.state.dice) == 6


def test_the_berserk_die_is_kept_and_rerolled_like_the_others():
    g = play(setup(gigazaur(tokens=BERSERK), KING_IN_TOKYO, dice="1 2 3 1 2 3 berserk:skull berserk:2energy"),
             "roll reroll:6")
    assert g.state.dice[6] == "berserk:2energy"
    assert g.state.kept == [True] * 6 + [False]
    # a scripted base face never lands on the berserk die: it waits for the next base die rerolled
    g = play(setup(gigazaur(tokens=BERSERK), KING_IN_TOKYO, dice="1 2 3 1 2 3 berserk:skull smash"),
             "roll reroll:6 reroll:0")
    assert g.state.dice[6].startswith("berserk:") and g.state.dice[0] == "smash"


@pytest.mark.parametrize(("face", "smash", "energy"), [
    ("smash", 1, 0), ("2smash", 2, 0), ("energy", 0, 1), ("2energy", 0, 2), ("skull", 0, 0),
])
def test_each_face_of_the_berserk_die(face, smash, energy):
    g = play(setup(gigazaur(tokens=BERSERK), KING_IN_TOKYO, dice=f"{QUIET} berserk:{face}"), "roll resolve")
    assert g.state.monster("the-king").life == 10 - smash
    assert g.state.monster("gigazaur").energy == energy


def test_the_skull_costs_one_life_after_the_smash():
    g = play(setup(gigazaur(tokens=BERSERK), KING_IN_TOKYO, dice="smash 2 3 1 2 3 berserk:skull"), "roll resolve")
    assert g.state.monster("gigazaur").life == 9
    kinds = [e.kind for e in g.events]
    assert kinds.index("smashed") < kinds.index("berserk-skull") < len(kinds)
    assert find(g.events, "damaged", rule="berserk", monster="gigazaur", amount=1, reason="skull")
    assert berserk(g)  # losing life does not end berserk


def test_the_rolls_own_hearts_do_not_make_up_for_the_skull():
    g = play(setup(gigazaur(life=9, tokens=BERSERK), KING_IN_TOKYO, dice="heart 2 3 1 2 3 berserk:skull"),
             "roll resolve")
    assert g.state.monster("gigazaur").life == 9  # healed to 10 by the heart, then the skull
    assert not berserk(g)  # the heart healed: berserk is over


def test_armor_plating_ignores_the_skull():
    g = play(setup(gigazaur(tokens=BERSERK, cards=["armor-plating"]), KING_IN_TOKYO, dice=f"{QUIET} berserk:skull"),
             "roll resolve")
    assert g.state.monster("gigazaur").life == 10


def test_the_skull_can_eliminate_its_monster():
    g = play(setup(gigazaur(life=1, tokens=BERSERK), KING_IN_TOKYO, "alienoid", dice=f"{QUIET} berserk:skull"),
             "roll resolve")
    m = g.state.monster("gigazaur")
    assert not m.alive and m.tokens == {}
    assert g.state.active_monster.id == "the-king"


def test_healing_with_hearts_ends_berserk():
    g = play(setup(gigazaur(life=8, tokens=BERSERK), KING_IN_TOKYO, dice="heart 2 3 1 2 3 berserk:energy"),
             "roll resolve")
    assert not berserk(g)
    assert find(g.events, "berserk-ended", rule="berserk", monster="gigazaur", reason="healed")


def test_healing_by_a_card_ends_berserk():
    g = play(setup(gigazaur(life=8, energy=3, tokens=BERSERK), KING_IN_TOKYO, dice=f"{QUIET} berserk:skull",
                   market=["heal"]), "roll resolve buy:0")
    assert find(g.events, "healed", monster="gigazaur", card="heal")
    assert not berserk(g)


def test_healing_at_any_time_ends_berserk():
    g = play(setup(gigazaur(life=8, energy=2, tokens=BERSERK, cards=["rapid-healing"]), KING_IN_TOKYO,
                   dice=f"{QUIET} berserk:energy"), "roll use:rapid-healing")
    assert not berserk(g)
    # the die already rolled stays in this turn's roll
    g = play(setup(gigazaur(life=8, energy=2, tokens=BERSERK, cards=["rapid-healing"]), KING_IN_TOKYO,
                   dice=f"{QUIET} berserk:energy"), "roll use:rapid-healing resolve")
    assert g.state.monster("gigazaur").energy == 1


def test_hearts_that_heal_nothing_do_not_end_berserk():
    full = play(setup(gigazaur(tokens=BERSERK), KING_IN_TOKYO, dice="heart 2 3 1 2 3 berserk:energy"),
                "roll resolve")
    assert berserk(full)
    in_tokyo = play(setup(gigazaur(life=6, location="city", tokens=BERSERK), "the-king",
                          dice="heart heart 3 1 2 3 berserk:energy"), "roll resolve")
    assert berserk(in_tokyo)
    assert in_tokyo.state.monster("gigazaur").life == 6


def test_berserk_comes_back_in_the_same_roll():
    g = play(setup(gigazaur(life=8, tokens=BERSERK), KING_IN_TOKYO, dice="heart smash smash smash 1 2 berserk:smash"),
             "roll resolve")
    kinds = [e.kind for e in g.events if e.rule == "berserk"]
    assert kinds == ["berserk-ended", "berserk-started"]
    assert berserk(g)


def test_berserk_die_smash_counts_for_going_berserk_again():
    g = play(setup(gigazaur(life=9, tokens=BERSERK), KING_IN_TOKYO, dice="heart smash smash 1 2 3 berserk:2smash"),
             "roll resolve")
    assert find(g.events, "berserk-started", amount=4)


def test_the_token_is_cleared_when_the_monster_is_eliminated():
    king = {"id": "the-king", "location": "city", "life": 2, "tokens": BERSERK}
    g = play(setup(gigazaur(), king, "alienoid", dice="smash smash 1 2 3 1"), "roll resolve")
    assert g.state.monster("the-king").tokens == {}


def test_eternal_healing_at_the_turn_start_ends_berserk():
    g = play(setup(gigazaur(life=9, tokens={"berserk": 1}, pieces=["tile-eternal"]), KING_IN_TOKYO,
                   more=[O.WICKEDNESS], modules={"wickedness": {"tiles": []}}))
    assert not berserk(g)
    assert find(g.events, "berserk-ended", monster="gigazaur")


def test_the_beast_reroll_keeps_the_berserk_die_a_berserk_die():
    g = play(setup(gigazaur(tokens={"berserk": 1, "beast": 1}), KING_IN_TOKYO, more=[O.TRANSFORMATION],
                   dice=f"{QUIET} berserk:skull berserk:2smash"), "roll use:beast:6")
    assert g.state.dice[6] == "berserk:2smash"


def test_antimatter_beam_doubles_the_berserk_die_smash():
    g = play(setup(gigazaur(tokens=BERSERK, pieces=["tile-antimatter-beam"]), KING_IN_TOKYO, more=[O.WICKEDNESS],
                   modules={"wickedness": {"tiles": []}}, dice="smash 2 3 1 2 3 berserk:2smash"), "roll resolve")
    assert g.state.monster("the-king").life == 4  # (1 + 2) × 2


def test_the_berserk_die_is_a_legal_reroll_index():
    g = play(setup(gigazaur(tokens=BERSERK), KING_IN_TOKYO, dice=f"{QUIET} berserk:skull"), "roll")
    assert "reroll:6" in [a.code for a in legal_actions(g.state)]
