"""Computer opponents against random players: the bots' win rate and speed, figures on stdout.

Each game: ``--players`` monsters (default 4) in random order, first player by the claw roll-off, base rules; ONE
monster is played by the bot (``kotguide.engine.bots``) and every other one picks a uniformly random legal action.
The bot's seat rotates game by game (game i: seat i mod players), so it plays first, second, ... equally often. A
game counts as a bot win when the bot is among the winners (a shared win counts; it is shown apart).

    .venv/bin/python bench/bots.py [--games 1000] [--players 4] [--seed 1] [--bots 1]

``--bots 2 --players 4`` plays two bots (adjacent seats) against two random players instead (a win: either bot).
Exit status 1 if the win rate is under ``--need`` (default 0.70).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from kotguide.engine import apply_in_place, legal_actions, start
from kotguide.engine.bots import advise
from kotguide.engine.random_play import random_setup

MAX_ACTIONS = 20_000


def play(setup, bot_seats: set[int], rnd: random.Random) -> tuple[object, int, Counter]:
    """One game: the final state, the number of actions, and how often the bot gave each reason."""
    s, _ = start(setup)
    actions = 0
    reasons: Counter = Counter()
    while s.decision is not None:
        if actions >= MAX_ACTIONS:
            raise RuntimeError("game did not end")
        if s.decision.seat in bot_seats:
            choice = advise(s, rnd)
            reasons[choice.reason] += 1
            action = choice.action
        else:
            action = rnd.choice(legal_actions(s))
        apply_in_place(s, action)
        actions += 1
    return s, actions, reasons


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--need", type=float, default=0.70)
    args = parser.parse_args()

    rnd = random.Random(args.seed)
    wins = shared = actions = turns = 0
    by_seat: Counter = Counter()
    games_by_seat: Counter = Counter()
    how: Counter = Counter()
    reasons: Counter = Counter()
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(args.games):
        setup = random_setup(rnd, args.players)
        first = i % args.players
        bots = {(first + k) % args.players for k in range(args.bots)}
        state, n, said = play(setup, bots, rnd)
        actions += n
        turns += state.turn
        reasons.update(said)
        outcome = state.outcome
        won = any(state.monsters[seat].id in outcome.winners for seat in bots)
        games_by_seat[first] += 1
        if won:
            wins += 1
            by_seat[first] += 1
            shared += outcome.shared
            how[outcome.reason] += 1
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0

    rate = wins / args.games
    print(f"{args.bots} bot(s) vs {args.players - args.bots} random player(s), {args.players}-player base games, "
          f"bot seat rotated: {args.games} games")
    print(f"  bot win rate: {rate:.1%} ({wins}/{args.games}; {shared} shared; "
          f"by points {how['points']}, last survivor {how['last-survivor']})")
    print("  by bot seat: " + ", ".join(
        f"seat {seat + 1} {by_seat[seat] / games_by_seat[seat]:.0%}" for seat in sorted(games_by_seat)))
    print(f"  {args.games / elapsed:.0f} games/s wall ({args.games / cpu:.0f} per CPU second, one core), "
          f"{actions / elapsed:.0f} actions/s "
          f"(mean {turns / args.games:.1f} turns, {actions / args.games:.0f} actions per game)")
    print("  bot choices: " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    if rate < args.need:
        print(f"  FAIL: under {args.need:.0%}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
