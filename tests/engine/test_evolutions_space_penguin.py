"""Space Penguin's Evolution cards (``modules/evolutions/space_penguin.py``), one test per card, from the card
texts."""

import pytest

from kotguide.engine import chance, data, legal_actions, why_illegal
from kotguide.engine.errors import IllegalAction
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.testing import evolution_setup, find, make_setup, play

MARKET = ["heal", "tank", "frenzy"]
FACES = ["1", "2", "3", "heart", "energy", "smash"]


def codes(state):
    return [a.code for a in legal_actions(state)]


def freeze_setup():
    return evolution_setup({"id": "space-penguin", "pieces": ["evo-freeze-ray"]},
                           {"id": "gigazaur", "location": "city"},
                           dice="smash 2 3 heart energy 1  smash smash smash 1 1 1")


def test_freeze_ray_may_go_to_the_wounded_monster_in_tokyo():
    g = play(freeze_setup(), "roll resolve")
    d = g.state.decision
    assert (d.monster, d.window) == ("space-penguin", "evolution-choice")
    assert codes(g.state) == ["use:evo-choose:gigazaur", "use:evo-choose:none"]
    g = play(freeze_setup(), "roll resolve use:evo-choose:gigazaur")
    assert g.state.monster("gigazaur").pieces == ["evo-freeze-ray"]
    assert g.state.monster("space-penguin").pieces == []
    assert find(g.events, "evolution-moved", monster="space-penguin", to="gigazaur", reason="given")
    g = play(freeze_setup(), "roll resolve use:evo-choose:none")
    assert g.state.monster("space-penguin").pieces == ["evo-freeze-ray"]


GIVEN = "roll resolve use:evo-choose:gigazaur stay end"


def test_freeze_ray_its_owner_names_a_face_that_counts_for_nothing_then_the_card_comes_back():
    g = play(freeze_setup(), GIVEN)
    d = g.state.decision
    assert (d.monster, d.window) == ("space-penguin", "evolution-choice")  # on gigazaur's turn
    assert g.state.active_monster.id == "gigazaur"
    assert codes(g.state) == [f"use:evo-choose:{face}" for face in FACES]
    g = play(freeze_setup(), GIVEN + " use:evo-choose:smash roll resolve")
    assert g.state.monster("space-penguin").life == 10  # its three smashes do nothing
    assert g.state.monster("gigazaur").vp == 2 + 1  # start in Tokyo, three 1s
    g = play(freeze_setup(), GIVEN + " use:evo-choose:smash roll resolve end")
    assert g.state.monster("space-penguin").pieces == ["evo-freeze-ray"]
    assert g.state.monster("gigazaur").pieces == []


def test_freeze_ray_comes_back_at_once_when_its_holder_is_eliminated():
    setup = evolution_setup({"id": "space-penguin", "pieces": ["evo-freeze-ray"]},
                            {"id": "gigazaur", "location": "city", "life": 5}, "cyber-kitty",
                            hands={"space-penguin": ["electro-scratch"]}, dice="smash smash smash smash 2 3")
    g = play(setup, "roll resolve use:evo-choose:gigazaur stay use:evo-electro-scratch")
    assert not g.state.monster("gigazaur").alive
    assert g.state.monster("space-penguin").pieces == ["evo-freeze-ray"]


def catch_setup(energy):
    return evolution_setup({"id": "space-penguin", "energy": energy, "pieces": ["evo-miraculous-catch"]}, "gigazaur",
                           market=MARKET, discard=["acid-attack"], dice="1 2 3 1 2 heart")


def test_miraculous_catch_buys_a_card_from_the_discard_pile_for_one_less():
    g = play(catch_setup(5), "roll resolve use:evo-miraculous-catch:reveal")
    assert find(g.events, "discard-revealed", monster="space-penguin", card="acid-attack")
    assert codes(g.state) == ["use:evo-choose:buy", "use:evo-choose:leave"]
    g = play(catch_setup(5), "roll resolve use:evo-miraculous-catch:reveal use:evo-choose:buy")
    p = g.state.monster("space-penguin")
    assert (p.cards, p.energy) == (["acid-attack"], 0)
    assert "acid-attack" not in g.state.discard
    assert "use:evo-miraculous-catch:reveal" not in codes(g.state)  # once per turn


