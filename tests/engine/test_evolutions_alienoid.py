"""Alienoid's Evolution cards (``modules/evolutions/alienoid.py``), one test per card, from the card texts."""

from kotguide.engine import legal_actions
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.testing import evolution_setup, find, make_setup, play

MARKET = ["heal", "tank", "frenzy"]


def codes(state):
    return [a.code for a in legal_actions(state)]


def test_alien_scourge_two_vp_even_on_another_monsters_turn():
    setup = evolution_setup("gigazaur", {"id": "alienoid", "location": "city"}, hands={"alienoid": ["alien-scourge"]},
                            dice="smash 1 2 3 1 2")
    g = play(setup, "roll resolve")
    assert g.state.decision.kind == "yield"
    assert "use:evo-alien-scourge" in codes(g.state)
    g = play(setup, "roll resolve use:evo-alien-scourge")
    a = g.state.monster("alienoid")
    assert a.vp == 2
    assert C.pile(g.state, C.DISCARD, a.seat) == ("alien-scourge",)
    assert find(g.events, "vp-gained", monster="alienoid", amount=2, rule="evolutions", evolution="alien-scourge")


def test_precision_field_support_takes_the_first_keep_card_costing_four_or_less():
    setup = evolution_setup("alienoid", "gigazaur", hands={"alienoid": ["precision-field-support"]}, market=MARKET,
                            deck=["energize", "acid-attack", "armor-plating", "wings"])
    g = play(setup, "use:evo-precision-field-support")
    assert g.state.monster("alienoid").cards == ["armor-plating"]
    assert g.state.monster("alienoid").energy == 0
    assert g.state.discard == ["energize", "acid-attack"]  # revealed, not taken
    assert g.state.deck[0] == "wings"


def test_anger_batteries_one_energy_per_life_lost_this_turn():
    setup = evolution_setup("gigazaur", {"id": "alienoid", "location": "city"}, hands={"alienoid": ["anger-batteries"]},
                            dice="smash smash smash 1 2 3")
    g = play(setup, "roll resolve use:evo-anger-batteries")
    assert g.state.monster("alienoid").energy == 3


def test_anger_batteries_asked_at_the_end_of_any_turn():
    setup = evolution_setup("gigazaur", {"id": "alienoid", "location": "city"}, hands={"alienoid": ["anger-batteries"]},
                            dice="smash smash 1 2 3 1")
    g = play(setup, "roll resolve stay end")
    d = g.state.decision
    assert (d.monster, d.window) == ("alienoid", "end")
    assert codes(g.state) == ["pass", "use:evo-anger-batteries"]
    g = play(setup, "roll resolve stay end use:evo-anger-batteries")
    assert g.state.monster("alienoid").energy == 2


def test_adapting_technology_three_free_sweeps_then_discarded():
    setup = evolution_setup("alienoid", "gigazaur", hands={"alienoid": ["adapting-technology"]}, market=MARKET,
                            dice="1 2 3 1 2 heart")
    g = play(setup, "use:evo-adapting-technology roll resolve")
    a = g.state.monster("alienoid")
    assert a.tokens == {"evo-adapting-technology": 3}
    assert "use:evo-adapting-technology:sweep" in codes(g.state)  # buy step, no energy needed
    g = play(setup, "use:evo-adapting-technology roll resolve use:evo-adapting-technology:sweep")
    assert g.state.monster("alienoid").tokens == {"evo-adapting-technology": 2}
    assert g.state.discard == MARKET
    last = evolution_setup({"id": "alienoid", "pieces": ["evo-adapting-technology"],
                            "tokens": {"evo-adapting-technology": 1}}, "gigazaur", market=MARKET,
                           dice="1 2 3 1 2 heart")
    g = play(last, "roll resolve use:evo-adapting-technology:sweep")
    a = g.state.monster("alienoid")
    assert a.pieces == [] and a.tokens == {}
    assert C.pile(g.state, C.DISCARD, a.seat) == ("adapting-technology",)


def test_funny_looking_but_dangerous_three_twos_hurt_every_other_monster():
    setup = evolution_setup({"id": "alienoid", "pieces": ["evo-funny-looking-but-dangerous"]}, "gigazaur", "the-king",
                            dice="2 2 2 1 3 heart")
    g = play(setup, "roll resolve")
    assert [m.life for m in g.state.monsters] == [10, 9, 9]
    assert g.state.monster("alienoid").vp == 2 + 1  # three 2s, then it enters Tokyo


