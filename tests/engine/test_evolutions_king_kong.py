"""King Kong's Evolution cards (``modules/evolutions/king_kong.py``), one test per card; expected values worked out by
hand from content/en/evolutions.toml (its readings of the drafts included)."""

from kotguide.engine import is_legal, legal_actions
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.modules.evolutions import king_kong
from kotguide.engine.testing import evolution_setup, find, play

TWO_SMASHES = "smash smash 1 2 3 energy"
NO_SET = "1 2 3 1 2 energy"


def codes(state):
    return [a.code for a in legal_actions(state)]


def test_son_of_kong_kiko_at_0_life_4_life_out_of_tokyo_and_still_playing():
    setup = evolution_setup("gigazaur", {"id": "king-kong", "location": "city", "life": 2},
                            hands={"king-kong": ["son-of-kong-kiko"]}, dice=TWO_SMASHES)
    g = play(setup, "roll resolve")
    kong = g.state.monster("king-kong")
    assert (kong.alive, kong.life, kong.location) == (True, 4, "outside")
    assert g.state.monster("gigazaur").location == "city"  # Tokyo was empty at its entry step
    assert C.pile(g.state, C.DISCARD, 1) == ("son-of-kong-kiko",)


def test_king_of_skull_island_on_yielding_heals_to_the_maximum_and_misses_the_next_turn():
    setup = evolution_setup("gigazaur", {"id": "king-kong", "location": "city", "life": 6}, "the-king",
                            hands={"king-kong": ["king-of-skull-island"]}, dice=f"{TWO_SMASHES} {NO_SET}")
    g = play(setup, "roll resolve yield")
    assert g.state.decision.monster == "king-kong" and g.state.decision.window == "king-of-skull-island"
    g = play(setup, "roll resolve yield use:evo-king-of-skull-island end")
    assert g.state.monster("king-kong").life == 10
    assert g.state.active == 2  # The King plays: King Kong misses its turn
    assert find(g.events, "turn-missed", monster="king-kong", evolution="king-of-skull-island")
    g = play(setup, "roll resolve yield use:evo-king-of-skull-island end roll resolve end")
    assert g.state.active == 0  # only one turn missed


def test_islander_sacrifice_six_dice_energy_and_hearts_even_in_tokyo_and_back_with_fewer_than_two():
    setup = evolution_setup({"id": "king-kong", "location": "city", "life": 7}, "gigazaur",
                            hands={"king-kong": ["islander-sacrifice"]}, dice="energy energy heart 1 2 3")
    g = play(setup, "use:evo-islander-sacrifice")
    kong = g.state.monster("king-kong")
    assert (kong.energy, kong.life) == (2, 8)
    assert C.hand(g.state, 0) == () and C.pile(g.state, C.DISCARD, 0) == ("islander-sacrifice",)
    weak = evolution_setup("king-kong", "gigazaur", hands={"king-kong": ["islander-sacrifice"]},
                           dice="energy 1 2 3 1 2")
    g = play(weak, "use:evo-islander-sacrifice")
    assert g.state.monster("king-kong").energy == 1 and C.hand(g.state, 0) == ("islander-sacrifice",)


def test_monkey_leap_takes_the_empty_tokyo_in_place_of_the_active_monster():
    setup = evolution_setup("gigazaur", "king-kong", hands={"king-kong": ["monkey-leap"]}, dice=NO_SET)
    g = play(setup, "roll resolve")
    assert g.state.decision.monster == "king-kong" and g.state.decision.window == "monkey-leap"
    g = play(setup, "roll resolve use:evo-monkey-leap")
    assert g.state.monster("king-kong").location == "city" and g.state.monster("king-kong").vp == 1
    assert g.state.monster("gigazaur").location == "outside" and g.state.monster("gigazaur").vp == 0


