"""Keep cards about life (``cards/defense_cards.py``): armour, dodging, paying not to lose life, healing more, a
higher maximum, coming back from 0. Expectations are written from the card texts."""

from kotguide.engine import apply, legal_actions
from kotguide.engine.testing import find, make_setup, play


def codes(state):
    return [a.code for a in legal_actions(state)]


def king(*cards, **fields):
    return {"id": "the-king", "location": "city", "cards": list(cards), **fields}


def test_armor_plating_ignores_a_loss_of_exactly_one():
    g = play(make_setup("gigazaur", king("armor-plating"), dice="smash 1 2 3 1 2"), "roll resolve")
    assert g.state.monster("the-king").life == 10
    assert find(g.events, "damage-prevented", monster="the-king", amount=1, card="armor-plating")
    assert g.state.decision.kind == "buy"  # it lost no life: no yield
    g = play(make_setup("gigazaur", king("armor-plating"), dice="smash smash 1 2 3 1"), "roll resolve")
    assert g.state.monster("the-king").life == 8


def test_camouflage_rolls_a_die_per_life_and_each_heart_cancels_one():
    g = play(make_setup("gigazaur", king("camouflage"), dice="smash smash smash 1 2 3 heart 1 heart"),
             "roll resolve")
    assert g.state.monster("the-king").life == 9
    assert find(g.events, "card-rolled", monster="the-king", faces=["heart", "1", "heart"], amount=2,
                card="camouflage")


def test_camouflage_works_against_card_damage_too():
    g = play(make_setup({"id": "gigazaur", "energy": 3}, {"id": "the-king", "cards": ["camouflage"]},
                        dice="1 2 3 1 2 3 heart heart", market=["flame-thrower"]), "roll resolve buy:0")
    assert g.state.monster("the-king").life == 10


def test_wings_asked_before_the_smash_lands_and_lasts_the_turn():
    setup = make_setup({"id": "gigazaur", "energy": 3}, king("wings", energy=3), dice="smash smash 1 2 3 1",
                       market=["flame-thrower"])
    g = play(setup, "roll resolve")
    d = g.state.decision
    assert (d.monster, d.kind, d.window) == ("the-king", "card", "damage")
    assert codes(g.state) == ["pass", "use:wings"]
    g = play(setup, "roll resolve use:wings")
    k = g.state.monster("the-king")
    assert (k.life, k.energy, k.location) == (10, 1, "city")
    assert find(g.events, "shielded", monster="the-king", card="wings")
    assert find(g.events, "damage-prevented", monster="the-king", amount=2, card="wings")
    assert g.state.decision.kind == "buy"  # no life lost: no yield; the City is taken: gigazaur stays out
    g = play(setup, "roll resolve use:wings buy:0")  # Flame Thrower, same turn
    assert g.state.monster("the-king").life == 10


def test_wings_declined_then_the_smash_lands():
    g = play(make_setup("gigazaur", king("wings", energy=3), dice="smash smash 1 2 3 1"), "roll resolve pass")
    assert g.state.monster("the-king").life == 8
    assert g.state.decision.kind == "yield"


def test_wings_offered_only_when_about_to_lose_life_with_two_energy():
    g = play(make_setup("gigazaur", king("wings", energy=1), dice="smash smash 1 2 3 1"), "roll resolve")
    assert g.state.decision.kind == "yield"
    g = play(make_setup("gigazaur", king("wings", energy=5), dice="1 2 3 1 2 3"), "roll resolve")
    assert g.state.decision.kind == "buy"


def test_jets_yield_before_the_smash_and_lose_no_life():
    setup = make_setup("gigazaur", king("jets"), dice="smash smash smash 1 2 3")
    g = play(setup, "roll resolve")
    assert codes(g.state) == ["pass", "use:jets"]
    g = play(setup, "roll resolve use:jets")
    k, giga = g.state.monster("the-king"), g.state.monster("gigazaur")
    assert (k.life, k.location) == (10, "outside")
    assert find(g.events, "yielded", monster="the-king", space="city", card="jets")
    assert (giga.location, giga.vp) == ("city", 1)
    g = play(setup, "roll resolve pass yield")  # without using Jets the attack hurts
    assert g.state.monster("the-king").life == 7


def test_jets_escape_a_lethal_smash():
    g = play(make_setup("gigazaur", king("jets", life=2), dice="smash smash smash 1 2 3"), "roll resolve use:jets")
    assert g.state.monster("the-king").alive and g.state.monster("the-king").life == 2


def test_rapid_healing_any_time_two_energy_for_one_life():
    g = play(make_setup({"id": "gigazaur", "life": 5, "energy": 4, "cards": ["rapid-healing"]}, "the-king"))
    assert "use:rapid-healing" in codes(g.state)
    s, events = apply(g.state, "use:rapid-healing")
    assert (s.monsters[0].life, s.monsters[0].energy) == (6, 2)
    assert find(events, "healed", monster="gigazaur", amount=1, card="rapid-healing")
    g = play(make_setup({"id": "gigazaur", "energy": 4, "cards": ["rapid-healing"]}, "the-king"))
    assert "use:rapid-healing" not in codes(g.state)  # it could not heal


