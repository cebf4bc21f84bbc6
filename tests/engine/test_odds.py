"""Exact dice odds: pinned values, agreement with a brute-force enumeration of every outcome, and properties."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kotguide.engine.dice import FACES, score_numbers
from kotguide.engine.odds import Odds, at_least, clear_caches, odds, points_at_least

Table = tuple[str, ...]
Goal = Callable[[Table], bool]


# --- brute force: every outcome of every roll, one by one (6**k of them for k dice) ------------------------------
def _rolls(free: int):
    return product(FACES, repeat=free)


def _keeps(table: Table) -> set[Table]:
    """Every choice of dice to keep from the table (as sorted faces: which of two equal dice is kept is the same)."""
    return {tuple(sorted(kept)) for size in range(len(table) + 1) for kept in combinations(table, size)}


def brute_policy(goal: Goal, keep: Callable[[Table], Table], table: Table, rolls: int, dice: int) -> Fraction:
    """P(goal) when ``keep`` chooses the dice to keep at every roll (before the first roll nothing is kept)."""

    @cache
    def value(table: Table, rolls: int, first: bool) -> Fraction:
        if rolls == 0:
            return Fraction(goal(table))
        kept = () if first else keep(table)
        free = dice - len(kept)
        total = sum(value(tuple(sorted(kept + rolled)), rolls - 1, False) for rolled in _rolls(free))
        return Fraction(total, 6**free)

    return value(tuple(sorted(table)), rolls, not table)


def brute_best(goal: Goal, table: Table, rolls: int, dice: int, first_keep: Table | None = None) -> Fraction:
    """P(goal) with the best choice of dice to keep at every roll, found by trying every choice (``first_keep``
    fixes the first one)."""

    @cache
    def after_keep(kept: Table, rolls: int) -> Fraction:
        free = dice - len(kept)
        return Fraction(sum(value(tuple(sorted(kept + rolled)), rolls - 1) for rolled in _rolls(free)), 6**free)

    @cache
    def value(table: Table, rolls: int) -> Fraction:
        if rolls == 0:
            return Fraction(goal(table))
        return max(after_keep(kept, rolls) for kept in _keeps(table))

    if first_keep is not None:
        return after_keep(tuple(sorted(first_keep)), rolls)
    return value(tuple(sorted(table)), rolls)


def at_least_goal(face: str, n: int) -> Goal:
    return lambda table: table.count(face) >= n


def points_goal(vp: int) -> Goal:
    return lambda table: score_numbers(table) >= vp


def keep_face(face: str) -> Callable[[Table], Table]:
    return lambda table: tuple(f for f in table if f == face)


# --- pinned values ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("rolls", "percent", "exact"), [
    (1, "6.23", Fraction(1453, 23328)),
    (2, "26.60", Fraction(289563043, 1088391168)),
    (3, "49.98", Fraction(25378367006083, 50779978334208)),
])
def test_fresh_turn_at_least_three_3s(rolls, percent, exact):
    p = at_least("3", 3, (), rolls, dice=6)
    assert p == exact
    assert f"{float(p) * 100:.2f}" == percent


def test_one_roll_is_the_binomial_tail():
    # P(at least 3 of 6) = 1 - (5^6 + 6*5^5 + 15*5^4) / 6^6
    assert at_least("smash", 3, rolls_left=1) == 1 - Fraction(5**6 + 6 * 5**5 + 15 * 5**4, 6**6)
    assert at_least("heart", 1, rolls_left=1) == 1 - Fraction(5, 6) ** 6


def test_the_face_does_not_change_the_odds():
    for n in range(7):
        assert len({at_least(face, n, rolls_left=3) for face in FACES}) == 1


def test_fresh_turn_points_pinned():
    # computed once by this module and checked against the brute force below for smaller cases; a change here is a
    # change of policy or of scoring
    assert [f"{float(points_at_least(v)) * 100:.2f}" for v in (1, 2, 3, 4)] == ["77.53", "70.50", "54.94", "23.18"]
    assert points_at_least(1, rolls_left=1) == brute_best(points_goal(1), (), 1, 6)


def test_no_rolls_left_is_the_table_itself():
    table = ["3", "3", "3", "1", "1", "heart"]
    assert at_least("3", 3, table, 0) == 1
    assert at_least("3", 4, table, 0) == 0
    assert points_at_least(3, table, 0) == 1
    assert points_at_least(4, table, 0) == 0


def test_targets_out_of_reach_or_already_met():
    assert at_least("1", 7, rolls_left=3) == 0
    assert at_least("1", 0, rolls_left=0) == 1
    assert points_at_least(0, rolls_left=0) == 1
    assert points_at_least(7, rolls_left=3) == 0  # six 3s score 3 + 3 = 6 at most
    assert points_at_least(6, rolls_left=1) == Fraction(1, 6**6)


def test_more_dice_from_cards():
    assert at_least("3", 3, rolls_left=3, dice=7) > at_least("3", 3, rolls_left=3, dice=6)
    assert at_least("energy", 8, rolls_left=1, dice=8) == Fraction(1, 6**8)


# --- agreement with the brute force -------------------------------------------------------------------------------
FACE_CASES = [
    # (face, n, table, rolls, dice)
    ("3", 3, (), 1, 6),
    ("3", 2, (), 3, 3),
    ("heart", 3, (), 3, 4),
    ("smash", 2, (), 2, 4),
    ("1", 4, ("1", "1", "2", "heart", "smash", "energy"), 2, 6),
    ("3", 3, ("3", "1", "heart", "energy", "smash", "2"), 2, 6),
    ("energy", 1, ("1", "2", "3", "heart", "smash"), 1, 5),
    ("2", 3, ("2", "3", "3", "heart"), 3, 4),
    ("smash", 4, ("smash", "smash", "smash", "smash"), 2, 4),
]


@pytest.mark.parametrize(("face", "n", "table", "rolls", "dice"), FACE_CASES)
def test_at_least_equals_the_brute_force_of_its_policy(face, n, table, rolls, dice):
    expected = brute_policy(at_least_goal(face, n), keep_face(face), table, rolls, dice)
    assert at_least(face, n, table, rolls, dice=dice) == expected


@pytest.mark.parametrize(("face", "n", "table", "rolls", "dice"), [c for c in FACE_CASES if c[4] <= 4 or c[3] == 1])
def test_keeping_every_die_of_the_face_is_the_best_policy(face, n, table, rolls, dice):
    assert at_least(face, n, table, rolls, dice=dice) == brute_best(at_least_goal(face, n), table, rolls, dice)


POINT_CASES = [
    # (vp, table, rolls, dice)
    (1, (), 1, 6),
    (2, (), 1, 5),
    (1, (), 3, 3),
    (1, (), 2, 4),
    (2, (), 2, 4),
    (3, (), 3, 3),
    (2, ("1", "1", "2", "2"), 2, 4),
    (2, ("1", "1", "3", "heart"), 2, 4),
    (3, ("3", "3", "2", "2", "heart"), 1, 5),
    (4, ("3", "3", "3", "1", "1", "1"), 1, 6),
    (1, ("1", "2", "3", "heart", "energy", "smash"), 1, 6),
    (2, (), 3, 4),
    (3, (), 2, 5),
    (4, ("3", "3", "1", "1", "2", "heart"), 2, 6),
]


@pytest.mark.parametrize(("vp", "table", "rolls", "dice"), POINT_CASES)
def test_points_equal_the_brute_force_over_every_keep(vp, table, rolls, dice):
    assert points_at_least(vp, table, rolls, dice=dice) == brute_best(points_goal(vp), table, rolls, dice)


@pytest.mark.parametrize(("table", "held"), [
    (("1", "1", "3", "heart"), (True, True, False, False)),
    (("1", "1", "3", "heart"), (False, False, True, True)),
    (("2", "2", "2", "smash"), (True, False, True, False)),
])
def test_held_dice_stay_for_the_next_roll_then_the_policy_goes_on(table, held):
    kept = tuple(f for f, h in zip(table, held, strict=True) if h)
    for vp in (1, 2, 3):
        assert points_at_least(vp, table, 2, held=held) == brute_best(points_goal(vp), table, 2, 4, first_keep=kept)
    for face in ("1", "heart"):
        goal = at_least_goal(face, 2)
        # the first roll keeps the held dice, every later roll the dice of the face
        expected = _held_then_face(goal, face, kept, 2, 4)
        assert at_least(face, 2, table, 2, held=held) == expected


def _held_then_face(goal: Goal, face: str, kept: Table, rolls: int, dice: int) -> Fraction:
    free = dice - len(kept)
    total = sum(brute_policy(goal, keep_face(face), tuple(sorted(kept + r)), rolls - 1, dice) for r in _rolls(free))
    return Fraction(total, 6**free)


# --- the table ----------------------------------------------------------------------------------------------------
def test_odds_table_for_a_fresh_turn():
    clear_caches()
    table = odds()
    assert isinstance(table, Odds)
    assert (table.dice, table.rolls_left, table.counts, table.vps) == (6, 3, (1, 2, 3, 4), (1, 2, 3, 4))
    assert [face for face, _ in table.faces] == list(FACES)
    assert table.face("3")[2] == at_least("3", 3)
    assert table.points == tuple(points_at_least(v) for v in (1, 2, 3, 4))


def test_odds_table_mid_turn():
    faces = ["3", "3", "1", "heart", "2", "smash"]
    table = odds(faces, 1, counts=(3,), vps=(3,))
    assert table.face("3") == (1 - Fraction(5, 6) ** 4,)  # two 3s kept: at least one 3 among the four others
    assert table.points == (points_at_least(3, faces, 1),)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: at_least("3", 3, rolls_left=-1), "rolls_left"),
    (lambda: at_least("4", 3), "unknown die face"),
    (lambda: at_least("3", 3, ["3", "skull"], 1), "unknown die faces"),
    (lambda: at_least("3", 3, ["3", "3"], 1, dice=6), "2 faces on the table for 6 dice"),
    (lambda: points_at_least(1, dice=0), "dice must be"),
    (lambda: points_at_least(1, ["3"], 1, held=[True, False]), "one flag per die"),
])
def test_bad_input_is_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# --- properties ---------------------------------------------------------------------------------------------------
tables = st.integers(1, 8).flatmap(lambda n: st.lists(st.sampled_from(FACES), min_size=n, max_size=n))
rolls = st.integers(0, 4)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(tables, rolls, st.sampled_from(FACES))
def test_at_least_is_a_probability_monotone_in_n_and_in_rolls(table, r, face):
    row = [at_least(face, n, table, r) for n in range(len(table) + 2)]
    assert all(0 <= p <= 1 for p in row)
    assert row[0] == 1 and row[-1] == 0
    assert all(a >= b for a, b in zip(row, row[1:], strict=False))  # harder targets are less likely
    more = [at_least(face, n, table, r + 1) for n in range(len(table) + 2)]
    assert all(b >= a for a, b in zip(row, more, strict=True))  # another roll never hurts


@settings(max_examples=150, deadline=None, derandomize=True)
@given(tables, rolls)
def test_points_are_a_probability_monotone_in_vp_and_in_rolls(table, r):
    row = [points_at_least(v, table, r) for v in range(0, 10)]
    assert all(0 <= p <= 1 for p in row)
    assert row[0] == 1
    assert all(a >= b for a, b in zip(row, row[1:], strict=False))
    more = [points_at_least(v, table, r + 1) for v in range(0, 10)]
    assert all(b >= a for a, b in zip(row, more, strict=True))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(1, 7), st.integers(1, 3), st.integers(1, 5), st.sampled_from(FACES))
def test_fresh_turn_one_more_die_never_hurts(dice, r, target, face):
    assert at_least(face, target, (), r, dice=dice + 1) >= at_least(face, target, (), r, dice=dice)
    assert points_at_least(target, (), r, dice=dice + 1) >= points_at_least(target, (), r, dice=dice)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(1, 6).flatmap(lambda n: st.lists(st.sampled_from(FACES), min_size=n, max_size=n)),
       st.integers(1, 3), st.integers(1, 5), st.sampled_from(FACES))
def test_the_policy_is_the_best_of_every_held_choice(table, r, target, face):
    masks = list(product((False, True), repeat=len(table)))
    best_points = max(points_at_least(target, table, r, held=m) for m in masks)
    assert points_at_least(target, table, r) == best_points
    own = [f == face for f in table]
    assert at_least(face, target, table, r, held=own) == at_least(face, target, table, r)
    assert all(at_least(face, target, table, r, held=m) <= at_least(face, target, table, r) for m in masks)
