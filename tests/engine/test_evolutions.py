"""The Evolutions module (``modules/evolutions``): decks, the initial draw, the three-hearts draw, playing, where every
card is, and the Mutant Evolution draft. Expectations are written from the rules (kot-facts §3.8, decisions.md)."""

import random

import pytest
from budget import games

from kotguide.engine import InvalidSetup, legal_actions
from kotguide.engine.errors import IllegalAction
from kotguide.engine.invariants import check
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.modules.evolutions import invariants
from kotguide.engine.random_play import play_random, random_setup
from kotguide.engine.testing import evolution_setup, find, make_setup, play

ALIENOID_DECK = ["alien-scourge", "precision-field-support", "anger-batteries", "adapting-technology",
                 "funny-looking-but-dangerous", "exotic-arms", "mothership-support", "superior-alien-technology"]
PENGUIN_DECK = ["freeze-ray", "miraculous-catch", "deep-dive", "cold-wave", "encased-in-ice", "blizzard",
                "black-diamond", "icy-reflection"]


def codes(state):
    return [a.code for a in legal_actions(state)]


def piles(state, monster):
    seat = state.monster(monster).seat
    return {name: C.pile(state, name, seat) for name in (C.DECK, C.HAND, C.DISCARD)}


# --- the initial draw ------------------------------------------------------------------------------------------
def opening(**fields):
    decks = {"alienoid": ["alien-scourge", "exotic-arms"], "gigazaur": ["heat-vision", "tail-sweep"]}
    return make_setup("alienoid", "gigazaur", options=["evolutions"], modules={"evolutions": {"decks": decks}},
                      **fields)


def test_each_monster_draws_two_and_keeps_one_before_the_first_turn():
    g = play(opening())
    d = g.state.decision
    assert (d.monster, d.kind, d.window) == ("alienoid", "card", "evolution-keep")
    assert codes(g.state) == ["use:evo-keep:alien-scourge", "use:evo-keep:exotic-arms"]  # no pass
    g = play(opening(), "use:evo-keep:exotic-arms")
    a = piles(g.state, "alienoid")
    assert a[C.HAND] == ("exotic-arms",)
    assert a[C.DISCARD] == ("alien-scourge",)
    assert len(a[C.DECK]) == 6
    assert find(g.events, "evolution-discarded", monster="alienoid", evolution="alien-scourge", reason="not-kept")
    assert g.state.decision.monster == "gigazaur"
    g = play(opening(), "use:evo-keep:exotic-arms use:evo-keep:tail-sweep")
    assert piles(g.state, "gigazaur")[C.HAND] == ("tail-sweep",)
    assert (g.state.decision.monster, g.state.decision.kind) == ("alienoid", "roll")
    assert g.state.turn == 1


def test_the_keep_choice_has_no_pass():
    with pytest.raises(IllegalAction) as err:
        play(opening(), "pass")
    assert err.value.code == "must-choose"


def test_a_monster_given_a_hand_makes_no_initial_draw():
    g = play(evolution_setup("alienoid", "gigazaur", hands={"alienoid": ["exotic-arms"]}))
    assert g.state.decision.kind == "roll"
    assert not find(g.events, "evolutions-drawn")
    assert len(piles(g.state, "alienoid")[C.DECK]) == 7
    assert len(piles(g.state, "gigazaur")[C.DECK]) == 8


# --- three hearts ----------------------------------------------------------------------------------------------
def hearts_game(dice, location="outside", life=7, **table):
    return evolution_setup({"id": "alienoid", "life": life, "location": location}, "gigazaur", dice=dice,
                           table={"decks": {"alienoid": ["mothership-support", "alien-scourge"]}, **table})


def test_three_hearts_draw_two_keep_one_and_still_heal():
    g = play(hearts_game("heart heart heart 1 2 3"), "roll resolve")
    a = g.state.monster("alienoid")
    assert a.life == 10  # the hearts are not spent
    assert find(g.events, "evolutions-drawn", monster="alienoid", amount=2, reason="hearts")
    assert codes(g.state) == ["use:evo-keep:mothership-support", "use:evo-keep:alien-scourge"]
    g = play(hearts_game("heart heart heart 1 2 3"), "roll resolve use:evo-keep:alien-scourge")
    assert piles(g.state, "alienoid")[C.HAND] == ("alien-scourge",)
    assert piles(g.state, "alienoid")[C.DISCARD] == ("mothership-support",)
    assert g.state.decision.kind == "buy"


