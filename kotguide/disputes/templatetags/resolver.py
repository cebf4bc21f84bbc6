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


@register.filter
def edit_id(code: str) -> str:
    """The element id of an editor control, from its edit code (`n:0:life:+1` -> `ed-n-0-life-up`)."""
    return "ed-" + code.replace("+1", "up").replace("-1", "down").replace(":", "-")


@register.filter
def get(mapping: dict, key: str):
    """`mapping|get:key` (the notes beside a control, by its key)."""
    return mapping.get(key, ())
