"""Cyber Bunny's Evolution cards (``modules/evolutions/cyber_bunny.py``), one test per card; expected values worked
out by hand from content/en/evolutions.toml."""

from kotguide.engine import legal_actions
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.testing import evolution_setup, find, play

TWO_SMASHES = "smash smash 1 2 3 energy"
NO_SET = "1 2 3 1 2 energy"


def codes(state):
    return [a.code for a in legal_actions(state)]


def test_stroke_of_genius_doubles_the_energy_gained_this_turn():
    setup = evolution_setup({"id": "cyber-bunny", "energy": 5}, {"id": "gigazaur", "location": "city"},
                            hands={"cyber-bunny": ["stroke-of-genius"]}, dice="energy energy energy 1 2 3")
    g = play(setup, "roll resolve use:evo-stroke-of-genius")
    assert g.state.monster("cyber-bunny").energy == 5 + 3 + 3


def test_emergency_battery_gives_3_energy():
    setup = evolution_setup("cyber-bunny", "gigazaur", hands={"cyber-bunny": ["emergency-battery"]})
    assert play(setup, "use:evo-emergency-battery").state.monster("cyber-bunny").energy == 3


def test_rabbits_foot_stops_the_loss_and_every_loss_for_the_rest_of_the_turn():
    setup = evolution_setup({"id": "gigazaur", "energy": 6}, {"id": "cyber-bunny", "location": "city"},
                            hands={"cyber-bunny": ["rabbits-foot"]}, dice=TWO_SMASHES,
                            market=["gas-refinery", "heal", "frenzy"])
    g = play(setup, "roll resolve")
    assert g.state.decision.monster == "cyber-bunny" and g.state.decision.window == "damage"
    g = play(setup, "roll resolve use:evo-rabbits-foot buy:0")  # Gas Refinery: every other monster loses 3
    assert g.state.monster("cyber-bunny").life == 10
    assert len(find(g.events, "damage-prevented", monster="cyber-bunny", evolution="rabbits-foot")) == 2


def test_heart_of_the_rabbit_rerolls_a_die_of_another_monster_and_comes_back_on_entering():
    # Gigazaur rolls two smashes; the Bunny rerolls die 1 (a 3): one smash hits The King in Tokyo
    setup = evolution_setup("gigazaur", "cyber-bunny", {"id": "the-king", "location": "city"},
                            hands={"cyber-bunny": ["heart-of-the-rabbit"]}, dice=f"{TWO_SMASHES} 3")
    g = play(setup, "roll resolve")
    assert g.state.decision.monster == "cyber-bunny" and g.state.decision.window == "before-resolve"
    assert "use:evo-heart-of-the-rabbit:0" in codes(g.state)
    g = play(setup, "roll resolve use:evo-heart-of-the-rabbit:0")
    assert g.state.monster("the-king").life == 9
    assert C.pile(g.state, C.DISCARD, 1) == ("heart-of-the-rabbit",)
    # the Bunny enters the empty Tokyo on its own turn: the card comes back into its hand
    back = evolution_setup("cyber-bunny", "gigazaur", table={"discards": {"cyber-bunny": ["heart-of-the-rabbit"]}},
                           dice=NO_SET)
    g = play(back, "roll resolve")
    assert g.state.monster("cyber-bunny").location == "city"
    assert C.hand(g.state, 0) == ("heart-of-the-rabbit",) and C.pile(g.state, C.DISCARD, 0) == ()


def test_secret_laboratory_cards_cost_1_less():
    setup = evolution_setup({"id": "cyber-bunny", "energy": 2, "pieces": ["evo-secret-laboratory"]}, "gigazaur",
                            dice="1 2 3 1 2 3", market=["heal", "tank", "frenzy"])
    g = play(setup, "roll resolve buy:0")  # Heal costs 3: 2 here
    assert g.state.monster("cyber-bunny").energy == 0


def test_king_of_the_gizmo_1_vp_per_purchase():
    setup = evolution_setup({"id": "cyber-bunny", "energy": 7, "pieces": ["evo-king-of-the-gizmo"]}, "gigazaur",
                            dice="1 2 3 1 2 3", market=["armor-plating", "tank", "frenzy"])
    g = play(setup, "roll resolve buy:0")  # Armor Plating, a Keep card
    assert g.state.monster("cyber-bunny").vp == 1 + 1  # entering Tokyo, then the purchase
    assert find(g.events, "vp-gained", monster="cyber-bunny", amount=1, evolution="king-of-the-gizmo")


def test_energy_sword_paid_before_rolling_adds_a_smash_and_an_energy_per_smash_die():
    setup = evolution_setup({"id": "cyber-bunny", "energy": 3, "pieces": ["evo-energy-sword"]},
                            {"id": "gigazaur", "location": "city"}, dice=TWO_SMASHES)
    g = play(setup)
    assert "use:evo-energy-sword:charge" in codes(g.state)
    g = play(setup, "use:evo-energy-sword:charge roll resolve")
    assert g.state.monster("gigazaur").life == 7  # two smashes and the sword's
    assert g.state.monster("cyber-bunny").energy == 3 - 2 + 1 + 2  # the energy die, then 1 per smash die


def test_electric_carrot_in_tokyo_a_wounded_monster_pays_1_energy_or_loses_1_more():
    setup = evolution_setup({"id": "cyber-bunny", "location": "city", "pieces": ["evo-electric-carrot"]},
                            {"id": "gigazaur", "energy": 2}, "the-king", dice=TWO_SMASHES)
    g = play(setup, "roll resolve")
    # The King has no energy: it loses the extra life at once; Gigazaur chooses
    assert g.state.monster("the-king").life == 7
    assert g.state.decision.monster == "gigazaur" and g.state.decision.window == "evolution-choice"
    g = play(setup, "roll resolve use:evo-choose:pay-energy")
    assert g.state.monster("gigazaur").energy == 1 and g.state.monster("gigazaur").life == 8
    outside = evolution_setup({"id": "cyber-bunny", "pieces": ["evo-electric-carrot"]},
                              {"id": "gigazaur", "location": "city"}, dice=TWO_SMASHES)
    assert play(outside, "roll resolve").state.monster("gigazaur").life == 8  # not in Tokyo: no extra
