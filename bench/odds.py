"""Dice-odds benchmark: time to compute the sandbox's whole odds table (every face at least 1-4, 1-4 VP), cold (no
table cached, as on a fresh server process) and warm (the process has computed the same dice count and rolls before).

    .venv/bin/python bench/odds.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from kotguide.engine.odds import clear_caches, odds

CASES: list[tuple[str, Sequence[str], int, int]] = [
    # (what, faces on the table, rolls left, dice)
    ("fresh turn, 6 dice, 3 rolls", (), 3, 6),
    ("after the first roll, 2 rerolls", ("3", "3", "1", "heart", "2", "smash"), 2, 6),
    ("after the second roll, 1 reroll", ("3", "3", "3", "1", "1", "energy"), 1, 6),
    ("fresh turn, 7 dice (Extra Head), 3 rolls", (), 3, 7),
    ("fresh turn, 8 dice, 4 rolls (two extra dice, an extra reroll)", (), 4, 8),
]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()

    print(f"{'position':<62} {'cold':>11} {'warm':>11}")
    for what, faces, rolls, dice in CASES:
        cold = []
        for _ in range(args.repeat):
            clear_caches()
            t0 = time.perf_counter()
            odds(faces, rolls, dice=dice)
            cold.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        for _ in range(args.repeat):
            odds(faces, rolls, dice=dice)
        warm = (time.perf_counter() - t0) / args.repeat
        print(f"{what:<62} {_ms(min(cold))} {_ms(warm)}")
    print("cold: the best of the runs after clearing every cache; warm: the mean with the tables cached")


if __name__ == "__main__":
    main()
