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


# Special dice of the expansion modules (the berserk die, the die of fate): kind -> its faces. A special die's face is
# written "<kind>:<face>"; it is rolled, kept and rerolled with the base dice but counts for nothing here: its module
# turns it into results.
SPECIAL: dict[str, tuple[str, ...]] = {}


def define_die(kind: str, faces: tuple[str, ...]) -> None:
    SPECIAL[kind] = tuple(f"{kind}:{face}" for face in faces)


def die_kind(face: str) -> str | None:
    """The special die a face belongs to (None for a base face)."""
    kind, sep, _ = face.partition(":")
    return kind if sep else None


def is_special_face(face: str) -> bool:
    kind = die_kind(face)
    return kind is not None and face in SPECIAL.get(kind, ())


def count(faces: Sequence[str]) -> dict[str, int]:
    """How many dice show each base face (every face present as a key; special dice are not counted)."""
    counts = dict.fromkeys(FACES, 0)
    for face in faces:
        if face in counts:
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
