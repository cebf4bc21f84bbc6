"""`{% practice_url "rule" section.id as url %}` / `{% practice_url "card" card.id as url %}`: the first puzzle that
practises a rule section or a card (costumes included), for the "practise this" links; "" when there is none."""

from django import template
from django.urls import reverse

from kotguide.practice.catalogue import puzzles

register = template.Library()


@register.simple_tag
def practice_url(kind: str, target: str) -> str:
    for puzzle in puzzles().values():
        if kind == "rule" and target in puzzle.rules:
            return reverse("practice:puzzle", args=[puzzle.id])
        if kind == "card" and (puzzle.variant.card == target or puzzle.variant.source == f"costume-{target}"):
            return reverse("practice:puzzle", args=[puzzle.id])
    return ""
