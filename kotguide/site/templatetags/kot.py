from functools import lru_cache

from django import template
from django.utils.safestring import mark_safe

from kotguide.content import library
from kotguide.content.sections import Section, registry

register = template.Library()


@register.filter
def title_in(section: Section, lang: str) -> str:
    """A section's title in the given language: {{ section|title_in:lang }}."""
    return section.title(lang)


@register.filter
def summary_in(section: Section, lang: str) -> str:
    """A section's one-line summary in the given language: {{ section|summary_in:lang }}."""
    return section.summary(lang)


@register.filter
def section_title(section_id: str, lang: str) -> str:
    """The title of the section with this id: {{ "heal"|section_title:lang }}."""
    section = registry().get(section_id)
    return section.title(lang) if section else section_id


@register.filter
def section_url(section_id: str, lang: str) -> str:
    """The address of a rule section in the given language: {{ "heal"|section_url:lang }}. Worked out once per
    section and language (the sandbox's log links every line to its rule, and `{% url %}` resolves each time)."""
    return _section_url(section_id, lang)


@lru_cache(maxsize=1024)
def _section_url(section_id: str, lang: str) -> str:
    return library.url_in(lang, "rules:section", section_id)


@register.filter
def monster_name(monster_id: str, lang: str) -> str:
    """A monster's name in the given language: {{ "gigazaur"|monster_name:lang }}."""
    from kotguide.sandbox.words import monster_name as name

    return name(monster_id, lang)


@register.simple_tag(takes_context=True)
def step_region(context, region) -> str:
    """A region of a step's answer (kotguide.sandbox.step.Region): the HTML the shared cache kept, else the region's
    template rendered here with the step's context (and its HTML kept in `region` for the cache)."""
    if region.html is None:
        region.html = context.template.engine.get_template(region.template).render(context)
    return mark_safe(region.html)
