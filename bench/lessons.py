"""Minutes a new player needs for the lessons of Learn to play, per lesson and in total, per language (issue 26).

    .venv/bin/python bench/lessons.py

For each lesson played along its script: reading time of the text the lesson shows (title, summary, each step's
narration and its "right" feedback, the closing text) at 400 Japanese characters or 200 English words a minute; 3 s
per click (each step's button, each die ticked for a reroll, and the link to the next lesson); plus the server time
measured for the pages the reader opens (each step's address, through the whole Django stack by the test client).
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

from kotguide.learn.lessons import Lesson, lessons  # noqa: E402

JA_CHARS_PER_MINUTE = 400
EN_WORDS_PER_MINUTE = 200
SECONDS_PER_CLICK = 3
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
        print(f"{lang}: minutes per lesson (reading + clicks + server)")
        for lesson in lessons():
            if lesson.is_game:
                print(f"  {lesson.number:2} {lesson.id:<14} a whole game: as long as the reader plays (not counted)")
                continue
            read = reading_minutes(shown_texts(lesson, lang), lang)
            click = clicks(lesson) * SECONDS_PER_CLICK / 60
            server = server_seconds(client, lesson, lang) / 60
            minutes = read + click + server
            total += minutes
            print(f"  {lesson.number:2} {lesson.id:<14} {minutes:5.2f}  (reading {read:4.2f}, {clicks(lesson)} clicks "
                  f"{click:4.2f}, server {server * 60:5.3f} s)")
        print(f"  total {total:5.2f} minutes")


if __name__ == "__main__":
    main()