def test_three_hearts_draw_in_tokyo_too_where_they_do_not_heal():
    g = play(hearts_game("heart heart heart heart 2 3", location="city"), "roll resolve")
    assert g.state.monster("alienoid").life == 7
    assert find(g.events, "not-healed", monster="alienoid", reason="tokyo")
    assert find(g.events, "evolutions-drawn", monster="alienoid", amount=2, reason="hearts")


def test_two_hearts_draw_nothing():
    g = play(hearts_game("heart heart 1 1 2 3"), "roll resolve")
    assert not find(g.events, "evolutions-drawn")
    assert g.state.decision.kind == "buy"


def test_the_keep_choice_comes_before_the_smashed_occupant_yields():
    setup = evolution_setup("alienoid", {"id": "gigazaur", "location": "city"}, dice="heart heart heart smash 2 3")
    g = play(setup, "roll resolve")
    assert (g.state.decision.monster, g.state.decision.window) == ("alienoid", "evolution-keep")
    g = play(setup, f"roll resolve use:evo-keep:{codes(g.state)[0].rsplit(':', 1)[1]}")
    assert (g.state.decision.monster, g.state.decision.kind) == ("gigazaur", "yield")


def test_an_empty_deck_is_reshuffled_from_the_discard_pile():
    hands = {"alienoid": ALIENOID_DECK[:6]}
    setup = evolution_setup({"id": "alienoid", "life": 7}, "gigazaur", hands=hands, dice="heart heart heart 1 2 3",
                            table={"decks": {"alienoid": ["mothership-support"]},
                                   "discards": {"alienoid": ["superior-alien-technology"]}})
    g = play(setup, "roll resolve")
    assert find(g.events, "evolution-deck-shuffled", monster="alienoid", amount=1)
    assert codes(g.state) == ["use:evo-keep:mothership-support", "use:evo-keep:superior-alien-technology"]


def test_a_single_card_left_is_kept_and_none_left_draws_nothing():
    one_left = evolution_setup({"id": "alienoid", "life": 7}, "gigazaur", hands={"alienoid": ALIENOID_DECK[:7]},
                               dice="heart heart heart 1 2 3")
    g = play(one_left, "roll resolve")
    assert find(g.events, "evolutions-drawn", monster="alienoid", amount=1)
    assert piles(g.state, "alienoid")[C.HAND][-1] == "superior-alien-technology"
    assert g.state.decision.kind == "buy"
    none_left = evolution_setup({"id": "alienoid", "life": 7}, "gigazaur", hands={"alienoid": ALIENOID_DECK},
                                dice="heart heart heart 1 2 3")
    g = play(none_left, "roll resolve")
    assert find(g.events, "evolutions-drawn", monster="alienoid", amount=0)
    assert g.state.decision.kind == "buy"


# --- playing ---------------------------------------------------------------------------------------------------
def test_a_temporary_card_is_discarded_and_a_permanent_one_stays_in_play():
    setup = evolution_setup({"id": "alienoid", "life": 7, "energy": 1}, "gigazaur",
                            hands={"alienoid": ["alien-scourge", "mothership-support"]})
    g = play(setup, "use:evo-alien-scourge use:evo-mothership-support")
    a = g.state.monster("alienoid")
    assert piles(g.state, "alienoid")[C.DISCARD] == ("alien-scourge",)
    assert piles(g.state, "alienoid")[C.HAND] == ()
    assert a.pieces == ["evo-mothership-support"]
    assert find(g.events, "evolution-played", evolution="alien-scourge", reason="temporary")
    assert find(g.events, "evolution-played", evolution="mothership-support", reason="permanent")
    assert "use:evo-mothership-support" not in codes(g.state)  # in play: no more to play


def test_only_the_holder_is_offered_its_cards():
    g = play(evolution_setup("gigazaur", "alienoid", hands={"alienoid": ["alien-scourge"]}))
    assert "use:evo-alien-scourge" not in codes(g.state)


def test_a_monster_may_play_another_monsters_evolution_it_holds():
    g = play(evolution_setup("space-penguin", "alienoid", hands={"space-penguin": ["alien-scourge"]}),
             "use:evo-alien-scourge")
    assert g.state.monster("space-penguin").vp == 2
    assert piles(g.state, "space-penguin")[C.DISCARD] == ("alien-scourge",)


