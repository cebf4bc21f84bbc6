"""The King's Evolutions (expected values worked out by hand from content/en/evolutions.toml and its rulings)."""

import pytest

from kotguide.engine import legal_actions
from kotguide.engine.errors import IllegalAction
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.testing import evolution_setup, find, play

NO_SET = "1 2 3 1 2 energy"  # no number scores, no smash, no heart


def codes(g):
    return [a.code for a in legal_actions(g.state)]


# --- Monkey Rush ---------------------------------------------------------------------------------------------
def _rush():
    return evolution_setup("gigazaur", "the-king", {"id": "meka-dragon", "location": "city"},
                           hands={"the-king": ["monkey-rush"]}, dice="smash smash smash 1 2 3")


def test_monkey_rush_takes_the_space_the_occupant_yielded_instead_of_the_active_monster():
    setup = _rush()
    g = play(setup, "roll resolve yield")
    assert g.state.decision.monster == "the-king" and g.state.decision.window == "monkey-rush"
    g = play(setup, "roll resolve yield use:evo-monkey-rush:city")
    king, giga, meka = (g.state.monster(m) for m in ("the-king", "gigazaur", "meka-dragon"))
    assert king.location == "city" and king.vp == 1  # the entry VP
    assert giga.location == "outside" and giga.vp == 0  # it found the City taken
    assert meka.location == "outside" and meka.life == 7
    assert C.pile(g.state, C.DISCARD, king.seat) == ("monkey-rush",)
    assert g.state.decision.monster == "gigazaur" and g.state.decision.kind == "buy"


def test_monkey_rush_is_not_offered_when_the_occupant_stays():
    setup = _rush()
    g = play(setup, "roll resolve stay")
    assert g.state.decision.monster == "gigazaur" and g.state.decision.kind == "buy"
    assert C.hand(g.state, g.state.monster("the-king").seat) == ("monkey-rush",)


# --- Simian Scamper ------------------------------------------------------------------------------------------
def _scamper():
    return evolution_setup({"id": "gigazaur", "energy": 6}, {"id": "the-king", "location": "city"},
                           hands={"the-king": ["simian-scamper"]}, dice="smash smash smash 1 2 3",
                           market=["gas-refinery", "heal", "frenzy"])


def test_simian_scamper_yields_before_the_smash_and_protects_for_the_rest_of_the_turn():
    g = play(_scamper(), "roll resolve")
    assert g.state.decision.monster == "the-king" and g.state.decision.window == "damage"
    assert "use:evo-simian-scamper" in codes(g)
    g = play(_scamper(), "roll resolve use:evo-simian-scamper")
    king, giga = g.state.monster("the-king"), g.state.monster("gigazaur")
    assert king.location == "outside" and king.life == 10
    assert giga.location == "city" and giga.vp == 1
    assert find(g.events, "yielded", monster="the-king", evolution="simian-scamper")
    # later in the same turn, card damage (Gas Refinery: every other monster loses 3) is stopped too
    g = play(_scamper(), "roll resolve use:evo-simian-scamper buy:0")
    assert g.state.monster("the-king").life == 10
    assert find(g.events, "damage-prevented", monster="the-king", evolution="simian-scamper")


def test_simian_scamper_is_not_offered_to_a_monster_outside_tokyo():
    setup = evolution_setup({"id": "the-king", "location": "city"}, "gigazaur", hands={"gigazaur": ["simian-scamper"]},
                            dice="smash smash 1 2 3 energy")
    g = play(setup, "roll resolve")
    assert g.state.monster("gigazaur").life == 8
    assert C.hand(g.state, 1) == ("simian-scamper",)


# --- Jungle Frenzy -------------------------------------------------------------------------------------------
def _frenzy():
    return evolution_setup("the-king", {"id": "gigazaur", "location": "city"}, hands={"the-king": ["jungle-frenzy"]},
                           dice="smash 1 2 3 1 2 " + NO_SET)


def test_jungle_frenzy_gives_another_turn_after_wounding_tokyo_without_entering():
    g = play(_frenzy(), "roll resolve stay")
    assert g.state.decision.monster == "the-king" and g.state.decision.window == "enter"
    g = play(_frenzy(), "roll resolve stay use:evo-jungle-frenzy end")
    assert g.state.turn == 2 and g.state.monsters[g.state.active].id == "the-king"
    assert find(g.events, "extra-turn", monster="the-king", evolution="jungle-frenzy")


def test_jungle_frenzy_is_not_offered_after_taking_tokyo():
    g = play(_frenzy(), "roll resolve yield")
    assert g.state.monster("the-king").location == "city"
    assert g.state.decision.kind == "buy" and "use:evo-jungle-frenzy" not in codes(g)


# --- Giant Banana --------------------------------------------------------------------------------------------
def test_giant_banana_heals_2_even_in_tokyo():
    setup = evolution_setup({"id": "the-king", "location": "city", "life": 5}, "gigazaur",
                            hands={"the-king": ["giant-banana"]})
    g = play(setup, "use:evo-giant-banana")
    assert g.state.monster("the-king").life == 7
    assert C.pile(g.state, C.DISCARD, 0) == ("giant-banana",)


