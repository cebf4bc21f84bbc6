"""The engine's hot modules compiled with mypyc (``kotguide/engine/compiled.py``) play exactly as their source does,
and an engine whose build is older than its source runs from source."""

import base64
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from budget import games
from test_cards_properties import rich_setup

from kotguide.engine import compiled, legal_actions, replay, start
from kotguide.engine import options as O
from kotguide.engine.flow import quiet_player
from kotguide.engine.random_play import OPTION_SETS, play_random, random_setup
from kotguide.engine.setup import Setup
from kotguide.engine.snapshot import restore, snapshot

ROOT = Path(__file__).resolve().parents[2]
SEED = 25


def in_source(expression: str, given: Any = None) -> Any:
    """``expression`` (over this module's names and ``given``, JSON both ways) evaluated in a child process whose
    engine runs from source."""
    child = subprocess.run(
        [sys.executable, "-c", "import json, sys; from test_compiled import *; given = json.load(sys.stdin); "
                               f"print(json.dumps({expression}))"],
        input=json.dumps(given), cwd=Path(__file__).parent,
        env={**os.environ, compiled.PURE_ENV: "1", "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        check=True)
    return json.loads(child.stdout)


def played_digests(count: int, seed: int) -> list[str]:
    """For random games (``count`` per option set, and ``count`` more with Power cards held from the start): a digest
    of each game's actions, final state and every event of its replay."""
    rnd = random.Random(seed)
    setups = [random_setup(rnd, None, options) for options in OPTION_SETS for _ in range(count)]
    setups += [rich_setup(rnd) for _ in range(count)]
    out = []
    for setup in setups:
        state = play_random(setup, rnd).state
        again = replay(setup, state.history)
        seen = {"actions": [a.code for a in state.history], "state": state.to_dict(),
                "events": [e.to_dict() for e in again.events]}
        out.append(hashlib.sha256(json.dumps(seen, sort_keys=True, default=str).encode()).hexdigest()[:16])
    return out


def test_the_suite_runs_the_compiled_engine():
    if os.environ.get(compiled.PURE_ENV):
        pytest.skip(f"{compiled.PURE_ENV} asks for the source")
    assert compiled.in_use(), "the build is missing or older than the source: python -m kotguide.engine compile"


def test_compiled_modules_play_the_same_games_as_their_source():
    if not compiled.in_use():
        pytest.skip("the engine runs from source")
    count = games(4, 40)
    from_source = in_source(f"played_digests({count}, {SEED})")
    here = played_digests(count, SEED)
    assert len(here) == (len(OPTION_SETS) + 1) * count
    differing = [i for i, (a, b) in enumerate(zip(here, from_source, strict=True)) if a != b]
    assert differing == []


def snapshots_made(seed: int) -> list[tuple[Setup, bytes]]:
    """Snapshots of random games, one of the base game and one with every module on, part played."""
    rnd = random.Random(seed)
    out = []
    for options in ((), O.MODULES):
        setup = random_setup(rnd, None, options)
        state, _ = start(setup)
        play = quiet_player(state)
        for _ in range(rnd.randint(20, 120)):
            if state.decision is None:
                break
            play(rnd.choice(legal_actions(state)))
        out.append((setup, snapshot(state)))
    return out


def read_alike(seed: int, others: list[str]) -> list[bool]:
    """Whether each snapshot made elsewhere (base64) restores to the state this process's own snapshot restores to."""
    return [restore(base64.b64decode(other), setup, []) == restore(data, setup, [])
            for (setup, data), other in zip(snapshots_made(seed), others, strict=True)]


def test_a_snapshot_reads_the_same_compiled_and_from_source():
    if not compiled.in_use():
        pytest.skip("the engine runs from source")
    made_here = [base64.b64encode(data).decode() for _, data in snapshots_made(SEED)]
    read_from_source, made_from_source = in_source(
        f"[read_alike({SEED}, given), [base64.b64encode(d).decode() for _, d in snapshots_made({SEED})]]", made_here)
    assert read_from_source == [True, True]  # the compiled engine's snapshots, read by the source
    assert read_alike(SEED, made_from_source) == [True, True]  # and the other way round


def test_a_build_older_than_any_source_file_of_the_engine_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "MODULES", ("flow", "cards.registry"))
    monkeypatch.setattr(compiled, "HERE", tmp_path)
    monkeypatch.setattr(compiled, "library", lambda: tmp_path / "group.so")
    (tmp_path / "cards").mkdir()
    for path in ("flow.py", "cards/registry.py", "state.py", "flow" + compiled.SUFFIX):
        (tmp_path / path).write_text("")
    assert not compiled.built()  # a module not compiled
    (tmp_path / "cards" / ("registry" + compiled.SUFFIX)).write_text("")
    assert not compiled.built()  # no library
    (tmp_path / "group.so").write_text("")
    assert compiled.built()
    for step, edited in enumerate(("cards/registry.py", "state.py"), 1):  # compiled, or read by compiled code
        later = time.time() + 10 * step
        os.utime(tmp_path / edited, (later, later))
        assert not compiled.built(), edited
        os.utime(tmp_path / "group.so", (later + 1, later + 1))  # built again
        assert compiled.built()


def test_the_source_finder_takes_every_module_of_the_engine_from_its_source_file():
    finder = compiled._FromSource()
    for module, file in (("cards.registry", "cards/registry.py"), ("rules", "rules.py")):  # compiled, or a leftover
        spec = finder.find_spec(f"kotguide.engine.{module}", None)
        assert spec is not None and spec.origin == str(compiled.HERE / file)
    assert finder.find_spec("kotguide.engine.cards", None) is None  # a package: as Python finds it
    assert finder.find_spec("kotguide.sandbox.game", None) is None


@pytest.mark.parametrize(("fresh", "pure", "from_source"), [(True, "", False), (False, "", True), (True, "1", True)])
def test_the_engine_loads_from_source_unless_the_build_is_fresh_and_wanted(monkeypatch, fresh, pure, from_source):
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(compiled, "built", lambda: fresh)
    monkeypatch.setenv(compiled.PURE_ENV, pure)
    compiled.choose()
    assert isinstance(sys.meta_path[0], compiled._FromSource) is from_source
