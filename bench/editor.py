"""Table editor cost: CPU time per edit, A/B against a91b8ce's resolver POST, in one run.

    .venv/bin/python bench/editor.py [--rounds 20] [--base /tmp/base-a91b8ce]

Each side runs in its own process (this checkout, and a checkout of the baseline commit), through the whole Django
stack as the test client sends it, and measures process CPU time (time.process_time) per request. The tables are
the "set this up" presets (FAQ and card situations). The baseline's request is its resolver POST of the preset's
whole form, as htmx sent it on every change of the form (`update`: the form redrawn, keeping what was typed); this
checkout's is one edit of the editor (a life stepper, a die face) on the same table, as htmx sends it (the editor
redrawn), and as a plain POST (the whole page). Goal (issue 24): an htmx edit <= 0.3x the baseline's POST.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import parse_qsl

ROOT = Path(__file__).resolve().parents[1]
BASE_COMMIT = "a91b8ce"
TABLES = [("faq", "heal-in-tokyo"), ("faq", "bay-closes-at-four"), ("card", "armor-plating"), ("card", "wings")]
HTMX = {"HX-Request": "true"}


def worker(rounds: int, side: str) -> None:
    sys.path.insert(0, os.getcwd())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotguide.settings")
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    client = Client()
    samples: dict[str, list[float]] = {}

    def timed(key: str, *args, **kwargs):
        started = time.process_time()
        response = client.post(*args, **kwargs)
        samples.setdefault(key, []).append(time.process_time() - started)
        assert response.status_code == 200, (key, response.status_code)

    if side == "base":
        from kotguide.resolve.presets import query
    else:
        from kotguide.disputes.presets import query
    requests = []
    for kind, key in TABLES:
        params = query(kind, key)[1:]
        if side == "base":
            requests.append(("resolver post", {**_many(parse_qsl(params)), "update": "1"}, HTMX))
        else:
            html = client.get("/en/resolve/?" + params).content.decode()
            state = re.search(r'name="state" value="([^"]+)"', html).group(1)
            for edit in ("n:0:life:-1", "die:0:heart"):
                requests.append(("edit htmx", {"state": state, "edit": edit}, HTMX))
                requests.append(("edit page", {"state": state, "edit": edit}, {}))
    for _key, data, headers in requests:  # templates, translations and caches loaded
        client.post("/en/resolve/", data, headers=headers)
    for _ in range(rounds):
        for key, data, headers in requests:
            timed(key, "/en/resolve/", data, headers=headers)
    print(json.dumps({k: 1000 * sum(v) / len(v) for k, v in samples.items()}))


def _many(pairs: list[tuple[str, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name, value in pairs:
        out.setdefault(name, []).append(value)
    return out


def measure(root: Path, rounds: int, side: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "editor.py"), "--worker", side, "--rounds", str(rounds)],
        cwd=root, capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(root), "DJANGO_SETTINGS_MODULE": "kotguide.settings"},
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="passes over the tables (default 20)")
    parser.add_argument("--base", type=Path, default=Path("/tmp/base-a91b8ce"), help="checkout of a91b8ce")
    parser.add_argument("--worker", choices=("base", "this"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.rounds, args.worker)
        return
    if not args.base.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(args.base), BASE_COMMIT], check=True)
    base = measure(args.base, args.rounds, "base")
    this = measure(ROOT, args.rounds, "this")
    post = base["resolver post"]
    print(f"editor bench: {len(TABLES)} preset tables x {args.rounds} rounds, CPU ms per request (time.process_time)")
    print(f"a91b8ce resolver post (htmx redraw of the whole form): {post:8.2f}")
    for key in ("edit htmx", "edit page"):
        print(f"this {key:48}: {this[key]:8.2f}  {this[key] / post:5.2f}x")
    ratio = this["edit htmx"] / post
    print(f"goal: an htmx edit {ratio:.2f}x a91b8ce's resolver post (<= 0.3: {'met' if ratio <= 0.3 else 'NOT met'})")


if __name__ == "__main__":
    main()
