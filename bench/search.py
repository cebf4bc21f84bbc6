"""Search speed: p50/p95 server time of /<lang>/search/?q=… over a fixed set of queries.

    .venv/bin/python bench/search.py [--rounds 30]

Each request goes through the whole Django stack in this process (middleware, view, index, template), as
the test client sends it. The index is the configured one (settings.SEARCH_INDEX), rebuilt first if stale.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotguide.settings")

import django  # noqa: E402

django.setup()

from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from kotguide.search import index  # noqa: E402
from kotguide.search.search import search  # noqa: E402

QUERIES = {
    "ja": [
        "回",
        "回復",
        "攻撃",
        "脱出",
        "２人",
        "ハート",
        "えねるぎー",
        "トーキョー",
        "回復の上限",
        "パワーカード 購入",
        "Alien Metabolism",
        "毒トークン",
        "エイリアンオリジン",
        "勝利ポイント",
        "zzz",
    ],
    "en": [
        "a",
        "vp",
        "heal",
        "Hearts",
        "smash",
        "yield tokyo",
        "Alien Metabolism",
        "Dedicated News Team",
        "cards",
        "poison tokens",
        "ＨＥＡＬ",
        "energy",
        "the",
        "回復",
        "qqqzzz",
    ],
}


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def line(label: str, samples: list[float]) -> str:
    ms = [s * 1000 for s in samples]
    return (
        f"{label:<28} n={len(ms):<5} p50={percentile(ms, 0.5):6.2f} ms  p95={percentile(ms, 0.95):6.2f} ms"
        f"  max={max(ms):6.2f} ms  mean={statistics.fmean(ms):6.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="passes over the query set (default 30)")
    rounds = parser.parse_args().rounds

    path = index.index_path()
    if index.is_stale(path):
        started = time.perf_counter()
        count = index.build(path)
        print(f"rebuilt {path}: {count} documents in {time.perf_counter() - started:.2f} s")
    setup_test_environment()
    client = Client()
    kinds = {
        "page (plain GET)": {},
        "live (htmx fragment)": {"HX-Request": "true"},
    }
    # Warm up: the first request loads templates, translations and the index connection.
    for lang, queries in QUERIES.items():
        for q in queries:
            for headers in kinds.values():
                assert client.get(f"/{lang}/search/", {"q": q}, headers=headers).status_code == 200

    results: dict[str, list[float]] = {}
    for _ in range(rounds):
        for lang, queries in QUERIES.items():
            for q in queries:
                for kind, headers in kinds.items():
                    started = time.perf_counter()
                    client.get(f"/{lang}/search/", {"q": q}, headers=headers)
                    elapsed = time.perf_counter() - started
                    results.setdefault(kind, []).append(elapsed)
                    results.setdefault(f"{kind}, {lang}", []).append(elapsed)
                    results.setdefault(f"{kind}, {'short' if len(q) < 3 else 'trigram'}", []).append(elapsed)
                started = time.perf_counter()
                search(q, lang)
                results.setdefault("search() alone", []).append(time.perf_counter() - started)

    print(f"search bench: {sum(len(q) for q in QUERIES.values())} queries x {rounds} rounds, index {path}")
    for label in sorted(results, key=lambda k: (k.split(",")[0], k)):
        print(line(label, results[label]))


if __name__ == "__main__":
    main()
