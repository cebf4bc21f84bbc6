"""A lesson position: the lesson plus what has been played since its opening, replayed on every request.

Stateless like the sandbox: the address carries the actions (``?a=``), nothing is kept on the server.

- A step lesson's actions must follow its script (the right answers and the lesson's own steps): a wrong answer is
  never applied, so the position is always a step boundary of the script. ``attempt`` compares the reader's action
  with the expected one.
- The game lesson's address holds the reader's action codes and the token ``bots``: "the computer played the other
  monsters until the reader had to choose again". The bots are deterministic (``kotguide.engine.bots.rng_for``), so a
  replay expands each ``bots`` into the same moves, and the address stays short.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from kotguide.engine import IllegalAction, Replay, Setup, apply_in_place, is_legal, parse_action, replay, start
from kotguide.engine.bots import advise
from kotguide.sandbox.game import Game
from kotguide.sandbox.position import Position, PositionError, parse_query_actions

from .lessons import Lesson, Mistake, Step, reroll_code

BOTS = "bots"  # game lesson: play the other monsters until the reader must choose
NEXT = "next"  # step lesson: play the lesson's own step
MAX_BOT_ACTIONS = 10_000  # one press of "play the others' turns" (a whole bot game is ~200 actions)
MAX_SEED = 2**31


@dataclass(frozen=True)
class Place:
    lesson: Lesson
    actions: tuple[str, ...]  # after the opening: codes (and ``bots`` tokens in the game)
    game: Game
    step: int = 0  # step lessons: the number of steps done
    seed: int | None = None  # the game lesson: another deal than the lesson's own

    @property
    def state(self):
        return self.game.state

    @property
    def done(self) -> bool:
        if self.lesson.is_game:
            return self.state.over
        return self.step >= len(self.lesson.steps)

    @property
    def current(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step] if self.step < len(steps) else None

    @property
    def previous(self) -> Step | None:
        return self.lesson.steps[self.step - 1] if self.step > 0 else None

    @property
    def you_seat(self) -> int:
        return self.lesson.seat_of_you()

    @property
    def your_move(self) -> bool:
        """The reader may act with the table's controls now."""
        d = self.state.decision
        if d is None:
            return False
        if self.lesson.is_game:
            return d.seat == self.you_seat
        step = self.current
        return step is not None and not step.is_auto

    @property
    def bots_move(self) -> bool:
        d = self.state.decision
        return self.lesson.is_game and d is not None and d.seat != self.you_seat

    def then(self, *tokens: str) -> Place:
        return open_place(self.lesson, (*self.actions, *tokens), self.seed)


@dataclass(frozen=True)
class Attempt:
    """What the reader's action did: ``place`` is the new position when it was right (or, in the game, legal)."""

    right: bool
    place: Place
    code: str = ""
    mistake: Mistake | None = None
    nothing_to_reroll: bool = False


def parse_seed(raw: str | None) -> int | None:
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 10 or int(raw) >= MAX_SEED:
        raise PositionError("malformed")
    return int(raw)


def setup_for(lesson: Lesson, seed: int | None) -> Setup:
    return lesson.setup if seed is None else dataclasses.replace(lesson.setup, seed=seed)


def open_place(lesson: Lesson, actions: tuple[str, ...], seed: int | None = None) -> Place:
    """Replay a lesson position; ``PositionError`` if the actions are not a position of this lesson."""
    if lesson.is_game:
        return _open_game(lesson, actions, seed)
    if seed is not None:
        raise PositionError("malformed")
    script = lesson.script
    n = len(actions)
    bounds = lesson.boundaries()
    if n > len(script) or tuple(script[:n]) != actions or n not in bounds:
        raise PositionError("off-script")
    codes = (*lesson.opening, *actions)
    played = replay(lesson.setup, list(codes))  # the script is checked when the lessons load: this cannot fail
    game = Game(Position(setup=lesson.setup_raw, actions=codes), None, played)
    return Place(lesson, actions, game, step=bounds.index(n))


def _open_game(lesson: Lesson, tokens: tuple[str, ...], seed: int | None) -> Place:
    setup = setup_for(lesson, seed)
    you = lesson.seat_of_you()
    s, start_events = start(setup)
    played = Replay(setup, [], s, start_events)
    for i, token in enumerate(tokens):
        d = s.decision
        if d is None:
            raise PositionError("illegal-action", step=i + 1, reason="game-over")
        if token == BOTS:
            if d.seat == you:
                raise PositionError("illegal-action", step=i + 1, reason="not-the-bots-turn")
            run_bots(played, you)
            continue
        if d.seat != you:
            raise PositionError("illegal-action", step=i + 1, reason="not-your-turn")
        try:
            action = parse_action(token)
            events = apply_in_place(s, action)
        except IllegalAction as error:
            raise PositionError("illegal-action", step=i + 1, reason=error.code) from None
        played.actions.append(action)
        played.steps.append(events)
    codes = tuple(a.code for a in played.actions)
    raw = setup.to_dict()
    game = Game(Position(setup=raw, actions=codes), None, played)
    return Place(lesson, tokens, game, seed=seed)


def run_bots(played: Replay, you: int) -> None:
    """Let the computer play every decision that is not the reader's, until the reader must choose or the game ends."""
    s = played.state
    for _ in range(MAX_BOT_ACTIONS):
        d = s.decision
        if d is None or d.seat == you:
            return
        action = advise(s).action
        played.steps.append(apply_in_place(s, action))
        played.actions.append(action)


def action_code(do: str, keep: list[str], dice: int) -> str | None:
    """The action code a control asks for (``do=reroll`` with the ticked dice, like the sandbox); None when every
    die is ticked (nothing to reroll)."""
    if do == "reroll":
        kept = set()
        for k in keep:
            if not (k.isascii() and k.isdigit()) or int(k) >= dice:
                raise PositionError("malformed")
            kept.add(int(k))
        return reroll_code(tuple(sorted(kept)), dice)
    parse_query_actions(do)  # the characters of an action code, or PositionError("malformed")
    return do


def attempt(place: Place, do: str, keep: list[str]) -> Attempt:
    """The reader presses a control. Step lessons: the expected action is applied (right), another legal one is not
    (wrong: the position stays). The game: any legal action of the reader, or ``bots`` on the computer's turn.

    ``PositionError`` for what no control offers: an illegal action, a move out of turn, anything malformed."""
    lesson = place.lesson
    state = place.state
    if state.decision is None or (not lesson.is_game and place.done):
        raise PositionError("lesson-over")
    if do == NEXT:
        step = place.current
        if lesson.is_game or step is None or not step.is_auto:
            raise PositionError("not-now")
        return Attempt(True, place.then(*step.auto), NEXT)
    if do == BOTS:
        if not place.bots_move:
            raise PositionError("not-now")
        return Attempt(True, place.then(BOTS), BOTS)
    if not place.your_move:
        raise PositionError("not-now")
    code = action_code(do, keep, len(state.dice))
    if code is None:
        if lesson.is_game:
            raise PositionError("nothing-to-reroll")
        return Attempt(False, place, "", nothing_to_reroll=True)
    if not is_legal(state, code):
        raise PositionError("illegal-action", step=len(lesson.opening) + len(place.game.replay.actions) + 1,
                            reason="not-allowed")
    if lesson.is_game:
        return Attempt(True, place.then(code), code)
    step = place.current
    assert step is not None
    if code == step.expect:
        return Attempt(True, place.then(code), code)
    return Attempt(False, place, code, mistake=step.mistake_for(code))
