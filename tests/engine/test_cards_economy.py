"""Keep cards about energy, buying and the end of the turn (``cards/economy_cards.py``). Expectations are written
from the card texts."""

from kotguide.engine import apply, legal_actions
from kotguide.engine.testing import find, make_setup, play

QUIET = "1 2 3 1 2 3"  # a roll that scores, heals and smashes nothing
QUIET2 = f"{QUIET} {QUIET}"


def codes(state):
    return [a.code for a in legal_actions(state)]


def me(*cards, **fields):
    return {"id": "gigazaur", "cards": list(cards), **fields}


def test_alien_origin_one_energy_less():
    g = play(make_setup(me("alien-origin", energy=3), "the-king", dice=QUIET, market=["tank"]), "roll resolve")
    assert "buy:0" in codes(g.state)
    s, _ = apply(g.state, "buy:0")
    assert s.monster("gigazaur").energy == 0


def test_media_friendly_one_vp_per_card_bought_but_not_for_itself():
    g = play(make_setup(me("media-friendly", energy=10), "the-king", dice=QUIET, market=["energize", "heal"]),
             "roll resolve buy:1")
    assert find(g.events, "vp-gained", monster="gigazaur", amount=1, card="media-friendly")
    g = play(make_setup(me(energy=3), "the-king", dice=QUIET, market=["media-friendly"]), "roll resolve buy:0")
    assert g.state.monster("gigazaur").vp == 1  # entering Tokyo only


def test_friend_of_children_one_more_energy_on_each_gain():
    g = play(make_setup(me("friend-of-children"), "the-king", dice="energy energy 1 2 3 1"), "roll resolve")
    assert g.state.monster("gigazaur").energy == 3
    assert find(g.events, "energy-gained", monster="gigazaur", amount=1, card="friend-of-children")


def test_friend_of_children_nothing_on_battery_energy_or_metamorph_refunds():
    g = play(make_setup(me("friend-of-children", "battery-monster", tokens={"battery": 6}), "the-king"))
    assert g.state.monster("gigazaur").energy == 2
    g = play(make_setup(me("friend-of-children", "metamorph", "extra-head"), "the-king", dice=QUIET),
             "roll resolve end use:metamorph:extra-head")
    assert g.state.monster("gigazaur").energy == 7


def test_battery_monster_six_on_the_card_two_per_turn_then_discarded():
    g = play(make_setup(me(energy=3), "the-king", dice=QUIET2, market=["battery-monster"]),
             "roll resolve buy:0")
    assert g.state.monster("gigazaur").tokens == {"battery": 6}
    assert g.state.monster("gigazaur").energy == 0
    g = play(make_setup(me(energy=3), "the-king", dice=QUIET2, market=["battery-monster"]),
             "roll resolve buy:0 end roll resolve end")
    m = g.state.monster("gigazaur")
    assert (m.energy, m.tokens) == (2, {"battery": 4})
    assert find(g.events, "energy-gained", monster="gigazaur", amount=2, reason="recovered", card="battery-monster")
    g = play(make_setup(me("battery-monster", tokens={"battery": 2}), "the-king"))
    m = g.state.monster("gigazaur")
    assert (m.energy, m.cards, m.tokens) == (2, [], {})
    assert find(g.events, "card-discarded", card="battery-monster", reason="empty")


def test_metamorph_full_printed_cost_back_at_the_end_of_the_turn():
    setup = make_setup(me("metamorph", "alien-origin", energy=6), "the-king", dice=QUIET, market=["extra-head"])
    g = play(setup, "roll resolve buy:0")
    assert g.state.monster("gigazaur").energy == 0  # paid 6 with Alien Origin
    g = play(setup, "roll resolve buy:0 end")
    assert (g.state.decision.kind, g.state.decision.window) == ("card", "end")
    assert codes(g.state) == ["pass", "use:metamorph:metamorph", "use:metamorph:alien-origin",
                              "use:metamorph:extra-head"]
    g = play(setup, "roll resolve buy:0 end use:metamorph:extra-head pass")
    assert g.state.monster("gigazaur").energy == 7  # the printed cost
    assert find(g.events, "card-discarded", card="extra-head", reason="sold")
    assert g.state.monsters[g.state.active].id == "the-king"


def test_made_in_a_lab_buys_the_top_of_the_deck():
    setup = make_setup(me("made-in-a-lab", energy=6), "the-king", dice=QUIET, deck=["skyscraper", "heal"],
                       market=["tank", "corner-store", "energize"])
    g = play(setup, "roll resolve")
    assert "use:made-in-a-lab" in codes(g.state)
    g = play(setup, "roll resolve use:made-in-a-lab")
    m = g.state.monster("gigazaur")
    assert (m.vp, m.energy) == (5, 0)  # 4 + entering Tokyo
    assert g.state.deck[0] == "heal" and g.state.market == ["tank", "corner-store", "energize"]
    assert find(g.events, "card-bought", card="skyscraper", reason="deck", amount=6)
    g = play(make_setup(me("made-in-a-lab", energy=5), "the-king", dice=QUIET, deck=["skyscraper"],
                        market=["tank", "corner-store", "energize"]), "roll resolve")
    assert "use:made-in-a-lab" not in codes(g.state)  # too dear


