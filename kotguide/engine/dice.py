"""Die faces and the scoring of number faces (pure functions)."""

from __future__ import annotations

from collections.abc import Sequence

ONE, TWO, THREE, HEART, ENERGY, SMASH = "1", "2", "3", "heart", "energy", "smash"
FACES: tuple[str, ...] = (ONE, TWO, THREE, HEART, ENERGY, SMASH)
NUMBER_FACES: tuple[str, ...] = (ONE, TWO, THREE)
FACE_SET = frozenset(FACES)

DICE_PER_ROLL = 6
ROLLS_PER_TURN = 3  # the first roll and up to two rerolls
SET_SIZE = 3  # three of a kind scores


def count(faces: Sequence[str]) -> dict[str, int]:
    """How many dice show each face (every face present as a key)."""
    counts = dict.fromkeys(FACES, 0)
    for face in faces:
        counts[face] += 1
    return counts


def number_points(face: str, n: int) -> int:
    """VP scored by ``n`` dice showing the number ``face``: the number for three, +1 per extra die, else 0."""
    if n < SET_SIZE:
        return 0
    return int(face) + n - SET_SIZE


def score_numbers(faces: Sequence[str]) -> int:
    """Total VP of the number faces of a roll (sets of different numbers add up).

    >>> score_numbers(["3", "3", "3", "3", "1", "1"])
    4
    >>> score_numbers(["1", "1", "1", "2", "2", "2"])
    3
    """
    counts = count(faces)
    return sum(number_points(face, counts[face]) for face in NUMBER_FACES)
