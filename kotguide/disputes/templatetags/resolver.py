"""`{% setup_url "card" card.id as url %}`: the resolver's address prefilled with a card's or FAQ entry's situation
("" when it has none), in the current language."""

from django import template
from django.urls import reverse

from kotguide.disputes.presets import query

register = template.Library()


@register.simple_tag
def setup_url(kind: str, key: str) -> str:
    params = query(kind, key)
    return reverse("resolve:form") + params if params else ""
