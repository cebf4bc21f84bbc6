"""Tokyo Tower (``modules/tokyo_tower.py``): expectations from kot-facts §3.3 and decisions.md (bottom level: 1
heart; taking the top level wins at once)."""

import pytest

from kotguide.engine import InvalidSetup
from kotguide.engine import options as O
from kotguide.engine.modules.tokyo_tower import holders
from kotguide.engine.testing import find, make_setup, play

FOUR_ONES = "1 1 1 1 2 3"


def game(*monsters, dice="", levels=None, options=(), modules=None, **fields):
    tables = {**(modules or {}), **({O.TOKYO_TOWER: {"levels": levels}} if levels else {})}
    return make_setup(*monsters, dice=dice, options=[O.TOKYO_TOWER, *options], modules=tables, **fields)


IN_CITY = {"id": "gigazaur", "location": "city"}


def test_four_ones_in_tokyo_take_the_bottom_level():
    g = play(game(IN_CITY, "the-king", dice=FOUR_ONES), "roll resolve")
    assert holders(g.state) == {"bottom": "gigazaur", "middle": None, "top": None}
    assert find(g.events, "tower-level-taken", rule="tokyo-tower", monster="gigazaur", reason="bottom")


def test_outside_tokyo_four_ones_take_nothing():
    g = play(game("gigazaur", "the-king", dice=FOUR_ONES), "roll resolve")
    assert holders(g.state)["bottom"] is None
    assert g.state.monster("gigazaur").location == "city"  # it entered after resolving: too late


def test_three_ones_take_nothing_and_six_take_one_level():
    g = play(game(IN_CITY, "the-king", dice="1 1 1 2 2 3"), "roll resolve")
    assert holders(g.state)["bottom"] is None
    g = play(game(IN_CITY, "the-king", dice="1 1 1 1 1 1"), "roll resolve")
    assert holders(g.state) == {"bottom": "gigazaur", "middle": None, "top": None}


def test_the_lowest_level_you_do_not_hold():
    g = play(game(IN_CITY, "the-king", dice=FOUR_ONES, levels={"bottom": "gigazaur"}), "roll resolve")
    assert holders(g.state) == {"bottom": "gigazaur", "middle": "gigazaur", "top": None}


def test_a_level_is_taken_from_the_monster_holding_it():
    g = play(game(IN_CITY, "the-king", dice=FOUR_ONES, levels={"bottom": "the-king", "middle": "gigazaur"}),
             "roll resolve")
    assert holders(g.state) == {"bottom": "gigazaur", "middle": "gigazaur", "top": None}
    assert find(g.events, "tower-level-lost", monster="the-king", reason="bottom", by="gigazaur")


def test_taking_the_top_level_wins_at_once():
    king = {"id": "the-king", "vp": 20}
    g = play(game(IN_CITY, king, dice="1 1 1 1 smash 3", levels={"bottom": "gigazaur", "middle": "gigazaur"},
                  turn={"step": "roll"}), "roll resolve")  # The King reached 20 VP this turn
    assert g.state.over and g.state.phase == "over"
    assert (list(g.state.outcome.winners), g.state.outcome.reason) == (["gigazaur"], "tokyo-tower")
    assert not find(g.events, "turn-ended")  # the end-of-turn check (The King's 20 VP) never comes


def test_start_of_turn_bonus_bottom_one_heart_in_tokyo_too():
    me = {"id": "gigazaur", "location": "city", "life": 5}
    g = play(game(me, "the-king", levels={"bottom": "gigazaur"}))
    m = g.state.monster("gigazaur")
    assert (m.life, m.energy, m.vp) == (6, 0, 2)
    assert find(g.events, "tower-bonus", monster="gigazaur", reason="bottom")


def test_start_of_turn_bonus_middle_and_both():
    g = play(game({"id": "gigazaur", "life": 5}, "the-king", levels={"middle": "gigazaur"}))
    assert (g.state.monster("gigazaur").life, g.state.monster("gigazaur").energy) == (6, 1)
    g = play(game({"id": "gigazaur", "life": 5}, "the-king", levels={"bottom": "gigazaur", "middle": "gigazaur"}))
    assert (g.state.monster("gigazaur").life, g.state.monster("gigazaur").energy) == (7, 1)


def test_the_bonus_never_heals_above_the_maximum():
    g = play(game({"id": "gigazaur", "life": 10}, "the-king", levels={"bottom": "gigazaur", "middle": "gigazaur"}))
    assert (g.state.monster("gigazaur").life, g.state.monster("gigazaur").energy) == (10, 1)


def test_only_the_holder_collects_on_its_own_turn():
    g = play(game({"id": "gigazaur", "life": 5}, {"id": "the-king", "life": 5}, levels={"bottom": "the-king"}))
    assert g.state.monster("gigazaur").life == 5 and g.state.monster("the-king").life == 5


def test_an_eliminated_monsters_levels_go_back():
    king = {"id": "the-king", "life": 2}
    g = play(game(IN_CITY, king, dice="smash smash 1 2 3 1", levels={"bottom": "the-king", "middle": "the-king"}),
             "roll resolve")
    assert not g.state.monster("the-king").alive
    assert holders(g.state) == {"bottom": None, "middle": None, "top": None}
    assert find(g.events, "tower-levels-returned", monster="the-king", reason="both")


def test_two_player_variant_the_bonus_adds_to_the_energy_reward():
    me = {"id": "gigazaur", "location": "city", "life": 5}
    g = play(game(me, "the-king", levels={"middle": "gigazaur"}, options=[O.TWO_PLAYER]))
    m = g.state.monster("gigazaur")
    assert (m.life, m.energy, m.vp) == (6, 2, 0)


def test_with_costumes_and_cultists_the_top_level_still_ends_the_game():
    me = {"id": "gigazaur", "location": "city", "cards": ["astronaut"]}
    g = play(game(me, "the-king", dice="1 1 1 1 1 1", levels={"bottom": "gigazaur", "middle": "gigazaur"},
                  options=[O.COSTUMES, O.CULTISTS], modules={O.COSTUMES: {"draft": False}}), "roll resolve")
    assert g.state.outcome.reason == "tokyo-tower"


@pytest.mark.parametrize("table", [
    {"levels": {"top": "gigazaur"}},
    {"levels": {"bottom": "cyber-kitty"}},
    {"levels": {"basement": "gigazaur"}},
    {"tower": {}},
    {"levels": {"bottom": {}}},  # not a monster id at all: refused, not a crash
])
def test_bad_setup_tables_are_refused(table):
    with pytest.raises(InvalidSetup):
        make_setup("gigazaur", "the-king", options=[O.TOKYO_TOWER], modules={O.TOKYO_TOWER: table})
