"""Energy: 1 per lightning of the final roll, kept between turns."""

from kotguide.engine.testing import find, make_setup, play


def test_one_energy_per_lightning():
    g = play(make_setup({"id": "gigazaur", "energy": 3}, "the-king", dice="energy energy energy 1 2 heart"),
             "roll resolve")
    assert g.state.monsters[0].energy == 6
    assert find(g.events, "energy-gained", rule="energy", monster="gigazaur", amount=3)


def test_energy_in_tokyo_too_and_kept_across_turns():
    g = play(make_setup({"id": "gigazaur", "location": "city"}, "the-king",
                        dice="energy energy 1 2 3 1 1 2 3 1 2 3 energy 1 2 3 1 2"),
             "roll resolve end roll resolve end roll resolve")
    assert g.state.monsters[0].energy == 3


def test_no_lightning_no_energy():
    g = play(make_setup("gigazaur", "the-king", dice="1 2 3 1 2 3"), "roll resolve")
    assert g.state.monsters[0].energy == 0
    assert not find(g.events, "energy-gained")