# --- Chest Thumping ------------------------------------------------------------------------------------------
def test_chest_thumping_forces_a_wounded_monster_that_stayed_to_yield():
    setup = evolution_setup({"id": "the-king", "pieces": ["evo-chest-thumping"]},
                            {"id": "gigazaur", "location": "city"}, dice="smash smash 1 2 3 energy")
    g = play(setup, "roll resolve stay")
    assert "use:evo-chest-thumping:gigazaur" in codes(g)
    g = play(setup, "roll resolve stay use:evo-chest-thumping:gigazaur")
    king, giga = g.state.monster("the-king"), g.state.monster("gigazaur")
    assert giga.location == "outside" and giga.life == 8
    assert king.location == "city" and king.vp == 1
    assert find(g.events, "yielded", monster="gigazaur", evolution="chest-thumping")


def test_chest_thumping_asks_nothing_without_a_wound():
    setup = evolution_setup({"id": "the-king", "pieces": ["evo-chest-thumping"]},
                            {"id": "gigazaur", "location": "city"}, dice=NO_SET)
    g = play(setup, "roll resolve")
    assert g.state.decision.kind == "buy"
    with pytest.raises(IllegalAction):
        play(setup, "roll resolve use:evo-chest-thumping:gigazaur")


# --- Alpha Male ----------------------------------------------------------------------------------------------
def test_alpha_male_gives_1_vp_per_turn_with_a_wound():
    king = {"id": "the-king", "pieces": ["evo-alpha-male"]}
    g = play(evolution_setup(king, {"id": "gigazaur", "location": "city"}, dice="smash smash smash 1 2 3"),
             "roll resolve stay")
    assert g.state.monster("the-king").vp == 1  # 3 smashes, one monster: still 1
    g = play(evolution_setup(king, {"id": "gigazaur", "location": "city"}, dice=NO_SET), "roll resolve")
    assert g.state.monster("the-king").vp == 0


# --- I Am the King! ------------------------------------------------------------------------------------------
def test_i_am_the_king_adds_1_vp_on_entering_and_on_starting_in_tokyo():
    setup = evolution_setup({"id": "the-king", "pieces": ["evo-i-am-the-king"]}, "gigazaur", dice=NO_SET + " " + NO_SET)
    g = play(setup, "roll resolve")
    assert g.state.monster("the-king").vp == 2  # 1 for entering + 1
    g = play(setup, "roll resolve end roll resolve end")
    assert g.state.monster("the-king").vp == 5  # then 2 for starting in Tokyo + 1


def test_i_am_the_king_still_gives_vp_in_the_two_player_variant():
    setup = evolution_setup({"id": "the-king", "pieces": ["evo-i-am-the-king"]}, "gigazaur", dice=NO_SET,
                            options=["two-player"])
    g = play(setup, "roll resolve")
    king = g.state.monster("the-king")
    assert king.vp == 1 and king.energy == 2  # entry reward 1 energy + 1 energy die


# --- Twas Beauty Killed the Beast ----------------------------------------------------------------------------
def test_twas_beauty_gives_1_vp_each_turn_end_and_costs_every_vp_on_leaving():
    setup = evolution_setup({"id": "the-king", "location": "city", "vp": 3}, "gigazaur",
                            hands={"the-king": ["twas-beauty-killed-the-beast"]},
                            dice=" ".join([NO_SET] * 3 + ["smash 1 2 3 1 2"]))
    g = play(setup, "use:evo-twas-beauty-killed-the-beast roll resolve end")
    assert g.state.monster("the-king").vp == 6  # 3 + 2 (start in Tokyo) + 1 (end of its turn)
    assert "evo-twas-beauty-killed-the-beast" in g.state.monster("the-king").pieces
    g = play(setup, "use:evo-twas-beauty-killed-the-beast roll resolve end roll resolve end")
    assert g.state.monster("the-king").vp == 9  # + 1 at the end of Gigazaur's turn, + 2 for its next start
    g = play(setup, "use:evo-twas-beauty-killed-the-beast roll resolve end roll resolve end "
                    "roll resolve end roll resolve yield")
    assert find(g.events, "vp-lost", monster="the-king", amount=10, evolution="twas-beauty-killed-the-beast")
    king = g.state.monster("the-king")
    assert king.location == "outside" and king.vp == 0
    assert king.pieces == [] and C.pile(g.state, C.DISCARD, king.seat) == ("twas-beauty-killed-the-beast",)


def test_twas_beauty_cannot_be_played_outside_tokyo():
    setup = evolution_setup("the-king", "gigazaur", hands={"the-king": ["twas-beauty-killed-the-beast"]})
    with pytest.raises(IllegalAction):
        play(setup, "use:evo-twas-beauty-killed-the-beast")
