"""Every scenario in content/scenarios replays to its hand-written expectation, and every rule section has one."""

import json
import tomllib
from functools import cache

import pytest

from kotguide.engine import InvalidSetup, Setup, rules
from kotguide.engine.events import mismatches
from kotguide.engine.flow import Replay
from kotguide.engine.scenario import SCENARIO_DIR, Scenario, check, load, parse, play

# Collection reads only the file names; each scenario is parsed and played once, when a test first asks for it.
IDS = sorted(path.stem for path in SCENARIO_DIR.glob("*.toml"))


@cache
def scenario(sid: str) -> Scenario:
    return load(SCENARIO_DIR / f"{sid}.toml")


@cache
def played(sid: str) -> Replay:
    return play(scenario(sid))


@pytest.mark.parametrize("sid", IDS)
def test_scenario_meets_its_expectation(sid):
    assert check(scenario(sid), played(sid)) == []


@pytest.mark.parametrize("sid", IDS)
def test_scenario_emits_every_rule_it_declares(sid):
    emitted = {e.rule for e in played(sid).events}
    assert set(scenario(sid).rules) <= emitted


@pytest.mark.parametrize("sid", IDS)
def test_scenario_events_follow_the_kind_catalogue(sid):
    game = played(sid)
    ids = frozenset(m.id for m in game.state.monsters)
    for e in game.events:
        assert mismatches(e, ids) == [], e  # its rule, params and their types are the ones its kind declares
        json.dumps(e.to_dict())


@pytest.mark.parametrize("sid", IDS)
def test_scenario_setup_round_trips_through_toml_and_json(sid):
    scn = scenario(sid)
    raw = _raw(sid)
    assert Setup.from_dict(raw["setup"]) == scn.setup
    assert Setup.from_dict(json.loads(json.dumps(scn.setup.to_dict()))) == scn.setup


def test_every_section_has_a_scenario_that_emits_it():
    missing = []
    for rule in rules.ALL:
        if not any(rule in scenario(s).rules and rule in {e.rule for e in played(s).events} for s in IDS):
            missing.append(rule)
    assert missing == []


def test_expectations_are_really_checked():
    scn = scenario("goal")
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
