"""Pandakaï's Evolution cards (``modules/evolutions/pandakai.py``), one test per card; expected values worked out by
hand from content/en/evolutions.toml."""

from kotguide.engine import is_legal, legal_actions
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.modules.evolutions import pandakai
from kotguide.engine.testing import evolution_setup, find, play

NO_SET = "1 2 3 1 2 energy"
MARKET = ["heal", "armor-plating", "energize"]  # 3, 4 and 8 energy


def codes(state):
    return [a.code for a in legal_actions(state)]


def test_panda_monium_6_energy_for_pandakai_and_3_for_every_other_monster():
    setup = evolution_setup("pandakai", "gigazaur", "the-king", hands={"pandakai": ["panda-monium"]})
    g = play(setup, "use:evo-panda-monium")
    assert [m.energy for m in g.state.monsters] == [6, 3, 3]


def test_eats_shoots_and_leaves_on_entering_hits_the_monsters_outside_then_leaves_tokyo_empty():
    setup = evolution_setup("pandakai", "gigazaur", "the-king", hands={"pandakai": ["eats-shoots-and-leaves"]},
                            dice=NO_SET)
    g = play(setup, "roll resolve")
    assert g.state.decision.window == "enter" and "use:evo-eats-shoots-and-leaves" in codes(g.state)
    g = play(setup, "roll resolve use:evo-eats-shoots-and-leaves")
    panda = g.state.monster("pandakai")
    assert [g.state.monster(m).life for m in ("gigazaur", "the-king")] == [8, 8]
    assert (panda.location, panda.energy, panda.vp) == ("outside", 1 + 1, 1)  # the energy die, the card; entering
    assert g.state.city is None and g.state.decision.kind == "buy"


def test_bamboozle_cancels_a_purchase_and_imposes_another_card_the_buyer_can_afford():
    setup = evolution_setup({"id": "gigazaur", "energy": 6}, "pandakai", hands={"pandakai": ["bamboozle"]},
                            dice=NO_SET, market=MARKET)
    g = play(setup, "roll resolve buy:0")  # 7 energy: Heal
    assert g.state.decision.monster == "pandakai" and g.state.decision.window == "bamboozle"
    assert codes(g.state) == ["pass", "use:evo-bamboozle:armor-plating"]  # Armor Plating (4); Energize costs 8
    g = play(setup, "roll resolve buy:0 use:evo-bamboozle:armor-plating")
    giga = g.state.monster("gigazaur")
    assert giga.cards == ["armor-plating"] and giga.energy == 7 - 4
    assert g.state.market[0] == "heal" and g.state.decision.kind == "buy"
    assert not is_legal(g.state, "buy:0")  # 3 energy would pay for Heal, but not this turn
    assert find(g.events, "purchase-cancelled", monster="gigazaur", card="heal", by="pandakai")


def test_bamboozle_passed_lets_the_purchase_go_ahead_and_with_nothing_else_affordable_only_cancels():
    setup = evolution_setup({"id": "gigazaur", "energy": 6}, "pandakai", hands={"pandakai": ["bamboozle"]},
                            dice=NO_SET, market=MARKET)
    g = play(setup, "roll resolve buy:0 pass")
    assert g.state.monster("gigazaur").energy == 7 - 3 and "heal" in g.state.discard
    poor = evolution_setup({"id": "gigazaur", "energy": 2}, "pandakai", hands={"pandakai": ["bamboozle"]},
                           dice=NO_SET, market=MARKET)
    g = play(poor, "roll resolve buy:0")
    assert codes(g.state) == ["pass", "use:evo-bamboozle:none"]
    g = play(poor, "roll resolve buy:0 use:evo-bamboozle:none")
    assert g.state.monster("gigazaur").energy == 3 and g.state.market == MARKET


def test_bear_necessities_minus_1_vp_plus_2_energy_plus_2_life():
    setup = evolution_setup({"id": "pandakai", "vp": 3, "life": 5}, "gigazaur",
                            hands={"pandakai": ["bear-necessities"]})
    panda = play(setup, "use:evo-bear-necessities").state.monster("pandakai")
    assert (panda.vp, panda.energy, panda.life) == (2, 2, 7)


def test_panda_express_all_six_faces_2_vp_and_another_turn():
    setup = evolution_setup({"id": "pandakai", "pieces": ["evo-panda-express"]}, "gigazaur",
                            dice="1 2 3 heart smash energy")
    g = play(setup, "roll resolve end")
    assert g.state.active == 0 and g.state.turn == 2  # Pandakaï again
    # 2 (the card) + 1 (entering the empty Tokyo) + 2 (starting the extra turn in Tokyo)
    assert g.state.monster("pandakai").vp == 5
    assert find(g.events, "extra-turn", monster="pandakai", evolution="panda-express")


def test_bamboo_supply_stores_1_energy_a_turn_and_gives_it_all_back_at_a_turn_start():
    setup = evolution_setup({"id": "pandakai", "pieces": ["evo-bamboo-supply"]}, "gigazaur",
                            dice=f"{NO_SET} {NO_SET}")
    g = play(setup)
    assert g.state.decision.window == "start" and codes(g.state) == ["pass", "use:evo-bamboo-supply:add"]
    g = play(setup, "use:evo-bamboo-supply:add roll resolve end roll resolve end")
    assert pandakai.supply_energy(g.state) == 1 and "use:evo-bamboo-supply:take" in codes(g.state)
    g = play(setup, "use:evo-bamboo-supply:add roll resolve end roll resolve end use:evo-bamboo-supply:take")
    assert g.state.monster("pandakai").energy == 1 + 1  # its energy die on turn 1, then the card's
    assert pandakai.supply_energy(g.state) == 0


def test_pandarwinism_three_hearts_1_vp_and_1_more_per_extra_heart():
    setup = evolution_setup({"id": "pandakai", "life": 5, "pieces": ["evo-pandarwinism"]},
                            {"id": "gigazaur", "location": "city"}, dice="heart heart heart heart heart 1")
    g = play(setup, "roll resolve")
    assert find(g.events, "vp-gained", monster="pandakai", amount=3, evolution="pandarwinism")  # 1 + 2
    assert g.state.monster("pandakai").life == 10


def test_yin_yang_turns_every_die_to_its_opposite_before_resolving():
    setup = evolution_setup({"id": "pandakai", "pieces": ["evo-yin-yang"]}, {"id": "gigazaur", "location": "city"},
                            dice="1 1 1 smash smash heart")
    g = play(setup, "roll resolve")
    assert g.state.decision.window == "before-resolve" and "use:evo-yin-yang:flip" in codes(g.state)
    g = play(setup, "roll resolve use:evo-yin-yang:flip")
    assert g.state.dice == ["3", "3", "3", "energy", "energy", "2"]
    panda = g.state.monster("pandakai")
    assert (panda.vp, panda.energy, g.state.monster("gigazaur").life) == (3, 2, 10)
    assert C.in_play(g.state, 0) == ["yin-yang"]
