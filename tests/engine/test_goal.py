"""Goal: 20 VP (or being the last monster standing). Reaching 20 is an event; the win comes at the turn end."""

from kotguide.engine.testing import find, make_setup, play


def test_reaching_twenty_emits_goal_once():
    g = play(make_setup({"id": "gigazaur", "vp": 17}, "the-king", dice="3 3 3 3 3 3"), "roll resolve end")
    assert find(g.events, "goal-reached", rule="goal", monster="gigazaur", amount=17 + 6)
    assert len(find(g.events, "goal-reached")) == 1


def test_nineteen_is_not_the_goal():
    g = play(make_setup({"id": "gigazaur", "vp": 16}, {"id": "the-king", "location": "city"}, dice="3 3 3 1 2 heart"),
             "roll resolve end")
    assert g.state.monsters[0].vp == 19
    assert not find(g.events, "goal-reached")
    assert g.state.outcome is None


def test_goal_from_the_start_of_turn_reward():
    g = play(make_setup({"id": "gigazaur", "vp": 18, "location": "city"}, "the-king"))
    assert find(g.start_events, "goal-reached", amount=20)
