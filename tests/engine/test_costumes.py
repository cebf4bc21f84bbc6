"""Halloween costumes (``modules/costumes``): the deal, Keep-card rules, stealing and the 12 costumes. Expectations
written from kot-facts §3.1 and decisions.md (stealing: 3+ smashes, monsters you wounded, paying the cost)."""

import pytest

from kotguide.engine import IllegalAction, InvalidSetup, apply, legal_actions
from kotguide.engine import options as O
from kotguide.engine.data import base_deck, costumes
from kotguide.engine.testing import find, make_setup, play

QUIET = "1 2 3 1 2 3"


def codes(state):
    return [a.code for a in legal_actions(state)]


def game(*monsters, dice="", options=(), table=None, **fields):
    """Costumes on; unless ``table`` is given nobody draws (each monster's costumes are in its ``cards``)."""
    return make_setup(*monsters, dice=dice, options=[O.COSTUMES, *options],
                      modules={O.COSTUMES: {"draft": False} if table is None else table}, **fields)


def me(*cards, **fields):
    return {"id": "gigazaur", "cards": list(cards), **fields}


# --- setup -------------------------------------------------------------------------------------------------------
def test_base_games_have_no_costume():
    assert len(base_deck()) == 66 and not set(costumes()) & set(base_deck())
    g = play(make_setup("gigazaur", "the-king"))
    assert g.state.deck_size == 63
    with pytest.raises(InvalidSetup) as err:
        make_setup(me("ghost"), "the-king")
    assert err.value.code == "needs-option"


def test_each_monster_draws_two_and_keeps_one_before_the_first_turn():
    g = play(game("gigazaur", "the-king", table={}))
    s = g.state
    assert (s.phase, s.turn, s.decision.monster, s.decision.kind, s.decision.window) == \
        ("setup", 0, "gigazaur", "card", "costume")
    offered = codes(s)
    assert len(offered) == 2 and "pass" not in offered
    first = offered[0].split(":")[2]
    s, _ = apply(s, offered[0])
    assert s.decision.monster == "the-king" and s.monster("gigazaur").cards == [first]
    s, events = apply(s, codes(s)[1])
    assert s.phase == "roll" and s.turn == 1
    assert len(s.monster("the-king").cards) == 1
    assert s.deck_size == 63 + 12 - 2  # the ten costumes not kept are in the deck
    assert find(events, "costumes-shuffled", amount=10)


def test_pass_is_refused_at_the_costume_choice():
    s = play(game("gigazaur", "the-king", table={})).state
    with pytest.raises(IllegalAction) as err:
        apply(s, "pass")
    assert err.value.code == "must-choose"


def test_a_setup_table_fixes_the_deal_and_the_kept_costume():
    g = play(game("gigazaur", "the-king", table={"deal": {"gigazaur": ["ghost", "pirate"]},
                                                "kept": {"the-king": "robot"}}))
    assert codes(g.state) == ["use:costume:ghost", "use:costume:pirate"]
    s, _ = apply(g.state, "use:costume:pirate")
    assert s.monster("gigazaur").cards == ["pirate"] and s.monster("the-king").cards == ["robot"]
    assert s.turn == 1 and "ghost" in s.deck


def test_without_the_draw_every_costume_goes_into_the_deck_below_the_given_top():
    g = play(game("gigazaur", "the-king", deck=["frenzy"], market=["tank", "heal", "energize"]))
    assert g.state.turn == 1 and g.state.deck[0] == "frenzy" and g.state.deck_size == 63 + 12


@pytest.mark.parametrize("table", [
    {"deal": {"gigazaur": ["ghost"]}},
    {"deal": {"gigazaur": ["ghost", "tank"]}},
    {"kept": {"gigazaur": "ghost"}, "deal": {"gigazaur": ["pirate", "robot"]}},
    {"kept": {"gigazaur": "ghost", "the-king": "ghost"}},
    {"draft": False, "kept": {"gigazaur": "ghost"}},
    {"costumes": []},
])
def test_bad_setup_tables_are_refused(table):
    with pytest.raises(InvalidSetup):
        game("gigazaur", "the-king", table=table)


# --- Keep cards, except for Keep-targeting cards ----------------------------------------------------------------
def test_a_costume_is_bought_from_the_market_like_a_keep_card():
    g = play(game(me(energy=5), "the-king", dice=QUIET, market=["princess"]), "roll resolve buy:0")
    assert g.state.monster("gigazaur").cards == ["princess"] and g.state.monster("gigazaur").energy == 0


