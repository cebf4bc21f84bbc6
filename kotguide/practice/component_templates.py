"""What a card or a module component does here: one question per Power card scenario and per module scenario.

The position is the scenario's (`content/scenarios/`), the actions its steps; the question asks for one number at
the end (a monster's life, VP or energy): one the scenario's own expectation names, else one the steps change.
The wrong answers: the number as it would be without the card (the engine replays the steps with the card taken
from its holder), and the number as it stood before the steps.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from kotguide.content.scenarios import scenarios
from kotguide.engine import EngineError, Replay, Setup, replay
from kotguide.engine.scenario import Scenario

from .questions import NUMBER, STATS, Template, Variant, only_if, stat_of

MODULE_SECTIONS = ("costumes", "cultists", "tokyo-tower", "berserk", "transformation", "wickedness", "curses",
                   "evolutions")  # the module a puzzle is labelled with (the Mutant draft is part of evolutions)


def _module_of(scn: Scenario) -> str:
    for rule in scn.rules:
        if rule == "mutant-draft":
            return "evolutions"
        if rule in MODULE_SECTIONS:
            return rule
    return ""


def _actions(scn: Scenario) -> tuple[str, ...]:
    return tuple(step.action for step in scn.steps if not step.error)


def _question(scn: Scenario, actions: tuple[str, ...]) -> tuple[str, str] | None:
    """(monster, stat): the first the scenario's expectation names, else the first the steps change."""
    setup = scn.setup
    before = replay(setup, ()).state
    after = replay(setup, actions, trusted=True).state
    named = [(m, k) for m, table in scn.expect.get("monsters", {}).items() for k in STATS if k in table]
    changed = [(m.id, k) for m in before.monsters for k in STATS
               if getattr(m, k) != getattr(after.monster(m.id), k)]
    for pick in [*named, *changed]:
        return pick
    return None


def _variants(prefix: str) -> Iterator[Variant]:
    for scn in sorted(scenarios().values(), key=lambda s: s.id):
        is_card = scn.id.startswith("card-")
        if (prefix == "card" and not is_card) or (prefix == "module" and (is_card or not _module_of(scn))):
            continue
        actions = _actions(scn)
        asked = _question(scn, actions)
        if asked is None:
            continue
        card = scn.id.removeprefix("card-") if is_card else ""
        yield Variant(scn.setup.to_dict(), actions, asked[0], asked[1], card=card, module=_module_of(scn),
                      source=scn.id, extra_rules=tuple(scn.rules))


def _module_positions() -> Iterator[Variant]:
    """Module positions of our own, for the modules with few scenarios: the number asked is the first one the
    actions change (the engine says which)."""
    g, k = "gigazaur", "the-king"
    tables = [
        ("berserk", {"monsters": [{"id": g, "tokens": {"berserk": 1}}, {"id": k, "location": "city"}],
                     "options": ["berserk"], "first_player": g,
                     "turn": {"step": "rolled", "rerolls": 0,
                              "dice": ["smash", "smash", "1", "2", "3", "heart", "berserk:2smash"]}}, ("resolve",)),
        ("berserk", {"monsters": [{"id": g, "life": 6, "tokens": {"berserk": 1}}, {"id": k, "location": "city"}],
                     "options": ["berserk"], "first_player": g,
                     "turn": {"step": "rolled", "rerolls": 0,
                              "dice": ["1", "1", "2", "3", "energy", "energy", "berserk:skull"]}}, ("resolve",)),
        ("cultists", {"monsters": [{"id": g, "energy": 1}, {"id": k, "location": "city"}], "options": ["cultists"],
                      "first_player": g, "turn": {"step": "rolled", "rerolls": 0,
                                                  "dice": ["energy", "energy", "energy", "energy", "1", "2"]}},
         ("resolve",)),
        ("tokyo-tower", {"monsters": [{"id": k}, {"id": g, "location": "city", "life": 6}],
                         "options": ["tokyo-tower"], "first_player": k, "market": ["tank", "frenzy", "heal"],
                         "modules": {"tokyo-tower": {"levels": {"bottom": g}}}, "turn": {"step": "buy"}}, ("end",)),
        ("tokyo-tower", {"monsters": [{"id": k}, {"id": g, "location": "city", "life": 5, "energy": 2}],
                         "options": ["tokyo-tower"], "first_player": k, "market": ["tank", "frenzy", "heal"],
                         "modules": {"tokyo-tower": {"levels": {"bottom": g, "middle": g}}}, "turn": {"step": "buy"}},
         ("end",)),
        ("transformation", {"monsters": [{"id": g}, {"id": k, "location": "city"}], "options": ["transformation"],
                            "first_player": g, "turn": {"step": "rolled", "rerolls": 0,
                                                        "dice": ["smash", "smash", "smash", "energy", "1", "2"]}},
         ("resolve",)),
        ("transformation", {"monsters": [{"id": g, "tokens": {"beast": 1}}, {"id": k, "location": "city"}],
                            "options": ["transformation"], "first_player": g,
                            "turn": {"step": "rolled", "rerolls": 0,
                                     "dice": ["smash", "smash", "heart", "energy", "1", "2"]}}, ("resolve",)),
    ]
    for n, (module, setup, actions) in enumerate(tables, start=1):
        before = replay(Setup.from_dict(setup), ()).state
        after = replay(Setup.from_dict(setup), actions).state
        changed = [(m.id, k) for m in before.monsters for k in STATS
                   if getattr(m, k) != getattr(after.monster(m.id), k)]
        yield Variant(setup, actions, changed[0][0], changed[0][1], module=module, extra_rules=(module,),
                      key=f"{module}-{n}")


@cache
def _without(setup_key: str, card: str, actions: tuple[str, ...]) -> Replay | None:
    """The same steps with the card taken from whoever holds it at the start (None: the steps no longer play)."""
    import json

    data = json.loads(setup_key)
    held = False
    for m in data["monsters"]:
        if isinstance(m, dict) and card in m.get("cards", []):
            m["cards"] = [c for c in m["cards"] if c != card]
            tokens = m.get("tokens", {})
            for token in ("smoke", "battery"):  # a card's own counters leave with it
                if token in tokens and card in ("smoke-cloud", "battery-monster"):
                    del tokens[token]
            held = True
    if not held:
        return None
    try:
        return replay(Setup.from_dict(data), actions)
    except EngineError:
        return None


def _effect_mistakes(result: Replay, v: Variant) -> dict[str, str]:
    import json

    right = stat_of(result, v)
    wrong: dict[str, str] = {}
    start = replay(Setup.from_dict(v.setup), ()).state.monster(v.subject)
    wrong[str(getattr(start, v.stat))] = "nothing-happens"
    if v.card:
        other = _without(json.dumps(v.setup, sort_keys=True), v.card, v.actions)
        if other is not None:
            wrong[str(getattr(other.state.monster(v.subject), v.stat))] = "without-card"
    return only_if(wrong, right)


TEMPLATES: tuple[Template, ...] = (
    Template("card-effect", NUMBER, ("power-cards",), lambda: _variants("card"), stat_of, _effect_mistakes),
    Template("module-effect", NUMBER, ("modules",), lambda: iter([*_variants("module"), *_module_positions()]),
             stat_of, _effect_mistakes),
)
