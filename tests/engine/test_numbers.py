"""Numbers: three or more of a number score that number, +1 per extra die; sets add up."""

import pytest

from kotguide.engine.dice import number_points, score_numbers
from kotguide.engine.testing import find, make_setup, play


@pytest.mark.parametrize("faces,vp", [
    ("1 1 1 2 3 heart", 1),
    ("2 2 2 1 3 heart", 2),
    ("3 3 3 1 2 heart", 3),
    ("1 1 1 1 2 3", 2),
    ("3 3 3 3 3 3", 6),
    ("2 2 2 2 2 1", 4),
    ("1 1 1 3 3 3", 4),
    ("2 2 2 3 3 3", 5),
    ("1 1 2 2 3 3", 0),
    ("3 3 heart heart energy smash", 0),
    ("heart heart heart energy energy energy", 0),
])
def test_score_numbers(faces, vp):
    assert score_numbers(faces.split()) == vp


def test_number_points():
    assert [number_points("2", n) for n in range(7)] == [0, 0, 0, 2, 3, 4, 5]


def test_numbers_in_a_game():
    g = play(make_setup({"id": "gigazaur", "location": "city"}, "the-king", dice="1 1 1 3 3 3"), "roll resolve")
    assert g.state.monsters[0].vp == 2 + 1 + 3  # start in Tokyo, three 1s, three 3s
    assert [(e.amount, e.data["face"], e.data["count"]) for e in find(g.events, "vp-gained", rule="numbers")] == [
        (1, "1", 3), (3, "3", 3)]
