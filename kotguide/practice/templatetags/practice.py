"""`{% practice_url "rule" section.id as url %}` / `{% practice_url "card" card.id as url %}`: the first puzzle that
practises a rule section or a card (costumes included), for the "practise this" links; "" when there is none.
`{% lesson_puzzles lesson as checks %}`: two puzzles on what a lesson taught, for its end."""

from django import template
from django.urls import reverse
from django.utils.translation import get_language

from kotguide.practice.catalogue import lesson_puzzles as puzzles_for_lesson
from kotguide.practice.catalogue import puzzles
from kotguide.practice.views import question

register = template.Library()


@register.simple_tag
def practice_url(kind: str, target: str) -> str:
    for puzzle in puzzles().values():
        if kind == "rule" and target in puzzle.rules:
            return reverse("practice:puzzle", args=[puzzle.id])
        if kind == "card" and (puzzle.variant.card == target or puzzle.variant.source == f"costume-{target}"):
            return reverse("practice:puzzle", args=[puzzle.id])
    return ""


@register.simple_tag
def lesson_puzzles(lesson) -> list[tuple[str, str]]:
    """(address, question) of two puzzles on the lesson's rule sections."""
    lang = get_language()
    return [(reverse("practice:puzzle", args=[p.id]), question(p, lang)) for p in puzzles_for_lesson(lesson.rules)]
