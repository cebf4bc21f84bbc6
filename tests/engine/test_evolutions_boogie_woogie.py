"""Boogie Woogie's Evolution cards (``modules/evolutions/boogie_woogie.py``) and the Gift kind (``core``), one test per
card; expected values worked out by hand from content/en/evolutions.toml."""

from kotguide.engine import legal_actions
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.testing import evolution_setup, find, play

TWO_SMASHES = "smash smash 1 2 3 energy"  # 2 life to the monster in Tokyo, 1 energy
NO_SET = "1 2 3 1 2 energy"


def codes(state):
    return [a.code for a in legal_actions(state)]


def _gift(card, giga=None, dice=TWO_SMASHES, **fields):
    return evolution_setup("boogie-woogie", {"id": "gigazaur", "location": "city", **(giga or {})},
                           {"id": "the-king"}, hands={"boogie-woogie": [card]}, dice=dice, **fields)


# --- the Gift kind ----------------------------------------------------------------------------------------------
def test_a_gift_is_offered_only_to_the_monsters_the_smashes_wounded():
    g = play(_gift("worst-nightmare"), "roll resolve")
    assert g.state.decision.window == "evolution-gift"
    # Gigazaur in Tokyo lost 2 life; The King outside was not smashed
    assert [c for c in codes(g.state) if c.startswith("use:")] == ["use:evo-worst-nightmare:gigazaur"]


def test_no_gift_question_without_a_wound():
    g = play(_gift("worst-nightmare", dice=NO_SET), "roll resolve")
    assert g.state.decision.window != "evolution-gift"
    assert not find(g.events, "evolution-moved")


def test_a_given_gift_sits_in_front_of_the_wounded_monster_and_stays_its_owners():
    g = play(_gift("worst-nightmare"), "roll resolve use:evo-worst-nightmare:gigazaur")
    assert g.state.monster("gigazaur").pieces == ["evo-worst-nightmare"]
    assert C.hand(g.state, 0) == ()
    assert C.owner_of(g.state, "worst-nightmare") == 0
    assert find(g.events, "evolution-moved", monster="boogie-woogie", evolution="worst-nightmare", to="gigazaur",
                reason="gift")


def test_a_gift_goes_to_its_owners_discard_when_its_holder_is_eliminated():
    setup = evolution_setup("boogie-woogie", {"id": "gigazaur", "location": "city", "life": 3}, "the-king",
                            hands={"boogie-woogie": ["i-live-under-your-bed", "worm-invaders"]}, dice=TWO_SMASHES)
    g = play(setup, "roll resolve use:evo-i-live-under-your-bed:gigazaur stay use:evo-worm-invaders")
    assert not g.state.monster("gigazaur").alive  # 3 - 2 (smashed) - 2 (Worm Invaders)
    assert C.pile(g.state, C.DISCARD, 0) == ("worm-invaders", "i-live-under-your-bed")
    assert C.owner_of(g.state, "i-live-under-your-bed") is None


def test_a_gift_leaves_play_when_its_owner_is_eliminated():
    # Gigazaur, given the card, rolls 5 dice on its turn: two smashes eliminate the Boogie (2 life) outside
    setup = evolution_setup({"id": "boogie-woogie", "life": 2}, {"id": "gigazaur", "location": "city"}, "the-king",
                            hands={"boogie-woogie": ["i-live-under-your-bed"]},
                            dice=f"{TWO_SMASHES} smash smash 1 2 3")
    g = play(setup, "roll resolve use:evo-i-live-under-your-bed:gigazaur stay end roll resolve")
    assert not g.state.monster("boogie-woogie").alive
    assert g.state.monster("gigazaur").pieces == []
    assert C.pile(g.state, C.DISCARD, 0) == ("i-live-under-your-bed",)


# --- the cards --------------------------------------------------------------------------------------------------
def test_boo_makes_a_wounded_monster_that_stayed_yield_and_the_boogie_enters():
    setup = evolution_setup("boogie-woogie", {"id": "gigazaur", "location": "city"}, hands={"boogie-woogie": ["boo"]},
                            dice=TWO_SMASHES)
    g = play(setup, "roll resolve stay")
    assert g.state.decision.window == "boo" and "use:evo-boo:gigazaur" in codes(g.state)
    g = play(setup, "roll resolve stay use:evo-boo:gigazaur")
    assert g.state.monster("gigazaur").location == "outside"
    assert g.state.monster("boogie-woogie").location == "city"
    assert C.pile(g.state, C.DISCARD, 0) == ("boo",)


