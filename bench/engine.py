"""Engine benchmark: random games and replays, this tree against a second checkout (the baseline) in one run.

    .venv/bin/python bench/engine.py [--baseline /tmp/base-a91b8ce] [--rounds 3] [--games 300] [--players 4]
    .venv/bin/python bench/engine.py --no-card-effects          # this tree alone, the base rules without card effects

Three workloads, each timed in CPU seconds (``time.process_time``) in a fresh child process per tree, the trees
interleaved round by round so that a change of machine load hits both alike:

- ``cards``: random 4-player games of the base game with every Power card in play;
- ``modules``: random 4-player games with every expansion module on;
- ``replay``: a 500-action stored history replayed (this tree: ``replay(..., trusted=True)`` when it has it, and
  ``tail=12`` when it has that: the events of the last 12 steps, those a sandbox snapshot keeps). The history is
  played once on the baseline tree and replayed as it is on both, so both reach the same state.

This tree runs twice per workload when its engine is built (``kotguide/engine/compiled.py``): with its hot modules
compiled, as ``make run`` serves it, and from source (``KOTGUIDE_PURE_ENGINE=1``). Ratios are this tree over the
baseline, per round, then the minimum and median. The children also print a digest of
every game's actions: equal digests mean both trees played the same games action for action.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REPLAY_ACTIONS = 500
REPLAY_TAIL = 12  # the steps whose events a sandbox snapshot keeps (sandbox.game.TAIL_STEPS)


def _games(games: int, players: int, options: tuple[str, ...], seed: int) -> dict[str, float | str]:
    from kotguide.engine.random_play import play_random, random_setup

    rnd = random.Random(seed)
    setups = [random_setup(rnd, players, options) for _ in range(games)]
    digest = hashlib.sha256()
    turns = actions = 0
    c0 = time.process_time()
    for setup in setups:
        result = play_random(setup, rnd)
        turns += result.turns
        actions += result.actions
        digest.update(" ".join(a.code for a in result.state.history).encode())
    cpu = time.process_time() - c0
    return {"cpu": cpu, "turns": turns, "actions": actions, "turns_per_cpu_s": turns / cpu,
            "digest": digest.hexdigest()[:12]}


def _history(players: int, options: tuple[str, ...], seed: int) -> tuple[object, list[str]]:
    """A setup and the first 500 actions of the first random game that long (the same on every tree)."""
    from kotguide.engine.random_play import play_random, random_setup

    rnd = random.Random(seed)
    while True:
        setup = random_setup(rnd, players, options)
        result = play_random(setup, rnd)
        if len(result.state.history) >= REPLAY_ACTIONS:
            return setup, [a.code for a in result.state.history[:REPLAY_ACTIONS]]


def history_json(seed: int) -> str:
    """The replay workload's setup and actions, as JSON (made on one tree, read on both)."""
    setup, codes = _history(4, (), seed)
    return json.dumps({"setup": setup.to_dict(), "codes": codes})  # type: ignore[attr-defined]


def _replays(times: int, seed: int, given: str | None) -> dict[str, float | str]:
    from kotguide.engine import Setup, replay

    if given:
        raw = json.loads(given)
        setup, codes = Setup.from_dict(raw["setup"]), raw["codes"]
        replay(setup, codes)  # checked once: the history is legal on this tree too
    else:
        setup, codes = _history(4, (), seed)
    parameters = inspect.signature(replay).parameters
    trusted = "trusted" in parameters
    kwargs: dict[str, Any] = {"trusted": True} if trusted else {}
    if "tail" in parameters:
        kwargs["tail"] = REPLAY_TAIL
    replay(setup, codes, **kwargs)  # warm the caches as a server process would be
    c0 = time.process_time()
    for _ in range(times):
        done = replay(setup, codes, **kwargs)
    cpu = time.process_time() - c0
    state_digest = hashlib.sha256(json.dumps(done.state.to_dict(), sort_keys=True).encode()).hexdigest()[:12]
    return {"cpu": cpu, "ms_per_replay": cpu / times * 1000, "trusted": trusted, "digest": state_digest}


