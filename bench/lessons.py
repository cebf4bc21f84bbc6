"""Minutes a new player needs for the lessons of Learn to play, per lesson and in total, per language (issue 26).

    .venv/bin/python bench/lessons.py

For each lesson played along its script: reading time of the text the lesson shows (title, summary, each step's
narration and its "right" feedback, the closing text) at 400 Japanese characters or 200 English words a minute; 3 s
per click (each step's button, each die ticked for a reroll, and the link to the next lesson); plus the server time
measured for the pages the reader opens (each step's address, through the whole Django stack by the test client).
Each lesson ends with two practice puzzles (`kotguide.practice.catalogue.lesson_puzzles`), counted in its figure: per
puzzle the reading of what the page says (the question, what happens, the facts, the choices, and the explanation of
the right answer), two clicks (the link to the puzzle and the answer), and the server time of opening it and answering.
The last lesson is a whole game against the computer: its length is the reader's, so it is printed apart and left
out of the total.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotguide.settings")

import django  # noqa: E402

django.setup()

from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.utils import translation  # noqa: E402

from kotguide.learn.lessons import Lesson, lessons  # noqa: E402
from kotguide.practice import views as practice  # noqa: E402
from kotguide.practice.catalogue import Puzzle, lesson_puzzles  # noqa: E402

JA_CHARS_PER_MINUTE = 400
EN_WORDS_PER_MINUTE = 200
SECONDS_PER_CLICK = 3
CLICKS_PER_PUZZLE = 2  # open it from the lesson's end, tap the answer
LANGS = ("ja", "en")


def reading_minutes(texts: list[str], lang: str) -> float:
    if lang == "ja":
        return sum(len(re.sub(r"\s", "", t)) for t in texts) / JA_CHARS_PER_MINUTE
    return sum(len(t.split()) for t in texts) / EN_WORDS_PER_MINUTE


def shown_texts(lesson: Lesson, lang: str) -> list[str]:
    texts = [lesson.title[lang], lesson.summary[lang], lesson.done[lang]]
    for step in lesson.steps:
        texts += [step.narration[lang], step.right.get(lang, "")]
    return [t for t in texts if t]


def clicks(lesson: Lesson) -> int:
    return sum(1 + len(step.keep or ()) for step in lesson.steps) + 1  # and the link to the next lesson


def puzzle_texts(puzzle: Puzzle, lang: str) -> list[str]:
    with translation.override(lang):
        page = practice._context(puzzle, lang)
        why = practice._fill(practice.texts(lang)["template"][puzzle.template.id]["why"], practice._words(puzzle, lang))
    return [page["question"], *page["happens"], *page["facts"], *(c.label for c in page["choices"]), why]


def puzzle_server_seconds(client: Client, puzzle: Puzzle, lang: str) -> float:
    """Opening the puzzle and answering it right."""
    address = f"/{lang}/practice/{puzzle.id}/"
    started = time.perf_counter()
    opened = client.get(address)
    answered = client.post(address, {"answer": sorted(puzzle.right)[0]})
    spent = time.perf_counter() - started
    assert opened.status_code == answered.status_code == 200, address
    return spent


def server_seconds(client: Client, lesson: Lesson, lang: str) -> float:
    """The pages the reader opens: the lesson, then its address after each step."""
    spent = 0.0
    for done in lesson.boundaries():
        actions = " ".join(lesson.script[:done])
        address = f"/{lang}/learn/{lesson.id}/" + ("?" + urlencode({"a": actions}) if actions else "")
        started = time.perf_counter()
        response = client.get(address)
        spent += time.perf_counter() - started
        assert response.status_code == 200, address
    return spent


def main() -> None:
    setup_test_environment()
    client = Client()
    for lesson in lessons()[:1]:  # warm the process (content, catalogue, templates) before measuring
        server_seconds(client, lesson, "en")
    for lang in LANGS:
        total = 0.0
        print(f"{lang}: minutes per lesson (reading + clicks + server + its two puzzles)")
        for lesson in lessons():
            if lesson.is_game:
                print(f"  {lesson.number:2} {lesson.id:<14} a whole game: as long as the reader plays (not counted)")
                continue
            checks = lesson_puzzles(lesson.rules)
            read = reading_minutes(shown_texts(lesson, lang), lang)
            click = clicks(lesson) * SECONDS_PER_CLICK / 60
            server = server_seconds(client, lesson, lang) / 60
            puzzle_read = reading_minutes([t for p in checks for t in puzzle_texts(p, lang)], lang)
            puzzle_rest = (len(checks) * CLICKS_PER_PUZZLE * SECONDS_PER_CLICK
                           + sum(puzzle_server_seconds(client, p, lang) for p in checks)) / 60
            minutes = read + click + server + puzzle_read + puzzle_rest
            total += minutes
            print(f"  {lesson.number:2} {lesson.id:<14} {minutes:5.2f}  (reading {read:4.2f}, {clicks(lesson)} clicks "
                  f"{click:4.2f}, server {server * 60:5.3f} s; {len(checks)} puzzles {puzzle_read + puzzle_rest:4.2f})")
        print(f"  total {total:5.2f} minutes")


if __name__ == "__main__":
    main()
