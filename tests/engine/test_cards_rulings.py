"""Every ruling of kot-facts §4 (rulebook clarifications and other rulings) and kotguide's decisions on the flagged
doubts, one test each. Expectations are written from the rulings, never from the engine's output."""

from kotguide.engine import apply, legal_actions
from kotguide.engine.testing import find, make_setup, play

QUIET = "1 2 3 1 2 3"


def codes(state):
    return [a.code for a in legal_actions(state)]


# --- rulebook clarifications -------------------------------------------------------------------------------------
def test_1_twenty_vp_and_zero_life_from_a_card_eliminates_and_all_out_together_nobody_wins():
    g = play(make_setup({"id": "gigazaur", "energy": 5, "vp": 16, "life": 4}, "the-king", dice=QUIET,
                        market=["jet-fighters"]), "roll resolve buy:0")
    assert not g.state.monster("gigazaur").alive
    assert g.state.outcome is not None and g.state.outcome.winners == ("the-king",)
    g = play(make_setup({"id": "gigazaur", "energy": 4, "life": 3}, {"id": "the-king", "life": 3},
                        {"id": "alienoid", "life": 2}, dice=QUIET, market=["high-altitude-bombing"]),
             "roll resolve buy:0")
    assert g.state.outcome.winners == () and g.state.outcome.reason == "all-eliminated"


def test_2_cards_heal_up_to_ten_unless_a_keep_card_raises_the_maximum():
    g = play(make_setup({"id": "gigazaur", "energy": 3, "life": 9}, "the-king", dice=QUIET, market=["heal"]),
             "roll resolve buy:0")
    assert g.state.monster("gigazaur").life == 10
    g = play(make_setup({"id": "gigazaur", "energy": 3, "life": 10, "max_life": 12, "cards": ["even-bigger"]},
                        "the-king", dice=QUIET, market=["heal"]), "roll resolve buy:0")
    assert g.state.monster("gigazaur").life == 12


def test_3_two_opportunists_first_chance_clockwise_from_the_active_monster():
    # seats: alienoid (Opportunist), meka-dragon (buys), the-king (Mimic copying alienoid's Opportunist)
    setup = make_setup({"id": "alienoid", "energy": 6, "cards": ["opportunist"]},
                       {"id": "meka-dragon", "energy": 3}, {"id": "the-king", "energy": 8, "cards": ["mimic"]},
                       first="the-king", dice=" ".join([QUIET] * 3), market=["corner-store", "tank", "energize"],
                       deck=["skyscraper", "heal"])
    g = play(setup, "use:mimic:alienoid.opportunist roll resolve end roll resolve end roll resolve buy:0")
    assert g.state.decision.monster == "the-king"  # clockwise from meka-dragon: the-king comes before alienoid
    s, _ = apply(g.state, "use:opportunist:0")
    assert s.monster("the-king").vp == 5  # 1 for entering, 4 for Skyscraper
    assert s.decision.monster == "alienoid"  # then the other owner, for the card revealed in its place


def test_4_fire_breathing_neighbours_lose_one_even_in_the_same_place():
    monsters = [{"id": "gigazaur", "location": "city", "cards": ["fire-breathing"]},
                {"id": "the-king", "location": "bay"}, "alienoid", "meka-dragon", "cyber-kitty"]
    g = play(make_setup(*monsters, dice="smash 1 2 3 1 2"), "roll resolve")
    # the smash from the City hits the three outside; the neighbours (the-king in the Bay, cyber-kitty) lose 1 more
    assert [m.life for m in g.state.monsters] == [10, 9, 9, 9, 8]
    g = play(make_setup({"id": "gigazaur", "cards": ["fire-breathing"]}, "the-king", dice="smash 1 2 3 1 2"),
             "roll resolve")
    assert g.state.monster("the-king").life == 9  # two monsters: the other loses just 1


def test_5_mimic_copies_as_if_newly_bought_and_stops_when_that_card_leaves():
    setup = make_setup({"id": "gigazaur", "energy": 1, "cards": ["mimic"]},
                       {"id": "the-king", "cards": ["smoke-cloud", "metamorph"], "tokens": {"smoke": 1}},
                       dice=f"{QUIET} {QUIET}")
    g = play(setup, "use:mimic:the-king.smoke-cloud")
    assert g.state.monster("gigazaur").tokens == {"mimic-smoke": 3}  # a fresh copy: 3 tokens, not the 1 left
    g = play(setup, "use:mimic:the-king.smoke-cloud roll resolve end roll resolve end use:metamorph:smoke-cloud")
    m = g.state.monster("gigazaur")
    assert (m.tokens, m.cards) == ({}, ["mimic"])
    assert find(g.events, "mimic-returned", monster="gigazaur", card="smoke-cloud")