def test_miraculous_catch_too_expensive_the_card_stays():
    g = play(catch_setup(4), "roll resolve use:evo-miraculous-catch:reveal")
    assert codes(g.state) == ["use:evo-choose:leave"]
    g = play(catch_setup(4), "roll resolve use:evo-miraculous-catch:reveal use:evo-choose:leave")
    assert g.state.discard == ["acid-attack"]


def test_miraculous_catch_cannot_buy_once_the_energy_was_spent_while_choosing():
    # Acid Attack costs 6, 5 with the catch; Rapid Healing spends 2 of the 6 energy while the choice waits
    setup = evolution_setup({"id": "space-penguin", "energy": 6, "life": 7, "cards": ["rapid-healing"],
                             "pieces": ["evo-miraculous-catch"]}, "gigazaur",
                            market=MARKET, discard=["acid-attack"], dice="1 2 3 1 2 heart")
    g = play(setup, "roll resolve use:evo-miraculous-catch:reveal")
    assert "use:evo-choose:buy" in codes(g.state)
    g = play(setup, "roll resolve use:evo-miraculous-catch:reveal use:rapid-healing")
    assert g.state.monster("space-penguin").energy == 4
    assert "use:evo-choose:buy" not in codes(g.state) and "use:evo-choose:leave" in codes(g.state)
    with pytest.raises(IllegalAction):
        play(setup, "roll resolve use:evo-miraculous-catch:reveal use:rapid-healing use:evo-choose:buy")


def test_deep_dive_takes_one_of_the_top_three_free_the_others_go_under():
    setup = evolution_setup("space-penguin", "gigazaur", hands={"space-penguin": ["deep-dive"]},
                            market=["heal", "frenzy", "energize"], deck=["tank", "acid-attack", "wings", "jets"])
    g = play(setup, "use:evo-deep-dive")
    assert codes(g.state) == ["use:evo-choose:tank", "use:evo-choose:acid-attack", "use:evo-choose:wings"]
    g = play(setup, "use:evo-deep-dive use:evo-choose:acid-attack")
    assert g.state.monster("space-penguin").cards == ["acid-attack"]
    assert g.state.monster("space-penguin").energy == 0
    assert g.state.deck[0] == "jets"
    assert g.state.deck[-2:] == ["tank", "wings"]


def deep_dive_at_a_table(**fields):
    return make_setup("space-penguin", "gigazaur", options=["evolutions"], table=True, market=DIVE_MARKET,
                      modules={"evolutions": {"hands": {"space-penguin": ["deep-dive"], "gigazaur": []}}}, **fields)


DIVE_MARKET = ["heal", "frenzy", "energize"]


def test_at_a_table_deep_dive_looks_at_the_cards_given_in_order_from_the_top():
    setup = deep_dive_at_a_table()
    g = play(setup, "card:jets card:wings card:tank use:evo-deep-dive")
    assert codes(g.state) == ["use:evo-choose:jets", "use:evo-choose:wings", "use:evo-choose:tank"]
    g = play(setup, "card:jets card:wings card:tank use:evo-deep-dive use:evo-choose:wings")
    assert g.state.monster("space-penguin").cards == ["wings"]
    assert g.state.deck[-2:] == ["jets", "tank"]  # the two others under the deck
    assert chance.seeded_cards_since(play(setup).state, g.state) == 0


def test_at_a_table_deep_dive_with_a_short_deck_looks_past_it_into_the_shuffled_discard_pile():
    discard = list(data.base_deck())
    for card in [*DIVE_MARKET, "tank"]:
        discard.remove(card)
    setup = deep_dive_at_a_table(deck=["tank"], discard=discard)
    # Tank, the last card of the deck, is the first seen: a discarded card cannot come before it
    assert why_illegal(play(setup).state, "card:wings").code == "card-cannot-come-up"
    g = play(setup, "card:tank card:wings card:jets use:evo-deep-dive")
    assert codes(g.state) == ["use:evo-choose:tank", "use:evo-choose:wings", "use:evo-choose:jets"]
    assert find(g.events, "deck-shuffled")
    g = play(setup, "card:tank card:wings card:jets use:evo-deep-dive use:evo-choose:jets")
    assert g.state.monster("space-penguin").cards == ["jets"]
    # the 66 cards less the 3 face up and Jets, all in the deck now, Tank and Wings at the bottom
    assert g.state.discard == [] and len(g.state.deck) == 62 and g.state.deck[-2:] == ["tank", "wings"]


