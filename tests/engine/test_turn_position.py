"""A position inside the first turn (``Setup.turn``, what FEN is to chess) and validation that reports every problem.
Expectations are worked out by hand from the rules (kot-facts §1: the turn's steps; 2 VP for starting in Tokyo; six
dice, two rerolls; Extra Head one more die, Giant Brain one more reroll)."""

import pytest

from kotguide.engine import InvalidSetup, Setup, apply, legal_actions, replay
from kotguide.engine.events import mismatches
from kotguide.engine.testing import find, make_setup

KING_IN_CITY = {"id": "the-king", "location": "city", "vp": 3}


def test_step_roll_opens_after_the_start_of_turn_effects():
    # the-king starts its turn in Tokyo City: at step "roll" its 2 VP are already in its 3 VP, not added again
    setup = make_setup(KING_IN_CITY, "gigazaur", turn={"step": "roll"})
    g = replay(setup, [])
    assert (g.state.phase, g.state.decision.kind, g.state.decision.monster) == ("roll", "roll", "the-king")
    assert g.state.monster("the-king").vp == 3
    assert not find(g.events, "vp-gained")
    assert find(g.events, "turn-started", monster="the-king", reason="position", step="roll", turn=1)
    assert find(g.events, "first-player", monster="the-king", by="setup")  # the setup names who plays
    assert all(mismatches(e, frozenset({"the-king", "gigazaur"})) == [] for e in g.events)
    # whereas at step "start" (the default) the start of the turn is played
    assert replay(make_setup(KING_IN_CITY, "gigazaur"), []).state.monster("the-king").vp == 5


def test_step_rolled_puts_the_dice_on_the_table_with_the_rerolls_left():
    faces = ["smash", "smash", "1", "1", "1", "heart"]
    setup = make_setup("gigazaur", KING_IN_CITY, turn={"step": "rolled", "dice": faces, "rerolls": 1, "kept": [0, 1]})
    s = replay(setup, []).state
    assert s.dice == faces and s.kept == [True, True, False, False, False, False]
    assert (s.decision.kind, s.decision.rolls_left, s.rolls_done) == ("reroll", 1, 2)
    # resolving: three 1s = 1 VP, one heart (outside Tokyo) heals nothing at full life, two smashes hit the-king
    s, _ = apply(s, "resolve")
    assert s.monster("gigazaur").vp == 1
    assert s.monster("the-king").life == 8
    assert (s.decision.kind, s.decision.monster) == ("yield", "the-king")


def test_rolled_without_rerolls_left_must_resolve():
    setup = make_setup("gigazaur", "the-king", turn={"step": "rolled", "dice": ["1"] * 6, "rerolls": 0})
    s = replay(setup, []).state
    assert s.decision.kind == "resolve"
    assert [a.code for a in legal_actions(s)] == ["resolve"]


def test_rolled_defaults_to_the_first_roll_just_made():
    s = replay(make_setup("gigazaur", "the-king", turn={"step": "rolled", "dice": ["2"] * 6}), []).state
    assert (s.rolls_left, s.rolls_done) == (2, 1)


def test_extra_head_and_giant_brain_set_the_dice_and_rerolls():
    me = {"id": "gigazaur", "cards": ["extra-head", "giant-brain"]}
    ok = make_setup(me, "the-king", turn={"step": "rolled", "dice": ["3"] * 7, "rerolls": 3})
    opened = replay(ok, []).state
    # Giant Brain: four rolls this turn, three of them rerolls still to come: one roll made
    assert (opened.decision.rolls_left, opened.rolls_done) == (3, 1)
    with pytest.raises(InvalidSetup) as info:
        replay(make_setup(me, "the-king", turn={"step": "rolled", "dice": ["3"] * 6, "rerolls": 4}), [])
    assert [(p.code, p.path, p.params.get("expected"), p.params.get("most")) for p in info.value.problems] == [
        ("turn-dice", ("turn", "dice"), 7, None), ("turn-rerolls", ("turn", "rerolls"), None, 3)]


def test_step_yield_asks_the_smashed_occupants():
    king = {"id": "the-king", "location": "city", "life": 6}
    setup = make_setup("gigazaur", king, "alienoid", turn={"step": "yield", "dice": ["smash"] * 4 + ["1", "2"],
                                                            "hit": ["the-king"]})
    s = replay(setup, []).state
    assert (s.phase, s.decision.kind, s.decision.monster) == ("yield", "yield", "the-king")
    assert s.monster("the-king").life == 6  # the smashes are already taken
    s, events = apply(s, "yield")
    assert s.monster("gigazaur").location == "city" and s.monster("gigazaur").vp == 1  # entering: 1 VP
    assert s.decision.kind == "buy"


def test_step_buy_opens_the_buy_step():
    setup = make_setup({"id": "gigazaur", "energy": 5}, "the-king", market=["heal", "tank", "frenzy"],
                       turn={"step": "buy"})
    s = replay(setup, []).state
    assert (s.phase, s.decision.kind) == ("buy", "buy")
    assert "buy:0" in [a.code for a in legal_actions(s)]  # Heal costs 3