def test_5_the_mimic_token_placed_again_at_a_later_turn_start_for_one_energy():
    g = play(make_setup({"id": "gigazaur", "energy": 1, "cards": ["mimic"]},
                        {"id": "the-king", "cards": ["extra-head"]}, dice="1 2 3 1 2 3 1"),
             "use:mimic:the-king.extra-head")
    assert g.state.monster("gigazaur").energy == 0 and g.state.phase == "roll"


def test_6_tokens_stay_when_their_card_is_gone():
    setup = make_setup({"id": "gigazaur", "cards": ["poison-spit", "metamorph"]},
                       {"id": "the-king", "location": "city"}, dice=f"smash 1 2 3 1 2 {QUIET}")
    g = play(setup, "roll resolve stay end use:metamorph:poison-spit pass roll resolve end")
    assert "poison-spit" in g.state.discard
    assert g.state.monster("the-king").life == 8  # 1 from the smash, 1 from the Poison token
    assert g.state.monster("the-king").tokens == {"poison": 1}


def test_6_tokens_not_removed_in_tokyo_and_a_heart_spent_on_one_does_not_heal():
    g = play(make_setup({"id": "gigazaur", "life": 5, "location": "city", "tokens": {"shrink": 1}}, "the-king",
                        dice="heart 1 2 3 1"), "roll resolve")
    assert g.state.monster("gigazaur").tokens == {"shrink": 1}
    g = play(make_setup({"id": "gigazaur", "life": 5, "tokens": {"shrink": 1}}, "the-king",
                        dice="heart 1 2 3 1"), "roll resolve")
    m = g.state.monster("gigazaur")
    assert (m.tokens, m.life) == ({}, 5)


def test_7_metamorph_at_the_end_of_turn_full_printed_cost_even_partly_used():
    setup = make_setup({"id": "gigazaur", "cards": ["metamorph", "battery-monster"], "tokens": {"battery": 4}},
                       "the-king", dice=QUIET)
    g = play(setup, "roll resolve")
    assert "use:metamorph:battery-monster" not in codes(g.state)  # not before the end of the turn
    g = play(setup, "roll resolve end use:metamorph:battery-monster")
    assert g.state.monster("gigazaur").energy == 2 + 3  # 2 taken off it at the start, then its printed cost


# --- other rulings -------------------------------------------------------------------------------------------------
def test_card_damage_grants_no_yield():
    g = play(make_setup({"id": "gigazaur", "energy": 3}, {"id": "the-king", "location": "city"}, dice=QUIET,
                        market=["flame-thrower"]), "roll resolve buy:0")
    assert g.state.monster("the-king").life == 8 and g.state.decision.kind == "buy"
    g = play(make_setup({"id": "gigazaur", "cards": ["fire-breathing"]}, {"id": "the-king", "location": "city"},
                        dice="smash 1 2 3 1 2"), "roll resolve")
    assert g.state.monster("the-king").life == 8  # 1 smash + 1 Fire Breathing
    assert len(find(g.events, "damaged", monster="the-king")) == 2


def test_armor_plating_per_source_and_a_single_poison_token():
    g = play(make_setup("gigazaur", {"id": "the-king", "cards": ["armor-plating"], "tokens": {"poison": 1}},
                        dice=f"{QUIET} {QUIET}"), "roll resolve end roll resolve end")
    assert g.state.monster("the-king").life == 10
    g = play(make_setup("gigazaur", {"id": "the-king", "cards": ["armor-plating"], "tokens": {"poison": 2}},
                        dice=f"{QUIET} {QUIET}"), "roll resolve end roll resolve end")
    assert g.state.monster("the-king").life == 8


def test_wings_after_the_other_monster_has_rolled():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "energy": 2, "cards": ["wings"]},
                        dice="smash smash smash 1 2 3"), "roll resolve")
    assert codes(g.state) == ["pass", "use:wings"]


def test_healing_ray_cannot_be_refused():
    g = play(make_setup({"id": "gigazaur", "cards": ["healing-ray"]}, {"id": "the-king", "life": 5, "energy": 2},
                        dice="heart 1 2 3 1 2"), "roll resolve use:healing-ray:the-king")
    assert g.state.monster("the-king").life == 6
    assert not any(d.monster == "the-king" for d in [g.state.decision, *g.state.pending])


