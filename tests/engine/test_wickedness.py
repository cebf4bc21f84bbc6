"""Wickedness tiles (``modules/wickedness/``: ``core``, ``tiles``): the gauge, taking tiles, the setup of
the tiles and the tiles' effects (each side also has its scenario, ``tile-<id>.toml``). Expectations are written
from kot-facts §3.7 and the readings in the modules' docstrings."""

import random

import pytest
from budget import games

from kotguide.engine import InvalidSetup, apply, legal_actions
from kotguide.engine import options as O
from kotguide.engine.invariants import check
from kotguide.engine.modules.wickedness.core import tiles
from kotguide.engine.random_play import play_random, random_setup
from kotguide.engine.testing import find, make_setup, play

QUIET = "1 2 3 1 2 3"
KING_IN_TOKYO = {"id": "the-king", "location": "city"}
ALL_ORANGE = ["devious", "eternal", "skulking", "tireless", "cyberbrain", "evil-lair", "full-regeneration",
              "widespread-panic", "antimatter-beam", "skybeam"]


def setup(*monsters, dice=QUIET, tiles_up=None, more=(), **fields):
    table = {} if tiles_up is None else {"tiles": tiles_up}
    return make_setup(*monsters, dice=dice, options=[O.WICKEDNESS, *more], modules={"wickedness": table}, **fields)


def with_costumes(*monsters, dice):
    """No tile face up, and the costumes module with nobody drafting (only the costumes the monsters hold)."""
    return make_setup(*monsters, dice=dice, options=[O.WICKEDNESS, O.COSTUMES],
                      modules={"wickedness": {"tiles": []}, "costumes": {"draft": False}})


def gigazaur(level=0, **fields):
    return {"id": "gigazaur", "tokens": {"wickedness": level} if level else {}, **fields}


def level(g, monster="gigazaur"):
    return g.state.monster(monster).tokens.get("wickedness", 0)


def codes(state):
    return [a.code for a in legal_actions(state)]


def board(g):
    return list(g.state.marks["wickedness:board"])


# --- the gauge ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("dice", "spaces"), [
    ("1 1 1 3 3 heart", 2),
    ("2 2 2 3 3 heart", 1),
    ("1 1 1 2 2 2", 3),
    ("1 1 1 1 1 1", 4),  # two full sets of three
    ("1 1 1 1 1 heart", 2),  # five 1s: one full set
    ("1 1 2 2 3 3", 0),
    ("3 3 3 3 heart smash", 0),  # 3s move nothing
])
def test_sets_of_ones_and_twos_move_the_marker(dice, spaces):
    g = play(setup(gigazaur(), KING_IN_TOKYO, dice=dice, tiles_up=[]), "roll resolve")
    assert level(g) == spaces


def test_the_marker_moves_in_tokyo_too():
    g = play(setup(gigazaur(location="city"), "the-king", dice="1 1 1 3 3 heart", tiles_up=[]), "roll resolve")
    assert level(g) == 2


def test_only_the_active_monsters_roll_moves_its_marker():
    g = play(setup(gigazaur(), {"id": "the-king", "tokens": {"wickedness": 4}}, dice="1 1 1 2 2 2", tiles_up=[]),
             "roll resolve")
    assert (level(g), level(g, "the-king")) == (3, 4)


def test_the_gauge_stops_at_ten():
    g = play(setup(gigazaur(9), KING_IN_TOKYO, dice="1 1 1 2 2 2", tiles_up=[]), "roll resolve")
    assert level(g) == 10
    assert find(g.events, "wickedness-gained", rule="wickedness", monster="gigazaur", amount=1, total=10)
    full = play(setup(gigazaur(10), KING_IN_TOKYO, dice="1 1 1 2 2 2", tiles_up=["starburst"]), "roll resolve")
    assert level(full) == 10
    assert not find(full.events, "wickedness-gained")
    assert full.state.decision.kind == "buy"  # level 10 is not reached again


