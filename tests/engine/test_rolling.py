"""Rolling: six dice, up to two rerolls of any dice (kept ones included), stop any time; only the final roll counts."""

import pytest

from kotguide.engine import IllegalAction, Reroll, apply, is_legal, legal_actions, start
from kotguide.engine.testing import find, make_setup, play


def test_first_roll_uses_six_dice_and_scripted_faces():
    g = play(make_setup("gigazaur", "the-king", dice="1 2 3 heart energy smash"), "roll")
    assert g.state.dice == ["1", "2", "3", "heart", "energy", "smash"]
    assert g.state.kept == [False] * 6
    assert find(g.events, "dice-rolled", rule="rolling", roll=1, rerolled=[0, 1, 2, 3, 4, 5])


def test_reroll_only_the_chosen_dice_and_mark_the_others_kept():
    g = play(make_setup("gigazaur", "the-king", dice="1 2 3 heart energy smash smash smash"), "roll reroll:0.2")
    assert g.state.dice == ["smash", "2", "smash", "heart", "energy", "smash"]
    assert g.state.kept == [False, True, False, True, True, True]
    assert g.state.rolls_left == 1


def test_kept_dice_may_be_rerolled_later():
    dice = "1 1 1 1 1 1 2 2 3 3 3 3"
    g = play(make_setup("gigazaur", "the-king", dice=dice), "roll reroll:0.1 reroll:0.1.2.3")
    assert g.state.dice == ["3", "3", "3", "3", "1", "1"]  # dice 2 and 3 were kept by the second roll
    assert g.state.kept == [False, False, False, False, True, True]


def test_at_most_two_rerolls():
    g = play(make_setup("gigazaur", "the-king"), "roll reroll:0 reroll:1")
    assert g.state.rolls_left == 0
    assert g.state.decision.kind == "resolve"
    assert [a.code for a in legal_actions(g.state)] == ["resolve"]
    with pytest.raises(IllegalAction) as info:
        apply(g.state, "reroll:2")
    assert info.value.code == "no-rolls-left"


def test_the_player_may_stop_after_any_roll():
    for actions in ("roll resolve", "roll reroll:0 resolve", "roll reroll:0 reroll:0 resolve"):
        assert play(make_setup("gigazaur", "the-king"), actions).state.phase == "buy"


def test_nothing_is_gained_before_the_final_roll():
    g = play(make_setup({"id": "gigazaur", "life": 5}, {"id": "the-king", "location": "city"},
                        dice="3 3 3 heart energy smash 1 1 2 2"), "roll reroll:3.4.5")
    gains = [e for e in g.events if e.kind in ("vp-gained", "healed", "energy-gained", "damaged")]
    assert gains == []
    m = g.state.monsters[0]
    assert (m.vp, m.life, m.energy) == (0, 5, 0)


def test_reroll_legal_actions_are_every_subset_plus_resolve():
    s, _ = start(make_setup("gigazaur", "the-king"))
    s, _ = apply(s, "roll")
    acts = legal_actions(s)
    assert acts[0].code == "resolve"
    rerolls = [a for a in acts if isinstance(a, Reroll)]
    assert len(rerolls) == 63 == len(set(rerolls))
    assert all(is_legal(s, a) for a in acts)


@pytest.mark.parametrize("code,err", [("reroll:6", "bad-dice"), ("roll", "wrong-time"), ("stay", "wrong-time"),
                                      ("buy:0", "wrong-time"), ("end", "wrong-time")])
def test_illegal_roll_actions(code, err):
    s, _ = start(make_setup("gigazaur", "the-king"))
    s, _ = apply(s, "roll")
    with pytest.raises(IllegalAction) as info:
        apply(s, code)
    assert info.value.code == err
    assert not is_legal(s, code)


def test_resolve_or_reroll_before_rolling_is_illegal():
    s, _ = start(make_setup("gigazaur", "the-king"))
    for code in ("resolve", "reroll:0"):
        with pytest.raises(IllegalAction) as info:
            apply(s, code)
        assert info.value.code == "wrong-time"