@pytest.mark.parametrize("turn", [
    {"step": "roll"}, {"step": "rolled", "dice": ["1", "2", "3", "heart", "energy", "smash"], "rerolls": 1,
                       "kept": [2]},
    {"step": "yield", "dice": ["smash"] * 6, "hit": ["the-king"]}, {"step": "buy", "dice": ["energy"] * 6},
])
def test_a_turn_position_round_trips_through_its_dict(turn):
    setup = make_setup("gigazaur", {"id": "the-king", "location": "city"}, turn=turn)
    assert setup.to_dict()["turn"] == turn
    assert Setup.from_dict(setup.to_dict()) == setup


@pytest.mark.parametrize(("turn", "first", "problem"), [
    ({"step": "later"}, "gigazaur", ("turn-step", ("turn", "step"))),
    ({"step": "roll"}, None, ("turn-needs-first", ("first_player",))),
    ({"step": "rolled"}, "gigazaur", ("turn-no-dice", ("turn", "dice"))),
    ({"step": "roll", "dice": ["1"]}, "gigazaur", ("turn-key", ("turn", "dice"))),
    ({"step": "rolled", "dice": ["1"] * 6, "kept": [6]}, "gigazaur", ("turn-kept", ("turn", "kept", 0))),
    ({"step": "rolled", "dice": ["1"] * 5 + ["seven"]}, "gigazaur", ("bad-face", ("turn", "dice", 5))),
    ({"step": "yield", "dice": ["smash"] * 6, "hit": ["gigazaur"]}, "gigazaur", ("turn-hit", ("turn", "hit", 0))),
    ({"step": "yield", "dice": ["smash"] * 6, "hit": ["alienoid"]}, "gigazaur", ("turn-hit", ("turn", "hit", 0))),
    ({"step": "yield", "dice": ["smash"] * 6}, "gigazaur", ("turn-hit", ("turn", "hit"))),
    ({"step": "buy", "stage": 1}, "gigazaur", ("unknown-key", ("turn", "stage"))),
])
def test_an_impossible_turn_is_refused_with_its_path(turn, first, problem):
    with pytest.raises(InvalidSetup) as info:
        make_setup("gigazaur", {"id": "the-king", "location": "city"}, "alienoid", turn=turn, first=first)
    assert problem in [(p.code, p.path) for p in info.value.problems]


def test_every_problem_is_reported_at_once_each_with_its_path():
    raw = {"monsters": [{"id": "gigazaur", "life": 11}, {"id": "gigazaur", "vp": -1},
                        {"id": "the-king", "location": "bay", "tokens": {"poison": 13}}],
           "options": ["no-such-option"], "dice": ["1", "seven"], "market": ["heal", "no-such-card"]}
    with pytest.raises(InvalidSetup) as info:
        Setup.from_dict(raw)
    got = {(p.code, p.path) for p in info.value.problems}
    assert got == {
        ("bad-value", ("monsters", 0, "life")),  # 11 above its maximum of 10
        ("duplicate-monster", ("monsters", 1, "id")),
        ("bad-value", ("monsters", 1, "vp")),
        ("too-high", ("monsters", 2, "tokens", "poison")),  # the box has 12 Poison tokens
        ("bay-closed", ("monsters", 2, "location")),  # the Bay only with 5 or more monsters
        ("unknown-option", ("options", 0)),
        ("unknown-card", ("market", 1)),
        ("bad-face", ("dice", 1)),
    }
    assert info.value.code == "bad-value"  # the first problem is also the error's own code


@pytest.mark.parametrize(("monster", "problem"), [
    ({"id": "gigazaur", "life": 13, "max_life": 13}, ("too-high", ("monsters", 0, "max_life"))),
    ({"id": "gigazaur", "vp": 20}, ("goal-reached", ("monsters", 0, "vp"))),  # it would have won already
    ({"id": "gigazaur", "vp": 100}, ("too-high", ("monsters", 0, "vp"))),
    ({"id": "gigazaur", "energy": 1000}, ("too-high", ("monsters", 0, "energy"))),
    ({"id": "gigazaur", "life": 0}, ("bad-value", ("monsters", 0, "life"))),  # 0 life: eliminated, off the table
    ({"id": "gigazaur", "tokens": {"smoke": 2}}, ("token-without-card", ("monsters", 0, "tokens", "smoke"))),
    ({"id": "gigazaur", "cards": ["smoke-cloud"]}, ("card-without-token", ("monsters", 0, "tokens", "smoke"))),
    ({"id": "gigazaur", "cards": ["smoke-cloud"], "tokens": {"smoke": 4}},
     ("too-high", ("monsters", 0, "tokens", "smoke"))),
    ({"id": "gigazaur", "tokens": {"cultist": 1}}, ("needs-option", ("monsters", 0, "tokens", "cultist"))),
])
def test_a_number_the_box_cannot_show_is_refused(monster, problem):
    with pytest.raises(InvalidSetup) as info:
        make_setup(monster, "the-king")
    assert problem in [(p.code, p.path) for p in info.value.problems]