# --- taking tiles ------------------------------------------------------------------------------------------------
def test_reaching_a_level_offers_its_face_up_tiles():
    g = play(setup(gigazaur(1), KING_IN_TOKYO, dice="1 1 1 2 3 heart", tiles_up=["devious", "eternal", "cyberbrain"]),
             "roll resolve")
    d = g.state.decision
    assert (d.kind, d.window, d.monster) == ("card", "wickedness", "gigazaur")
    assert codes(g.state) == ["pass", "use:wickedness:devious", "use:wickedness:eternal"]


def test_the_tile_is_chosen_before_a_smashed_monster_yields():
    g = play(setup(gigazaur(1), KING_IN_TOKYO, dice="1 1 1 smash 3 heart", tiles_up=["devious"]), "roll resolve")
    assert g.state.decision.window == "wickedness"
    g = play(setup(gigazaur(1), KING_IN_TOKYO, dice="1 1 1 smash 3 heart", tiles_up=["devious"]),
             "roll resolve use:wickedness:devious")
    assert g.state.decision.kind == "yield"


def test_a_taken_tile_goes_in_front_of_its_monster():
    g = play(setup(gigazaur(2), KING_IN_TOKYO, dice="1 1 1 2 3 heart", tiles_up=["devious", "eternal"]),
             "roll resolve use:wickedness:eternal")
    assert g.state.monster("gigazaur").pieces == ["tile-eternal"]
    assert board(g) == ["devious"]
    assert find(g.events, "tile-taken", rule="wickedness", monster="gigazaur", tile="eternal", level=3)


def test_passing_declines_the_tile_which_stays_face_up():
    g = play(setup(gigazaur(2), KING_IN_TOKYO, dice="1 1 1 2 3 heart", tiles_up=["devious"]), "roll resolve pass")
    assert g.state.monster("gigazaur").pieces == []
    assert board(g) == ["devious"]
    assert g.state.decision.kind == "buy"


def test_passing_two_levels_gives_one_choice_each_lowest_first():
    g = play(setup(gigazaur(2), KING_IN_TOKYO, dice="1 1 1 1 1 1", tiles_up=["devious", "cyberbrain"]),
             "roll resolve")
    assert codes(g.state) == ["pass", "use:wickedness:devious"]
    g = play(setup(gigazaur(2), KING_IN_TOKYO, dice="1 1 1 1 1 1", tiles_up=["devious", "cyberbrain"]),
             "roll resolve pass")
    assert codes(g.state) == ["pass", "use:wickedness:cyberbrain"]
    g = play(setup(gigazaur(2), KING_IN_TOKYO, dice="1 1 1 1 1 1", tiles_up=["devious", "cyberbrain"]),
             "roll resolve use:wickedness:devious use:wickedness:cyberbrain")
    assert g.state.monster("gigazaur").pieces == ["tile-devious", "tile-cyberbrain"]


def test_no_tile_left_at_the_level_gives_nothing():
    g = play(setup(gigazaur(2), KING_IN_TOKYO, dice="1 1 1 2 3 heart", tiles_up=["cyberbrain"]), "roll resolve")
    assert find(g.events, "no-tile", rule="wickedness", monster="gigazaur", level=3)
    assert g.state.decision.kind == "buy"
    assert board(g) == ["cyberbrain"]


def test_a_monster_reaching_a_level_again_gets_nothing_more():
    g = play(setup(gigazaur(4), KING_IN_TOKYO, dice="2 2 2 3 3 heart", tiles_up=["devious"]), "roll resolve")
    assert level(g) == 5
    assert g.state.decision.kind == "buy"


def test_an_eliminated_monsters_tiles_leave_the_game():
    king = {"id": "the-king", "location": "city", "life": 2, "pieces": ["tile-devious"], "tokens": {"wickedness": 4}}
    g = play(setup(gigazaur(), king, "alienoid", dice="smash smash 2 3 1 2", tiles_up=[]), "roll resolve")
    m = g.state.monster("the-king")
    assert not m.alive and m.pieces == [] and m.tokens == {}
    assert list(g.state.marks["wickedness:gone"]) == ["devious"]
    assert find(g.events, "tile-discarded", monster="the-king", tile="devious", reason="eliminated")


