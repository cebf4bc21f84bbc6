"""The official two-player variant: 1 energy instead of each Tokyo VP reward; only with exactly 2 monsters."""

import pytest

from kotguide.engine import InvalidSetup
from kotguide.engine.testing import find, make_setup, play


def test_entering_gives_one_energy_instead_of_a_vp():
    g = play(make_setup("gigazaur", "the-king", options=["two-player"], dice="1 2 3 1 2 3"), "roll resolve")
    assert (g.state.monsters[0].vp, g.state.monsters[0].energy) == (0, 1)
    assert find(g.events, "energy-gained", rule="two-player", amount=1, reason="enter")
    assert find(g.start_events, "option-used", rule="two-player", option="two-player")


def test_starting_in_tokyo_gives_one_energy_instead_of_two_vp():
    g = play(make_setup({"id": "gigazaur", "location": "city"}, "the-king", options=["two-player"]))
    assert (g.state.monsters[0].vp, g.state.monsters[0].energy) == (0, 1)
    assert find(g.start_events, "energy-gained", rule="two-player", reason="start")


def test_number_scoring_is_unchanged():
    g = play(make_setup("gigazaur", "the-king", options=["two-player"], dice="3 3 3 1 2 heart"), "roll resolve")
    assert g.state.monsters[0].vp == 3


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_only_with_exactly_two(n):
    ids = ["space-penguin", "alienoid", "cyber-kitty", "the-king", "gigazaur", "meka-dragon"][:n]
    with pytest.raises(InvalidSetup) as info:
        make_setup(*ids, options=["two-player"])
    assert info.value.code == "option-players"