def test_it_was_beauty_killed_the_beast_without_beauty_smashes_stay_and_hit_only_its_holder():
    # King Kong takes Beauty; Gigazaur wounds it and takes Beauty; King Kong's next turn starts without it
    setup = evolution_setup({"id": "king-kong", "location": "city"}, "gigazaur", "the-king",
                            hands={"king-kong": ["it-was-beauty-killed-the-beast"]},
                            dice=f"{NO_SET} {TWO_SMASHES} {NO_SET} smash smash smash 1 2 3")
    g = play(setup, "use:evo-it-was-beauty-killed-the-beast")
    assert king_kong.beauty_holder(g.state) == 0
    steps = "use:evo-it-was-beauty-killed-the-beast roll resolve end roll resolve stay end roll resolve end roll"
    g = play(setup, steps)
    assert king_kong.beauty_holder(g.state) == 1 and g.state.active == 0
    assert not is_legal(g.state, "reroll:0") and is_legal(g.state, "reroll:3")
    g = play(setup, f"{steps} resolve")
    assert g.state.monster("gigazaur").life == 10 - 3  # the three smashes hit it alone
    assert g.state.monster("the-king").life == 10
    assert king_kong.beauty_holder(g.state) == 0  # wounding the holder wins Beauty back
    assert find(g.events, "beauty-taken", monster="king-kong", by="gigazaur", reason="wounded")


def test_beauty_starts_with_the_owner_of_a_card_placed_in_play_and_goes_to_whoever_wounds_it():
    setup = evolution_setup("gigazaur", {"id": "king-kong", "location": "city",
                                         "pieces": ["evo-it-was-beauty-killed-the-beast"]}, dice=TWO_SMASHES)
    assert king_kong.beauty_holder(play(setup).state) == 1
    assert king_kong.beauty_holder(play(setup, "roll resolve").state) == 0


def test_jet_club_one_more_smash_in_tokyo():
    setup = evolution_setup({"id": "king-kong", "location": "city", "pieces": ["evo-jet-club"]}, "gigazaur",
                            dice=TWO_SMASHES)
    assert play(setup, "roll resolve").state.monster("gigazaur").life == 7
    outside = evolution_setup({"id": "king-kong", "pieces": ["evo-jet-club"]}, {"id": "gigazaur", "location": "city"},
                              dice=TWO_SMASHES)
    assert play(outside, "roll resolve").state.monster("gigazaur").life == 8


def test_eighth_wonder_of_the_world_four_of_a_face_1_vp():
    setup = evolution_setup({"id": "king-kong", "pieces": ["evo-eighth-wonder-of-the-world"]},
                            {"id": "gigazaur", "location": "city"}, dice="2 2 2 2 1 3")
    assert play(setup, "roll resolve").state.monster("king-kong").vp == 2 + 1 + 1  # three 2s, the fourth, the card


def test_climb_tokyo_tower_in_tokyo_1_vp_per_1_and_six_1s_win():
    setup = evolution_setup({"id": "king-kong", "location": "city", "pieces": ["evo-climb-tokyo-tower"]},
                            "gigazaur", dice="1 1 1 2 3 energy")
    assert play(setup, "roll resolve").state.monster("king-kong").vp == 2 + 1 + 3  # start in Tokyo, three 1s, card
    six = evolution_setup({"id": "king-kong", "location": "city", "pieces": ["evo-climb-tokyo-tower"]},
                          "gigazaur", dice="1 1 1 1 1 1")
    g = play(six, "roll resolve")
    assert g.state.outcome is not None and g.state.outcome.winners == ("king-kong",)
    assert g.state.outcome.reason == "climb-tokyo-tower"
    outside = evolution_setup({"id": "king-kong", "pieces": ["evo-climb-tokyo-tower"]},
                              {"id": "gigazaur", "location": "city"}, dice="1 1 1 1 1 1")
    g = play(outside, "roll resolve")
    assert g.state.outcome is None and g.state.monster("king-kong").vp == 4  # 1 + 3 for the 1s, no card VP
