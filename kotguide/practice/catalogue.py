"""Every puzzle, made once per process from the templates: its id, position, rules, level, choices and answer.

Ids are stable: `<template>-<n>` (the template's n-th position, 1-based; new positions are added at the end) and,
for the card and module templates, the id of the scenario the position comes from. The same id in both languages.

Level, by a stated rule: how many rule sections take part, counting the template's own and every section an
event of the played actions names — 1: at most two, 2: three or four, 3: five or more.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from kotguide.content.sections import registry
from kotguide.engine import GameState, Replay, Setup, replay

from . import base_templates, component_templates, draft_template
from .questions import CARD, DIE, MONSTER, NOBODY, NUMBER, SPACE, SPACES, YES_NO, Template, Variant

TEMPLATES: tuple[Template, ...] = base_templates.TEMPLATES + component_templates.TEMPLATES + draft_template.TEMPLATES
LEVELS = (1, 2, 3)
MISCOUNT = "miscount"  # the explanation of a wrong number no named mistake gives
NUMBER_CHOICES = 4
# the events of the setup's bookkeeping name rules that take no part in the question
NOT_COUNTED = frozenset({"setup", "turn-overview", "first-player", "rolling", "resolving"})


def level_of(rules: tuple[str, ...]) -> int:
    return 1 if len(rules) <= 2 else 2 if len(rules) <= 4 else 3


@dataclass(frozen=True)
class Choice:
    value: str  # what the answer form sends
    mistake: str  # "" for a right choice, else the id of the explanation of why it is wrong


@dataclass(frozen=True)
class Puzzle:
    id: str
    template: Template
    variant: Variant
    rules: tuple[str, ...]  # the sections it practises, the template's first
    level: int
    choices: tuple[Choice, ...]
    right: frozenset[str]

    @property
    def module(self) -> str:
        return self.variant.module

    @property
    def theme(self) -> str:
        """What the progress page groups it under: the module, else the template's first rule's top section."""
        if self.module:
            return self.module
        reg = registry()
        return reg.root(reg.get(self.template.rules[0])).id

    def position_json(self) -> str:
        """The sandbox position with every action played ("show me")."""
        return json.dumps({"v": 1, "setup": self.variant.setup, "actions": list(self.variant.actions)},
                          sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def played(variant: Variant) -> Replay:
    return replay(Setup.from_dict(variant.setup), variant.actions)


def _rules(template: Template, variant: Variant, result: Replay, start_events: int) -> tuple[str, ...]:
    found = [*template.rules, *variant.extra_rules]
    found += [e.rule for e in result.events[start_events:] if e.rule not in NOT_COUNTED]
    return tuple(dict.fromkeys(r for r in found if registry().get(r) is not None))


def _choices(template: Template, variant: Variant, start: GameState, result: Replay,
             right: frozenset[str]) -> tuple[Choice, ...]:
    wrong = template.mistakes(result, variant)
    kind = template.kind
    if kind == NUMBER:
        values = [*right, *(w for w in wrong if int(w) >= 0)]
        answer = int(next(iter(right)))
        for step in (1, -1, 2, -2, 3):
            if len(set(values)) >= NUMBER_CHOICES:
                break
            if answer + step >= 0:
                values.append(str(answer + step))
        ordered = sorted(set(values), key=int)
    elif kind == MONSTER:
        ordered = [m.id for m in start.monsters if m.alive]
        if NOBODY in right or NOBODY in wrong:
            ordered.append(NOBODY)
    elif kind == YES_NO:
        ordered = ["yes", "no"]
    elif kind == SPACE:
        ordered = list(SPACES)
    elif kind == DIE:
        ordered = [f"die:{i}" for i in range(len(start.dice))]
    elif kind == CARD:
        ordered = [f"card:{c}" for c in start.market if c is not None]
    elif kind == draft_template.EVOLUTION:
        ordered = draft_template.shown(sorted({*right, *wrong}), right, wrong)
    else:  # pragma: no cover - every kind is above
        raise ValueError(kind)
    return tuple(Choice(v, "" if v in right else wrong.get(v, MISCOUNT)) for v in ordered)


def _make(template: Template, n: int, variant: Variant) -> Puzzle:
    setup = Setup.from_dict(variant.setup)
    start = replay(setup, ())
    result = replay(setup, variant.actions)
    right = template.right(result, variant)
    rules = _rules(template, variant, result, len(start.events))
    pid = variant.key or variant.source or f"{template.id}-{n}"
    choices = _choices(template, variant, start.state, result, right)
    return Puzzle(pid, template, variant, rules, level_of(rules), choices, right)


@cache
def puzzles() -> dict[str, Puzzle]:
    found: dict[str, Puzzle] = {}
    for template in TEMPLATES:
        for n, variant in enumerate(template.variants(), start=1):
            puzzle = _make(template, n, variant)
            found[puzzle.id] = puzzle
    return found


def by_rule(rule_id: str) -> list[Puzzle]:
    return [p for p in puzzles().values() if rule_id in p.rules]


def lesson_puzzles(rules: tuple[str, ...], count: int = 2) -> list[Puzzle]:
    """Puzzles on what a lesson taught: of the lowest level first, the lesson's first rules first, each of another
    template while there are others."""
    candidates = [p for level in LEVELS for rule in rules for p in by_rule(rule.partition("#")[0])
                  if p.level == level and not p.module]
    found: list[Puzzle] = []
    for puzzle in candidates:
        if len(found) < count and puzzle.template not in {p.template for p in found}:
            found.append(puzzle)
    for puzzle in candidates:
        if len(found) < count and puzzle not in found:
            found.append(puzzle)
    return found


def by_card(card_id: str) -> list[Puzzle]:
    """The puzzles on a card: on its effect, or the costume made of it."""
    return [p for p in puzzles().values() if p.variant.card == card_id or p.variant.source == f"costume-{card_id}"]


def themes() -> dict[str, list[Puzzle]]:
    """Puzzles by theme, in the rules' order."""
    order = {s.id: s.order for s in registry().sections}
    grouped: dict[str, list[Puzzle]] = {}
    for puzzle in puzzles().values():
        grouped.setdefault(puzzle.theme, []).append(puzzle)
    return dict(sorted(grouped.items(), key=lambda item: order.get(item[0], 99)))
