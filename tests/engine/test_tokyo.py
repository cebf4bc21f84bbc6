"""Tokyo: starting the turn in Tokyo (City or Bay) earns 2 VP; at most one monster per space."""

from kotguide.engine.testing import find, make_setup, play

FIVE = ["space-penguin", "alienoid", "cyber-kitty", "the-king", "gigazaur"]


def test_starting_the_turn_in_the_city_gives_2_vp():
    g = play(make_setup({"id": "gigazaur", "location": "city"}, "the-king"))
    assert g.state.monsters[0].vp == 2
    assert find(g.start_events, "vp-gained", rule="tokyo", monster="gigazaur", amount=2, reason="start")


def test_starting_the_turn_in_the_bay_gives_2_vp():
    monsters = [{"id": m} for m in FIVE]
    monsters[0]["location"] = "city"
    monsters[1]["location"] = "bay"
    g = play(make_setup(*monsters, first="alienoid"))
    assert g.state.monster("alienoid").vp == 2


def test_starting_outside_gives_nothing():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city"}))
    assert g.state.monsters[0].vp == 0
    assert not find(g.start_events, "vp-gained")


def test_the_reward_comes_at_every_turn_start_in_tokyo_not_when_entering_turn():
    g = play(make_setup("gigazaur", "the-king", dice="1 2 3 1 2 3 " * 3),
             "roll resolve end roll resolve end roll resolve")
    assert g.state.monsters[0].vp == 1 + 2  # entered on turn 1, started turn 3 in Tokyo
    assert len(find(g.events, "vp-gained", rule="tokyo")) == 1
