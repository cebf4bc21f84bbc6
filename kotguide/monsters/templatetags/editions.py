"""``{% edition_changes "card:tank" as changes %}``: the edition changes that affect a component, for its page."""

from django import template
from django.utils.translation import get_language

from kotguide.monsters import editions

register = template.Library()


@register.simple_tag
def edition_changes(ref: str) -> list[editions.Change]:
    return editions.changes_for(get_language(), ref)