def test_mimic_metamorph_and_parasitic_tentacles_ignore_costumes():
    g = play(game(me(energy=8), {"id": "the-king", "cards": ["ghost", "extra-head"]}, dice=QUIET,
                  market=["mimic"]), "roll resolve buy:0")
    assert codes(g.state) == ["pass", "use:mimic:the-king.extra-head"]
    g = play(game(me("metamorph", "ghost"), "the-king", dice=QUIET), "roll resolve end")
    assert codes(g.state) == ["pass", "use:metamorph:metamorph"]
    g = play(game(me("parasitic-tentacles", energy=10), {"id": "the-king", "cards": ["ghost"]}, dice=QUIET),
             "roll resolve")
    assert not [c for c in codes(g.state) if c.startswith("use:parasitic-tentacles")]


# --- stealing --------------------------------------------------------------------------------------------------------
KING_IN_CITY = {"id": "the-king", "location": "city", "cards": ["pirate", "ghost"], "energy": 0}


def test_three_smashes_let_you_take_a_costume_from_a_monster_you_wounded_paying_its_cost():
    g = play(game(me(energy=5), KING_IN_CITY, dice="smash smash smash 1 2 3"), "roll resolve")
    assert (g.state.decision.monster, g.state.decision.window) == ("gigazaur", "steal-costume")
    assert codes(g.state) == ["pass", "use:steal-costume:the-king.pirate", "use:steal-costume:the-king.ghost"]
    s, events = apply(g.state, "use:steal-costume:the-king.pirate")
    assert (s.monster("gigazaur").cards, s.monster("gigazaur").energy) == (["pirate"], 1)
    assert (s.monster("the-king").cards, s.monster("the-king").energy) == (["ghost"], 4)
    assert find(events, "costume-stolen", monster="gigazaur", card="pirate", by="the-king", amount=4)
    assert s.decision.kind == "yield"  # 1 energy left: nothing more to take, The King chooses


def test_no_stealing_with_two_smashes_or_without_the_energy():
    g = play(game(me(energy=5), KING_IN_CITY, dice="smash smash 1 1 2 3"), "roll resolve")
    assert g.state.decision.kind == "yield"
    g = play(game(me(energy=2), KING_IN_CITY, dice="smash smash smash 1 2 3"), "roll resolve")
    assert g.state.decision.kind == "yield"


def test_no_stealing_from_a_monster_the_smash_did_not_wound():
    king = {**KING_IN_CITY, "cards": ["pirate", "armor-plating"]}
    outside = {"id": "cyber-kitty", "cards": ["ghost"]}
    g = play(game(me(energy=9), king, outside, dice="smash smash smash 1 2 3"), "roll resolve")
    assert codes(g.state) == ["pass", "use:steal-costume:the-king.pirate"]


def test_alien_origin_lowers_the_price_of_a_stolen_costume():
    g = play(game(me("alien-origin", energy=3), KING_IN_CITY, dice="smash smash smash 1 2 3"), "roll resolve")
    s, _ = apply(g.state, "use:steal-costume:the-king.pirate")
    assert s.monster("gigazaur").energy == 0 and s.monster("the-king").energy == 3


# --- the 12 costumes ------------------------------------------------------------------------------------------------
def test_astronaut_wins_with_17_vp_at_the_end_of_the_turn():
    g = play(game(me("astronaut", vp=14), "the-king", dice="3 3 3 1 2 heart"), "roll resolve end")
    assert g.state.outcome.winners == ("gigazaur",) and g.state.outcome.reason == "points"
    g = play(game(me(vp=14), "the-king", dice="3 3 3 1 2 heart"), "roll resolve end")
    assert not g.state.over


def test_ghost_heals_one_at_the_end_of_a_turn_in_which_it_lost_life():
    king = {"id": "the-king", "location": "city", "cards": ["ghost"]}
    g = play(game("gigazaur", king, dice="smash smash 1 2 3 1"), "roll resolve stay end")
    assert g.state.monster("the-king").life == 9
    assert find(g.events, "healed", rule="costumes", monster="the-king", card="ghost")


def test_vampire_heals_one_after_making_another_monster_lose_life():
    g = play(game(me("vampire", life=5), {"id": "the-king", "location": "city"}, dice="smash 1 2 3 1 2"),
             "roll resolve stay end")
    assert g.state.monster("gigazaur").life == 6
    g = play(game(me("vampire", life=5), "the-king", dice=QUIET), "roll resolve end")
    assert g.state.monster("gigazaur").life == 5


