"""Meka Dragon's Evolutions (expected values worked out by hand from content/en/evolutions.toml and its rulings)."""

import pytest

from kotguide.engine import legal_actions
from kotguide.engine.errors import IllegalAction
from kotguide.engine.testing import evolution_setup, find, play

NO_SET = "1 2 3 1 2 energy"  # no number scores, no smash, no heart


def codes(g):
    return [a.code for a in legal_actions(g.state)]


# --- Mecha Blast ---------------------------------------------------------------------------------------------
def test_mecha_blast_adds_2_to_each_smash_loss_before_reductions():
    # Armor Plating ignores a loss of exactly 1: 1 smash + 2 is a loss of 3, which it does not stop
    setup = evolution_setup("meka-dragon", {"id": "the-king", "location": "city", "cards": ["armor-plating"]},
                            hands={"meka-dragon": ["mecha-blast"]}, dice="smash 1 2 3 1 2")
    g = play(setup, "use:evo-mecha-blast roll resolve")
    assert g.state.monster("the-king").life == 7
    assert g.state.decision.kind == "yield"  # the loss is part of the smash
    g = play(evolution_setup("meka-dragon", {"id": "the-king", "location": "city", "cards": ["armor-plating"]},
                             dice="smash 1 2 3 1 2"), "roll resolve")
    assert g.state.monster("the-king").life == 10  # without it


def test_mecha_blast_is_played_only_on_your_turn_before_resolving():
    setup = evolution_setup("the-king", "meka-dragon", hands={"meka-dragon": ["mecha-blast"]}, dice=NO_SET)
    with pytest.raises(IllegalAction):
        play(setup, "roll resolve use:evo-mecha-blast")


# --- Destructive Analysis ------------------------------------------------------------------------------------
def test_destructive_analysis_gives_1_energy_per_die_showing_a_smash():
    setup = evolution_setup({"id": "meka-dragon", "cards": ["acid-attack"]}, {"id": "the-king", "location": "city"},
                            hands={"meka-dragon": ["destructive-analysis"]}, dice="smash smash 1 2 3 energy")
    g = play(setup, "roll resolve use:evo-destructive-analysis")
    # 2 smash dice (Acid Attack's added smash does not count) + 1 energy die
    assert g.state.monster("meka-dragon").energy == 3
    assert g.state.monster("the-king").life == 7  # the smashes still work: 2 + Acid Attack's 1
    assert find(g.events, "energy-gained", monster="meka-dragon", amount=2, evolution="destructive-analysis")


# --- Programmed To Destroy -----------------------------------------------------------------------------------
def test_programmed_to_destroy_pays_when_another_monster_reaches_0_even_if_saved():
    meka = {"id": "meka-dragon", "pieces": ["evo-programmed-to-destroy"]}
    setup = evolution_setup("the-king", {"id": "gigazaur", "location": "city", "life": 2}, meka,
                            dice="smash smash 1 2 3 energy")
    g = play(setup, "roll resolve")
    m = g.state.monster("meka-dragon")
    assert not g.state.monster("gigazaur").alive and m.vp == 3 and m.energy == 2
    saved = evolution_setup("the-king", {"id": "gigazaur", "location": "city", "life": 2, "cards": ["it-has-a-child"]},
                            meka, dice="smash smash 1 2 3 energy")
    g = play(saved, "roll resolve")
    m = g.state.monster("meka-dragon")
    assert g.state.monster("gigazaur").alive and m.vp == 3 and m.energy == 2


# --- Tune-Up -------------------------------------------------------------------------------------------------
def test_tune_up_skips_the_turn_heals_4_gains_2_energy_and_end_effects_still_happen():
    setup = evolution_setup({"id": "meka-dragon", "life": 4, "tokens": {"poison": 1}}, "the-king",
                            hands={"meka-dragon": ["tune-up"]})
    g = play(setup, "use:evo-tune-up")
    meka = g.state.monster("meka-dragon")
    assert meka.life == 7 and meka.energy == 2  # 4 + 4, then 1 Poison token at the end of its turn
    assert g.state.monsters[g.state.active].id == "the-king" and g.state.turn == 2
    assert not find(g.events, "dice-rolled", monster="meka-dragon")


def test_tune_up_is_not_offered_in_tokyo_or_after_rolling():
    in_tokyo = evolution_setup({"id": "meka-dragon", "location": "city"}, "the-king",
                               hands={"meka-dragon": ["tune-up"]})
    assert "use:evo-tune-up" not in codes(play(in_tokyo))
    outside = evolution_setup("meka-dragon", "the-king", hands={"meka-dragon": ["tune-up"]}, dice=NO_SET)
    assert "use:evo-tune-up" in codes(play(outside))
    assert "use:evo-tune-up" not in codes(play(outside, "roll"))


