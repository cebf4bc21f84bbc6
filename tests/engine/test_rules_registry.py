"""The rule ids, the event kinds and content/sections.toml agree."""

import doctest
import importlib
import tomllib

from pure_engine import from_source

from kotguide.engine import KINDS, rules
from kotguide.engine.data import CONTENT_DIR


def section_ids() -> list[str]:
    raw = tomllib.loads((CONTENT_DIR / "sections.toml").read_text(encoding="utf-8"))
    return [s["id"] for s in raw["section"]]


def test_rule_constants_are_exactly_the_sections_in_order():
    assert list(rules.ALL) == section_ids()


def test_every_event_kind_carries_known_rules():
    for kind in KINDS.values():
        assert kind.rules, kind.kind
        assert set(kind.rules) <= set(rules.ALL), kind.kind
        assert kind.doc


def test_every_section_is_a_possible_rule_of_some_event_kind():
    possible = {r for kind in KINDS.values() for r in kind.rules}
    assert possible == set(rules.ALL)


@from_source  # a compiled module keeps no doctests
def test_doctests():
    for name in ("kotguide.engine", "kotguide.engine.dice", "kotguide.engine.actions", "kotguide.engine.testing"):
        result = doctest.testmod(importlib.import_module(name))
        assert result.failed == 0, name
        assert result.attempted > 0, name