def test_eater_of_the_dead_when_it_has_a_child_brings_a_monster_back():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "life": 1, "cards": ["it-has-a-child"]},
                        {"id": "alienoid", "cards": ["eater-of-the-dead"]}, dice="smash 1 2 3 1 2"), "roll resolve")
    assert g.state.monster("the-king").alive
    assert g.state.monster("alienoid").vp == 3


def test_acid_attack_smash_lets_the_occupant_yield():
    g = play(make_setup({"id": "gigazaur", "cards": ["acid-attack"]}, {"id": "the-king", "location": "city"},
                        dice=QUIET), "roll resolve")
    assert g.state.decision.kind == "yield"


def test_alien_origin_lowers_parasitic_tentacles_prices():
    g = play(make_setup({"id": "gigazaur", "energy": 6, "cards": ["parasitic-tentacles", "alien-origin"]},
                        {"id": "the-king", "cards": ["extra-head"]}, dice=QUIET),
             "roll resolve use:parasitic-tentacles:the-king.extra-head")
    assert g.state.monster("gigazaur").energy == 0 and g.state.monster("the-king").energy == 6


def test_a_card_that_empties_tokyo_after_the_enter_step_gives_no_entry():
    g = play(make_setup({"id": "gigazaur", "energy": 3}, {"id": "the-king", "location": "city", "life": 2},
                        "alienoid", dice=QUIET, market=["flame-thrower"]), "roll resolve buy:0")
    assert not g.state.monster("the-king").alive
    assert g.state.monster("gigazaur").location == "outside"


# --- decisions on flagged doubts (decisions.md, the brief) ---------------------------------------------------------
def test_max_life_cap_twelve_even_with_two_raises():
    g = play(make_setup({"id": "gigazaur", "energy": 1, "cards": ["mimic", "even-bigger"], "life": 12,
                         "max_life": 12}, "the-king"), "use:mimic:gigazaur.even-bigger")
    m = g.state.monster("gigazaur")
    assert (m.max_life, m.life) == (12, 12)


def test_herbivore_counts_life_you_made_yourself_lose():
    g = play(make_setup({"id": "gigazaur", "energy": 3, "cards": ["herbivore"]}, "the-king", dice=QUIET,
                        market=["national-guard"]), "roll resolve buy:0 end")
    assert not find(g.events, "vp-gained", card="herbivore")


def test_rooting_for_the_underdog_strictly_alone_at_the_fewest():
    g = play(make_setup({"id": "gigazaur", "location": "city", "cards": ["rooting-for-the-underdog"]},
                        {"id": "the-king", "vp": 2}, {"id": "alienoid", "vp": 5}, dice=QUIET), "roll resolve end")
    assert not find(g.events, "vp-gained", card="rooting-for-the-underdog")  # 2 and 2: a tie


def test_it_has_a_child_continues_outside_and_keeps_energy():
    g = play(make_setup({"id": "gigazaur", "energy": 9, "life": 3, "location": "city", "vp": 5,
                         "cards": ["it-has-a-child"]}, "the-king", dice=QUIET, market=["tank"]),
             "roll resolve buy:0")
    m = g.state.monster("gigazaur")
    assert (m.alive, m.location, m.energy, m.vp, m.life) == (True, "outside", 5, 0, 10)
    assert g.state.decision.monster == "gigazaur"  # its turn goes on


def test_friend_of_children_not_on_recovered_energy():
    g = play(make_setup({"id": "gigazaur", "cards": ["friend-of-children", "battery-monster"],
                         "tokens": {"battery": 6}}, "the-king"))
    assert g.state.monster("gigazaur").energy == 2


def test_psychic_probe_once_per_turn_after_the_last_roll():
    g = play(make_setup("gigazaur", {"id": "the-king", "cards": ["psychic-probe"]}, dice="1 1 1 2 3 smash 2"),
             "roll resolve use:psychic-probe:0")
    assert g.state.decision.monster == "gigazaur"  # used: not offered again this turn


def test_shrink_one_die_fewer_and_smoke_cloud_three_tokens():
    g = play(make_setup({"id": "gigazaur", "tokens": {"shrink": 1}}, "the-king", dice=QUIET), "roll")
    assert len(g.state.dice) == 5
    g = play(make_setup({"id": "gigazaur", "energy": 4}, "the-king", dice=QUIET, market=["smoke-cloud"]),
             "roll resolve buy:0")
    assert g.state.monster("gigazaur").tokens == {"smoke": 3}
