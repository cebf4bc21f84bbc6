"""Scenarios: a TOML file (``content/scenarios/<id>.toml``) = a setup, a list of steps and hand-written expectations.

See ``content/scenarios/README.md`` for the format. ``load`` reads and checks a file, ``play`` replays its steps,
``check`` compares the result with ``[expect]`` and returns the mismatches (empty: the scenario holds).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import rules as R
from .actions import Action, parse_action
from .data import CONTENT_DIR
from .errors import IllegalAction, InvalidSetup
from .events import Event
from .flow import Replay, apply_in_place, start
from .setup import Setup, plain

SCENARIO_DIR = CONTENT_DIR / "scenarios"
# scenarios that demonstrate one component (linked from its page as "try it"); the others are narrated rule scenarios
COMPONENT_PREFIXES = ("card-", "costume-", "tile-", "curse-", "evolution-")


def is_component_demo(scenario_id: str) -> bool:
    return scenario_id.startswith(COMPONENT_PREFIXES)

_TOP_KEYS = ("id", "rules", "title_en", "title_ja", "setup", "step", "expect")
_STEP_KEYS = ("action", "narration_en", "narration_ja", "error")
_EXPECT_KEYS = ("phase", "active", "turn", "decision", "winners", "reason", "shared", "over", "market",
                "deck_size", "discard_size", "monsters", "marks", "event", "no_event")
_MONSTER_KEYS = ("life", "max_life", "vp", "energy", "location", "cards", "tokens", "alive", "pieces")


@dataclass(frozen=True, slots=True)
class Step:
    action: str
    narration_en: str = ""
    narration_ja: str = ""
    error: str = ""  # when set, the action must be refused with this IllegalAction code (and change nothing)


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    rules: tuple[str, ...]
    title_en: str
    title_ja: str
    setup: Setup
    steps: tuple[Step, ...]
    expect: Mapping[str, Any] = field(default_factory=dict)

    @property
    def actions(self) -> list[str]:
        """The codes of the steps that are played (refused steps excluded)."""
        return [step.action for step in self.steps if not step.error]


def _bad(where: str, reason: str) -> InvalidSetup:
    return InvalidSetup("bad-field", field=where, reason=reason)


def _check_keys(table: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in table:
        if key not in allowed:
            raise InvalidSetup("unknown-key", key=key, where=where)


def parse(raw: Mapping[str, Any], name: str | None = None) -> Scenario:
    """A scenario from its TOML table; ``name`` (the file stem) must equal its ``id``."""
    _check_keys(raw, _TOP_KEYS, "the scenario")
    sid = raw.get("id")
    if not isinstance(sid, str) or not sid:
        raise _bad("id", "a non-empty string")
    if name is not None and sid != name:
        raise _bad("id", f"{sid!r} must equal the file name {name!r}")
    rules = raw.get("rules", [])
    if not isinstance(rules, list) or not rules or any(r not in R.ALL for r in rules):
        raise _bad("rules", "a non-empty list of section ids from content/sections.toml")
    for key in ("title_en", "title_ja"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            raise _bad(key, "a non-empty string")
    if not isinstance(raw.get("setup"), Mapping):
        raise _bad("setup", "a [setup] table")
    setup = Setup.from_dict(raw["setup"])
    steps: list[Step] = []
    for item in raw.get("step", []):
        if not isinstance(item, Mapping) or not isinstance(item.get("action"), str):
            raise _bad("step", "each [[step]] needs an action code")
        _check_keys(item, _STEP_KEYS, "a step")
        parse_action(item["action"])
        steps.append(Step(item["action"], item.get("narration_en", ""), item.get("narration_ja", ""),
                          item.get("error", "")))
    expect = raw.get("expect", {})
    if not isinstance(expect, Mapping):
        raise _bad("expect", "an [expect] table")
    _check_keys(expect, _EXPECT_KEYS, "[expect]")
    for mid, table in expect.get("monsters", {}).items():
        _check_keys(table, _MONSTER_KEYS, f"[expect.monsters.{mid}]")
    return Scenario(sid, tuple(rules), raw["title_en"], raw["title_ja"], setup, tuple(steps), expect)


def load(path: str | Path) -> Scenario:
    """Read and check a scenario file (``InvalidSetup`` if anything is wrong)."""
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidSetup("bad-file", path=str(path), reason=str(e)) from None
    except tomllib.TOMLDecodeError as e:
        raise InvalidSetup("bad-file", path=str(path), reason=f"not valid TOML: {e}") from None
    return parse(raw, path.stem)


def load_all(directory: Path = SCENARIO_DIR) -> list[Scenario]:
    return [load(p) for p in sorted(directory.glob("*.toml"))]


def play(scn: Scenario) -> Replay:
    """Play the steps. A step with ``error`` must be refused with that code; otherwise an illegal step raises
    ``IllegalAction`` with its ``step`` index."""
    s, start_events = start(scn.setup)
    out = Replay(scn.setup, [], s, start_events)
    for i, step in enumerate(scn.steps):
        action: Action = parse_action(step.action)
        if step.error:
            before = s.clone()
            try:
                apply_in_place(s, action)
            except IllegalAction as e:
                if e.code != step.error:
                    raise IllegalAction("bad-step", step=i, reason=f"{step.action!r} refused with {e.code!r}, "
                                        f"expected {step.error!r}") from None
                assert s == before, "a refused action changed the state"
                continue
            raise IllegalAction("bad-step", step=i, reason=f"{step.action!r} was accepted, expected {step.error!r}")
        out.play(action, i)
    return out


def _event_matches(event: Event, want: Mapping[str, Any]) -> bool:
    for key, value in want.items():
        if key == "kind":
            got: Any = event.kind
        elif key == "rule":
            got = event.rule
        elif key == "monster":
            got = event.monster
        elif key == "amount":
            got = event.amount
        elif key in event.data:
            got = event.data[key]
        else:
            return False
        if got != value:
            return False
    return True


def check(scn: Scenario, result: Replay) -> list[str]:
    """Mismatches between the result and ``[expect]`` (empty when the scenario holds)."""
    e = scn.expect
    s = result.state
    problems: list[str] = []

    def same(what: str, got: Any, want: Any) -> None:
        if got != want:
            problems.append(f"{what}: got {got!r}, expected {want!r}")

    if "phase" in e:
        same("phase", s.phase, e["phase"])
    if "active" in e:
        same("active", s.monsters[s.active].id, e["active"])
    if "turn" in e:
        same("turn", s.turn, e["turn"])
    if "decision" in e:
        got = None if s.decision is None else {"monster": s.decision.monster, "kind": s.decision.kind}
        same("decision", got, e["decision"] or None)
    if "over" in e:
        same("over", s.outcome is not None, e["over"])
    if "winners" in e:
        same("winners", None if s.outcome is None else list(s.outcome.winners), e["winners"])
    if "reason" in e:
        same("reason", None if s.outcome is None else s.outcome.reason, e["reason"])
    if "shared" in e:
        same("shared", None if s.outcome is None else s.outcome.shared, e["shared"])
    if "market" in e:
        same("market", list(s.market), e["market"])
    if "deck_size" in e:
        same("deck_size", len(s.deck), e["deck_size"])
    if "discard_size" in e:
        same("discard_size", len(s.discard), e["discard_size"])
    for mid, want in e.get("monsters", {}).items():
        try:
            m = s.monster(mid)
        except KeyError:
            problems.append(f"monster {mid!r} is not in the game")
            continue
        got_m = m.to_dict()
        for key, value in want.items():
            same(f"{mid}.{key}", got_m.get(key, []), value)
    for key, want in e.get("marks", {}).items():
        same(f"marks[{key!r}]", plain(s.marks.get(key)), want)
    events = result.events
    pos = 0
    for want in e.get("event", []):
        begin = pos
        while pos < len(events) and not _event_matches(events[pos], want):
            pos += 1
        if pos == len(events):
            problems.append(f"event not found (in order): {dict(want)}")
            pos = begin
        else:
            pos += 1
    for unwanted in e.get("no_event", []):
        for ev in events:
            if _event_matches(ev, unwanted):
                problems.append(f"unexpected event {ev.to_dict()}")
                break
    return problems
