"""Running a test on the engine as source when its hot modules are compiled (``kotguide/engine/compiled.py``)."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kotguide.engine import compiled

ROOT = Path(__file__).resolve().parents[1]
_RUNS: dict[str, tuple[dict[str, str], str]] = {}  # a test function's id -> each case's outcome, and the output


def from_source(test: Callable[..., None]) -> Callable[..., None]:
    """For a test that patches an engine function or reads a docstring: compiled modules call each other directly and
    keep no doctests, so with them in use the test runs in a child process whose engine is all source (once for all
    the cases of a parametrized test, in each worker that has one of them)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        if not compiled.in_use():
            test(*args, **kwargs)
            return
        case = os.environ["PYTEST_CURRENT_TEST"].rsplit(" ", 1)[0]
        function = case.split("[", 1)[0]
        if function not in _RUNS:
            done = subprocess.run(
                [sys.executable, "-m", "pytest", function, "-q", "-rA", "-n", "0", "-p", "no:randomly",
                 "-p", "no:cacheprovider"],
                cwd=ROOT, env={**os.environ, compiled.PURE_ENV: "1"}, capture_output=True, text=True)
            outcomes = {line.split()[1]: line.split()[0] for line in done.stdout.splitlines()
                        if line.startswith(("PASSED ", "FAILED ", "ERROR "))}
            _RUNS[function] = outcomes, done.stdout
        outcomes, output = _RUNS[function]
        assert outcomes.get(case) == "PASSED", output[-4000:]

    return run