def test_at_a_table_deep_dive_with_no_card_given_counts_the_three_the_site_chose():
    setup = deep_dive_at_a_table()
    assert chance.seeded_cards_since(play(setup).state, play(setup, "use:evo-deep-dive").state) == 3


def test_cold_wave_other_monsters_roll_one_die_fewer_until_its_next_turn():
    setup = evolution_setup("space-penguin", "gigazaur", hands={"space-penguin": ["cold-wave"]})
    g = play(setup, "use:evo-cold-wave roll resolve end roll")
    rolls = find(g.events, "dice-rolled")
    assert [len(e.data["faces"]) for e in rolls] == [6, 5]
    g = play(setup, "use:evo-cold-wave roll resolve end roll resolve end roll")
    assert len(find(g.events, "dice-rolled")[-1].data["faces"]) == 6


def test_cold_wave_only_on_its_holders_turn():
    g = play(evolution_setup("gigazaur", "space-penguin", hands={"space-penguin": ["cold-wave"]},
                             dice="smash 1 2 3 1 2"))
    assert "use:evo-cold-wave" not in codes(g.state)


def blizzard_setup():
    return evolution_setup("space-penguin", {"id": "gigazaur", "location": "city"},
                           hands={"space-penguin": ["blizzard"]}, dice="smash 1 2 3 1 2  1 2 3 1 2 heart")


def test_blizzard_other_monsters_roll_once_and_may_not_yield():
    g = play(blizzard_setup(), "use:evo-blizzard roll")
    assert g.state.decision.kind == "reroll"  # its player is spared
    g = play(blizzard_setup(), "use:evo-blizzard roll resolve")
    assert g.state.monster("gigazaur").life == 9
    assert g.state.decision.kind == "buy"  # the smashed gigazaur is not asked: it may not yield
    assert not find(g.events, "yielded")
    g = play(blizzard_setup(), "use:evo-blizzard roll resolve end roll")
    assert g.state.decision.kind == "resolve"  # a single roll


def test_black_diamond_one_vp_more_for_entering_and_for_staying():
    setup = evolution_setup({"id": "space-penguin", "pieces": ["evo-black-diamond"]}, "gigazaur",
                            dice="1 2 3 1 2 heart  smash 1 2 3 1 2")
    g = play(setup, "roll resolve")
    assert g.state.monster("space-penguin").vp == 2
    g = play(setup, "roll resolve end roll resolve stay")
    assert g.state.monster("space-penguin").vp == 3


# --- Encased in Ice ----------------------------------------------------------------------------------------------
def encased_setup(energy=2):
    return evolution_setup({"id": "space-penguin", "energy": energy, "pieces": ["evo-encased-in-ice"]},
                           {"id": "gigazaur", "location": "city"},
                           dice="smash 2 3 heart energy 1  1 1 1 2 2  3 3 3 3 3 3")


FROZEN = "roll use:evo-encased-in-ice:0"


def test_encased_in_ice_freezes_one_rolled_die_for_one_energy_once_per_turn():
    g = play(encased_setup(), "roll")
    assert [c for c in codes(g.state) if c.startswith("use:evo-encased")] == [
        f"use:evo-encased-in-ice:{i}" for i in range(6)]
    g = play(encased_setup(), FROZEN)
    p = g.state.monster("space-penguin")
    assert p.energy == 1
    assert g.state.dice[0] == "ice:smash"
    assert find(g.events, "die-frozen", monster="space-penguin", die=1, face="smash", evolution="encased-in-ice")
    assert not [c for c in codes(g.state) if c.startswith("use:evo-encased")]  # once per turn
    with pytest.raises(IllegalAction):
        play(encased_setup(), FROZEN + " reroll:0")  # nobody rerolls it, its owner neither
    g = play(encased_setup(), FROZEN + " resolve")
    assert g.state.monster("gigazaur").life == 9  # it still counts for its owner: one smash


def test_encased_in_ice_needs_one_energy():
    g = play(encased_setup(energy=0), "roll")
    assert not [c for c in codes(g.state) if c.startswith("use:evo-encased")]


