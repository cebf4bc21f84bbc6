"""Smash: from outside hits every monster in Tokyo (City and Bay); from inside, every monster outside; empty Tokyo:
nobody."""

from kotguide.engine.testing import find, five_monsters, make_setup, play


def lives(g):
    return {m.id: m.life for m in g.state.monsters}


def test_from_outside_hits_city_and_bay_only():
    g = play(make_setup(*five_monsters(city="space-penguin", bay="alienoid"), first="gigazaur",
                        dice="smash smash smash 1 2 heart"), "roll resolve")
    assert lives(g) == {"space-penguin": 7, "alienoid": 7, "cyber-kitty": 10, "the-king": 10, "gigazaur": 10}
    assert find(g.events, "smashed", rule="smash", amount=3, targets=["space-penguin", "alienoid"])
    assert find(g.events, "damaged", rule="smash", monster="alienoid", amount=3, by="gigazaur")


def test_from_inside_hits_everyone_outside_but_not_the_other_tokyo_space():
    g = play(make_setup(*five_monsters(city="space-penguin", bay="alienoid"), first="alienoid",
                        dice="smash smash 1 2 3 heart"), "roll resolve")
    assert lives(g) == {"space-penguin": 10, "alienoid": 10, "cyber-kitty": 8, "the-king": 8, "gigazaur": 8}
    assert find(g.events, "smashed", targets=["cyber-kitty", "the-king", "gigazaur"])


def test_with_tokyo_empty_a_smash_hits_nobody():
    g = play(make_setup("gigazaur", "the-king", "alienoid", dice="smash smash smash smash smash smash"),
             "roll resolve")
    assert all(m.life == 10 for m in g.state.monsters)
    assert find(g.events, "smashed", amount=6, targets=[])
    assert not find(g.events, "damaged")


def test_no_smash_no_damage():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city"}, dice="1 2 3 1 2 3"), "roll resolve")
    assert lives(g) == {"gigazaur": 10, "the-king": 10}
    assert not find(g.events, "smashed")


def test_damage_never_goes_below_zero():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "life": 2},
                        dice="smash smash smash smash 1 2"), "roll resolve")
    assert g.state.monsters[1].life == 0
    assert find(g.events, "damaged", monster="the-king", amount=2)


def test_eliminated_monsters_are_not_targets():
    g = play(make_setup({"id": "gigazaur", "location": "city"}, {"id": "the-king", "life": 1}, "alienoid",
                        dice="smash 1 2 3 1 2 " + "1 2 3 1 2 3 " + "smash 1 2 3 1 2"),
             "roll resolve end roll resolve end roll resolve")
    smashes = find(g.events, "smashed")
    assert [e.data["targets"] for e in smashes] == [["the-king", "alienoid"], ["alienoid"]]
    assert lives(g) == {"gigazaur": 10, "the-king": 0, "alienoid": 8}
