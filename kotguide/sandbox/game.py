"""Opening a position: find where it starts, replay its actions with the engine, and say what can be done next."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock

from kotguide.content.scenarios import scenarios
from kotguide.engine import IllegalAction, InvalidSetup, Replay, Setup, apply, legal_actions, parse_action, replay
from kotguide.engine.scenario import Scenario

from .position import Position, PositionError


@dataclass(frozen=True)
class Game:
    position: Position
    scenario: Scenario | None
    replay: Replay

    @property
    def state(self):
        return self.replay.state

    @property
    def legal_codes(self) -> list[str]:
        return [action.code for action in legal_actions(self.replay.state)]

    @property
    def script(self):
        """The scenario's played steps (refused demonstration steps left out), in order."""
        return [step for step in self.scenario.steps if not step.error] if self.scenario else []

    @property
    def next_scripted(self) -> int | None:
        """The index of the scenario step that comes next, while the reader follows the scenario's script."""
        if not self.scenario:
            return None
        script = self.scenario.actions
        done = self.position.actions
        if len(done) < len(script) and tuple(script[: len(done)]) == done:
            return len(done)
        return None

    @property
    def last_scripted(self) -> int | None:
        """The index of the scenario step just played, if the reader is following the script."""
        if not self.scenario or not self.position.actions:
            return None
        script = self.scenario.actions
        done = self.position.actions
        if len(done) <= len(script) and tuple(script[: len(done)]) == done:
            return len(done) - 1
        return None


def setup_of(position: Position) -> tuple[Scenario | None, Setup]:
    if position.scenario is not None:
        scenario = scenarios().get(position.scenario)
        if scenario is None:
            raise PositionError("unknown-scenario")
        return scenario, scenario.setup
    try:
        return None, Setup.from_dict(position.setup or {})
    except InvalidSetup as error:
        raise PositionError("bad-setup", reason=error.code) from None


class _RecentGames:
    """The games this process opened last, by position: a step's previous position is usually among them, so the
    step applies one action instead of replaying the whole log. A cache only: a miss replays, so any server can
    serve any request. Games are never changed once made (the engine's `apply` returns new states)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.games: OrderedDict[str, Game] = OrderedDict()
        self.lock = Lock()

    def get(self, key: str) -> Game | None:
        with self.lock:
            game = self.games.get(key)
            if game is not None:
                self.games.move_to_end(key)
            return game

    def put(self, key: str, game: Game) -> None:
        with self.lock:
            self.games[key] = game
            self.games.move_to_end(key)
            while len(self.games) > self.size:
                self.games.popitem(last=False)


_recent = _RecentGames(size=256)


def open_position(position: Position) -> Game:
    key = position.to_json()
    game = _recent.get(key)
    if game is None:
        scenario, setup = setup_of(position)
        try:
            played = replay(setup, list(position.actions))
        except IllegalAction as error:
            step = int(error.params.get("step", 0)) + 1
            raise PositionError("illegal-action", step=step, reason=error.code) from None
        game = Game(position, scenario, played)
        _recent.put(key, game)
    return game


def play(game: Game, code: str) -> Game:
    """The game one action further, without replaying what came before."""
    try:
        action = parse_action(code)
        state, events = apply(game.state, action)
    except IllegalAction as error:
        raise PositionError("illegal-action", step=len(game.position.actions) + 1, reason=error.code) from None
    played = game.replay
    after = Replay(played.setup, [*played.actions, action], state, played.start_events, [*played.steps, events])
    new = Game(game.position.then(code), game.scenario, after)
    _recent.put(new.position.to_json(), new)
    return new