def test_boo_comes_back_from_the_discard_for_1_energy_in_the_buy_step():
    setup = evolution_setup({"id": "boogie-woogie", "energy": 1}, "gigazaur",
                            table={"discards": {"boogie-woogie": ["boo"]}}, dice=NO_SET)
    g = play(setup, "roll resolve")  # 1 energy rolled: 2 in all
    assert "use:evo-boo:back" in codes(g.state)
    g = play(setup, "roll resolve use:evo-boo:back")
    assert C.hand(g.state, 0) == ("boo",) and g.state.monster("boogie-woogie").energy == 1


def test_worst_nightmare_its_holder_pays_1_energy_or_loses_1_life_at_its_turn_start():
    g = play(_gift("worst-nightmare", giga={"energy": 2}), "roll resolve use:evo-worst-nightmare:gigazaur stay end")
    assert g.state.active == 1 and g.state.decision.window == "evolution-choice"
    assert sorted(c for c in codes(g.state)) == ["use:evo-choose:lose-life", "use:evo-choose:pay-energy"]
    paid = play(_gift("worst-nightmare", giga={"energy": 2}),
                "roll resolve use:evo-worst-nightmare:gigazaur stay end use:evo-choose:pay-energy")
    assert paid.state.monster("gigazaur").energy == 1 and paid.state.monster("boogie-woogie").energy == 2
    hurt = play(_gift("worst-nightmare", giga={"energy": 2}),
                "roll resolve use:evo-worst-nightmare:gigazaur stay end use:evo-choose:lose-life")
    # 10 - 2 (smashed) - 1; Gigazaur in Tokyo also scored 2 VP at its turn start
    assert hurt.state.monster("gigazaur").life == 7


def test_worst_nightmare_without_energy_the_holder_just_loses_1_life():
    g = play(_gift("worst-nightmare"), "roll resolve use:evo-worst-nightmare:gigazaur stay end")
    assert g.state.monster("gigazaur").life == 7
    assert g.state.decision.window != "evolution-choice"


def test_i_live_under_your_bed_its_holder_rolls_one_die_fewer():
    g = play(_gift("i-live-under-your-bed", dice=f"{TWO_SMASHES} 1 2 3 1 2"),
             "roll resolve use:evo-i-live-under-your-bed:gigazaur stay end roll")
    assert g.state.active == 1 and len(g.state.dice) == 5


def test_boogie_dance_four_of_a_face_energy_or_heal():
    setup = evolution_setup({"id": "boogie-woogie", "life": 7, "pieces": ["evo-boogie-dance"]},
                            {"id": "gigazaur", "location": "city"}, dice="2 2 2 2 1 3")
    g = play(setup, "roll resolve")
    assert g.state.decision.window == "evolution-choice"
    assert sorted(codes(g.state)) == ["use:evo-choose:energy", "use:evo-choose:heart"]
    g = play(setup, "roll resolve use:evo-choose:heart")
    assert g.state.monster("boogie-woogie").life == 8 and g.state.monster("boogie-woogie").vp == 3  # 2 + 1 extra 2


def test_well_of_shadow_heals_2():
    setup = evolution_setup({"id": "boogie-woogie", "life": 5}, "gigazaur", hands={"boogie-woogie": ["well-of-shadow"]})
    assert play(setup, "use:evo-well-of-shadow").state.monster("boogie-woogie").life == 7


def test_worm_invaders_every_other_monster_loses_2():
    setup = evolution_setup("boogie-woogie", {"id": "gigazaur", "location": "city"}, {"id": "the-king", "life": 3},
                            hands={"boogie-woogie": ["worm-invaders"]})
    g = play(setup, "use:evo-worm-invaders")
    assert [m.life for m in g.state.monsters] == [10, 8, 1]
    assert g.state.decision.kind == "roll"  # card damage: no yield question


def test_nightlife_heals_1_on_entering_tokyo():
    setup = evolution_setup({"id": "boogie-woogie", "life": 6, "pieces": ["evo-nightlife"]}, "gigazaur", dice=NO_SET)
    g = play(setup, "roll resolve")
    assert g.state.monster("boogie-woogie").location == "city" and g.state.monster("boogie-woogie").life == 7


def test_dusk_ritual_only_after_buying_a_keep_card():
    setup = evolution_setup({"id": "boogie-woogie", "life": 6, "energy": 8}, "gigazaur",
                            hands={"boogie-woogie": ["dusk-ritual"]}, dice=NO_SET,
                            market=["energize", "armor-plating", "frenzy"])
    g = play(setup, "roll resolve")
    assert "use:evo-dusk-ritual" not in codes(g.state)
    g = play(setup, "roll resolve buy:0")  # Energize is a Discard card
    assert "use:evo-dusk-ritual" not in codes(g.state)
    g = play(setup, "roll resolve buy:1 use:evo-dusk-ritual")  # Armor Plating (4) is a Keep card
    bw = g.state.monster("boogie-woogie")
    assert (bw.life, bw.energy) == (8, 8 + 1 - 4 + 2)
