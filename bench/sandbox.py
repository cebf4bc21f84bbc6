"""Server time of one sandbox step on a position with a 200-action log, replay and rendering included.

Run: .venv/bin/python bench/sandbox.py   (prints p50/p95/max in milliseconds, for htmx steps and full pages)
"""

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotguide.settings")
os.environ.setdefault("KOTGUIDE_DB", ":memory:")
os.environ.setdefault("DJANGO_DEBUG", "0")  # production settings: cached templates
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from kotguide.content.scenarios import scenarios  # noqa: E402
from kotguide.engine import legal_actions, replay  # noqa: E402
from kotguide.sandbox import game as game_module  # noqa: E402

LOG_LENGTH = 200
SAMPLES = 300


def long_position(scenario_id: str, length: int, seed: int) -> list[str]:
    """A random legal action list of `length` actions that leaves the game running, on a six-monster table."""
    scenario = scenarios()[scenario_id]
    rnd = random.Random(seed)
    while True:
        actions, state = [], replay(scenario.setup, []).state
        while len(actions) < length + 1 and state.decision:
            options = [a for a in legal_actions(state) if not a.code.startswith("buy")]
            actions.append(rnd.choice(options).code)
            state = replay(scenario.setup, actions).state
        if len(actions) == length + 1:
            return actions
        seed += 1
        rnd = random.Random(seed)


def timed(client: Client, path: str, query: dict, headers: dict) -> float:
    start = time.perf_counter()
    response = client.get(path, query, headers=headers, secure=True)  # production settings redirect http
    elapsed = time.perf_counter() - start
    assert response.status_code in (200, 302), response.status_code
    return elapsed * 1000


def report(name: str, samples: list[float]) -> None:
    samples.sort()
    p95 = samples[int(len(samples) * 0.95) - 1]
    print(f"{name:<28} p50 {statistics.median(samples):6.2f} ms   p95 {p95:6.2f} ms   max {samples[-1]:6.2f} ms")


def main() -> None:
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    client = Client()
    actions = long_position("tokyo-bay", LOG_LENGTH, seed=1)
    path = "/en/sandbox/tokyo-bay/"
    step = {"a": " ".join(actions[:-1]), "do": actions[-1]}
    page = {"a": " ".join(actions[:-1])}
    for _ in range(20):  # warm caches: content, templates, scenarios
        timed(client, path, step, {"HX-Request": "true"})
    htmx = [timed(client, path, step, {"HX-Request": "true"}) for _ in range(SAMPLES)]
    cold = []
    for _ in range(SAMPLES):
        game_module._recent.clear()  # as on a server that never saw this position: the whole log replays
        cold.append(timed(client, path, step, {"HX-Request": "true"}))
    full = [timed(client, path, page, {}) for _ in range(SAMPLES)]
    replay_only = []
    scenario = scenarios()["tokyo-bay"]
    for _ in range(SAMPLES):
        start = time.perf_counter()
        replay(scenario.setup, actions)
        replay_only.append((time.perf_counter() - start) * 1000)
    print(f"sandbox step with a {LOG_LENGTH}-action log, {SAMPLES} samples each (in-process, Django test client)")
    report("htmx step, position seen", htmx)
    report("htmx step, full replay", cold)
    report("full page", full)
    report("engine replay alone", replay_only)


if __name__ == "__main__":
    main()
