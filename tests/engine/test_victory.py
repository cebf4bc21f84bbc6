"""Victory, checked after the active monster's whole turn: a survivor with 20+ VP, or the last survivor; all
eliminated together: nobody; several at once: a shared win (house fallback)."""

from kotguide.engine import Outcome, legal_actions
from kotguide.engine.testing import find, make_setup, play

# 20 VP or more before a turn ends: a position inside the turn (at its start the game would be over)
ROLL_NEXT = {"step": "roll"}


def test_twenty_vp_wins_at_the_end_of_the_turn_not_before():
    g = play(make_setup({"id": "gigazaur", "vp": 19}, "the-king", dice="1 1 1 2 3 heart"), "roll resolve")
    assert g.state.monsters[0].vp == 21
    assert g.state.outcome is None and g.state.decision.kind == "buy"
    assert legal_actions(g.state)
    g = play(g.setup, "roll resolve end")
    assert g.state.outcome == Outcome(("gigazaur",), "points", False)
    assert g.state.phase == "over" and g.state.decision is None and legal_actions(g.state) == []
    assert find(g.events, "game-over", rule="victory", winners=["gigazaur"], reason="points", shared=False)


def test_a_monster_that_reached_20_on_another_turn_wins_at_that_turn_end():
    # the-king has 20 VP (a position); gigazaur plays its turn: at its end the-king wins
    g = play(make_setup("gigazaur", {"id": "the-king", "vp": 20}, dice="1 2 3 1 2 3", turn=ROLL_NEXT),
             "roll resolve end")
    assert g.state.outcome == Outcome(("the-king",), "points", False)


def test_last_survivor_wins():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "life": 1}, dice="smash 1 2 3 1 2"),
             "roll resolve")
    assert g.state.outcome is None  # still gigazaur's turn
    g = play(g.setup, "roll resolve end")
    assert g.state.outcome == Outcome(("gigazaur",), "last-survivor", False)


def test_eliminated_with_20_vp_does_not_win():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "life": 1, "vp": 25}, "alienoid",
                        dice="smash 1 2 3 1 2", turn=ROLL_NEXT), "roll resolve end")
    assert g.state.outcome is None


def test_all_eliminated_nobody_wins():
    g = play(make_setup({"id": "gigazaur", "life": 3, "energy": 4}, {"id": "the-king", "life": 2},
                        dice="1 2 3 1 2 3", market=["high-altitude-bombing"]), "roll resolve buy:0")
    assert g.state.outcome == Outcome((), "all-eliminated", False)
    assert find(g.events, "game-over", winners=[], reason="all-eliminated")


def test_shared_win():
    g = play(make_setup({"id": "gigazaur", "vp": 19}, {"id": "the-king", "vp": 20}, "alienoid",
                        dice="1 1 1 2 3 heart", turn=ROLL_NEXT), "roll resolve end")
    assert g.state.outcome == Outcome(("gigazaur", "the-king"), "points", True)


def test_points_beat_last_survivor_and_the_dead_are_ignored():
    g = play(make_setup({"id": "gigazaur", "vp": 19}, {"id": "the-king", "location": "city", "life": 1, "vp": 20},
                        dice="smash 1 1 1 2 3", turn=ROLL_NEXT), "roll resolve end")
    assert g.state.outcome == Outcome(("gigazaur",), "points", False)
