"""Mutation check of the fast engine suite: does it catch a broken rule?

Each ``patches/*.diff`` changes one behaviour: one per base rule id the engine emits (``rule-*``), one per expansion
module (``module-*``) and a dozen Power cards (``card-*``). For each patch, a private copy of the tree gets the patch
and runs the fast suite (``tests/engine``, the default sizes: see ``tests/engine/budget.py``), stopping at the first
failure; the patch is *caught* when the suite fails, *missed* when it passes.

    .venv/bin/python bench/mutations/run.py [--jobs 2] [--only rule-heal card-poison] [--timeout 900]

An unpatched copy must pass first (else the figures mean nothing). Bytecode is never written in the copies: a patch
that keeps a file's size, applied and reverted within one second, would otherwise run stale bytecode.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PATCHES = Path(__file__).resolve().parent / "patches"
COPIED = ("kotguide", "tests", "content", "pyproject.toml")
SUITE = ("-m", "pytest", "tests/engine", "-x", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", "-n", "0")


def copy_tree(into: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so")  # the patched source is what runs
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=ignore)
        else:
            shutil.copy2(source, into / name)


def run_suite(tree: Path, timeout: float) -> tuple[str, float, str]:
    """("passed" | "failed" | "timeout", seconds, the last line of pytest's output) of the suite in ``tree``."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(tree), "KOTGUIDE_PURE_ENGINE": "1"}
    env.pop("KOTGUIDE_SOAK", None)
    t0 = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, *SUITE], cwd=tree, env=env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", time.perf_counter() - t0, ""
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return ("passed" if done.returncode == 0 else "failed"), time.perf_counter() - t0, lines[-1] if lines else ""


def patch(tree: Path, diff: Path, reverse: bool = False) -> None:
    args = ["patch", "-p1", "-s", "--no-backup-if-mismatch", "-i", str(diff)]
    subprocess.run([*args, "-R"] if reverse else args, cwd=tree, check=True)


def worker(diffs: list[Path], timeout: float, results: dict[str, tuple[str, float, str]]) -> None:
    with tempfile.TemporaryDirectory(prefix="kotguide-mutant-") as tmp:
        tree = Path(tmp)
        copy_tree(tree)
        found = subprocess.run([sys.executable, "-c", "import kotguide; print(kotguide.__file__)"], cwd=tree,
                               env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True)
        assert found.stdout.startswith(str(tree)), f"the copy imports {found.stdout.strip()}, not its own engine"
        for diff in diffs:
            patch(tree, diff)
            try:
                results[diff.stem] = run_suite(tree, timeout)
            finally:
                patch(tree, diff, reverse=True)
            status, seconds, last = results[diff.stem]
            word = "caught" if status != "passed" else "MISSED"
            print(f"{word:7} {diff.stem:40} {seconds:6.1f} s  {last}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", nargs="*", help="patch names (file stems) to run")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per run; a timeout counts as caught")
    args = parser.parse_args()
    diffs = sorted(PATCHES.glob("*.diff"))
    if args.only:
        diffs = [d for d in diffs if d.stem in args.only]

    with tempfile.TemporaryDirectory(prefix="kotguide-unpatched-") as tmp:
        copy_tree(Path(tmp))
        status, seconds, last = run_suite(Path(tmp), args.timeout)
    print(f"unpatched: {status} in {seconds:.1f} s  {last}", flush=True)
    if status != "passed":
        return 2

    results: dict[str, tuple[str, float, str]] = {}
    shares = [diffs[i::args.jobs] for i in range(args.jobs)]
    with ThreadPoolExecutor(args.jobs) as pool:
        for future in [pool.submit(worker, share, args.timeout, results) for share in shares if share]:
            future.result()
    missed = sorted(name for name, (status, _, _) in results.items() if status == "passed")
    caught = len(results) - len(missed)
    print(f"caught {caught} of {len(results)} ({100 * caught / len(results):.1f}%)")
    for name in missed:
        print(f"  missed: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