# --- the setup ---------------------------------------------------------------------------------------------------
def test_sides_orange_or_green_show_ten_tiles_of_that_side():
    for side in ("orange", "green"):
        g = play(make_setup("gigazaur", "the-king", options=[O.WICKEDNESS], modules={"wickedness": {"sides": side}}))
        shown = board(g)
        assert len(shown) == 10 and {tiles()[t].side for t in shown} == {side}
    assert board(play(make_setup("gigazaur", "the-king", options=[O.WICKEDNESS],
                                 modules={"wickedness": {"sides": "orange"}}))) == ALL_ORANGE


def test_random_sides_by_default_one_side_per_tile_from_the_seed():
    sides = set()
    for seed in range(8):
        g = play(make_setup("gigazaur", "the-king", options=[O.WICKEDNESS], seed=seed))
        shown = board(g)
        assert sorted(tiles()[t].tile for t in shown) == list(range(1, 11))
        sides.update(tiles()[t].side for t in shown)
        again = play(make_setup("gigazaur", "the-king", options=[O.WICKEDNESS], seed=seed))
        assert board(again) == shown
    assert sides == {"orange", "green"}


def test_tiles_fix_exactly_what_is_face_up():
    g = play(make_setup("gigazaur", "the-king", options=[O.WICKEDNESS],
                        modules={"wickedness": {"tiles": ["starburst", "barbs"]}}))
    assert board(g) == ["barbs", "starburst"]  # in data order
    assert find(g.events, "tiles-revealed", rule="wickedness", tiles=["barbs", "starburst"])


def test_a_tile_held_from_the_start_is_not_on_the_board():
    g = play(make_setup({"id": "gigazaur", "pieces": ["tile-barbs"]}, "the-king", options=[O.WICKEDNESS],
                        modules={"wickedness": {"sides": "orange"}}))
    assert "devious" not in board(g) and len(board(g)) == 9


@pytest.mark.parametrize(("table", "pieces", "code"), [
    ({"tiles": ["nope"]}, [], "unknown-tile"),
    ({"tiles": ["devious", "barbs"]}, [], "tile-twice"),  # both sides of tile 1
    ({"tiles": ["devious"]}, ["tile-barbs"], "tile-twice"),
    ({}, ["tile-nope"], "unknown-tile"),
    ({"sides": "purple"}, [], "bad-field"),
    ({"side": "green"}, [], "unknown-key"),
])
def test_bad_setups_are_refused(table, pieces, code):
    with pytest.raises(InvalidSetup) as err:
        make_setup({"id": "gigazaur", "pieces": pieces}, "the-king", options=[O.WICKEDNESS],
                   modules={"wickedness": table})
    assert err.value.code == code


# --- rulings on the tiles ------------------------------------------------------------------------------------------
def test_a_tile_works_from_the_roll_after_the_one_that_earned_it():
    g = play(setup(gigazaur(1), KING_IN_TOKYO, dice="1 1 1 1 2 3", tiles_up=["skulking"]),
             "roll resolve use:wickedness:skulking")
    assert g.state.monster("gigazaur").vp == 2  # four 1s score 2; Skulking adds nothing to the roll that earned it


def test_barbs_counts_smashes_added_by_cards():
    g = play(setup(gigazaur(cards=["acid-attack"], pieces=["tile-barbs"]), KING_IN_TOKYO, dice="smash 1 2 3 1 2",
                   tiles_up=[]), "roll resolve")
    assert g.state.monster("the-king").life == 7  # 1 rolled + 1 Acid Attack + 1 Barbs


