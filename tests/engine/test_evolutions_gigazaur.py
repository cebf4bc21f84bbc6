"""Gigazaur's Evolutions (expected values worked out by hand from content/en/evolutions.toml and its rulings)."""

import pytest

from kotguide.engine import legal_actions
from kotguide.engine.errors import IllegalAction
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.testing import evolution_setup, find, play

NO_SET = "1 2 3 1 2 energy"  # no number scores, no smash, no heart


def codes(g):
    return [a.code for a in legal_actions(g.state)]


# --- Detachable Tail -----------------------------------------------------------------------------------------
def _tail():
    return evolution_setup({"id": "the-king", "energy": 6}, {"id": "gigazaur", "location": "city"},
                           hands={"gigazaur": ["detachable-tail"]}, dice="smash smash 1 2 3 energy",
                           market=["gas-refinery", "heal", "frenzy"])


def test_detachable_tail_stops_the_loss_and_every_loss_for_the_rest_of_the_turn():
    g = play(_tail(), "roll resolve")
    assert g.state.decision.monster == "gigazaur" and g.state.decision.window == "damage"
    g = play(_tail(), "roll resolve use:evo-detachable-tail")
    giga = g.state.monster("gigazaur")
    assert giga.life == 10 and giga.location == "city"
    # no life lost: no yield decision, the active monster is at its buy step
    assert g.state.decision.monster == "the-king" and g.state.decision.kind == "buy"
    g = play(_tail(), "roll resolve use:evo-detachable-tail buy:0")  # Gas Refinery: every other monster loses 3
    assert g.state.monster("gigazaur").life == 10
    assert len(find(g.events, "damage-prevented", monster="gigazaur", evolution="detachable-tail")) == 2
    assert C.pile(g.state, C.DISCARD, 1) == ("detachable-tail",)


def test_detachable_tail_passed_lets_the_loss_happen():
    g = play(_tail(), "roll resolve pass")
    assert g.state.monster("gigazaur").life == 8
    assert g.state.decision.kind == "yield"


# --- Radioactive Waste, Primal Bellow ------------------------------------------------------------------------
def test_radioactive_waste_gives_2_energy_and_heals_1():
    setup = evolution_setup({"id": "gigazaur", "life": 8, "location": "city"}, "the-king",
                            hands={"gigazaur": ["radioactive-waste"]})
    g = play(setup, "use:evo-radioactive-waste")
    giga = g.state.monster("gigazaur")
    assert giga.life == 9 and giga.energy == 2


def test_primal_bellow_takes_2_vp_from_every_other_monster():
    setup = evolution_setup({"id": "gigazaur", "vp": 4}, {"id": "the-king", "vp": 5}, {"id": "meka-dragon", "vp": 1},
                            hands={"gigazaur": ["primal-bellow"]})
    g = play(setup, "use:evo-primal-bellow")
    assert [m.vp for m in g.state.monsters] == [4, 3, 0]


# --- Saurian Adaptability ------------------------------------------------------------------------------------
def test_saurian_adaptability_turns_every_die_of_one_face_to_another():
    setup = evolution_setup("gigazaur", "the-king", hands={"gigazaur": ["saurian-adaptability"]},
                            dice="1 1 heart heart heart 3")
    g = play(setup, "roll resolve")
    assert g.state.decision.window == "before-resolve"
    assert "use:evo-saurian-adaptability:heart" in codes(g) and "use:evo-saurian-adaptability:smash" not in codes(g)
    g = play(setup, "roll resolve use:evo-saurian-adaptability:heart use:evo-choose:1")
    # five 1s: 1 VP + 2 for the extra dice; Tokyo is empty: +1 for entering; no hearts left, so no Evolution drawn
    assert g.state.monster("gigazaur").vp == 4
    assert not find(g.events, "evolutions-drawn", monster="gigazaur", reason="hearts")


def test_saurian_adaptability_is_not_offered_before_the_roll():
    setup = evolution_setup("gigazaur", "the-king", hands={"gigazaur": ["saurian-adaptability"]}, dice=NO_SET)
    assert not any(c.startswith("use:evo-saurian") for c in codes(play(setup)))


# --- Defender of Tokyo, Heat Vision --------------------------------------------------------------------------
def test_defender_of_tokyo_takes_1_vp_from_the_others_when_starting_in_tokyo():
    setup = evolution_setup({"id": "gigazaur", "location": "city", "pieces": ["evo-defender-of-tokyo"]},
                            {"id": "the-king", "vp": 3}, "meka-dragon")
    g = play(setup)
    assert [m.vp for m in g.state.monsters] == [2, 2, 0]


def test_heat_vision_takes_1_vp_from_a_monster_whose_smash_wounds_you():
    setup = evolution_setup({"id": "the-king", "vp": 2}, {"id": "gigazaur", "location": "city",
                                                          "pieces": ["evo-heat-vision"]},
                            dice="smash smash smash 1 2 3")
    g = play(setup, "roll resolve")
    assert g.state.monster("the-king").vp == 1
    assert g.state.monster("gigazaur").life == 7


# --- Gamma Breath, Tail Sweep --------------------------------------------------------------------------------
def test_gamma_breath_turns_one_die_to_a_smash_once_per_turn():
    setup = evolution_setup({"id": "gigazaur", "pieces": ["evo-gamma-breath"]}, {"id": "the-king", "location": "city"},
                            dice="1 2 3 heart energy energy")
    assert not any(c.startswith("use:evo-gamma") for c in codes(play(setup)))  # not before a roll
    g = play(setup, "roll use:evo-gamma-breath:0")
    assert g.state.dice[0] == "smash"
    assert not any(c.startswith("use:evo-gamma") for c in codes(g))  # once per turn
    g = play(setup, "roll use:evo-gamma-breath:0 resolve")
    assert g.state.monster("the-king").life == 9


def test_tail_sweep_turns_one_die_to_a_1_or_a_2():
    setup = evolution_setup({"id": "gigazaur", "pieces": ["evo-tail-sweep"]}, "the-king", dice="1 1 3 2 2 energy")
    g = play(setup, "roll")
    assert "use:evo-tail-sweep:2-1" in codes(g) and "use:evo-tail-sweep:2-smash" not in codes(g)
    g = play(setup, "roll use:evo-tail-sweep:2-1 resolve")
    assert g.state.monster("gigazaur").vp == 2  # three 1s: 1 VP, then 1 for entering Tokyo
    with pytest.raises(IllegalAction):
        play(setup, "roll use:evo-tail-sweep:2-1 use:evo-tail-sweep:3-1")
