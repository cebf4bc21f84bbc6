"""Search cost: CPU time per /<lang>/search/?q=… for the page and the htmx fragment, A/B against a91b8ce.

    .venv/bin/python bench/search.py [--rounds 5] [--base /tmp/base-a91b8ce]

Each side runs in its own process (this checkout, and a checkout of the baseline commit, made with
`git worktree add` when missing), through the whole Django stack (middleware, view, index, template) as the test
client sends it, and measures process CPU time (time.process_time). "cold" is a query asked for the first time
(the shared results cache and the process's own recent results emptied before it); "warm" is the same query asked
again. The baseline has no cache, so its warm equals its cold. Goals (issue 19): cold page <= 1.0x the baseline's
cold page, warm page <= 0.25x.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE_COMMIT = "a91b8ce"
QUERIES = {
    "ja": ["回", "回復", "攻撃", "脱出", "２人", "ハート", "えねるぎー", "トーキョー",
           "回復の上限", "パワーカード 購入", "トーキョーにいるとき回復できる？",
           "毒トークンの外し方", "ミミック", "勝利ポイント", "zzz"],
    "en": ["a", "vp", "heal", "Hearts", "smash", "yield tokyo", "Alien Metabolism", "can I heal in tokyo",
           "cards", "poison tokens", "ＨＥＡＬ", "oportunist", "the", "回復", "qqqzzz"],
}
KINDS = {"page": {}, "fragment": {"HX-Request": "true"}}


def worker(rounds: int, alias: str) -> None:
    """In a checkout's own directory: CPU ms per request, cold and warm, for page and fragment."""
    sys.path.insert(0, os.getcwd())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotguide.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import caches

    settings.SEARCH_CACHE = alias
    cache = caches[alias]
    from django.test import Client
    from django.test.utils import setup_test_environment

    from kotguide.search import index
    from kotguide.search import search as search_module

    # This process's own recent results (none in a91b8ce): emptied too before a cold query.
    recent = getattr(search_module, "RECENT", cache)
    if index.is_stale():
        index.build()
    setup_test_environment()
    client = Client()
    for lang in QUERIES:  # templates, translations, the index connection and the analyser loaded
        client.get(f"/{lang}/search/", {"q": "warm up"})
    samples: dict[str, list[float]] = {}
    for _ in range(rounds):
        for lang, queries in QUERIES.items():
            for q in queries:
                for kind, headers in KINDS.items():
                    cache.clear()
                    recent.clear()
                    for state in ("cold", "warm"):
                        started = time.process_time()
                        response = client.get(f"/{lang}/search/", {"q": q}, headers=headers)
                        samples.setdefault(f"{kind} {state}", []).append(time.process_time() - started)
                        assert response.status_code == 200, q
    print(json.dumps({k: 1000 * sum(v) / len(v) for k, v in samples.items()}))


def measure(root: Path, rounds: int, alias: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "search.py"), "--worker", "--rounds", str(rounds), "--cache", alias],
        cwd=root, capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(root), "DJANGO_SETTINGS_MODULE": "kotguide.settings"},
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="passes over the query set (default 5)")
    parser.add_argument("--base", type=Path, default=Path("/tmp/base-a91b8ce"), help="checkout of a91b8ce")
    parser.add_argument("--cache", default="default", help="the CACHES alias search uses (settings.SEARCH_CACHE)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.rounds, args.cache)
        return
    if not args.base.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(args.base), BASE_COMMIT], check=True)
    base = measure(args.base, args.rounds, "default")
    this = measure(ROOT, args.rounds, args.cache)
    count = sum(len(q) for q in QUERIES.values())
    print(f"search bench: {count} queries x {args.rounds} rounds, CPU ms per request (time.process_time),"
          f" results cache {args.cache!r}")
    print(f"{'':16}{'a91b8ce':>10}{'this':>10}{'ratio':>8}")
    for key in ("page cold", "page warm", "fragment cold", "fragment warm"):
        print(f"{key:16}{base[key]:10.2f}{this[key]:10.2f}{this[key] / base[key]:8.2f}x")
    cold = this["page cold"] / base["page cold"]
    warm = this["page warm"] / base["page cold"]
    print(f"goals: cold page {cold:.2f}x a91b8ce's cold page (<= 1.0: {'met' if cold <= 1.0 else 'NOT met'}),"
          f" warm page {warm:.2f}x (<= 0.25: {'met' if warm <= 0.25 else 'NOT met'})")


if __name__ == "__main__":
    main()
