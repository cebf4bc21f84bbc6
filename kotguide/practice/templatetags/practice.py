"""`{% lesson_puzzles lesson as checks %}`: two puzzles on what a lesson taught, for its end. (The "practise this"
links of rule and card pages need no tag: they are `practice:rule` / `practice:card`, which redirect.)"""

from django import template
from django.urls import reverse
from django.utils.translation import get_language

from kotguide.practice.catalogue import lesson_puzzles as puzzles_for_lesson
from kotguide.practice.views import question

register = template.Library()


@register.simple_tag
def lesson_puzzles(lesson) -> list[tuple[str, str]]:
    """(address, question) of two puzzles on the lesson's rule sections."""
    lang = get_language()
    return [(reverse("practice:puzzle", args=[p.id]), question(p, lang)) for p in puzzles_for_lesson(lesson.rules)]
