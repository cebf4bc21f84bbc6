"""Frenzy and Death From Above (``cards/discard.py``; the 15 simple Discard cards are in test_power_cards.py).
Expectations are written from the card texts and kotguide's decisions (decisions.md: Frenzy)."""

from kotguide.engine.testing import find, make_setup, play

QUIET = "1 2 3 1 2 3"
FIVE = ["gigazaur", "the-king", "alienoid", "meka-dragon", "cyber-kitty"]


def seat_ids(g):
    return [e.monster for e in find(g.events, "turn-started")]


def test_frenzy_another_turn_right_after_this_one():
    setup = make_setup({"id": "gigazaur", "energy": 7}, "the-king", "alienoid", dice=" ".join([QUIET] * 3),
                       market=["frenzy"])
    g = play(setup, "roll resolve buy:0")
    assert g.state.decision.kind == "buy"  # the turn goes on: buying more is allowed
    assert find(g.events, "extra-turn", monster="gigazaur", card="frenzy")
    g = play(setup, "roll resolve buy:0 end roll resolve end roll resolve end")
    assert seat_ids(g) == ["gigazaur", "gigazaur", "the-king", "alienoid"]


def test_frenzy_bought_out_of_turn_follows_the_turn_being_played():
    setup = make_setup({"id": "gigazaur", "energy": 3}, "the-king",
                       {"id": "alienoid", "energy": 7, "cards": ["opportunist"]},
                       dice=" ".join([QUIET] * 3), market=["corner-store", "tank", "heal"], deck=["frenzy"])
    g = play(setup, "roll resolve buy:0 use:opportunist:0 end")
    assert seat_ids(g) == ["gigazaur", "alienoid"]  # alienoid's extra turn comes before the-king's turn
    g = play(setup, "roll resolve buy:0 use:opportunist:0 end roll resolve end roll resolve end")
    assert seat_ids(g) == ["gigazaur", "alienoid", "the-king", "alienoid"]  # then the rotation goes on


def test_death_from_above_from_outside_everyone_else_leaves_and_you_enter_with_the_reward():
    monsters = [{"id": "gigazaur", "energy": 5}, {"id": "the-king", "location": "city"},
                {"id": "alienoid", "location": "bay"}, "meka-dragon", "cyber-kitty"]
    setup = make_setup(*monsters, dice="1 2 3 1 2 3", market=["death-from-above"])
    g = play(setup, "roll resolve buy:0")
    giga = g.state.monster("gigazaur")
    assert (giga.location, giga.vp) == ("city", 3)  # 2 + 1 for entering
    assert g.state.monster("the-king").location == "outside"
    assert g.state.monster("alienoid").location == "outside"
    assert g.state.bay is None  # filled only at a later Enter Tokyo step
    assert find(g.events, "tokyo-left", monster="alienoid", space="bay", card="death-from-above")
    assert g.state.monster("the-king").life == 10  # pushed out, not hurt


def test_death_from_above_from_the_bay_moves_up_without_a_reward():
    monsters = [{"id": "gigazaur", "energy": 5, "location": "bay"}, {"id": "the-king", "location": "city"},
                "alienoid", "meka-dragon", "cyber-kitty"]
    g = play(make_setup(*monsters, dice="1 2 3 1 2 3", market=["death-from-above"]), "roll resolve buy:0")
    giga = g.state.monster("gigazaur")
    assert (giga.location, giga.vp) == ("city", 4)  # 2 for starting in the Bay, 2 from the card, no entry reward
    assert find(g.events, "tokyo-moved", monster="gigazaur", space="city")
    assert g.state.monster("the-king").location == "outside"


def test_death_from_above_in_the_city_pushes_the_bay_occupant_out():
    monsters = [{"id": "gigazaur", "energy": 5, "location": "city"}, {"id": "the-king", "location": "bay"},
                "alienoid", "meka-dragon", "cyber-kitty"]
    g = play(make_setup(*monsters, dice="1 2 3 1 2 3", market=["death-from-above"]), "roll resolve buy:0")
    assert g.state.monster("gigazaur").location == "city"
    assert g.state.monster("gigazaur").vp == 4  # 2 for starting in Tokyo, 2 from the card
    assert g.state.monster("the-king").location == "outside"


def test_death_from_above_two_player_entry_gives_energy():
    g = play(make_setup({"id": "gigazaur", "energy": 5}, {"id": "the-king", "location": "city"},
                        options=["two-player"], dice="1 2 3 1 2 3", market=["death-from-above"]),
             "roll resolve buy:0")
    giga = g.state.monster("gigazaur")
    assert (giga.location, giga.vp, giga.energy) == ("city", 2, 1)
