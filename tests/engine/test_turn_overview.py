"""A turn: start → roll (up to 3) → resolve → yield → enter → buy → end, then the next monster."""

from kotguide.engine import apply, legal_actions, start
from kotguide.engine.testing import find, make_setup, play


def test_phases_and_decisions_of_a_turn():
    s, _ = start(make_setup("gigazaur", "the-king", dice="1 2 3 heart energy energy 1 2 3 1 2 3"))
    assert (s.turn, s.phase, s.decision.kind, s.decision.monster, s.rolls_left) == (1, "roll", "roll", "gigazaur", 3)
    assert [a.code for a in legal_actions(s)] == ["roll"]
    s, _ = apply(s, "roll")
    assert (s.phase, s.decision.kind, s.rolls_left) == ("roll", "reroll", 2)
    s, ev = apply(s, "resolve")
    assert (s.phase, s.decision.kind) == ("buy", "buy")
    assert [e.kind for e in ev] == ["dice-resolved", "not-healed", "energy-gained", "entered", "vp-gained"]
    s, ev = apply(s, "end")
    assert [e.kind for e in ev] == ["turn-ended", "turn-started"]
    assert (s.turn, s.monsters[s.active].id, s.phase, s.decision.kind) == (2, "the-king", "roll", "roll")


def test_turn_started_event_each_turn():
    g = play(make_setup("gigazaur", "the-king", "alienoid", dice="1 2 3 1 2 3 " * 3),
             "roll resolve end roll resolve end roll resolve end")
    starts = find(g.events, "turn-started", rule="turn-overview")
    assert [(e.monster, e.data["turn"]) for e in starts] == [
        ("gigazaur", 1), ("the-king", 2), ("alienoid", 3), ("gigazaur", 4)]


def test_play_goes_clockwise_in_seat_order_from_the_first_player():
    g = play(make_setup("gigazaur", "the-king", "alienoid", first="alienoid", dice="1 2 3 1 2 3 " * 3),
             "roll resolve end roll resolve end roll resolve end")
    assert [e.monster for e in find(g.events, "turn-started")] == ["alienoid", "gigazaur", "the-king", "alienoid"]
