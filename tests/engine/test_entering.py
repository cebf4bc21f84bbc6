"""Entering: after resolving (and yields) an outside active monster must enter an empty City, even with no smash, or
the Bay (5–6 alive, City taken); +1 VP; never both spaces."""

from kotguide.engine.testing import find, make_setup, play

FIVE = ["space-penguin", "alienoid", "cyber-kitty", "the-king", "gigazaur"]


def test_must_enter_an_empty_city_without_smash():
    g = play(make_setup("gigazaur", "the-king", dice="1 2 3 1 2 3"), "roll resolve")
    assert g.state.monsters[0].location == "city"
    assert g.state.monsters[0].vp == 1
    assert find(g.events, "entered", rule="entering", monster="gigazaur", space="city")
    assert find(g.events, "vp-gained", rule="entering", amount=1, reason="enter")


def test_city_taken_with_four_monsters_stay_outside():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city"}, "alienoid", "cyber-kitty",
                        dice="1 2 3 1 2 3"), "roll resolve")
    assert g.state.monsters[0].location == "outside"
    assert not find(g.events, "entered")


def test_city_taken_with_five_monsters_enter_the_bay():
    monsters = [{"id": m} for m in FIVE]
    monsters[0]["location"] = "city"
    g = play(make_setup(*monsters, first="gigazaur", dice="1 2 3 1 2 3"), "roll resolve")
    gz = g.state.monster("gigazaur")
    assert (gz.location, gz.vp) == ("bay", 1)
    assert find(g.events, "entered", rule="tokyo-bay", space="bay")


def test_empty_city_is_taken_before_the_bay():
    monsters = [{"id": m} for m in FIVE]
    monsters[1]["location"] = "bay"
    g = play(make_setup(*monsters, first="gigazaur", dice="1 2 3 1 2 3"), "roll resolve")
    assert g.state.monster("gigazaur").location == "city"


def test_both_spaces_taken_stay_outside():
    monsters = [{"id": m} for m in FIVE]
    monsters[0]["location"] = "city"
    monsters[1]["location"] = "bay"
    g = play(make_setup(*monsters, first="gigazaur", dice="1 2 3 1 2 3"), "roll resolve")
    assert g.state.monster("gigazaur").location == "outside"


def test_an_occupant_never_takes_the_second_space():
    monsters = [{"id": m} for m in FIVE]
    monsters[4]["location"] = "city"
    g = play(make_setup(*monsters, first="gigazaur", dice="1 2 3 1 2 3"), "roll resolve")
    assert g.state.monster("gigazaur").location == "city"
    assert g.state.monster("gigazaur").vp == 2  # only the start reward
    assert not find(g.events, "entered")


def test_entering_happens_after_resolving_in_the_enter_phase():
    g = play(make_setup("gigazaur", "the-king", dice="smash 1 2 3 1 2"), "roll resolve")
    kinds = [e.kind for e in g.steps[-1]]
    assert kinds.index("smashed") < kinds.index("entered")
    assert find(g.events, "smashed", targets=[])  # entering comes after the smash: it hit nobody


def test_a_card_that_empties_tokyo_after_the_enter_step_does_not_trigger_an_entry():
    setup = make_setup({"id": "gigazaur", "energy": 3}, {"id": "the-king", "location": "city", "life": 2},
                       "alienoid", dice="1 2 3 1 2 3", market=["flame-thrower"])
    g = play(setup, "roll resolve buy:0")
    assert not g.state.monster("the-king").alive
    assert g.state.city is None
    assert g.state.monster("gigazaur").location == "outside"
