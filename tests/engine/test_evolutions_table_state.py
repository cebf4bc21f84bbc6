"""A game opened with the state of Evolution cards under way (``[setup.modules.evolutions]`` ``beauty``,
``bamboo_supply``, ``misses_turn``): each key's refusals, its round trip, and what the rules do next from there.
Expected values worked out by hand from the cards (content/en/evolutions.toml) and the deck files' readings."""

import json
import tomllib

import pytest

from kotguide.engine import apply, is_legal, limits, replay
from kotguide.engine.errors import InvalidSetup
from kotguide.engine.modules.evolutions import king_kong, pandakai
from kotguide.engine.setup import Setup
from kotguide.engine.snapshot import restore, snapshot
from kotguide.engine.testing import evolution_setup, find, play

BEAUTY = "evo-it-was-beauty-killed-the-beast"
SUPPLY = "evo-bamboo-supply"
TWO_SMASHES = "smash smash 1 2 3 energy"
NO_SET = "1 2 3 1 2 energy"


def problems(setup_dict):
    with pytest.raises(InvalidSetup) as info:
        Setup.from_dict(setup_dict)
    return [(p.code, p.path) for p in info.value.problems]


def raw(*monsters, first="gigazaur", **table):
    return {"monsters": list(monsters), "options": ["evolutions"], "first_player": first,
            "modules": {"evolutions": {"hands": {m if isinstance(m, str) else m["id"]: [] for m in monsters},
                                       **table}}}


# --- Beauty's holder -----------------------------------------------------------------------------------------
def test_king_kong_starting_without_beauty_keeps_its_smashes_and_hits_only_the_holder():
    # King Kong in Tokyo, Gigazaur holds Beauty: every smash stays, and only Gigazaur is hit (The King is not)
    setup = evolution_setup({"id": "king-kong", "location": "city", "pieces": [BEAUTY]}, "gigazaur", "the-king",
                            first_player="king-kong", table={"beauty": "gigazaur"}, dice=TWO_SMASHES)
    g = play(setup, "roll")
    assert king_kong.beauty_holder(g.state) == 1
    assert not is_legal(g.state, "reroll:0") and is_legal(g.state, "reroll:2")
    g = play(setup, "roll resolve")
    assert g.state.monster("gigazaur").life == 8 and g.state.monster("the-king").life == 10
    assert king_kong.beauty_holder(g.state) == 0  # wounding the holder wins Beauty back
    assert find(g.events, "beauty-taken", monster="king-kong", by="gigazaur", reason="wounded")


def test_king_kong_opened_with_its_dice_rolled_without_beauty_still_keeps_its_smashes():
    setup = evolution_setup({"id": "king-kong", "location": "city", "pieces": [BEAUTY]}, "gigazaur", "the-king",
                            first_player="king-kong", table={"beauty": "gigazaur"},
                            turn={"step": "rolled", "dice": TWO_SMASHES.split(), "rerolls": 2})
    g = play(setup)
    assert not is_legal(g.state, "reroll:0") and is_legal(g.state, "reroll:2")
    g = play(setup, "resolve")
    assert g.state.monster("gigazaur").life == 8 and g.state.monster("the-king").life == 10
    with_it = evolution_setup({"id": "king-kong", "location": "city", "pieces": [BEAUTY]}, "gigazaur", "the-king",
                              first_player="king-kong", turn={"step": "rolled", "dice": TWO_SMASHES.split()})
    assert is_legal(play(with_it).state, "reroll:0")  # King Kong holds Beauty: nothing is held back


def test_beauty_refused_without_its_evolution_in_play_or_with_a_monster_not_in_the_game():
    assert problems(raw("king-kong", "gigazaur", beauty="gigazaur")) == [
        ("evolution-not-in-play", ("modules", "evolutions", "beauty"))]
    assert problems(raw({"id": "king-kong", "pieces": [BEAUTY]}, "gigazaur", beauty="the-king")) == [
        ("evolution-holder", ("modules", "evolutions", "beauty"))]


# --- Bamboo Supply's energy ----------------------------------------------------------------------------------
def test_bamboo_supply_opened_with_3_energy_on_it_gives_them_all_at_the_turn_start():
    setup = evolution_setup({"id": "pandakai", "energy": 1, "pieces": [SUPPLY]}, "gigazaur",
                            first_player="pandakai", table={"bamboo_supply": 3})
    assert pandakai.supply_energy(play(setup).state) == 3
    g = play(setup, "use:evo-bamboo-supply:take")
    assert g.state.monster("pandakai").energy == 1 + 3 and pandakai.supply_energy(g.state) == 0
    g = play(setup, "use:evo-bamboo-supply:add")
    assert g.state.monster("pandakai").energy == 1 and pandakai.supply_energy(g.state) == 4


