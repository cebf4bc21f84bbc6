"""The public API contract: apply returns a new state and leaves the old one alone; illegal actions raise and change
nothing; replay equals the chain of applies; events follow the catalogue; the state serializes."""

import json
import random

import pytest

import kotguide.engine as E
from kotguide.engine import IllegalAction, apply, is_legal, legal_actions, replay, start
from kotguide.engine import options as O
from kotguide.engine.flow import quiet_player
from kotguide.engine.random_play import play_random, random_setup
from kotguide.engine.testing import make_setup


def test_public_names():
    for name in ("Setup", "start", "apply", "legal_actions", "replay", "parse_action", "Action", "Event", "GameState",
                 "IllegalAction", "InvalidSetup", "is_legal", "Decision", "Outcome", "KINDS", "rules"):
        assert hasattr(E, name), name


def test_engine_imports_no_django():
    import subprocess
    import sys

    code = "import sys, kotguide.engine, kotguide.engine.__main__; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_apply_leaves_the_old_state_unchanged():
    s0, _ = start(make_setup("gigazaur", {"id": "the-king", "location": "city"}, dice="smash smash 1 2 3 heart"))
    snapshot = s0.clone()
    s1, _ = apply(s0, "roll")
    s2, _ = apply(s1, "resolve")
    assert s0 == snapshot
    assert s1.phase == "roll" and s2.phase == "yield"
    assert s1.monsters[1].life == 10 and s2.monsters[1].life == 8


def test_illegal_action_changes_nothing():
    s, _ = start(make_setup("gigazaur", "the-king"))
    snapshot = s.clone()
    for code in ("resolve", "buy:0", "stay", "end", "sweep", "pass", "use:wings"):
        with pytest.raises(IllegalAction) as info:
            apply(s, code)
        assert info.value.code in ("wrong-time", "card-not-usable")
        assert info.value.message
        assert s == snapshot


def test_game_over_refuses_actions():
    g = replay(make_setup({"id": "gigazaur", "vp": 20}, "the-king", dice="1 2 3 1 2 3",
                          turn={"step": "roll"}), "roll resolve end")
    with pytest.raises(IllegalAction) as info:
        apply(g.state, "roll")
    assert info.value.code == "game-over"


def test_replay_equals_the_chain_of_applies_and_its_own_history():
    setup = make_setup("gigazaur", "the-king", "alienoid", seed=9)
    s, _ = start(setup)
    codes = []
    while s.decision is not None and len(codes) < 60:
        a = legal_actions(s)[len(codes) % len(legal_actions(s))]
        codes.append(a.code)
        s, _ = apply(s, a)
    g = replay(setup, codes)
    assert g.state == s
    assert replay(setup, " ".join(codes)).state == s
    assert [a.code for a in g.state.history] == codes
    assert replay(E.Setup.from_dict(json.loads(json.dumps(setup.to_dict()))), codes).state == s


def test_a_trusted_replay_plays_the_same_game_as_a_checked_one():
    rnd = random.Random(11)
    for options in ((), O.MODULES):
        setup = random_setup(rnd, 4, options)
        codes = [a.code for a in play_random(setup, rnd).state.history]
        checked, trusted = replay(setup, codes), replay(setup, codes, trusted=True)
        assert trusted.state == checked.state and trusted.actions == checked.actions
        assert [[e.to_dict() for e in step] for step in trusted.steps] == [
            [e.to_dict() for e in step] for step in checked.steps]
        assert [e.to_dict() for e in trusted.start_events] == [e.to_dict() for e in checked.start_events]


def test_steps_played_without_their_events_play_the_same_game():
    """A trusted replay's ``tail`` and ``quiet_player`` build fewer events, never another game: the same states, the
    kept steps' events the same (every module on: guard trials read the losses of life)."""
    rnd = random.Random(12)
    for options in ((), O.MODULES, (O.TWO_PLAYER, *O.MODULES)):
        setup = random_setup(rnd, 4, options)
        codes = [a.code for a in play_random(setup, rnd).state.history]
        full = replay(setup, codes)
        short = replay(setup, codes, trusted=True, tail=5)
        assert short.state == full.state and short.actions == full.actions
        assert all(not step for step in short.steps[:-5])
        assert [[e.to_dict() for e in step] for step in short.steps[-5:]] == [
            [e.to_dict() for e in step] for step in full.steps[-5:]]
        s, _ = start(setup)
        play = quiet_player(s)
        for action in full.actions:
            play(action)
        assert s == full.state


