"""A small seeded random number generator whose whole state is one int (cheap to copy and to store).

SplitMix64: good enough statistics for dice and shuffles, pure Python, no global state.
"""

from __future__ import annotations

from functools import cache

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a seed (any int)."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(new_state, value)`` with a 64-bit value."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, k)`` with ``0 <= k < n`` (bias below 2**-58 for n <= 66)."""
    state, value = next_u64(state)
    return state, value % n


def shuffle(state: int, items: list[str]) -> int:
    """Shuffle ``items`` in place (Fisher–Yates); return the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


_DICE_PER_DRAW = 12  # 6**12 < 2**64 / 8e9: twelve dice from one 64-bit value, bias below 1e-9


@cache
def _triples(faces: tuple[str, ...]) -> tuple[tuple[str, str, str], ...]:
    """For each value below 6**3, its three base-6 digits as faces, lowest digit first."""
    return tuple((faces[v % 6], faces[v // 6 % 6], faces[v // 36]) for v in range(216))


def dice(state: int, n: int, faces: tuple[str, ...]) -> tuple[int, list[str]]:
    """Return ``(new_state, n faces)`` drawn uniformly from ``faces`` (six of them): each 64-bit value gives up to
    twelve dice, its base-6 digits lowest first (three at a time from a table)."""
    out: list[str] = []
    triples = _triples(faces)
    while n > 0:
        state = (state + _GAMMA) & _MASK  # next_u64, inline: this is the hot path of every roll
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        value = z ^ (z >> 31)
        take = min(_DICE_PER_DRAW, n)
        n -= take
        while take >= 3:
            value, k = divmod(value, 216)
            out.extend(triples[k])
            take -= 3
        while take:
            value, k = divmod(value, 6)
            out.append(faces[k])
            take -= 1
    return state, out
