"""Exact dice odds for the rest of a turn's rolls (pure, no Django): computed with whole numbers, never sampled.

Two questions, each answered as an exact ``Fraction`` for the dice on the table and the rolls left:

- ``at_least(face, n, …)``: the chance of ending with at least ``n`` dice showing ``face`` when, at every roll left,
  every die showing ``face`` is kept and all the others are rerolled (keeping them all is the best a player can do
  for this question, and the tests check it against an exhaustive search);
- ``points_at_least(vp, …)``: the chance that the number faces of the final dice score at least ``vp`` victory
  points (three of a kind scores the number, +1 per extra die, sets add up) when the best choice of dice to keep is
  made at each roll, for that target: exact expectimax over the multisets of number dice (hearts, energy and smash
  score nothing, so they are one "blank" face with chance 1/2).

``faces`` are the dice on the table (empty before the first roll: then every die is rolled) and ``rolls_left`` the
rolls still to make, the first roll included (3 before a fresh turn's first roll, then 2, 1, 0), as in
``GameState.rolls_left``. Any die may be rerolled (kept dice too), so the dice kept by the last roll do not limit
what can be kept next; ``held`` (one flag per die) fixes the dice kept for the *next* roll instead of the policy,
which then applies to the rolls after it. ``dice`` is how many dice are rolled (6, more with cards such as Extra
Head); it defaults to ``len(faces)``, or 6 before the first roll.

Numbers: a value after ``r`` rolls of ``d`` dice is held as a whole numerator over ``6**(d*r)`` (rolling ``k`` free
dice weighs each outcome by its number of orderings times ``6**(d-k)``), so the best keep is chosen by comparing
integers and the result is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

from .dice import DICE_PER_ROLL, FACE_SET, FACES, NUMBER_FACES, ROLLS_PER_TURN, number_points

OTHER_FACE_SIDES = 5  # sides of a die not showing one given face
BLANK_SIDES = len(FACES) - len(NUMBER_FACES)  # heart, energy, smash: no points
SIDES = len(FACES)

COUNTS_SHOWN: tuple[int, ...] = (1, 2, 3, 4)  # "at least n of a face", n = …
POINTS_SHOWN: tuple[int, ...] = (1, 2, 3, 4)  # "at least v VP from numbers", v = …

Numbers = tuple[int, int, int]  # how many dice show 1, 2 and 3 (the others are blanks)


@dataclass(frozen=True, slots=True)
class Odds:
    """The chances for one position: ``faces[i]`` pairs a face with P(at least n of it) for each n of ``counts``;
    ``points[j]`` is P(at least ``vps[j]`` VP from numbers)."""

    dice: int
    rolls_left: int
    counts: tuple[int, ...]
    faces: tuple[tuple[str, tuple[Fraction, ...]], ...]
    vps: tuple[int, ...]
    points: tuple[Fraction, ...]

    def face(self, face: str) -> tuple[Fraction, ...]:
        return dict(self.faces)[face]


# --- checks -------------------------------------------------------------------------------------------------------
def _dice_of(faces: Sequence[str], rolls_left: int, dice: int | None, held: Sequence[bool] | None) -> int:
    if rolls_left < 0:
        raise ValueError(f"rolls_left must be 0 or more, not {rolls_left}")
    bad = [f for f in faces if f not in FACE_SET]
    if bad:
        raise ValueError(f"unknown die faces: {bad}")
    n = dice if dice is not None else (len(faces) or DICE_PER_ROLL)
    if n < 1:
        raise ValueError(f"dice must be 1 or more, not {n}")
    if faces and len(faces) != n:
        raise ValueError(f"{len(faces)} faces on the table for {n} dice")
    if held is not None and len(held) != len(faces):
        raise ValueError("held needs one flag per die on the table")
    return n


# --- at least n of a face: keep every die showing it --------------------------------------------------------------
@lru_cache(maxsize=512)
def _face_chain(dice: int, need: int, rolls: int) -> tuple[Fraction, ...]:
    """P(at least ``need`` of a face at the end) for each count 0…dice of that face showing, ``rolls`` rolls left."""
    if rolls == 0:
        return tuple(Fraction(int(c >= need)) for c in range(dice + 1))
    after = _face_chain(dice, need, rolls - 1)
    return tuple(_roll_face(dice, c, dice - c, after) for c in range(dice + 1))


def _roll_face(dice: int, kept: int, free: int, after: tuple[Fraction, ...]) -> Fraction:
    """Roll ``free`` dice beside ``kept`` dice showing the face; ``after`` values the count reached."""
    total = sum(comb(free, k) * OTHER_FACE_SIDES ** (free - k) * after[kept + k] for k in range(free + 1))
    return Fraction(total, SIDES**free)


def at_least(face: str, n: int, faces: Sequence[str] = (), rolls_left: int = ROLLS_PER_TURN, *,
             dice: int | None = None, held: Sequence[bool] | None = None) -> Fraction:
    """P(ending with at least ``n`` dice showing ``face``): every die showing it is kept, the others rerolled."""
    size = _dice_of(faces, rolls_left, dice, held)
    if face not in FACE_SET:
        raise ValueError(f"unknown die face: {face!r}")
    showing = sum(1 for f in faces if f == face)
    if n <= 0:
        return Fraction(1)
    if n > size:
        return Fraction(0)
    if rolls_left == 0:
        return Fraction(int(showing >= n))
    if held is None:
        return _face_chain(size, n, rolls_left)[showing]
    kept = sum(1 for f, h in zip(faces, held, strict=True) if h and f == face)
    free = size - sum(1 for h in held if h)
    return _roll_face(size, kept, free, _face_chain(size, n, rolls_left - 1))


# --- at least vp points from numbers: the best keep at each roll ---------------------------------------------------
def _score(numbers: Numbers) -> int:
    return sum(number_points(face, c) for face, c in zip(NUMBER_FACES, numbers, strict=True))


@lru_cache(maxsize=64)
def _all_numbers(dice: int) -> tuple[Numbers, ...]:
    """Every multiset of number dice among ``dice`` dice (the rest blanks)."""
    return tuple((a, b, c) for a in range(dice + 1) for b in range(dice + 1 - a) for c in range(dice + 1 - a - b))


@lru_cache(maxsize=64)
def _outcomes(free: int) -> tuple[tuple[Numbers, int], ...]:
    """Rolling ``free`` dice: each multiset of number faces with its number of the ``6**free`` orderings."""
    fact = factorial
    return tuple(
        ((a, b, c), fact(free) // (fact(a) * fact(b) * fact(c) * fact(free - a - b - c))
         * BLANK_SIDES ** (free - a - b - c))
        for a, b, c in _all_numbers(free)
    )


@lru_cache(maxsize=64)
def _subsets(numbers: Numbers) -> tuple[Numbers, ...]:
    a, b, c = numbers
    return tuple((x, y, z) for x in range(a + 1) for y in range(b + 1) for z in range(c + 1))


def _add(x: Numbers, y: Numbers) -> Numbers:
    return x[0] + y[0], x[1] + y[1], x[2] + y[2]


def _roll_points(dice: int, kept: Numbers, free: int, after: dict[Numbers, int]) -> int:
    """Roll ``free`` dice beside the number dice ``kept`` (and blanks); numerator over ``6**dice`` × after's."""
    scale: int = SIDES ** (dice - free)
    return sum(weight * after[_add(kept, rolled)] for rolled, weight in _outcomes(free)) * scale