def test_a_trusted_replay_still_refuses_a_malformed_code_and_a_chance_outcome_out_of_place():
    with pytest.raises(IllegalAction) as info:
        replay(make_setup("gigazaur", "the-king"), "roll jump", trusted=True)
    assert info.value.code == "unknown-action" and info.value.params["step"] == 1
    with pytest.raises(IllegalAction) as info:  # not a game at a physical table: no faces may be given
        replay(make_setup("gigazaur", "the-king"), "roll dice:1.1.1.2.2.2", trusted=True)
    assert info.value.params["step"] == 1


def test_replay_reports_the_failing_step():
    with pytest.raises(IllegalAction) as info:
        replay(make_setup("gigazaur", "the-king"), "roll resolve stay")
    assert info.value.code == "wrong-time" and info.value.params["step"] == 2
    with pytest.raises(IllegalAction) as info:
        replay(make_setup("gigazaur", "the-king"), "roll jump")
    assert info.value.code == "unknown-action" and info.value.params["step"] == 1


def test_is_legal_agrees_with_legal_actions():
    s, _ = start(make_setup({"id": "gigazaur", "energy": 5}, {"id": "the-king", "location": "city"},
                            dice="smash 1 2 3 1 2", market=["corner-store", "tank", "skyscraper"]))
    every = [E.parse_action(c) for c in ("roll", "resolve", "stay", "yield", "buy:0", "buy:1", "buy:2", "buy:3",
                                         "sweep", "end", "pass", "reroll:0", "reroll:0.5")]
    for code in ("roll", "resolve", "stay", "end"):
        legal = legal_actions(s)
        assert sorted(a.code for a in every if is_legal(s, a)) == sorted(a.code for a in legal if a in every)
        s, _ = apply(s, code)


def test_state_to_dict_is_json():
    g = replay(make_setup("gigazaur", "the-king", dice="1 2 3 1 2 3"), "roll")
    d = json.loads(json.dumps(g.state.to_dict()))
    assert d["decision"] == {"monster": "gigazaur", "kind": "reroll", "rolls_left": 2}
    assert d["dice"][0] == {"face": "1", "kept": False}
    assert d["monsters"][0]["location"] == "outside"


def test_decision_names_the_holder_and_kind():
    g = replay(make_setup("gigazaur", {"id": "the-king", "location": "city"}, dice="smash 1 2 3 1 2"), "roll")
    assert (g.state.decision.monster, g.state.decision.kind, g.state.decision.rolls_left) == ("gigazaur", "reroll", 2)
    g = replay(g.setup, "roll resolve")
    assert (g.state.decision.seat, g.state.decision.kind) == (1, "yield")


def test_a_clone_sets_every_field_and_shares_nothing_that_changes():
    # clone and Monster.copy set the slots one by one: a field added to the state and left out must fail here
    from dataclasses import fields

    from kotguide.engine.state import GameState, Monster

    rnd = random.Random(3)
    s = play_random(random_setup(rnd, 4, O.MODULES), rnd).state
    copy = s.clone()
    assert copy == s
    for f in fields(GameState):
        assert hasattr(copy, f.name), f.name
    for f in fields(Monster):
        assert all(hasattr(m, f.name) for m in copy.monsters), f.name
    for name in ("monsters", "market", "deck", "discard", "pending", "dice", "kept", "hit", "memo", "history",
                 "marks", "extra_turns", "control"):
        assert getattr(copy, name) is not getattr(s, name), name
    for mine, theirs in zip(copy.monsters, s.monsters, strict=True):
        assert mine.cards is not theirs.cards and mine.pieces is not theirs.pieces and mine.tokens is not theirs.tokens
        assert type(mine.cards) is type(theirs.cards) and type(mine.pieces) is type(theirs.pieces)
    assert s.clone(share_history=True).history is s.history