def test_rapid_healing_just_before_reaching_zero():
    setup = make_setup("gigazaur", king("rapid-healing", life=2, energy=4), dice="smash smash smash 1 2 3")
    g = play(setup, "roll resolve")
    assert (g.state.decision.monster, g.state.decision.window) == ("the-king", "damage")
    g = play(setup, "roll resolve use:rapid-healing use:rapid-healing")
    k = g.state.monster("the-king")
    assert (k.alive, k.life, k.energy) == (True, 1, 0)
    assert g.state.decision.kind == "yield"


def test_regeneration_heals_one_more():
    g = play(make_setup({"id": "gigazaur", "life": 5, "cards": ["regeneration"]}, "the-king",
                        dice="heart heart 1 2 3 1"), "roll resolve")
    assert g.state.monster("gigazaur").life == 8
    assert find(g.events, "healed", monster="gigazaur", amount=1, card="regeneration")
    g = play(make_setup({"id": "gigazaur", "life": 9, "cards": ["regeneration"]}, "the-king",
                        dice="heart heart 1 2 3 1"), "roll resolve")
    assert g.state.monster("gigazaur").life == 10  # never above the maximum


def test_even_bigger_two_life_and_a_maximum_of_twelve():
    g = play(make_setup({"id": "gigazaur", "life": 8, "energy": 4}, "the-king", dice="1 2 3 1 2 3",
                        market=["even-bigger"]), "roll resolve buy:0")
    m = g.state.monster("gigazaur")
    assert (m.max_life, m.life) == (12, 10)
    assert find(g.events, "max-life-changed", monster="gigazaur", amount=12, card="even-bigger")


def test_even_bigger_leaving_lowers_the_maximum_again():
    g = play(make_setup({"id": "gigazaur", "life": 12, "max_life": 12, "cards": ["even-bigger", "metamorph"]},
                        "the-king", dice="1 2 3 1 2 3"), "roll resolve end use:metamorph:even-bigger")
    m = g.state.monster("gigazaur")
    assert (m.max_life, m.life, m.energy) == (10, 10, 4)


def test_were_only_making_it_stronger_one_energy_for_a_loss_of_two_or_more():
    g = play(make_setup("gigazaur", king("were-only-making-it-stronger"), dice="smash smash 1 2 3 1"),
             "roll resolve")
    assert g.state.monster("the-king").energy == 1
    g = play(make_setup("gigazaur", king("were-only-making-it-stronger"), dice="smash 1 2 3 1 2"),
             "roll resolve")
    assert g.state.monster("the-king").energy == 0


def test_it_has_a_child_comes_back_outside_with_ten_life_no_cards_no_vp_same_energy():
    g = play(make_setup("gigazaur", king("it-has-a-child", "extra-head", life=2, vp=7, energy=5),
                        dice="smash smash smash 1 2 3"), "roll resolve")
    k = g.state.monster("the-king")
    assert (k.alive, k.life, k.vp, k.energy, k.cards, k.location) == (True, 10, 0, 5, [], "outside")
    assert {"it-has-a-child", "extra-head"} <= set(g.state.discard)
    assert find(g.events, "reborn", monster="the-king", amount=10, card="it-has-a-child")
    assert find(g.events, "tokyo-left", monster="the-king", space="city")
    assert not find(g.events, "eliminated")
    giga = g.state.monster("gigazaur")
    assert giga.location == "city"  # the City was left empty: the attacker enters
    assert g.state.decision.kind == "buy"


def test_wings_against_your_own_card_damage_before_it_takes_effect():
    setup = make_setup({"id": "gigazaur", "energy": 6, "cards": ["wings"]}, "the-king", dice="1 2 3 1 2 3",
                       market=["tank"])
    g = play(setup, "roll resolve buy:0")
    assert (g.state.decision.monster, g.state.decision.window) == ("gigazaur", "damage")
    g = play(setup, "roll resolve buy:0 use:wings")
    m = g.state.monster("gigazaur")
    assert (m.vp, m.life, m.energy) == (5, 10, 0)  # 1 for entering + 4; no life lost; 2 for Wings, 4 for Tank


def test_an_action_no_longer_affordable_after_a_guard_is_dropped():
    setup = make_setup({"id": "gigazaur", "energy": 5, "cards": ["wings"]}, "the-king", dice="1 2 3 1 2 3",
                       market=["tank"])
    g = play(setup, "roll resolve buy:0 use:wings")
    m = g.state.monster("gigazaur")
    assert (m.energy, m.cards, g.state.market[0]) == (3, ["wings"], "tank")
    assert g.state.decision.kind == "buy"  # its monster decides again


def test_rapid_healing_joins_other_decisions_but_never_makes_one_alone():
    king = {"id": "the-king", "life": 6, "energy": 4, "cards": ["metamorph", "rapid-healing"]}
    g = play(make_setup("gigazaur", king, dice="1 2 3 1 2 3"), "roll resolve end")
    assert g.state.decision.monster == "the-king" and g.state.decision.kind == "roll"  # no prompt at gigazaur's end
    assert "use:rapid-healing" in codes(g.state)
    g = play(make_setup("gigazaur", dict(king, location="city"), dice="smash 1 2 3 1 2"), "roll resolve")
    assert g.state.decision.kind == "yield" and "use:rapid-healing" in codes(g.state)