@lru_cache(maxsize=512)
def _points_values(dice: int, vp: int, rolls: int) -> dict[Numbers, int]:
    """For each table (number dice showing, the rest blanks) with ``rolls`` rolls left: the best chance of scoring at
    least ``vp``, as a numerator over ``6**(dice*rolls)``. Returned dicts are shared: never change them."""
    tables = _all_numbers(dice)
    if rolls == 0:
        return {t: int(_score(t) >= vp) for t in tables}
    after = _points_values(dice, vp, rolls - 1)
    # keeping blanks never helps (a rerolled die is at least a blank), so only number dice are worth keeping
    by_keep = {k: _roll_points(dice, k, dice - sum(k), after) for k in tables}
    return {t: max(by_keep[k] for k in _subsets(t)) for t in tables}


def _numbers(faces: Sequence[str]) -> Numbers:
    return (sum(1 for f in faces if f == NUMBER_FACES[0]), sum(1 for f in faces if f == NUMBER_FACES[1]),
            sum(1 for f in faces if f == NUMBER_FACES[2]))


def points_at_least(vp: int, faces: Sequence[str] = (), rolls_left: int = ROLLS_PER_TURN, *,
                    dice: int | None = None, held: Sequence[bool] | None = None) -> Fraction:
    """P(the final number faces score at least ``vp`` VP) with the best choice of dice to keep at each roll."""
    size = _dice_of(faces, rolls_left, dice, held)
    showing = _numbers(faces)
    if vp <= 0:
        return Fraction(1)
    if rolls_left == 0:
        return Fraction(int(_score(showing) >= vp))
    if held is None:
        return Fraction(_points_values(size, vp, rolls_left)[showing], SIDES ** (size * rolls_left))
    kept = _numbers([f for f, h in zip(faces, held, strict=True) if h])
    free = size - sum(1 for h in held if h)
    after = _points_values(size, vp, rolls_left - 1)
    return Fraction(_roll_points(size, kept, free, after), SIDES ** (size * rolls_left))


# --- the whole table -----------------------------------------------------------------------------------------------
def odds(faces: Sequence[str] = (), rolls_left: int = ROLLS_PER_TURN, *, dice: int | None = None,
         counts: Sequence[int] = COUNTS_SHOWN, vps: Sequence[int] = POINTS_SHOWN) -> Odds:
    """Every face's chance of at least each of ``counts``, and the chance of at least each of ``vps`` points."""
    size = _dice_of(faces, rolls_left, dice, None)
    return Odds(
        dice=size,
        rolls_left=rolls_left,
        counts=tuple(counts),
        faces=tuple((face, tuple(at_least(face, n, faces, rolls_left, dice=size) for n in counts)) for face in FACES),
        vps=tuple(vps),
        points=tuple(points_at_least(v, faces, rolls_left, dice=size) for v in vps),
    )


def clear_caches() -> None:
    """Forget every table computed so far (benchmarks time a cold start with it)."""
    for cached in (_face_chain, _all_numbers, _outcomes, _subsets, _points_values):
        cached.cache_clear()