def test_antimatter_beam_doubles_after_barbs_and_cards():
    me = gigazaur(cards=["acid-attack"], pieces=["tile-barbs", "tile-antimatter-beam"])
    g = play(setup(me, KING_IN_TOKYO, dice="smash 1 2 3 1 2", tiles_up=[]), "roll resolve")
    assert g.state.monster("the-king").life == 4  # (1 + 1 + 1) × 2


def test_skybeam_hearts_heal_nothing_in_tokyo():
    g = play(setup(gigazaur(life=5, location="city", pieces=["tile-skybeam"]), "the-king", dice="heart energy 1 2 3 1",
                   tiles_up=[]), "roll resolve")
    m = g.state.monster("gigazaur")
    assert (m.life, m.energy) == (5, 2)


def test_final_roar_below_sixteen_vp_is_a_plain_elimination():
    me = {"id": "gigazaur", "life": 2, "vp": 15, "location": "city", "pieces": ["tile-final-roar"]}
    g = play(setup("the-king", me, "alienoid", dice="smash smash 1 2 3 heart", tiles_up=[]), "roll resolve")
    assert not g.state.monster("gigazaur").alive
    assert g.state.outcome is None


def test_final_roar_at_sixteen_vp_wins_though_the_holder_is_out():
    me = {"id": "gigazaur", "life": 2, "vp": 16, "location": "city", "pieces": ["tile-final-roar"]}
    g = play(setup("the-king", me, "alienoid", dice="smash smash 1 2 3 heart", tiles_up=[]), "roll resolve")
    assert not g.state.monster("gigazaur").alive  # still knocked out…
    assert g.state.outcome is not None and g.state.outcome.winners == ("gigazaur",)  # …but the sole winner


def test_final_roar_does_nothing_for_a_zombie_standing_at_zero():
    me = {"id": "gigazaur", "life": 2, "vp": 16, "location": "city", "cards": ["zombie"], "pieces": ["tile-final-roar"]}
    g = play(with_costumes("the-king", me, "alienoid", dice="smash smash 1 2 3 heart"), "roll resolve")
    assert g.state.monster("gigazaur").alive and g.state.monster("gigazaur").life == 0  # not eliminated: no win
    assert g.state.outcome is None


def test_underdog_takes_nothing_from_a_monster_not_ahead():
    me = gigazaur(vp=5, pieces=["tile-underdog"])
    g = play(setup(me, {"id": "the-king", "location": "city", "vp": 5}, dice="smash 1 2 3 1 2", tiles_up=[]),
             "roll resolve")
    assert (g.state.monster("gigazaur").vp, g.state.monster("the-king").vp) == (5, 5)


def test_full_regeneration_never_above_twelve():
    me = gigazaur(5, life=9, max_life=12, cards=["even-bigger"])
    g = play(setup(me, KING_IN_TOKYO, dice="1 1 1 2 3 energy", tiles_up=["full-regeneration"]),
             "roll resolve use:wickedness:full-regeneration")
    m = g.state.monster("gigazaur")
    assert (m.max_life, m.life) == (12, 12)


def test_full_regeneration_keeps_twelve_when_even_bigger_leaves():
    me = gigazaur(5, life=9, max_life=12, cards=["even-bigger", "metamorph"])
    g = play(setup(me, KING_IN_TOKYO, dice="1 1 1 2 3 energy", tiles_up=["full-regeneration"]),
             "roll resolve use:wickedness:full-regeneration end use:metamorph:even-bigger")
    m = g.state.monster("gigazaur")
    assert "even-bigger" not in m.cards
    assert (m.max_life, m.life) == (12, 12)  # the tile's maximum is 12 with or without Even Bigger


def test_have_it_all_counts_keep_cards_only_when_taken():
    me = gigazaur(5, energy=3, cards=["armor-plating"])
    g = play(setup(me, KING_IN_TOKYO, dice="1 1 1 2 3 energy", tiles_up=["have-it-all"], market=["heal"]),
             "roll resolve use:wickedness:have-it-all buy:0")
    assert g.state.monster("gigazaur").vp == 1 + 1 + 1  # 1s, one Keep card, one card bought (a Discard card counts)


