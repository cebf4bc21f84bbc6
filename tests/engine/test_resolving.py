"""Resolving: all final dice, in the order numbers → hearts → energy → smash."""

from kotguide.engine.testing import make_setup, play


def test_resolution_order():
    g = play(make_setup({"id": "gigazaur", "life": 5}, {"id": "the-king", "location": "city"},
                        dice="smash energy heart 2 2 2"), "roll resolve")
    rules = [e.rule for e in g.steps[1]]
    assert rules[:6] == ["resolving", "numbers", "heal", "energy", "smash", "smash"]


def test_dice_resolved_event_carries_the_final_faces():
    g = play(make_setup("gigazaur", "the-king", dice="1 1 1 1 1 1 2 2"), "roll reroll:0.1 resolve")
    resolved = [e for e in g.events if e.kind == "dice-resolved"]
    assert len(resolved) == 1
    assert (resolved[0].rule, resolved[0].monster) == ("resolving", "gigazaur")  # whose dice
    assert resolved[0].data["faces"] == ["2", "2", "1", "1", "1", "1"]
    assert g.state.monsters[0].vp == 2 + 1  # four 1s, then entering


def test_the_order_matters_for_healing_before_smash_kills_nobody_outside():
    # the active monster in Tokyo: its hearts do not heal, its smashes hit the outside monsters
    g = play(make_setup({"id": "gigazaur", "life": 4, "location": "city"}, {"id": "the-king", "life": 1},
                        dice="heart heart smash 1 2 3"), "roll resolve")
    assert g.state.monsters[0].life == 4
    assert not g.state.monsters[1].alive
