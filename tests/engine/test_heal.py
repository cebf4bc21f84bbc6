"""Hearts heal 1 each, outside Tokyo only, never above the maximum."""

from kotguide.engine.testing import find, make_setup, play


def test_hearts_heal_outside():
    g = play(make_setup({"id": "gigazaur", "life": 4}, {"id": "the-king", "location": "city"},
                        dice="heart heart heart 1 2 3"), "roll resolve")
    assert g.state.monsters[0].life == 7
    assert find(g.events, "healed", rule="heal", monster="gigazaur", amount=3)


def test_healing_stops_at_the_maximum():
    g = play(make_setup({"id": "gigazaur", "life": 9}, {"id": "the-king", "location": "city"},
                        dice="heart heart heart 1 2 3"), "roll resolve")
    assert g.state.monsters[0].life == 10
    assert find(g.events, "healed", amount=1)


def test_at_full_life_hearts_heal_nothing():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city"}, dice="heart heart 1 2 3 1"),
             "roll resolve")
    assert g.state.monsters[0].life == 10
    assert find(g.events, "not-healed", rule="heal", amount=2, reason="full")


def test_a_raised_maximum_is_respected():
    g = play(make_setup({"id": "gigazaur", "life": 10, "max_life": 12}, {"id": "the-king", "location": "city"},
                        dice="heart heart heart 1 2 3"), "roll resolve")
    assert g.state.monsters[0].life == 12


def test_hearts_do_not_heal_in_tokyo_city_or_bay():
    for space in ("city", "bay"):
        monsters = [{"id": "gigazaur", "life": 4, "location": space}, "the-king", "alienoid", "cyber-kitty",
                    "space-penguin"]
        if space == "bay":
            monsters[1] = {"id": "the-king", "location": "city"}
        g = play(make_setup(*monsters, dice="heart heart heart 1 2 3"), "roll resolve")
        assert g.state.monsters[0].life == 4
        assert find(g.events, "not-healed", rule="heal", amount=3, reason="tokyo")
        assert not find(g.events, "healed")


def test_a_roll_without_hearts_says_nothing_about_healing():
    # gigazaur in Tokyo City rolls no heart: no "hearts heal nothing in Tokyo" line for zero hearts
    g = play(make_setup({"id": "gigazaur", "life": 4, "location": "city"}, "the-king", dice="1 2 3 smash energy 1"),
             "roll resolve")
    assert not find(g.events, "not-healed") and not find(g.events, "healed")
