"""Kraken's Evolution cards (``modules/evolutions/kraken.py``), one test per card; expected values worked out by hand
from content/en/evolutions.toml."""

from kotguide.engine import legal_actions
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.testing import evolution_setup, find, play

NO_SET = "1 2 3 1 2 energy"  # no number scores, no heart, no smash; 1 energy


def codes(state):
    return [a.code for a in legal_actions(state)]


def test_healing_rain_heals_2_even_in_tokyo():
    setup = evolution_setup({"id": "kraken", "life": 5, "location": "city"}, "gigazaur",
                            hands={"kraken": ["healing-rain"]})
    g = play(setup, "use:evo-healing-rain")
    assert g.state.monster("kraken").life == 7
    assert C.pile(g.state, C.DISCARD, 0) == ("healing-rain",)


def test_destructive_wave_after_entering_takes_2_life_from_every_other_monster():
    setup = evolution_setup("kraken", "gigazaur", {"id": "the-king", "life": 6},
                            hands={"kraken": ["destructive-wave"]}, dice=NO_SET)
    g = play(setup, "roll resolve")
    # Tokyo was empty: the Kraken entered, then is asked at the enter window
    assert g.state.monster("kraken").location == "city"
    assert g.state.decision.window == "enter" and "use:evo-destructive-wave" in codes(g.state)
    g = play(setup, "roll resolve use:evo-destructive-wave")
    assert [m.life for m in g.state.monsters] == [10, 8, 4]
    assert g.state.decision.kind == "buy"


def test_destructive_wave_is_not_offered_when_the_kraken_did_not_enter():
    setup = evolution_setup("kraken", {"id": "gigazaur", "location": "city"},
                            hands={"kraken": ["destructive-wave"]}, dice=NO_SET)
    g = play(setup, "roll resolve")  # no smash: Gigazaur stays, the Kraken stays outside
    assert g.state.decision.kind == "buy"
    assert "use:evo-destructive-wave" not in codes(g.state)


def test_cult_worshippers_one_vp_per_life_healed_this_turn():
    # two heart dice heal 1 (9 -> 10): the second heart finds the Kraken full and heals nothing
    setup = evolution_setup({"id": "kraken", "life": 9}, {"id": "gigazaur", "location": "city"},
                            hands={"kraken": ["cult-worshippers"]}, dice="heart heart 1 2 3 1")
    g = play(setup, "roll resolve use:evo-cult-worshippers")
    assert g.state.monster("kraken").vp == 1


def test_high_tide_counts_each_heart_die_twice():
    # two heart dice count as four hearts: heal 4 (5 -> 9) and, with three or more hearts, draw Evolutions
    setup = evolution_setup({"id": "kraken", "life": 5}, {"id": "gigazaur", "location": "city"},
                            hands={"kraken": ["high-tide"]}, dice="heart heart 1 2 3 1")
    g = play(setup, "roll resolve")
    assert g.state.decision.window == "before-resolve" and "use:evo-high-tide" in codes(g.state)
    g = play(setup, "roll resolve use:evo-high-tide")
    assert g.state.monster("kraken").life == 9
    assert find(g.events, "evolutions-drawn", monster="kraken", reason="hearts")


def test_terror_of_the_deep_heals_one_per_heart_rolled_for_the_life_lost():
    # Gigazaur's three smashes take 3 from the Kraken in Tokyo; at the end of the turn it rolls 3 dice: 2 hearts
    setup = evolution_setup("gigazaur", {"id": "kraken", "location": "city", "pieces": ["evo-terror-of-the-deep"]},
                            dice="smash smash smash 1 2 3 heart 3 heart")
    g = play(setup, "roll resolve stay end")
    assert g.state.decision.monster == "kraken" and g.state.decision.window == "end"
    g = play(setup, "roll resolve stay end use:evo-terror-of-the-deep:roll")
    assert g.state.monster("kraken").life == 9
    assert find(g.events, "card-rolled", monster="kraken", amount=2, evolution="terror-of-the-deep")


def test_eater_of_souls_raises_the_maximum_to_12_and_heals_1_on_entering():
    setup = evolution_setup({"id": "kraken", "life": 9}, "gigazaur", hands={"kraken": ["eater-of-souls"]},
                            dice=NO_SET)
    g = play(setup, "use:evo-eater-of-souls")
    assert g.state.monster("kraken").max_life == 12 and g.state.monster("kraken").life == 9
    g = play(setup, "use:evo-eater-of-souls roll resolve")  # enters the empty Tokyo: +1 life
    assert g.state.monster("kraken").life == 10 and g.state.monster("kraken").location == "city"
    assert find(g.events, "healed", monster="kraken", amount=1, evolution="eater-of-souls")


def test_sunken_temple_skips_the_turn_for_3_life_and_3_energy_outside_tokyo_only():
    setup = evolution_setup({"id": "kraken", "life": 4, "pieces": ["evo-sunken-temple"]}, "gigazaur")
    g = play(setup)
    assert "use:evo-sunken-temple:skip" in codes(g.state)
    g = play(setup, "use:evo-sunken-temple:skip")
    k = g.state.monster("kraken")
    assert (k.life, k.energy) == (7, 3)
    assert g.state.active == 1  # the Kraken's turn is over: Gigazaur plays
    in_tokyo = evolution_setup({"id": "kraken", "location": "city", "pieces": ["evo-sunken-temple"]}, "gigazaur")
    assert "use:evo-sunken-temple:skip" not in codes(play(in_tokyo).state)


def test_mandibles_of_dread_a_wounded_monster_loses_1_vp():
    setup = evolution_setup({"id": "kraken", "pieces": ["evo-mandibles-of-dread"]},
                            {"id": "gigazaur", "location": "city", "vp": 3}, dice="smash smash 1 2 3 energy")
    g = play(setup, "roll resolve")
    assert g.state.monster("gigazaur").life == 8 and g.state.monster("gigazaur").vp == 2
    assert find(g.events, "vp-lost", monster="gigazaur", amount=1, evolution="mandibles-of-dread")
