"""Engine benchmark: random 4-player base games (and a replay of each), figures on stdout.

    .venv/bin/python bench/engine.py [--games 2000] [--players 4] [--seed 1] [--no-card-effects]
"""

from __future__ import annotations

import argparse
import random
import time

from kotguide.engine import replay
from kotguide.engine.cards import registry
from kotguide.engine.random_play import play_random, random_setup


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-card-effects", action="store_true",
                        help="the base rules alone: cards are bought and kept, but none has an effect")
    args = parser.parse_args()
    if args.no_card_effects:
        for card_id in registry.defined():
            registry.undefine(card_id)

    rnd = random.Random(args.seed)
    setups = [random_setup(rnd, args.players) for _ in range(args.games)]
    games = []
    turns = actions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for setup in setups:
        result = play_random(setup, rnd)
        turns += result.turns
        actions += result.actions
        games.append((setup, result.state.history))
    play_s, play_cpu = time.perf_counter() - t0, time.process_time() - c0

    t0 = time.perf_counter()
    for setup, history in games:
        replay(setup, history)
    replay_s = time.perf_counter() - t0

    longest = max(len(h) for _, h in games)
    setup, history = next((s, h) for s, h in games if len(h) == longest)
    t0 = time.perf_counter()
    for _ in range(20):
        replay(setup, history)
    one_replay_ms = (time.perf_counter() - t0) / 20 * 1000

    print(f"random {args.players}-player games: {args.games} in {play_s:.2f} s wall, {play_cpu:.2f} s CPU (one core)")
    print(f"  {args.games / play_s:.0f} games/s, {turns / play_s:.0f} turns/s, {actions / play_s:.0f} actions/s "
          f"(mean {turns / args.games:.1f} turns, {actions / args.games:.0f} actions per game)")
    print(f"  per CPU second: {args.games / play_cpu:.0f} games, {turns / play_cpu:.0f} turns")
    print(f"replay of every game: {args.games / replay_s:.0f} games/s, {actions / replay_s:.0f} actions/s")
    print(f"replay of the longest game ({longest} actions): {one_replay_ms:.2f} ms")


if __name__ == "__main__":
    main()
