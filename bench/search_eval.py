"""Search quality: the share of the evaluation set (tests/search_eval/) with an acceptable result in the top 3.

    .venv/bin/python bench/search_eval.py            # scores of both halves; the tuning half's misses
    .venv/bin/python bench/search_eval.py --all      # also every tuning query's top 3
    .venv/bin/python bench/search_eval.py --tuning   # the tuning half only: while tuning, not even the locked score

The locked half prints its score only: its misses are not to be read while tuning (see the issue's rules).
The index is the configured one (settings.SEARCH_INDEX), rebuilt first if stale.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotguide.settings")

import django  # noqa: E402

django.setup()

from kotguide.search import evaluation, index  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="print every tuning query's top 3, not only misses")
    parser.add_argument("--tuning", action="store_true", help="score the tuning half only")
    args = parser.parse_args()
    show_all = args.all
    if index.is_stale():
        index.build()
    overall = []
    for half in evaluation.HALVES[:1] if args.tuning else evaluation.HALVES:
        outcomes = evaluation.run(half)
        overall += outcomes
        found = sum(o.found for o in outcomes)
        by_lang = Counter(o.query.lang for o in outcomes)
        found_lang = Counter(o.query.lang for o in outcomes if o.found)
        langs = ", ".join(f"{lang} {found_lang[lang]}/{n}" for lang, n in sorted(by_lang.items()))
        print(f"{half}: top-3 {found}/{len(outcomes)} = {evaluation.score(outcomes):.1%} ({langs})")
        if half == "tuning":
            for o in outcomes:
                if show_all or not o.found:
                    mark = "ok  " if o.found else "MISS"
                    print(f"  {mark} [{o.query.lang}] {o.query.q!r}: want {list(o.query.accept)}; top {list(o.top)}")
    styles = Counter(o.query.style for o in overall)
    print(
        f"overall: top-3 {sum(o.found for o in overall)}/{len(overall)} = {evaluation.score(overall):.1%};"
        f" {sum(o.query.lang == 'ja' for o in overall)} Japanese; styles {dict(styles)}"
    )


if __name__ == "__main__":
    main()
