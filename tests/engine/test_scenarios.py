"""Every scenario in content/scenarios replays to its hand-written expectation, and every rule section has one."""

import json
import tomllib

import pytest

from kotguide.engine import KINDS, InvalidSetup, Setup, rules
from kotguide.engine.scenario import SCENARIO_DIR, check, load, load_all, parse, play

SCENARIOS = load_all()
IDS = [s.id for s in SCENARIOS]


@pytest.mark.parametrize("scn", SCENARIOS, ids=IDS)
def test_scenario_meets_its_expectation(scn):
    result = play(scn)
    assert check(scn, result) == []


@pytest.mark.parametrize("scn", SCENARIOS, ids=IDS)
def test_scenario_emits_every_rule_it_declares(scn):
    emitted = {e.rule for e in play(scn).events}
    assert set(scn.rules) <= emitted


@pytest.mark.parametrize("scn", SCENARIOS, ids=IDS)
def test_scenario_events_follow_the_kind_catalogue(scn):
    for e in play(scn).events:
        kind = KINDS[e.kind]
        assert e.rule in kind.rules, e
        assert set(e.data) <= set(kind.params), e
        json.dumps(e.to_dict())


@pytest.mark.parametrize("scn", SCENARIOS, ids=IDS)
def test_scenario_setup_round_trips_through_toml_and_json(scn):
    raw = tomllib.loads((SCENARIO_DIR / f"{scn.id}.toml").read_text(encoding="utf-8"))
    assert Setup.from_dict(raw["setup"]) == scn.setup
    assert Setup.from_dict(json.loads(json.dumps(scn.setup.to_dict()))) == scn.setup


def test_every_section_has_a_scenario_that_emits_it():
    missing = []
    for rule in rules.ALL:
        if not any(rule in s.rules and rule in {e.rule for e in play(s).events} for s in SCENARIOS):
            missing.append(rule)
    assert missing == []


def test_expectations_are_really_checked():
    scn = next(s for s in SCENARIOS if s.id == "goal")
    wrong = parse({**_raw("goal"), "expect": {"monsters": {"gigazaur": {"vp": 99}}, "winners": ["the-king"],
                                                "event": [{"kind": "healed"}], "no_event": [{"kind": "entered"}]}})
    problems = check(wrong, play(scn))
    assert len(problems) == 4


def test_a_bad_scenario_is_refused():
    raw = _raw("goal")
    with pytest.raises(InvalidSetup):
        parse({**raw, "rules": ["no-such-rule"]})
    with pytest.raises(InvalidSetup):
        parse({**raw, "surprise": 1})
    with pytest.raises(InvalidSetup):
        parse(raw, "other-name")
    with pytest.raises(InvalidSetup):
        load(SCENARIO_DIR / "does-not-exist.toml")


def _raw(sid):
    return tomllib.loads((SCENARIO_DIR / f"{sid}.toml").read_text(encoding="utf-8"))
