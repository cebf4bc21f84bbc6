"""Pumpkin Jack's Evolution cards (``modules/evolutions/pumpkin_jack.py``), one test per card (each Gift card given
and taking effect at its holder); expected values worked out by hand from content/en/evolutions.toml."""

from kotguide.engine import legal_actions
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.testing import evolution_setup, find, play

TWO_SMASHES = "smash smash 1 2 3 energy"
NO_SET = "1 2 3 1 2 energy"


def codes(state):
    return [a.code for a in legal_actions(state)]


def _given(card, dice, steps, **giga):
    """Pumpkin Jack wounds Gigazaur in Tokyo and gives it ``card``; Gigazaur stays; then ``steps``."""
    setup = evolution_setup("pumpkin-jack", {"id": "gigazaur", "location": "city", **giga},
                            hands={"pumpkin-jack": [card]}, dice=dice)
    return play(setup, f"roll resolve use:evo-{card}:gigazaur stay {steps}".strip())


def test_detachable_head_its_holder_loses_1_more_to_the_owners_smashes():
    # turn 1: 2 lost, then given; Gigazaur's turn: 1 2 3 1 2 energy; turn 3: Jack (outside) smashes twice again: 3
    g = _given("detachable-head", f"{TWO_SMASHES} {NO_SET} {TWO_SMASHES}", "end roll resolve end roll resolve")
    assert g.state.monster("gigazaur").pieces == ["evo-detachable-head"]
    assert g.state.monster("gigazaur").life == 10 - 2 - 3
    assert find(g.events, "damaged", monster="gigazaur", amount=3, rule="smash")


def test_ignis_fatus_its_holder_has_one_roll_fewer():
    g = _given("ignis-fatus", f"{TWO_SMASHES} {NO_SET}", "end roll")
    assert g.state.active == 1 and g.state.rolls_left == 1  # 3 rolls less one, one of them used


def test_smashing_pumpkin_hits_every_monster_with_12_vp_or_more_itself_included():
    setup = evolution_setup({"id": "pumpkin-jack", "vp": 12}, {"id": "gigazaur", "vp": 15},
                            {"id": "the-king", "vp": 11}, hands={"pumpkin-jack": ["smashing-pumpkin"]})
    g = play(setup, "use:evo-smashing-pumpkin")
    assert [m.life for m in g.state.monsters] == [8, 8, 10]


def test_trick_or_threat_energy_or_2_life_from_each_other_monster():
    setup = evolution_setup({"id": "pumpkin-jack", "pieces": ["evo-trick-or-threat"]},
                            {"id": "gigazaur", "location": "city", "energy": 3}, "the-king", dice="1 1 1 2 3 heart")
    g = play(setup, "roll resolve")
    # Gigazaur has energy: it chooses; The King has none: it loses 2 at once
    assert g.state.monster("the-king").life == 8
    assert g.state.decision.monster == "gigazaur" and g.state.decision.window == "evolution-choice"
    g = play(setup, "roll resolve use:evo-choose:pay-energy")
    assert g.state.monster("gigazaur").energy == 2 and g.state.monster("pumpkin-jack").energy == 1
    assert g.state.monster("pumpkin-jack").vp == 1  # three 1s; Gigazaur holds Tokyo, so no entering


def test_bobbing_for_apples_2_off_and_refunded_when_an_odd_cost_card_replaces_it():
    market = ["armor-plating", "energize", "frenzy"]
    setup = evolution_setup({"id": "pumpkin-jack", "energy": 3, "pieces": ["evo-bobbing-for-apples"]}, "gigazaur",
                            dice="1 2 3 1 2 3", market=market, deck=["tank", "heal"])
    g = play(setup, "roll resolve")
    assert "use:evo-bobbing-for-apples:0" in codes(g.state)  # Armor Plating 4 - 2 = 2
    g = play(setup, "roll resolve use:evo-bobbing-for-apples:0")
    # Tank (cost 4, even) is revealed: the purchase stands
    jack = g.state.monster("pumpkin-jack")
    assert jack.cards == ["armor-plating"] and jack.energy == 1
    assert "use:evo-bobbing-for-apples:1" not in codes(g.state)  # once per turn
    odd = evolution_setup({"id": "pumpkin-jack", "energy": 3, "pieces": ["evo-bobbing-for-apples"]}, "gigazaur",
                          dice="1 2 3 1 2 3", market=market, deck=["heal", "tank"])
    g = play(odd, "roll resolve use:evo-bobbing-for-apples:0")  # Heal (cost 3, odd) is revealed
    jack = g.state.monster("pumpkin-jack")
    assert jack.cards == [] and jack.energy == 3 and "armor-plating" in g.state.discard


def test_feast_of_crows_each_other_monster_gives_life_vp_or_energy():
    setup = evolution_setup({"id": "pumpkin-jack", "life": 6}, {"id": "gigazaur", "vp": 2, "energy": 1},
                            {"id": "the-king"}, hands={"pumpkin-jack": ["feast-of-crows"]})
    g = play(setup, "use:evo-feast-of-crows")
    # The King has only life: it gives 1 at once; Gigazaur chooses
    assert g.state.monster("the-king").life == 9 and g.state.monster("pumpkin-jack").life == 7
    assert sorted(codes(g.state)) == ["use:evo-choose:energy", "use:evo-choose:heart", "use:evo-choose:vp"]
    g = play(setup, "use:evo-feast-of-crows use:evo-choose:vp")
    assert g.state.monster("gigazaur").vp == 1 and g.state.monster("pumpkin-jack").vp == 1


def test_scythe_one_smash_per_energy_on_it_and_one_more_per_elimination():
    setup = evolution_setup("pumpkin-jack", {"id": "gigazaur", "location": "city", "life": 2}, "the-king",
                            hands={"pumpkin-jack": ["scythe"]}, dice="smash 1 2 3 1 2")
    g = play(setup, "use:evo-scythe roll resolve")
    # one smash rolled, one added: Gigazaur's last 2 life; the Scythe gains its second energy
    assert not g.state.monster("gigazaur").alive
    assert find(g.events, "smash-added", monster="pumpkin-jack", amount=1, evolution="scythe")
    assert g.state.marks["evolutions:scythe"] == 2


def test_candy_heals_1_or_stops_a_wound_and_goes_to_the_attackers_hand():
    setup = evolution_setup({"id": "pumpkin-jack", "life": 9}, "gigazaur", hands={"pumpkin-jack": ["candy"]})
    assert play(setup, "use:evo-candy:heal").state.monster("pumpkin-jack").life == 10
    attacked = evolution_setup("gigazaur", {"id": "pumpkin-jack", "location": "city"},
                               hands={"pumpkin-jack": ["candy"]}, dice=TWO_SMASHES)
    g = play(attacked, "roll resolve")
    assert g.state.decision.window == "damage" and codes(g.state) == ["pass", "use:evo-candy:stop"]
    g = play(attacked, "roll resolve use:evo-candy:stop")
    assert g.state.monster("pumpkin-jack").life == 10
    assert C.hand(g.state, 0) == ("candy",) and C.hand(g.state, 1) == ()
    assert g.state.decision.kind == "buy"  # no life lost: no yield question