def exotic_setup(dice):
    return evolution_setup({"id": "alienoid", "energy": 3, "pieces": ["evo-exotic-arms"]},
                           {"id": "gigazaur", "location": "city"}, dice=dice)


def test_exotic_arms_with_three_smashes_the_energy_comes_back_and_wounds_cost_two_more():
    g = play(exotic_setup("smash smash smash 1 2 3"))
    assert "use:evo-exotic-arms:load" in codes(g.state)
    g = play(exotic_setup("smash smash smash 1 2 3"), "use:evo-exotic-arms:load")
    assert g.state.monster("alienoid").energy == 1
    g = play(exotic_setup("smash smash smash 1 2 3"), "use:evo-exotic-arms:load roll resolve")
    assert g.state.monster("gigazaur").life == 5
    assert g.state.monster("alienoid").energy == 3


def test_exotic_arms_without_three_smashes_the_energy_is_lost_and_two_life():
    g = play(exotic_setup("smash smash 1 2 3 heart"), "use:evo-exotic-arms:load roll resolve")
    a = g.state.monster("alienoid")
    assert g.state.monster("gigazaur").life == 8
    assert (a.energy, a.life) == (1, 8)  # the heart healed nothing at full life


def test_mothership_support_once_per_turn_one_energy_for_one_life():
    setup = evolution_setup({"id": "alienoid", "life": 7, "energy": 2, "pieces": ["evo-mothership-support"]},
                            "gigazaur")
    g = play(setup, "use:evo-mothership-support:heal")
    a = g.state.monster("alienoid")
    assert (a.life, a.energy) == (8, 1)
    assert "use:evo-mothership-support:heal" not in codes(g.state)


def sat_setup(energy):
    return evolution_setup({"id": "alienoid", "energy": energy, "pieces": ["evo-superior-alien-technology"]},
                           "gigazaur", market=["acid-attack", "tank", "heal"],
                           dice="1 2 3 1 2 3  1 2 3 1 2 3  smash")


HALF = "use:evo-superior-alien-technology:0"


def test_superior_alien_technology_half_price_and_a_ufo_die_at_the_turn_start():
    g = play(sat_setup(3), "roll resolve")
    assert "buy:0" not in codes(g.state)  # 6 at full price
    assert [c for c in codes(g.state) if c.startswith("use:evo-superior")] == [HALF]  # 3: tank and heal are Discard
    g = play(sat_setup(3), f"roll resolve {HALF}")
    assert g.state.monster("alienoid").energy == 0
    assert find(g.events, "card-bought", monster="alienoid", amount=3, card="acid-attack")
    assert find(g.events, "card-loaded", monster="alienoid", card="acid-attack", reason="ufo")
    g = play(sat_setup(3), f"roll resolve {HALF} end roll resolve end")
    a = g.state.monster("alienoid")
    assert find(g.events, "card-rolled", monster="alienoid", faces=["smash"], evolution="superior-alien-technology")
    assert a.cards == []
    assert "acid-attack" in g.state.discard


def test_superior_alien_technology_halves_the_whole_price_a_curse_included():
    # Inadequate Offering in force: Background Dweller costs 4 + 2 = 6, so half price is 3, offered and charged alike
    setup = make_setup({"id": "alienoid", "energy": 3, "pieces": ["evo-superior-alien-technology"]}, "gigazaur",
                       market=["background-dweller", "tank", "heal"], dice="1 2 3 1 2 3 fate:river",
                       options=["evolutions", "curses"],
                       modules={"evolutions": {"hands": {"alienoid": [], "gigazaur": []}},
                                "curses": {"in_force": "inadequate-offering"}})
    g = play(setup, f"roll resolve {HALF}")
    assert find(g.events, "card-bought", monster="alienoid", amount=3, card="background-dweller")
    assert g.state.monster("alienoid").energy == 0


def test_superior_alien_technology_is_a_choice_full_price_puts_no_ufo_token():
    g = play(sat_setup(6), "roll resolve")
    assert {"buy:0", HALF} <= set(codes(g.state))
    g = play(sat_setup(6), "roll resolve buy:0 end roll resolve end")
    assert not find(g.events, "card-loaded")
    assert not find(g.events, "card-rolled")
    assert g.state.monster("alienoid").cards == ["acid-attack"]