def child(workload: str, games: int, players: int, seed: int) -> None:
    from kotguide.engine import options as O

    if workload == "history":
        print(history_json(seed))
        return
    if workload == "compiled":
        from kotguide.engine import compiled

        print(json.dumps({"compiled": compiled.in_use()}))
        return
    if workload == "cards":
        out = _games(games, players, (), seed)
    elif workload == "modules":
        out = _games(max(1, games // 3), players, O.MODULES, seed)
    else:
        out = _replays(max(5, games // 10), seed, os.environ.get("KOTGUIDE_BENCH_HISTORY"))
    print(json.dumps(out))


def _run(tree: Path, workload: str, args: argparse.Namespace, history: str = "",
         source: bool = False) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", "KOTGUIDE_BENCH_HISTORY": history}
    env.pop("KOTGUIDE_PURE_ENGINE", None)
    if source:
        env["KOTGUIDE_PURE_ENGINE"] = "1"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "engine.py"), "--child", workload, "--games", str(args.games),
         "--players", str(args.players), "--seed", str(args.seed)],
        cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare(args: argparse.Namespace) -> None:
    baseline = Path(args.baseline)
    if not (baseline / "kotguide" / "engine").is_dir():
        sys.exit(f"no checkout at {baseline}: git worktree add {baseline} a91b8ce")
    metric = {"cards": "turns_per_cpu_s", "modules": "turns_per_cpu_s", "replay": "ms_per_replay"}
    compiled = _run(ROOT, "compiled", args)["compiled"]
    kinds = ("compiled", "source") if compiled else ("source",)
    print(f"this tree: the engine's hot modules {'compiled' if compiled else 'from source (no fresh build)'}")
    ratios: dict[tuple[str, str], list[float]] = {(w, kind): [] for w in metric for kind in kinds}
    history = json.dumps(_run(baseline, "history", args))  # the same 500 actions replayed on both trees
    for round_no in range(1, args.rounds + 1):
        for workload, key in metric.items():
            given = history if workload == "replay" else ""
            news = {kind: _run(ROOT, workload, args, given, source=kind == "source") for kind in kinds}
            old = _run(baseline, workload, args, given)
            for kind, new in news.items():
                # for a replay less time is better: the ratio is how many times faster this tree is
                ratio = old[key] / new[key] if workload == "replay" else new[key] / old[key]
                ratios[workload, kind].append(ratio)
                same = "same games" if new["digest"] == old["digest"] else "DIFFERENT games"
                print(f"round {round_no} {workload:8} this tree ({kind:8}) {new[key]:9.2f}  baseline {old[key]:9.2f} "
                      f"{key}  ratio {ratio:.2f}  ({same})", flush=True)
    print(f"ratios this tree / baseline over {args.rounds} rounds (min / median):")
    for (workload, kind), values in ratios.items():
        what = "times faster" if workload == "replay" else "turns per CPU second"
        print(f"  {workload:8} {kind:8} {min(values):.2f} / {statistics.median(values):.2f}  ({what})")


def alone(args: argparse.Namespace) -> None:
    from kotguide.engine.cards import registry

    if args.no_card_effects:
        for card_id in registry.defined():
            registry.undefine(card_id)
    out = _games(args.games, args.players, (), args.seed)
    print(f"random {args.players}-player games: {args.games} in {out['cpu']:.2f} s CPU; per CPU second: "
          f"{args.games / out['cpu']:.0f} games, {out['turns_per_cpu_s']:.0f} turns")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", default="/tmp/base-a91b8ce", help="a checkout of the baseline commit")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-card-effects", action="store_true",
                        help="this tree alone: the base rules, cards bought and kept without any effect")
    parser.add_argument("--child", choices=("cards", "modules", "replay", "history", "compiled"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.games, args.players, args.seed)
    elif args.no_card_effects:
        alone(args)
    else:
        compare(args)


if __name__ == "__main__":
    main()
