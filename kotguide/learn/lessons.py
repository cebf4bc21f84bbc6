"""The lessons of Learn to play: ``content/learn/<NN>-<id>.toml``, read once per process (format:
``content/learn/README.md``).

A lesson is a setup with scripted dice, an optional opening (actions played before the reader arrives) and at most
about 8 steps. A step is either the reader's (one expected action: a code, or for a reroll the dice to keep; the
feedback for the right and the wrong answer) or the lesson's own (``auto``: actions it plays itself when the reader
presses Continue, such as the other monsters' turns). The last lesson (``kind = "game"``) is a whole game against
the computer opponents of ``kotguide.engine.bots``.

Loading replays every lesson from its setup, so a lesson whose script is not legal fails at once, with its file.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from kotguide.content import library
from kotguide.content.sections import LANGS
from kotguide.engine import IllegalAction, InvalidSetup, Setup, apply_in_place, parse_action, start

FILE_NAME = re.compile(r"(\d\d)-([a-z0-9]+(?:-[a-z0-9]+)*)\.toml")
STEPS, GAME = "steps", "game"
MAX_STEPS = 8
# lessons folded into another (issue 26, a shorter path): their addresses lead to the lesson that teaches them now
FOLDED = {"numbers": "rolling", "energy": "buying", "winning": "smash", "heal": "entering",
          "yielding": "entering", "goal": "rolling"}

_LESSON_KEYS = {"id", "kind", "rules", "you", "setup", "opening", "step"} | {
    f"{name}_{lang}" for name in ("title", "summary", "intro", "done") for lang in LANGS
}
_STEP_KEYS = {"expect", "keep", "auto", "rule", "mistake"} | {
    f"{name}_{lang}" for name in ("narration", "feedback_right", "feedback_wrong") for lang in LANGS
}
_MISTAKE_KEYS = {"expect", "keep"} | {f"feedback_{lang}" for lang in LANGS}


class LessonError(ValueError):
    """A lesson file that cannot be used (the message names the file and the problem)."""


Text = Mapping[str, str]  # language → text


@dataclass(frozen=True)
class Mistake:
    """A wrong answer that gets its own feedback (besides the step's general one)."""

    code: str
    feedback: Text


@dataclass(frozen=True)
class Step:
    index: int  # 0-based
    narration: Text
    rule: str  # a section id, or "section#heading"
    auto: tuple[str, ...] = ()  # the lesson's step: the codes it plays
    expect: str = ""  # the reader's step: the one right action code
    keep: tuple[int, ...] | None = None  # for a reroll step: the dice to keep (the source of ``expect``)
    right: Text = field(default_factory=dict)
    wrong: Text = field(default_factory=dict)
    mistakes: tuple[Mistake, ...] = ()

    @property
    def is_auto(self) -> bool:
        return bool(self.auto)

    @property
    def codes(self) -> tuple[str, ...]:
        return self.auto if self.auto else (self.expect,)

    @property
    def rule_section(self) -> str:
        return self.rule.partition("#")[0]

    def mistake_for(self, code: str) -> Mistake | None:
        return next((m for m in self.mistakes if m.code == code), None)


@dataclass(frozen=True)
class Lesson:
    number: int  # 1-based position on the path
    id: str
    kind: str  # STEPS or GAME
    title: Text
    summary: Text
    intro: Text
    done: Text
    rules: tuple[str, ...]
    you: str  # the monster the reader plays
    setup_raw: Mapping[str, Any]
    setup: Setup
    opening: tuple[str, ...]
    steps: tuple[Step, ...]

    @property
    def is_game(self) -> bool:
        return self.kind == GAME

    @property
    def script(self) -> tuple[str, ...]:
        """Every action of the lesson after the opening, in order (the right answers and the lesson's own)."""
        return tuple(code for step in self.steps for code in step.codes)

    def boundaries(self) -> list[int]:
        """The number of script actions played when each step begins (and, last, when the lesson is done)."""
        out, n = [0], 0
        for step in self.steps:
            n += len(step.codes)
            out.append(n)
        return out

    def seat_of_you(self) -> int:
        return next(i for i, m in enumerate(self.setup.monsters) if m.id == self.you)


def _text(raw: Mapping[str, Any], name: str, where: str, required: bool = True) -> dict[str, str]:
    out = {}
    for lang in LANGS:
        value = raw.get(f"{name}_{lang}", "")
        if not isinstance(value, str) or (required and not value.strip()):
            raise LessonError(f"{where}: {name}_{lang} must be a non-empty string")
        out[lang] = value.strip()
    if not required and bool(out["ja"]) != bool(out["en"]):
        raise LessonError(f"{where}: {name} must be given in both languages or in neither")
    return out


def _codes(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise LessonError(f"{where}: a list of action codes")
    for code in value:
        try:
            parse_action(code)
        except IllegalAction:
            raise LessonError(f"{where}: {code!r} is not an action code") from None
    return tuple(value)


def _keep(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in value):
        raise LessonError(f"{where}: keep is a list of die indices (0-based)")
    if sorted(set(value)) != list(value):
        raise LessonError(f"{where}: keep lists each die once, in order")
    return tuple(value)


def _check_keys(raw: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise LessonError(f"{where}: unknown key(s) {', '.join(unknown)}")


def reroll_code(keep: tuple[int, ...], dice: int) -> str | None:
    """The reroll that keeps exactly ``keep`` of ``dice`` dice (None if every die is kept)."""
    rest = [str(i) for i in range(dice) if i not in keep]
    return "reroll:" + ".".join(rest) if rest else None


def parse(raw: Mapping[str, Any], number: int, file_id: str, where: str) -> Lesson:
    _check_keys(raw, _LESSON_KEYS, where)
    if raw.get("id") != file_id:
        raise LessonError(f"{where}: id must be {file_id!r}, as in the file name")
    kind = raw.get("kind", STEPS)
    if kind not in (STEPS, GAME):
        raise LessonError(f"{where}: kind is 'steps' or 'game'")
    rules = raw.get("rules")
    if not isinstance(rules, list) or not rules or not all(isinstance(r, str) for r in rules):
        raise LessonError(f"{where}: rules is a non-empty list of section ids")
    setup_raw = raw.get("setup")
    if not isinstance(setup_raw, Mapping):
        raise LessonError(f"{where}: a [setup] table is needed")
    try:
        setup = Setup.from_dict(setup_raw)
    except InvalidSetup as error:
        raise LessonError(f"{where}: bad setup: {error}") from None
    you = raw.get("you")
    if you not in {m.id for m in setup.monsters}:
        raise LessonError(f"{where}: you must name one of the setup's monsters")
    opening = _codes(raw.get("opening", []), f"{where}: opening")
    raw_steps = raw.get("step", [])
    if not isinstance(raw_steps, list):
        raise LessonError(f"{where}: steps are [[step]] tables")
    if kind == GAME and (raw_steps or opening):
        raise LessonError(f"{where}: a game lesson has no steps and no opening")
    if kind == STEPS and not 1 <= len(raw_steps) <= MAX_STEPS:
        raise LessonError(f"{where}: a lesson has 1 to {MAX_STEPS} steps")

    # Replay as we read, to turn "keep" into the reroll code and to check every step is legal and the reader's.
    try:
        state, _ = start(setup)
        for code in opening:
            apply_in_place(state, code)
    except IllegalAction as error:
        raise LessonError(f"{where}: the opening is not legal: {error}") from None
    you_seat = next(i for i, m in enumerate(setup.monsters) if m.id == you)
    steps = []
    for index, rs in enumerate(raw_steps):
        sw = f"{where}: step {index + 1}"
        if not isinstance(rs, Mapping):
            raise LessonError(f"{sw}: a table")
        _check_keys(rs, _STEP_KEYS, sw)
        rule = rs.get("rule")
        if not isinstance(rule, str) or not rule:
            raise LessonError(f"{sw}: rule is a section id, or section#heading")
        narration = _text(rs, "narration", sw)
        if "auto" in rs:
            if any(k in rs for k in ("expect", "keep", "mistake", "feedback_right_en", "feedback_wrong_en")):
                raise LessonError(f"{sw}: an auto step has no expected action and no feedback")
            auto = _codes(rs["auto"], f"{sw}: auto")
            if not auto:
                raise LessonError(f"{sw}: auto lists at least one action")
            step = Step(index, narration, rule, auto=auto)
        else:
            decision = state.decision
            if decision is None:
                raise LessonError(f"{sw}: the game is over before this step")
            if decision.seat != you_seat:
                raise LessonError(f"{sw}: the decision belongs to {decision.monster}, not to {you}")
            expect, keep = _expected(rs, len(state.dice), sw)
            mistakes = []
            for j, rm in enumerate(rs.get("mistake", [])):
                mw = f"{sw}: mistake {j + 1}"
                if not isinstance(rm, Mapping):
                    raise LessonError(f"{mw}: a table")
                _check_keys(rm, _MISTAKE_KEYS, mw)
                code, _ = _expected(rm, len(state.dice), mw)
                if code == expect:
                    raise LessonError(f"{mw}: the mistake is the expected action")
                mistakes.append(Mistake(code, _text(rm, "feedback", mw)))
            step = Step(index, narration, rule, expect=expect, keep=keep, right=_text(rs, "feedback_right", sw),
                        wrong=_text(rs, "feedback_wrong", sw), mistakes=tuple(mistakes))
        for code in step.codes:
            try:
                apply_in_place(state, code)
            except IllegalAction as error:
                raise LessonError(f"{sw}: {code!r} is not legal here ({error.code})") from None
        steps.append(step)

    return Lesson(
        number=number, id=file_id, kind=kind, title=_text(raw, "title", where),
        summary=_text(raw, "summary", where), intro=_text(raw, "intro", where, required=kind == GAME),
        done=_text(raw, "done", where, required=kind == STEPS), rules=tuple(rules), you=you,
        setup_raw=setup_raw, setup=setup, opening=opening, steps=tuple(steps),
    )


def _expected(raw: Mapping[str, Any], dice: int, where: str) -> tuple[str, tuple[int, ...] | None]:
    if ("expect" in raw) == ("keep" in raw):
        raise LessonError(f"{where}: give expect (an action code) or keep (the dice to keep), not both")
    if "keep" in raw:
        keep = _keep(raw["keep"], where)
        if any(i >= dice for i in keep):
            raise LessonError(f"{where}: keep names a die that is not on the table")
        code = reroll_code(keep, dice)
        if code is None:
            raise LessonError(f"{where}: keep must leave at least one die to reroll")
        return code, keep
    code = raw["expect"]
    if not isinstance(code, str):
        raise LessonError(f"{where}: expect is an action code")
    _codes([code], where)
    return code, None


def lesson_dir() -> Path:
    return library.content_path("learn")


def load_dir(directory: Path) -> tuple[Lesson, ...]:
    files = sorted(p for p in directory.glob("*.toml"))
    lessons = []
    numbers = []
    for path in files:
        match = FILE_NAME.fullmatch(path.name)
        if not match:
            raise LessonError(f"{path.name}: lesson files are named NN-<id>.toml")
        numbers.append(int(match.group(1)))
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        lessons.append(parse(raw, len(lessons) + 1, match.group(2), path.name))
    if numbers != list(range(1, len(numbers) + 1)):
        raise LessonError("lesson files are numbered 01, 02, … without gaps")
    if sum(lesson.is_game for lesson in lessons) > 1 or any(lesson.is_game for lesson in lessons[:-1]):
        raise LessonError("only the last lesson may be a game")
    return tuple(lessons)


@cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in path order."""
    return load_dir(lesson_dir())


@cache
def by_id() -> dict[str, Lesson]:
    return {lesson.id: lesson for lesson in lessons()}