def test_bamboo_supply_energy_bounded_by_the_limits_and_refused_without_the_card():
    setup = Setup.from_dict(raw({"id": "pandakai", "pieces": [SUPPLY]}, "gigazaur", bamboo_supply=0))
    most = limits(setup).modules["evolutions"]["bamboo_supply"]
    assert most == 999  # the bank never runs out: the setup's bound on any energy
    Setup.from_dict(raw({"id": "pandakai", "pieces": [SUPPLY]}, "gigazaur", bamboo_supply=most))
    for bad in (most + 1, -1, "3", True):
        assert problems(raw({"id": "pandakai", "pieces": [SUPPLY]}, "gigazaur", bamboo_supply=bad)) == [
            ("bad-value", ("modules", "evolutions", "bamboo_supply"))]
    assert problems(raw("pandakai", "gigazaur", bamboo_supply=2)) == [
        ("evolution-not-in-play", ("modules", "evolutions", "bamboo_supply"))]


# --- a missed turn -------------------------------------------------------------------------------------------
def test_a_missed_turn_is_handed_on_in_normal_order_once():
    setup = evolution_setup("gigazaur", "king-kong", "the-king", table={"misses_turn": "king-kong"},
                            dice=" ".join([NO_SET] * 3))
    g = play(setup, "roll resolve end")
    assert g.state.active == 2  # The King plays: King Kong misses its turn
    assert find(g.events, "turn-missed", monster="king-kong", evolution="king-of-skull-island")
    g = play(setup, "roll resolve end roll resolve end")
    assert g.state.active == 0
    g = play(setup, "roll resolve end roll resolve end roll resolve end")
    assert g.state.active == 1  # only one turn missed


def test_a_missed_turn_refused_where_the_game_cannot_reach_it():
    path = ("modules", "evolutions", "misses_turn")
    assert problems(raw("gigazaur", "king-kong", misses_turn="the-king")) == [("evolution-holder", path)]
    assert problems(raw("gigazaur", "the-king", misses_turn="gigazaur")) == [("misses-without-card", path)]
    Setup.from_dict(raw("the-king", "king-kong", "gigazaur", first="the-king", misses_turn="gigazaur"))  # after a draft
    assert problems(raw("gigazaur", "king-kong", first="king-kong", misses_turn="king-kong")) == [
        ("misses-own-turn", path)]
    in_hand = raw("gigazaur", "king-kong", misses_turn="king-kong")
    in_hand["modules"]["evolutions"]["hands"]["gigazaur"] = ["king-of-skull-island"]  # one copy, not yet played
    assert problems(in_hand) == [("misses-card-in-hand", path)]
    no_turn = raw("gigazaur", "king-kong", misses_turn="king-kong")
    del no_turn["first_player"]
    assert problems(no_turn) == [("turn-needs-first", ("first_player",))]


def test_every_state_problem_at_once():
    assert [code for code, _path in problems(raw("gigazaur", "the-king", beauty="gigazaur", bamboo_supply=1,
                                                 misses_turn="gigazaur"))] == [
        "evolution-not-in-play", "evolution-not-in-play", "misses-without-card"]


def test_not_with_the_mutant_draft():
    table = raw("gigazaur", "king-kong", misses_turn="king-kong")
    table["options"].append("mutant-draft")
    del table["modules"]["evolutions"]["hands"]
    assert [code for code, _path in problems(table)] == ["draft-deals"]


# --- round trips ---------------------------------------------------------------------------------------------
TOML = """
monsters = [{ id = "king-kong", pieces = ["evo-it-was-beauty-killed-the-beast"] },
            { id = "pandakai", pieces = ["evo-bamboo-supply"] }, "gigazaur"]
options = ["evolutions"]
first_player = "gigazaur"
[modules.evolutions]
hands = { king-kong = [], pandakai = [], gigazaur = [] }
beauty = "pandakai"
bamboo_supply = 2
misses_turn = "king-kong"
"""


def test_the_state_round_trips_through_toml_json_and_a_snapshot():
    setup = Setup.from_dict(tomllib.loads(TOML))
    assert Setup.from_dict(json.loads(json.dumps(setup.to_dict()))) == setup
    assert Setup.from_dict(setup.to_dict()).to_dict() == setup.to_dict()
    state = replay(setup, []).state
    assert (king_kong.beauty_holder(state), pandakai.supply_energy(state)) == (1, 2)
    assert state.marks[king_kong.MISSES] == (0,)
    back = restore(snapshot(state), setup, [])
    assert back == state
    assert back.marks[king_kong.HOLDER] == 1 and back.marks[pandakai.SUPPLY_ENERGY] == 2
    # playing on from the snapshot: Gigazaur's turn, then King Kong's is missed and Pandakaï plays
    on = ["roll", "resolve", "end"]
    for action in on:
        back = apply(back, action)[0]
    assert back == replay(setup, on).state and back.monster("pandakai") is back.monsters[back.active]