# --- Breath of Doom ------------------------------------------------------------------------------------------
def test_breath_of_doom_hits_every_other_monster_outside_when_tokyo_is_wounded():
    setup = evolution_setup({"id": "meka-dragon", "pieces": ["evo-breath-of-doom"]},
                            {"id": "the-king", "location": "city"}, "gigazaur", dice="smash smash 1 2 3 energy")
    g = play(setup, "roll resolve")
    assert [m.life for m in g.state.monsters] == [10, 8, 9]
    assert find(g.events, "damaged", monster="gigazaur", amount=1, evolution="breath-of-doom", rule="evolutions")
    quiet = evolution_setup({"id": "meka-dragon", "pieces": ["evo-breath-of-doom"]},
                            {"id": "the-king", "location": "city"}, "gigazaur", dice=NO_SET)
    assert [m.life for m in play(quiet, "roll resolve").state.monsters] == [10, 10, 10]


# --- Lightning Armor -----------------------------------------------------------------------------------------
def test_lightning_armor_rolls_a_die_per_life_lost_and_each_smash_hits_the_active_monster():
    setup = evolution_setup("the-king", {"id": "meka-dragon", "location": "city", "pieces": ["evo-lightning-armor"]},
                            dice="smash smash smash 1 2 energy smash heart smash")
    g = play(setup, "roll resolve")
    assert g.state.decision.monster == "meka-dragon" and g.state.decision.window == "lightning-armor"
    g = play(setup, "roll resolve use:evo-lightning-armor:roll")
    assert g.state.monster("meka-dragon").life == 7
    assert g.state.monster("the-king").life == 8  # 3 dice: smash, heart, smash
    assert g.state.decision.kind == "yield"
    g = play(setup, "roll resolve pass")
    assert g.state.monster("the-king").life == 10


def test_lightning_armor_does_nothing_on_your_own_turn():
    meka = {"id": "meka-dragon", "life": 6, "pieces": ["evo-lightning-armor"], "tokens": {"poison": 1}}
    setup = evolution_setup(meka, "the-king", dice=NO_SET)
    g = play(setup, "roll resolve end")
    assert g.state.monster("meka-dragon").life == 5
    assert g.state.monsters[g.state.active].id == "the-king"


# --- Claws of Steel ------------------------------------------------------------------------------------------
def test_claws_of_steel_adds_1_to_a_smash_loss_of_3_or_more():
    def lost(dice):
        setup = evolution_setup({"id": "meka-dragon", "pieces": ["evo-claws-of-steel"]},
                                {"id": "the-king", "location": "city"}, dice=dice)
        return 10 - play(setup, "roll resolve").state.monster("the-king").life

    assert lost("smash smash smash 1 2 energy") == 4
    assert lost("smash smash 1 2 3 energy") == 2


def test_claws_of_steel_counts_mecha_blast_extra_toward_the_3():
    setup = evolution_setup({"id": "meka-dragon", "pieces": ["evo-claws-of-steel"]},
                            {"id": "the-king", "location": "city"}, hands={"meka-dragon": ["mecha-blast"]},
                            dice="smash 1 2 3 1 2")
    assert play(setup, "use:evo-mecha-blast roll resolve").state.monster("the-king").life == 6  # 1 + 2 + 1


# --- Target Acquired -----------------------------------------------------------------------------------------
def test_target_acquired_marks_the_attacker_which_then_loses_1_more_to_you():
    setup = evolution_setup("the-king", {"id": "meka-dragon", "location": "city", "pieces": ["evo-target-acquired"]},
                            dice="smash 1 2 3 1 2 smash 1 2 3 1 2")
    g = play(setup, "roll resolve")
    assert g.state.decision.window == "target-acquired" and "use:evo-target-acquired:the-king" in codes(g)
    g = play(setup, "roll resolve use:evo-target-acquired:the-king stay end roll resolve")
    assert g.state.monster("the-king").tokens == {"target": 1}
    assert g.state.monster("the-king").life == 8  # 1 smash + 1 for the Target token
    assert find(g.events, "target-given", monster="meka-dragon", to="the-king")


def test_target_acquired_passed_gives_no_token():
    setup = evolution_setup("the-king", {"id": "meka-dragon", "location": "city", "pieces": ["evo-target-acquired"]},
                            dice="smash 1 2 3 1 2 smash 1 2 3 1 2")
    g = play(setup, "roll resolve pass stay end roll resolve")
    assert g.state.monster("the-king").tokens == {} and g.state.monster("the-king").life == 9


def test_the_target_token_moves_it_is_never_on_two_monsters():
    setup = evolution_setup("the-king", {"id": "meka-dragon", "location": "city", "pieces": ["evo-target-acquired"]},
                            {"id": "gigazaur", "tokens": {"target": 1}}, dice="smash 1 2 3 1 2")
    g = play(setup, "roll resolve use:evo-target-acquired:the-king")
    assert g.state.monster("the-king").tokens == {"target": 1}
    assert g.state.monster("gigazaur").tokens == {}