def test_encased_in_ice_the_others_roll_one_die_fewer_and_add_the_frozen_die():
    g = play(encased_setup(), FROZEN + " resolve stay end roll")
    assert find(g.events, "dice-rolled", monster="gigazaur")[0].data["faces"] == ["1", "1", "1", "2", "2"]
    assert g.state.dice == ["1", "1", "1", "2", "2", "ice:smash"]
    assert find(g.events, "frozen-die-added", monster="gigazaur", die=6, face="smash", by="space-penguin")
    with pytest.raises(IllegalAction):
        play(encased_setup(), FROZEN + " resolve stay end roll reroll:5")
    g = play(encased_setup(), FROZEN + " resolve stay end roll resolve")
    assert g.state.monster("gigazaur").vp == 2 + 1  # start in Tokyo, three 1s
    assert g.state.monster("space-penguin").life == 9  # the frozen smash hits it


def test_encased_in_ice_thaws_when_its_owner_s_next_turn_starts():
    g = play(encased_setup(), FROZEN + " resolve stay end roll resolve end roll")
    assert g.state.active_monster.id == "space-penguin"
    assert g.state.dice == ["3"] * 6


# --- Icy Reflection ----------------------------------------------------------------------------------------------
def icy_setup(*pieces, kitty_life=10, dice="1 2 3 heart energy energy"):
    return evolution_setup({"id": "space-penguin", "pieces": list(pieces)},
                           {"id": "cyber-kitty", "life": kitty_life, "pieces": ["evo-mouse-hunter"]},
                           {"id": "alienoid", "pieces": ["evo-adapting-technology"]},
                           hands={"space-penguin": ["icy-reflection", "electro-scratch"]}, dice=dice,
                           market=MARKET, deck=["jets", "wings", "energize", "giant-brain", "solar-powered",
                                                "urbavore", "gourmet", "nova-breath", "rooting-for-the-underdog"])


def test_icy_reflection_copies_a_permanent_evolution_in_play_never_freeze_ray():
    g = play(icy_setup("evo-freeze-ray", "evo-black-diamond"))
    assert [c for c in codes(g.state) if c.startswith("use:evo-icy")] == [
        "use:evo-icy-reflection:black-diamond", "use:evo-icy-reflection:mouse-hunter",
        "use:evo-icy-reflection:adapting-technology"]
    g = play(icy_setup(), "use:evo-icy-reflection:mouse-hunter roll resolve")
    assert g.state.monster("space-penguin").pieces == ["evo-icy-reflection"]
    assert find(g.events, "evolution-copied", monster="space-penguin", evolution="mouse-hunter")
    assert g.state.monster("space-penguin").vp == 1 + 1  # Mouse Hunter's VP for the 1 rolled, entering Tokyo
    assert find(g.events, "vp-gained", monster="space-penguin", amount=1, evolution="mouse-hunter")


def test_icy_reflection_cannot_be_played_without_a_permanent_evolution_in_play():
    setup = evolution_setup("space-penguin", "gigazaur", hands={"space-penguin": ["icy-reflection"]})
    assert not [c for c in codes(play(setup).state) if c.startswith("use:evo-icy")]


def test_icy_reflection_is_discarded_when_the_original_leaves_play():
    g = play(icy_setup(kitty_life=1), "use:evo-icy-reflection:mouse-hunter use:evo-electro-scratch")
    assert not g.state.monster("cyber-kitty").alive
    assert g.state.monster("space-penguin").pieces == []
    assert find(g.events, "evolution-discarded", monster="space-penguin", evolution="icy-reflection",
                reason="original-left")


def test_icy_reflection_as_if_played_its_arrival_effect_and_discarding_the_copy_discards_it():
    g = play(icy_setup(), "use:evo-icy-reflection:adapting-technology roll resolve")
    assert g.state.monster("space-penguin").tokens["evo-adapting-technology"] == 3
    sweep = "use:evo-adapting-technology:sweep"
    g = play(icy_setup(), f"use:evo-icy-reflection:adapting-technology roll resolve {sweep} {sweep} {sweep}")
    assert g.state.monster("space-penguin").pieces == []  # the third token gone: the copy discards Icy Reflection
    assert g.state.monster("alienoid").pieces == ["evo-adapting-technology"]
    assert "icy-reflection" in C.pile(g.state, C.DISCARD, g.state.monster("space-penguin").seat)