def test_at_a_table_made_in_a_lab_buys_the_card_given_as_the_top_of_the_deck():
    setup = make_setup(me("made-in-a-lab", energy=6), "the-king", market=["tank", "corner-store", "energize"],
                       table=True)
    rolled = ["dice:1.2.3.1.2.3", "roll", "resolve"]
    # Frenzy costs 7: not for 6 energy, whatever the site's own top card
    assert "use:made-in-a-lab" not in codes(play(setup, [*rolled, "card:frenzy"]).state)
    g = play(setup, [*rolled, "card:energy-drink", "use:made-in-a-lab"])
    m = g.state.monster("gigazaur")
    assert ("energy-drink" in m.cards, m.energy) == (True, 2)  # Energy Drink costs 4
    assert find(g.events, "card-bought", card="energy-drink", reason="deck", amount=4)


def test_opportunist_buys_a_revealed_card_on_another_monsters_turn():
    setup = make_setup({"id": "gigazaur", "energy": 3}, {"id": "the-king", "energy": 10, "cards": ["opportunist"]},
                       dice=QUIET, market=["corner-store", "tank", "energize"], deck=["skyscraper", "heal"])
    g = play(setup, "roll resolve buy:0")
    d = g.state.decision
    assert (d.monster, d.kind, d.window) == ("the-king", "card", "revealed")
    assert codes(g.state) == ["pass", "use:opportunist:0"]
    g = play(setup, "roll resolve buy:0 use:opportunist:0")
    k = g.state.monster("the-king")
    assert (k.vp, k.energy) == (4, 4)
    assert find(g.events, "card-bought", monster="the-king", card="skyscraper", reason="opportunist")
    assert g.state.market[0] == "heal"
    assert codes(g.state) == ["pass", "use:opportunist:0"]  # Heal is new too
    g = play(setup, "roll resolve buy:0 use:opportunist:0 pass")
    assert g.state.decision.monster == "gigazaur" and g.state.decision.kind == "buy"


def test_opportunist_not_asked_for_a_card_it_cannot_afford():
    setup = make_setup({"id": "gigazaur", "energy": 3}, {"id": "the-king", "energy": 2, "cards": ["opportunist"]},
                       dice=QUIET, market=["corner-store", "tank", "energize"], deck=["skyscraper"])
    g = play(setup, "roll resolve buy:0")
    assert g.state.decision.monster == "gigazaur"


def test_parasitic_tentacles_buy_another_monsters_card_paying_it():
    setup = make_setup(me("parasitic-tentacles", energy=8), {"id": "the-king", "cards": ["extra-head"]},
                       dice=QUIET)
    g = play(setup, "roll resolve")
    assert "use:parasitic-tentacles:the-king.extra-head" in codes(g.state)
    g = play(setup, "roll resolve use:parasitic-tentacles:the-king.extra-head")
    giga, k = g.state.monster("gigazaur"), g.state.monster("the-king")
    assert (giga.cards, giga.energy) == (["parasitic-tentacles", "extra-head"], 1)
    assert (k.cards, k.energy) == ([], 7)
    assert find(g.events, "card-bought", monster="gigazaur", card="extra-head", reason="monster", by="the-king")


def test_solar_powered_energy_hoarder_at_the_end_of_your_turn():
    g = play(make_setup(me("solar-powered"), "the-king", dice=QUIET), "roll resolve end")
    assert g.state.monster("gigazaur").energy == 1
    g = play(make_setup(me("solar-powered", energy=1), "the-king", dice=QUIET), "roll resolve end")
    assert g.state.monster("gigazaur").energy == 1
    g = play(make_setup(me("energy-hoarder", energy=13), "the-king", dice=QUIET), "roll resolve end")
    assert find(g.events, "vp-gained", monster="gigazaur", amount=2, card="energy-hoarder")


def test_rooting_for_the_underdog_only_alone_with_the_fewest():
    g = play(make_setup(me("rooting-for-the-underdog", location="city", vp=1), {"id": "the-king", "vp": 4},
                        dice=QUIET), "roll resolve end")
    assert find(g.events, "vp-gained", monster="gigazaur", amount=1, card="rooting-for-the-underdog")  # 3 < 4
    g = play(make_setup(me("rooting-for-the-underdog", location="city", vp=1), {"id": "the-king", "vp": 3},
                        dice=QUIET), "roll resolve end")
    assert not find(g.events, "vp-gained", card="rooting-for-the-underdog")  # 3 = 3: a tie gives nothing


def test_rooting_for_the_underdog_only_at_the_end_of_its_owners_turn():
    g = play(make_setup("gigazaur", {"id": "the-king", "cards": ["rooting-for-the-underdog"]}, dice=QUIET2),
             "roll resolve end")
    assert not find(g.events, "vp-gained", card="rooting-for-the-underdog")


def test_herbivore_only_if_nobody_lost_life_to_you():
    g = play(make_setup(me("herbivore"), "the-king", dice=QUIET), "roll resolve end")
    assert find(g.events, "vp-gained", monster="gigazaur", amount=1, card="herbivore")
    g = play(make_setup(me("herbivore"), {"id": "the-king", "location": "city"}, dice="smash 1 2 3 1 2"),
             "roll resolve stay end")
    assert not find(g.events, "vp-gained", card="herbivore")


def test_herbivore_counts_life_you_made_yourself_lose():
    g = play(make_setup(me("herbivore", energy=4), "the-king", dice=QUIET, market=["tank"]),
             "roll resolve buy:0 end")
    assert not find(g.events, "vp-gained", card="herbivore")


def test_eater_of_the_dead_three_vp_when_a_monster_reaches_zero():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "life": 2},
                        {"id": "alienoid", "cards": ["eater-of-the-dead"]}, dice="smash smash 1 2 3 1"),
             "roll resolve")
    assert not g.state.monster("the-king").alive
    assert find(g.events, "vp-gained", monster="alienoid", amount=3, card="eater-of-the-dead")
