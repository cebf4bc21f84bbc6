"""First player: given by the setup, or the claw roll-off (most smashes starts; tied monsters roll again)."""

from kotguide.engine import start
from kotguide.engine.testing import find, make_setup

NONE = "1 1 1 1 1 1"


def test_given_first_player():
    s, events = start(make_setup("gigazaur", "the-king", "alienoid", first="alienoid"))
    assert s.monsters[s.active].id == "alienoid"
    assert find(events, "first-player", rule="first-player", monster="alienoid", by="setup")
    assert not find(events, "roll-off")


def test_roll_off_most_smashes_starts():
    dice = f"{NONE} smash smash smash 1 1 1 smash 1 1 1 1 1"
    s, events = start(make_setup("gigazaur", "the-king", "alienoid", first=None, dice=dice))
    assert s.monsters[s.active].id == "the-king"
    assert [e.amount for e in find(events, "roll-off")] == [0, 3, 1]
    assert find(events, "first-player", monster="the-king", by="roll-off")
    assert s.script_pos == 18


def test_roll_off_tied_monsters_roll_again_and_only_they():
    dice = f"smash 1 1 1 1 1 {NONE} smash 1 1 1 1 1 {NONE} smash 1 1 1 1 1"
    s, events = start(make_setup("gigazaur", "the-king", "alienoid", first=None, dice=dice))
    rolls = [(e.monster, e.data["round"], e.amount) for e in find(events, "roll-off")]
    assert rolls == [("gigazaur", 1, 1), ("the-king", 1, 0), ("alienoid", 1, 1), ("gigazaur", 2, 0),
                     ("alienoid", 2, 1)]
    assert s.monsters[s.active].id == "alienoid"


def test_roll_off_falls_back_to_the_seeded_rng():
    a, ea = start(make_setup("gigazaur", "the-king", "alienoid", first=None, seed=5))
    b, eb = start(make_setup("gigazaur", "the-king", "alienoid", first=None, seed=5))
    assert a.active == b.active and ea == eb
    assert len(find(ea, "first-player", by="roll-off")) == 1