def test_an_eliminated_monsters_evolutions_go_to_its_discard_pile():
    setup = evolution_setup("gigazaur", {"id": "alienoid", "life": 2, "location": "city",
                                         "pieces": ["evo-mothership-support"]},
                            hands={"alienoid": ["alien-scourge"]}, dice="smash smash smash 1 2 3")
    g = play(setup, "roll resolve")
    a = g.state.monster("alienoid")
    assert not a.alive and a.pieces == []
    assert set(piles(g.state, "alienoid")[C.DISCARD]) == {"mothership-support", "alien-scourge"}
    check(g.state)


def test_power_cards_about_cards_leave_evolutions_alone():
    # It Has a Child! discards all its holder's cards: its Evolution in play stays
    setup = evolution_setup("gigazaur", {"id": "alienoid", "life": 2, "location": "city", "cards": ["it-has-a-child"],
                                         "pieces": ["evo-mothership-support"]}, dice="smash smash smash 1 2 3")
    g = play(setup, "roll resolve")
    a = g.state.monster("alienoid")
    assert a.alive and a.cards == []
    assert a.pieces == ["evo-mothership-support"]


# --- setup tables and invariants -------------------------------------------------------------------------------
@pytest.mark.parametrize(("modules", "pieces", "code"), [
    ({"evolutions": {"hands": {"alienoid": ["heat-vision"]}}}, [], "unknown-evolution"),  # gigazaur not in play
    ({"evolutions": {"hands": {"alienoid": ["alien-scourge"]}, "decks": {"alienoid": ["alien-scourge"]}}}, [],
     "too-many-copies"),
    ({"evolutions": {}}, ["evo-alien-scourge"], "temporary-in-play"),
    ({"evolutions": {"hand": {}}}, [], "unknown-key"),
    ({"evolutions": {"hands": {"the-king": []}}}, [], "unknown-monster"),
])
def test_bad_setup_tables_are_refused(modules, pieces, code):
    with pytest.raises(InvalidSetup) as err:
        make_setup({"id": "alienoid", "pieces": pieces}, "space-penguin", options=["evolutions"], modules=modules)
    assert err.value.code == code


def test_the_draft_needs_evolutions_and_deals_every_card_itself():
    with pytest.raises(InvalidSetup) as err:
        make_setup("alienoid", "space-penguin", options=["mutant-draft"])
    assert err.value.code == "option-requires"
    with pytest.raises(InvalidSetup) as err:
        make_setup("alienoid", "space-penguin", options=["evolutions", "mutant-draft"],
                   modules={"evolutions": {"hands": {"alienoid": ["alien-scourge"]}}})
    assert err.value.code == "draft-deals"
    with pytest.raises(InvalidSetup) as err:
        make_setup("alienoid", "space-penguin", options=["evolutions", "mutant-draft"],
                   modules={"mutant-draft": {"packets": {"alienoid": ALIENOID_DECK, "space-penguin": ALIENOID_DECK}}})
    assert err.value.code == "bad-packets"


def test_the_invariant_finds_a_card_in_two_places():
    g = play(evolution_setup("alienoid", "gigazaur", hands={"alienoid": ["alien-scourge"]}))
    assert invariants(g.state) == []
    g.state.marks[C.place(C.DISCARD, "alienoid")] = ("alien-scourge",)
    assert invariants(g.state) == ["Evolutions not each in exactly one place: {'alien-scourge': 1}"]


# --- the Mutant Evolution draft --------------------------------------------------------------------------------
def draft_setup():
    return make_setup("space-penguin", "alienoid", options=["evolutions", "mutant-draft"],
                      modules={"mutant-draft": {"packets": {"space-penguin": PENGUIN_DECK, "alienoid": ALIENOID_DECK}}})


def first_picks(n):
    """Each monster picks the first card offered, ``n`` picks in all."""
    g = play(draft_setup())
    actions = []
    for _ in range(n):
        actions.append(codes(g.state)[0])
        g = play(draft_setup(), actions)
        check(g.state)
    return g


