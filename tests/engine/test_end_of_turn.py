"""End of turn: `end` closes the buy step; the turn passes to the next surviving monster clockwise."""

from kotguide.engine.testing import find, make_setup, play


def test_end_passes_to_the_next_monster():
    g = play(make_setup("gigazaur", "the-king", "alienoid", dice="1 2 3 1 2 3"), "roll resolve end")
    assert find(g.events, "turn-ended", rule="end-of-turn", monster="gigazaur", turn=1)
    assert g.state.monsters[g.state.active].id == "the-king"
    assert (g.state.turn, g.state.phase, g.state.dice, g.state.rolls_left) == (2, "roll", [], 3)


def test_eliminated_monsters_are_skipped():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "life": 1}, "alienoid",
                        dice="smash 1 2 3 1 2"), "roll resolve end")
    assert g.state.monsters[g.state.active].id == "alienoid"


def test_the_last_seat_passes_to_the_first():
    g = play(make_setup("gigazaur", "the-king", first="the-king", dice="1 2 3 1 2 3"), "roll resolve end")
    assert g.state.monsters[g.state.active].id == "gigazaur"


def test_nothing_happens_in_the_end_step_of_the_base_game_but_the_check():
    g = play(make_setup("gigazaur", "the-king", dice="1 2 3 1 2 3"), "roll resolve end")
    assert [e.kind for e in g.steps[-1]] == ["turn-ended", "turn-started"]
