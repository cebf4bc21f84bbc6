"""The scenario catalogue: every `content/scenarios/<id>.toml`, read once per process and looked up by id or by the
rule sections it shows. The sandbox opens them; the rules, cards and components pages link them ("try it")."""

from __future__ import annotations

from functools import cache

from kotguide.engine.scenario import Scenario, is_component_demo, load_all


@cache
def scenarios() -> dict[str, Scenario]:
    return {s.id: s for s in load_all()}


def scenarios_for_rule(rule_id: str) -> list[Scenario]:
    """The scenarios that demonstrate a rule section: the section's own first, then the other rule scenarios, then the
    component demonstrations (cards, costumes, tiles, curses, evolutions)."""
    found = [s for s in scenarios().values() if rule_id in s.rules]
    return sorted(found, key=lambda s: (s.id != rule_id, is_component_demo(s.id), s.rules.index(rule_id), s.id))