def test_final_push_healing_ends_berserk():
    me = gigazaur(9, life=6, tokens={"wickedness": 9, "berserk": 1})
    g = play(setup(me, KING_IN_TOKYO, dice="1 1 1 2 3 energy berserk:energy", tiles_up=["final-push"],
                   more=[O.BERSERK]), "roll resolve use:wickedness:final-push")
    assert "berserk" not in g.state.monster("gigazaur").tokens
    assert find(g.events, "berserk-ended", monster="gigazaur")


def test_fluxling_placing_is_optional_and_switching_is_free_once_per_turn():
    king = {"id": "the-king", "location": "city", "cards": ["extra-head", "giant-brain"]}
    actions = "roll resolve use:wickedness:fluxling pass end roll resolve end"
    g = play(setup(gigazaur(5), king, dice="1 1 1 2 3 heart 1 2 3 1 2 3 heart", tiles_up=["fluxling"]),
             actions)
    assert "wickedness:fluxling" not in g.state.marks
    assert g.state.decision.window == "start"  # placing at the turn start: free
    g2, _ = apply(g.state, "use:tile-fluxling:the-king.giant-brain")
    assert g2.monster("gigazaur").energy == 0 and g2.marks["wickedness:fluxling"] == (1, "giant-brain")
    assert g2.phase == "roll" and g2.rolls_left == 4


def test_fluxling_copies_no_costume():
    king = {"id": "the-king", "location": "city", "cards": ["zombie", "extra-head"]}
    g = play(with_costumes(gigazaur(pieces=["tile-fluxling"]), king, dice=QUIET))
    assert "use:tile-fluxling:the-king.extra-head" in codes(g.state)
    assert "use:tile-fluxling:the-king.zombie" not in codes(g.state)  # like Mimic: Keep Power cards only


def test_fluxling_copy_ends_when_the_card_leaves_play():
    king = {"id": "the-king", "location": "city", "life": 2, "cards": ["extra-head"]}
    g = play(setup(gigazaur(pieces=["tile-fluxling"]), king, "alienoid", dice="smash smash 1 2 3 heart 2",
                   tiles_up=[]), "use:tile-fluxling:the-king.extra-head roll")
    assert len(g.state.dice) == 7
    g2, _ = apply(g.state, "resolve")
    assert not g2.monster("the-king").alive
    assert "wickedness:fluxling" not in g2.marks  # Extra Head went out of play with The King
    assert g2.monster("gigazaur").pieces == ["tile-fluxling"]


def test_fluxling_as_plot_twist_is_used_up_like_the_card():
    king = {"id": "the-king", "location": "city", "cards": ["plot-twist"]}
    me = gigazaur(pieces=["tile-fluxling"])
    s = setup(me, king, dice=QUIET, tiles_up=[])
    g = play(s)
    g2, _ = apply(g.state, "use:tile-fluxling:the-king.plot-twist")
    g3, _ = apply(g2, "roll")
    g4, _ = apply(g3, "resolve")
    g5, events = apply(g4, "use:plot-twist:0-smash")
    assert g5.monster("gigazaur").pieces == []
    assert list(g5.marks["wickedness:gone"]) == ["fluxling"]
    assert find(events, "tile-discarded", monster="gigazaur", tile="fluxling", reason="used")


# --- random games --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [(O.WICKEDNESS,), (O.BERSERK,), (O.TRANSFORMATION,),
                                     (O.BERSERK, O.TRANSFORMATION, O.WICKEDNESS)])
def test_random_games_end_and_keep_every_invariant(options):
    for seed in range(games(6, 40)):
        rnd = random.Random(seed)
        result = play_random(random_setup(rnd, None, options), rnd, check=check, max_actions=16_000)
        assert result.state.outcome is not None
