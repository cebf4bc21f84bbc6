"""Yielding: each living occupant damaged by another monster's rolled smash chooses to stay or leave, separately, in
seat order from the active monster; leaving keeps the damage; lethal damage gives no choice; the attacker takes the
free space."""

import pytest

from kotguide.engine import IllegalAction, apply, legal_actions
from kotguide.engine.testing import find, five_monsters, make_setup, play


def bay_game(city="space-penguin", bay="alienoid", first="gigazaur", dice="smash smash 1 2 3 heart", **life):
    return make_setup(*five_monsters(city, bay, **life), first=first, dice=dice)


def test_the_smashed_occupant_decides():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city"}, dice="smash 1 2 3 1 2"), "roll resolve")
    d = g.state.decision
    assert (d.monster, d.kind, g.state.phase) == ("the-king", "yield", "yield")
    assert [a.code for a in legal_actions(g.state)] == ["stay", "yield"]


def test_yield_keeps_the_damage_and_the_attacker_enters():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city"}, dice="smash smash 1 2 3 1"),
             "roll resolve yield")
    king, giga = g.state.monsters[1], g.state.monsters[0]
    assert (king.life, king.location) == (8, "outside")
    assert (giga.location, giga.vp) == ("city", 1)
    assert find(g.events, "yielded", rule="yielding", monster="the-king", space="city")


def test_stay_keeps_the_space():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city"}, dice="smash smash 1 2 3 1"),
             "roll resolve stay")
    assert g.state.monsters[1].location == "city"
    assert g.state.monsters[0].location == "outside"
    assert find(g.events, "stayed", rule="yielding", monster="the-king", space="city")  # the log names the space


def test_each_occupant_decides_separately_in_seat_order_from_the_active_monster():
    g = play(bay_game(first="cyber-kitty", city="alienoid", bay="space-penguin"), "roll resolve")
    # seats from cyber-kitty (2): the-king, gigazaur, space-penguin (bay), alienoid (city)
    assert g.state.decision.monster == "space-penguin"
    s, _ = apply(g.state, "yield")
    assert s.decision.monster == "alienoid"
    assert s.monster("space-penguin").location == "outside"
    s, _ = apply(s, "stay")
    assert s.monster("cyber-kitty").location == "bay"
    assert s.monster("cyber-kitty").vp == 1


def test_city_occupant_yields_bay_stays_attacker_takes_the_city():
    g = play(bay_game(), "roll resolve yield stay")
    assert g.state.monster("gigazaur").location == "city"
    assert g.state.monster("alienoid").location == "bay"
    assert find(g.events, "stayed", monster="alienoid", space="bay")


def test_both_yield_attacker_takes_only_the_city():
    g = play(bay_game(), "roll resolve yield yield")
    assert g.state.monster("gigazaur").location == "city"
    assert g.state.monster("gigazaur").vp == 1
    assert g.state.bay is None


def test_lethal_damage_gives_no_choice():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "life": 2}, "alienoid",
                        dice="smash smash 1 2 3 1"), "roll resolve")
    assert g.state.decision.kind == "buy"
    assert not find(g.events, "yielded") and not find(g.events, "stayed")
    assert g.state.monsters[0].location == "city"


def test_monsters_outside_hit_from_tokyo_do_not_choose():
    g = play(make_setup({"id": "gigazaur", "location": "city"}, "the-king", dice="smash smash 1 2 3 1"),
             "roll resolve")
    assert g.state.decision.kind == "buy"


def test_card_damage_gives_no_choice():
    g = play(make_setup({"id": "gigazaur", "energy": 3}, {"id": "the-king", "location": "city"},
                        dice="1 2 3 1 2 3", market=["flame-thrower"]), "roll resolve buy:0")
    assert g.state.monsters[1].life == 8
    assert g.state.decision.kind == "buy" and g.state.decision.monster == "gigazaur"


def test_an_occupant_not_damaged_does_not_choose():
    g = play(bay_game(dice="1 2 3 1 2 3"), "roll resolve")
    assert g.state.decision.kind == "buy"


def test_only_the_asked_monster_may_answer():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city"}, dice="smash 1 2 3 1 2"), "roll resolve")
    for code in ("end", "buy:0", "sweep", "roll"):
        with pytest.raises(IllegalAction) as info:
            apply(g.state, code)
        assert info.value.code == "wrong-time"
