"""Server CPU of one sandbox step, this checkout against the baseline commit a91b8ce, in one run.

    .venv/bin/python bench/sandbox.py [--base /tmp/base-a91b8ce] [--samples 60] [--rounds 1]

The baseline checkout comes from `git worktree add /tmp/base-a91b8ce a91b8ce`. Each side runs in a child process of
its own (its own code, this virtualenv, production settings, an in-memory database, rate limits off), stores the
same two positions the way its code stores them, and times the htmx step `GET /en/p/<id>/?do=<next action>` with
the Django test client, in CPU seconds of the process (time.process_time), median of --samples:

- seen: a 200-action game the server has already opened. "this process": the recent games in memory (both sides
  have them); "another server": this process forgets its recent games, what the shared cache holds stays (the
  baseline has no shared cache, so it replays the whole log).
- cold at the cap: a game of MAX_ACTIONS - 1 = 999 actions that neither this process nor the shared cache has
  seen (no snapshot, no region's HTML), so the step reaches the action cap. The stored position's check against
  today's engine (a full replay, done once per release and remembered in the shared cache) is kept: it is not part
  of a step.

It prints both sides' medians and the ratios against their goals (seen by another server <= 0.35, cold at the cap
<= 0.5). With --rounds N the two sides take turns N times (each round a fresh pair of processes, so a busy moment of
the machine hits both); each round's figures are printed, and the goals are judged on the median of the rounds'
ratios. Exit status 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEN_LENGTH = 200
CAP_LENGTH = 999  # MAX_ACTIONS - 1: the step makes the thousandth action
MONSTERS = ["gigazaur", "alienoid", "the-king", "cyber-kitty", "meka-dragon", "space-penguin"]
GOALS = {"seen, another server": 0.35, "cold at the cap": 0.5}


# ------------------------------------------------------------------ the positions (made with this checkout's engine)


def random_game(setup_data: dict, length: int, seed: int, sweep: float) -> list[str]:
    """`length` + 1 legal actions (the last one is the step) of a game still running; no cards bought. `sweep`: the
    chance of sweeping the market when a monster may (it costs energy, so a rich table makes the game long)."""
    from kotguide.engine import Setup, apply_in_place, legal_actions, replay

    setup = Setup.from_dict(setup_data)
    while True:
        rnd = random.Random(seed)
        state, actions = replay(setup, []).state, []
        while len(actions) < length + 1 and state.decision:
            options = [a for a in legal_actions(state) if not a.code.startswith("buy")]
            sweeps = [a for a in options if a.code.startswith("sweep")]
            action = sweeps[0] if sweeps and rnd.random() < sweep else rnd.choice(options)
            actions.append(action.code)
            apply_in_place(state, action)
        if len(actions) == length + 1:
            return actions
        seed += 1


def positions() -> dict[str, dict]:
    seen_setup = {"monsters": MONSTERS[:4], "seed": 11}
    cap_setup = {"monsters": [{"id": m, "energy": 999} for m in MONSTERS], "seed": 5}
    return {
        "seen": {"setup": seen_setup, "actions": random_game(seen_setup, SEEN_LENGTH, 1, sweep=0.3)},
        "cap": {"setup": cap_setup, "actions": random_game(cap_setup, CAP_LENGTH, 1, sweep=0.9)},
    }


# ------------------------------------------------------------------ one side (a child process)


def child(root: Path, spec_file: Path, samples: int) -> None:
    sys.path.insert(0, str(root))
    os.chdir(root)
    tmp = Path(tempfile.mkdtemp(prefix="kotguide-bench-sandbox-"))
    os.environ.update(DJANGO_SETTINGS_MODULE="kotguide.settings", DJANGO_DEBUG="0", KOTGUIDE_DB=":memory:",
                      DJANGO_ALLOWED_HOSTS="testserver", DJANGO_SECRET_KEY="bench-" + "k" * 50,
                      DJANGO_STATIC_ROOT=str(tmp / "static"), KOTGUIDE_CACHE_DIR=str(tmp / "cache"),
                      KOTGUIDE_RATELIMIT="0")
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import cache, caches
    from django.core.management import call_command
    from django.test import Client

    from kotguide.sandbox import game as game_module
    from kotguide.sandbox.models import SharedPosition
    from kotguide.sandbox.position import Position

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    spec = json.loads(spec_file.read_text())
    client = Client()

    def stored(name: str) -> tuple[str, Position, str]:
        data = spec[name]
        position = Position(setup=data["setup"], actions=tuple(data["actions"][:-1]))
        if hasattr(SharedPosition, "store"):
            pk = SharedPosition.store(position)
        else:  # the baseline: a row under the position's content address
            SharedPosition.objects.get_or_create(pk=position.id, defaults={"data": position.to_json()})
            pk = position.id
        return f"/en/p/{pk}/", position, data["actions"][-1]

    def step(path: str, do: str) -> float:
        start = time.process_time()
        response = client.get(path, {"do": do}, headers={"HX-Request": "true"}, secure=True)
        elapsed = time.process_time() - start
        assert response.status_code == 200, (path, response.status_code, response.content[:300])
        return elapsed * 1000

    def forget_recent() -> None:
        recent = game_module._recent
        if hasattr(recent, "games"):  # a91b8ce's recent games
            recent.games.clear()
        else:
            recent.clear()

    def forget_shared(position: Position) -> None:
        if hasattr(game_module, "_cache_key"):
            cache.delete(game_module._cache_key(position.to_json()))
        if "regions" in settings.CACHES:  # the regions' HTML (kotguide.sandbox.step): a cold step renders them all
            caches["regions"].clear()

    results = {}
    path, position, do = stored("seen")
    for _ in range(5):
        step(path, do)  # warm: templates, content, and the game itself
    results["seen, this process"] = [step(path, do) for _ in range(samples)]
    runs = []
    for _ in range(samples):
        forget_recent()
        runs.append(step(path, do))
    results["seen, another server"] = runs
    path, position, do = stored("cap")
    step(path, do)  # the stored position's check, once per release
    runs = []
    for _ in range(samples):
        forget_recent()
        forget_shared(position)
        runs.append(step(path, do))
    results["cold at the cap"] = runs
    print(json.dumps({name: statistics.median(values) for name, values in results.items()}))


def run_side(root: Path, spec_file: Path, samples: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--child", str(root), "--spec", str(spec_file),
                          "--samples", str(samples)], capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(f"{root}: {out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, default=Path("/tmp/base-a91b8ce"), help="the a91b8ce checkout")
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=1, help="times the two sides take turns")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--spec", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.spec, args.samples)
        return
    if not (args.base / "kotguide").is_dir():
        raise SystemExit(f"no baseline at {args.base}: git worktree add {args.base} a91b8ce")
    sys.path.insert(0, str(ROOT))
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as spec:
        json.dump(positions(), spec)
    spec_file = Path(spec.name)
    rounds = []
    try:
        for _ in range(args.rounds):
            rounds.append((run_side(args.base, spec_file, args.samples), run_side(ROOT, spec_file, args.samples)))
    finally:
        spec_file.unlink()
    print(f"htmx step GET /en/p/<id>/?do=<action>, CPU ms of the server process, median of {args.samples}; "
          f"a {SEEN_LENGTH}-action game (seen) and a {CAP_LENGTH}-action game (cold, at the cap)")
    print(f"{'round':<6} {'step':<24} {'a91b8ce':>9} {'now':>9} {'ratio':>6}  goal")
    ratios: dict[str, list[float]] = {}
    for number, (base, here) in enumerate(rounds, start=1):
        for name in base:
            ratio = here[name] / base[name]
            ratios.setdefault(name, []).append(ratio)
            print(f"{number:<6} {name:<24} {base[name]:>7.2f}ms {here[name]:>7.2f}ms {ratio:>6.2f}  "
                  + _goal(name, ratio))
    missed = False
    if len(rounds) > 1:
        print(f"median of {len(rounds)} rounds' ratios:")
    for name, values in ratios.items():
        ratio = statistics.median(values)
        missed |= name in GOALS and ratio > GOALS[name]
        if len(rounds) > 1:
            print(f"{'':<6} {name:<24} {'':>9} {'':>9} {ratio:>6.2f}  {_goal(name, ratio)}")
    if missed:
        raise SystemExit(1)


def _goal(name: str, ratio: float) -> str:
    goal = GOALS.get(name)
    return "" if goal is None else f"<= {goal}" + ("  met" if ratio <= goal else "  MISSED")

if __name__ == "__main__":
    main()