def test_twenty_vp_is_reachable_inside_a_turn():
    # in Tokyo at the start of its turn with 18 VP, the-king now has 20: the game ends when this turn ends
    setup = make_setup({"id": "the-king", "location": "city", "vp": 20}, "gigazaur", dice=["1", "2", "3"] * 2,
                       turn={"step": "roll"})
    g = replay(setup, ["roll", "resolve", "end"])
    assert g.state.outcome.winners == ("the-king",)


def test_poison_tokens_on_all_monsters_share_the_supply_of_twelve():
    with pytest.raises(InvalidSetup) as info:
        make_setup({"id": "gigazaur", "tokens": {"poison": 7}}, {"id": "the-king", "tokens": {"poison": 6}})
    assert [(p.code, p.path, p.params["supply"]) for p in info.value.problems] == [
        ("too-many-tokens", ("monsters", 1, "tokens", "poison"), 12)]


def test_limits_come_from_what_each_monster_holds():
    from kotguide.engine import limits

    setup = make_setup({"id": "gigazaur", "cards": ["extra-head", "giant-brain", "even-bigger"], "tokens": {}},
                       {"id": "the-king", "cards": ["extra-head"]}, "alienoid",
                       {"id": "cyber-kitty", "pieces": ["tile-full-regeneration"]}, options=["wickedness"],
                       modules={"wickedness": {"tiles": []}})
    got = limits(setup)
    # Even Bigger and Full Regeneration: 12; the others 10. Gigazaur plays first: 7 dice, 3 rerolls
    assert got.max_life == {"gigazaur": 12, "the-king": 10, "alienoid": 10, "cyber-kitty": 12}
    assert (got.dice, got.special_dice, got.rerolls) == (7, (), 3)
    assert (got.tokens["poison"].supply, got.tokens["smoke"].most, got.tokens["wickedness"].most) == (12, 3, 10)
    assert got.market_size == 3 and got.players == (2, 6)


def test_limits_of_a_berserk_monster_include_its_die():
    from kotguide.engine import limits

    setup = make_setup({"id": "gigazaur", "tokens": {"berserk": 1, "shrink": 2}}, "the-king", options=["berserk"])
    got = limits(setup)
    assert (got.dice, got.special_dice, got.rerolls) == (4, ("berserk",), 2)  # two Shrink tokens: two dice fewer


def test_a_module_table_reports_every_problem_with_its_path():
    raw = {"monsters": ["gigazaur", "the-king"], "first_player": "gigazaur",
           "options": ["wickedness", "curses", "tokyo-tower"],
           "modules": {"wickedness": {"tiles": ["devious", "no-such-tile"], "side": "orange"},
                       "curses": {"in_force": "set-storm", "deck": ["set-storm", "no-such-curse"],
                                  "scarab": "alienoid"},
                       "tokyo-tower": {"levels": {"top": "gigazaur", "bottom": "alienoid"}}}}
    with pytest.raises(InvalidSetup) as info:
        Setup.from_dict(raw)
    assert {(p.code, p.path) for p in info.value.problems} == {
        ("unknown-key", ("modules", "wickedness", "side")),
        ("unknown-tile", ("modules", "wickedness", "tiles", 1)),
        ("curse-twice", ("modules", "curses", "deck", 0)),  # set-storm is already the curse in force
        ("unknown-curse", ("modules", "curses", "deck", 1)),
        ("scarab-holder", ("modules", "curses", "scarab")),
        ("bad-field", ("modules", "tokyo-tower", "levels", "top")),  # whoever holds the top has won
        ("unknown-monster", ("modules", "tokyo-tower", "levels", "bottom")),
    }


def test_a_tile_shown_and_held_is_one_tile_twice():
    # barbs and devious are the two sides of one tile (kot-facts §3.7): one cannot be held while the other is shown
    raw = {"monsters": [{"id": "gigazaur", "pieces": ["tile-barbs"]}, "the-king"], "options": ["wickedness"],
           "modules": {"wickedness": {"tiles": ["devious"]}}}
    with pytest.raises(InvalidSetup) as info:
        Setup.from_dict(raw)
    assert [(p.code, p.path) for p in info.value.problems] == [("tile-twice", ("monsters", 0, "pieces", 0))]


def test_a_mid_turn_position_whose_modules_still_deal_setup_choices_is_refused():
    # costumes drawn at setup are kept before the first turn: such a game opens at step "start", not in the turn
    with pytest.raises(InvalidSetup) as info:
        replay(make_setup("gigazaur", "the-king", options=["costumes"], turn={"step": "roll"}), [])
    assert [(p.code, p.path) for p in info.value.problems] == [("turn-setup-choices", ("turn", "step"))]