def test_witch_rerolls_one_die_of_the_monster_about_to_wound_her():
    king = {"id": "the-king", "location": "city", "cards": ["witch"]}
    g = play(game("gigazaur", king, dice="smash smash 1 2 3 1 heart"), "roll resolve")
    assert (g.state.decision.monster, g.state.decision.window) == ("the-king", "before-resolve")
    s, _ = apply(g.state, "use:witch:0")
    assert s.monster("the-king").life == 9  # one smash left
    g = play(game("gigazaur", {"id": "the-king", "cards": ["witch"]}, dice="smash smash 1 2 3 1"), "roll resolve")
    assert g.state.decision.kind == "buy"  # outside Tokyo the smash does not reach her: not asked


def test_devil_one_more_life_on_your_turn_but_not_through_armor():
    g = play(game(me("devil"), {"id": "the-king", "location": "city"}, dice="smash smash 1 2 3 1"), "roll resolve")
    assert g.state.monster("the-king").life == 7
    king = {"id": "the-king", "location": "city", "cards": ["armor-plating"]}
    g = play(game(me("devil"), king, dice="smash 1 2 3 1 2"), "roll resolve")
    assert g.state.monster("the-king").life == 10


def test_pirate_takes_one_energy_from_each_monster_it_wounds():
    king = {"id": "the-king", "location": "city", "energy": 3}
    g = play(game(me("pirate"), king, dice="smash 1 2 3 1 2"), "roll resolve")
    assert (g.state.monster("gigazaur").energy, g.state.monster("the-king").energy) == (1, 2)


def test_princess_one_vp_at_the_start_of_your_turn():
    g = play(game(me("princess"), "the-king"))
    assert g.state.monster("gigazaur").vp == 1


def test_zombie_stays_at_zero_and_losing_it_there_eliminates():
    king = {"id": "the-king", "location": "city", "life": 2, "cards": ["zombie"]}
    g = play(game(me(energy=4), king, dice="smash smash smash 1 2 3"), "roll resolve")
    k = g.state.monster("the-king")
    assert k.alive and k.life == 0
    assert find(g.events, "stands-at-zero", monster="the-king", card="zombie")
    s, _ = apply(g.state, "use:steal-costume:the-king.zombie")
    assert not s.monster("the-king").alive and s.monster("gigazaur").cards == ["zombie"]


def test_cheerleader_adds_a_smash_to_another_monsters_roll():
    king = {"id": "the-king", "cards": ["cheerleader"]}
    cyber = {"id": "cyber-kitty", "location": "city"}
    g = play(game("gigazaur", king, cyber, dice="smash 1 2 3 1 2"), "roll resolve")
    assert (g.state.decision.monster, g.state.decision.window) == ("the-king", "before-resolve")
    s, _ = apply(g.state, "use:cheerleader")
    assert s.monster("cyber-kitty").life == 8


def test_robot_pays_energy_instead_of_life():
    king = {"id": "the-king", "location": "city", "cards": ["robot"], "energy": 2}
    g = play(game("gigazaur", king, dice="smash smash smash 1 2 3"), "roll resolve")
    assert (g.state.decision.monster, g.state.decision.window) == ("the-king", "damage")
    assert codes(g.state) == ["pass", "use:robot:1", "use:robot:2"]
    s, events = apply(g.state, "use:robot:2")
    assert find(events, "damage-reduced", monster="the-king", amount=2, card="robot")
    assert s.decision.kind == "yield"
    assert (s.monster("the-king").life, s.monster("the-king").energy) == (9, 0)


def test_statue_of_liberty_one_more_roll():
    g = play(game(me("statue-of-liberty"), "the-king", dice=QUIET), "roll")
    assert g.state.rolls_left == 3


def test_clown_all_six_faces_then_any_face():
    g = play(game(me("clown"), "the-king", dice="1 2 3 heart energy smash"), "roll resolve")
    assert (g.state.decision.window, "use:clown:0-smash" in codes(g.state)) == ("before-resolve", True)
    s, _ = apply(g.state, "use:clown:0-smash")
    assert "use:clown:0-heart" not in codes(s) and "use:clown:1-smash" in codes(s)
    g = play(game(me("clown"), "the-king", dice=QUIET), "roll resolve")
    assert g.state.decision.kind == "buy"


def test_every_costume_combines_with_cultists_and_the_tower():
    g = play(game(me("princess", location="city"), "the-king", dice="1 1 1 1 2 3",
                  options=[O.CULTISTS, O.TOKYO_TOWER]), "roll resolve")
    m = g.state.monster("gigazaur")
    assert (m.vp, m.tokens.get("cultist")) == (1 + 2 + 2, 1)


@pytest.mark.parametrize("costume", costumes())
def test_every_costume_has_a_scenario(costume):
    from kotguide.engine.scenario import SCENARIO_DIR, load

    scn = load(SCENARIO_DIR / f"costume-{costume}.toml")
    assert "costumes" in scn.rules and scn.expect