def test_the_draft_passes_packets_to_the_left_round_by_round():
    g = play(draft_setup())
    assert find(g.events, "evolutions-pooled", amount=16, rule="mutant-draft")
    d = g.state.decision
    assert (d.monster, d.window) == ("space-penguin", "evolution-draft")
    assert codes(g.state) == [f"use:evo-pick:{c}" for c in PENGUIN_DECK]  # its own packet first, no pass
    g = first_picks(1)  # space-penguin took freeze-ray
    assert g.state.decision.monster == "alienoid"
    assert codes(g.state) == [f"use:evo-pick:{c}" for c in ALIENOID_DECK]
    g = first_picks(2)  # alienoid took alien-scourge; round 2: the packets have moved on
    assert g.state.decision.monster == "space-penguin"
    assert codes(g.state) == [f"use:evo-pick:{c}" for c in ALIENOID_DECK[1:]]
    g = first_picks(3)
    assert codes(g.state) == [f"use:evo-pick:{c}" for c in PENGUIN_DECK[1:]]


def test_after_eight_picks_each_deck_is_its_picks_then_the_initial_draw():
    g = first_picks(16)
    penguin = {"freeze-ray", "precision-field-support", "deep-dive", "adapting-technology", "encased-in-ice",
               "exotic-arms", "black-diamond", "superior-alien-technology"}
    alienoid = (set(PENGUIN_DECK) | set(ALIENOID_DECK)) - penguin
    d = g.state.decision
    assert (d.monster, d.window) == ("space-penguin", "evolution-keep")
    for monster, picked in (("space-penguin", penguin), ("alienoid", alienoid)):
        seat = g.state.monster(monster).seat
        assert set(C.pile(g.state, C.DECK, seat)) | set(C.pile(g.state, C.DRAWN, seat)) == picked
        assert len(C.pile(g.state, C.DRAWN, seat)) == 2
    assert find(g.events, "evolution-picked", monster="alienoid", evolution="icy-reflection", round=8)


def test_with_three_monsters_each_packet_goes_to_the_next_seat():
    # with two monsters left and right are the same seat: three show the direction (the packet of seat 0 goes to
    # seat 1, seat 1's to seat 2, and seat 2's comes round to seat 0)
    gigazaur = ["detachable-tail", "radioactive-waste", "primal-bellow", "saurian-adaptability", "defender-of-tokyo",
                "heat-vision", "gamma-breath", "tail-sweep"]
    setup = make_setup("space-penguin", "alienoid", "gigazaur", options=["evolutions", "mutant-draft"],
                       modules={"mutant-draft": {"packets": {"space-penguin": PENGUIN_DECK, "alienoid": ALIENOID_DECK,
                                                             "gigazaur": gigazaur}}})
    g = play(setup, ["use:evo-pick:freeze-ray", "use:evo-pick:alien-scourge", "use:evo-pick:detachable-tail"])
    assert g.state.decision.monster == "space-penguin"
    assert codes(g.state) == [f"use:evo-pick:{c}" for c in gigazaur[1:]]
    g = play(setup, [*g.actions, "use:evo-pick:radioactive-waste"])
    assert g.state.decision.monster == "alienoid"
    assert codes(g.state) == [f"use:evo-pick:{c}" for c in PENGUIN_DECK[1:]]


# --- random games ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [("evolutions",), ("evolutions", "mutant-draft"),
                                     ("evolutions", "two-player")])
def test_random_games_keep_every_invariant_and_end(options):
    for seed in range(games(8, 40)):
        rnd = random.Random(seed)
        result = play_random(random_setup(rnd, None, options), rnd, check=check, max_actions=16_000)
        assert result.state.outcome is not None


def test_no_draw_on_three_hearts_once_the_game_ended_during_the_roll():
    # Gigazaur, in Tokyo with 16 VP and Final Roar, falls to The King's smash: the game ends with the roll, so the
    # King's three hearts draw no Evolution (the soak found a draw left without its keep choice)
    setup = make_setup({"id": "the-king", "life": 5}, {"id": "gigazaur", "location": "city", "life": 1, "vp": 16,
                                                         "pieces": ["tile-final-roar"]},
                       dice="heart heart heart smash 1 2", options=["evolutions", "wickedness"],
                       modules={"evolutions": {"hands": {"the-king": [], "gigazaur": []}}})
    g = play(setup, "roll resolve")
    assert g.state.outcome is not None and g.state.outcome.reason == "final-roar"
    assert find(g.events, "evolutions-drawn") == []
    assert C.hand(g.state, 0) == () and C.pile(g.state, C.DRAWN, 0) == ()
