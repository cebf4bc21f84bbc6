"""Opening a position: find where it starts, replay its actions with the engine, and say what can be done next.

A game once opened is kept twice: whole in this process (the recent games), and as a compact snapshot in the shared
cache (Django's default cache: files on one machine, Redis for many), with the events of its last steps for the
log. So a step on a position that any server has seen applies one action: nothing is replayed. A game rebuilt from
a snapshot lacks the events of its older steps (`complete` is false); what needs them (the whole log, the check of a
stored position against today's engine) asks for a full replay.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache as shared_cache

from kotguide.content.scenarios import scenarios
from kotguide.engine import (
    IllegalAction,
    InvalidSetup,
    Replay,
    Setup,
    apply,
    apply_in_place,
    legal_actions,
    parse_action,
    replay,
    start,
)
from kotguide.engine.ops import GOAL_VP
from kotguide.engine.scenario import Scenario
from kotguide.engine.setup import MAX_ENERGY, MAX_LIFE_CAP, MAX_VP, TurnStep
from kotguide.engine.snapshot import SnapshotError, restore, snapshot
from kotguide.engine.supply import defined as defined_tokens
from kotguide.site.recent import Recent

from .new_game import MAX_SEED
from .position import MAX_ACTIONS, Position, PositionError

TAIL_STEPS = 12  # the steps whose events a snapshot keeps: the log's recent steps (table.RECENT_STEPS)
SNAPSHOT_EVERY = 50  # a stored position keeps a snapshot every this many actions
SHARED_FROM = 50  # games shorter than this replay faster (about 1 ms) than a trip to the shared cache


@dataclass(frozen=True)
class Game:
    position: Position
    scenario: Scenario | None
    replay: Replay
    complete: bool = True  # False: rebuilt from a snapshot, the events of steps before the last TAIL_STEPS are empty

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
    """Where the position starts: its own setup (a custom table, or the copy of its scenario's setup kept when it was
    stored), else its scenario's setup as it is now. The scenario, when named, still gives titles and narration."""
    scenario = None
    if position.scenario is not None:
        scenario = scenarios().get(position.scenario)
        if scenario is None and position.setup is None:
            raise PositionError("unknown-scenario")
        if position.setup is None:
            return scenario, scenario.setup
    try:
        return scenario, Setup.from_dict(position.setup or {})
    except InvalidSetup as error:
        raise PositionError("bad-setup", reason=error.code) from None
    except RecursionError:  # pragma: no cover - Position.from_json refuses deep nesting first
        raise PositionError("malformed") from None


def check_table(setup: Setup) -> None:
    """Refuse a table the editor cannot show: a shared position must not hold what no table can (life 99, energy
    10^30, a seventh smoke token, a token no card or module defines)."""
    bounds = {name: (0, token.most) for name, token in defined_tokens().items()}
    for monster in setup.monsters:
        numbers = {"max_life": (1, MAX_LIFE_CAP), "vp": (0, GOAL_VP - 1 if setup.step == TurnStep.START else MAX_VP),
                   "energy": (0, MAX_ENERGY)}
        for name, (low, high) in numbers.items():
            if not low <= getattr(monster, name) <= high:
                raise PositionError("bad-setup", reason=name)
        for token, count in monster.tokens:
            low, high = bounds.get(token, (0, -1))
            if not low <= count <= high:
                raise PositionError("bad-setup", reason=token)
    if not 0 <= setup.seed <= MAX_SEED:
        raise PositionError("bad-setup", reason="seed")


# The games this process opened last, by position: a step's previous position is usually among them, so the step
# applies one action instead of replaying the whole log. Games are never changed once made (`apply` returns new states).
_recent: Recent[Game] = Recent(size=256)


def open_position(position: Position, whole: bool = False, checkpoints: dict[int, bytes] | None = None) -> Game:
    """The game at a position; `whole`: with the events of every step (a full replay unless already at hand).
    `checkpoints`: snapshots after that many of the position's actions (a stored position's), to start from when
    no cache has the game."""
    if len(position.actions) > MAX_ACTIONS:  # the stored part and the address's part together
        raise PositionError("too-long", limit=MAX_ACTIONS)
    key = position.to_json()
    game = _recent.get(key)
    if game is not None and (game.complete or not whole):
        return game
    game = None if whole else _from_snapshot(position, key) or _from_checkpoint(position, checkpoints or {})
    if game is None:
        scenario, setup = setup_of(position)
        try:
            played = replay(setup, list(position.actions))
        except IllegalAction as error:
            step = int(error.params.get("step", 0)) + 1
            raise PositionError("illegal-action", step=step, reason=error.code) from None
        game = Game(position, scenario, played)
        _share(game, key)
    _recent.put(key, game)
    return game


def _from_checkpoint(position: Position, checkpoints: dict[int, bytes]) -> Game | None:
    """The game replayed from the latest checkpoint that leaves the log's recent steps to replay."""
    usable = [k for k in checkpoints if k <= len(position.actions) - TAIL_STEPS]
    if not usable:
        return None
    at = max(usable)
    scenario, setup = setup_of(position)
    actions = [parse_action(code) for code in position.actions]
    try:
        state = restore(checkpoints[at], setup, actions[:at])
    except SnapshotError:
        return None
    played = Replay(setup, actions[:at], state, [], [[] for _ in range(at)])
    try:
        for step in range(at, len(actions)):
            played.play(actions[step], step)
    except IllegalAction as error:
        raise PositionError("illegal-action", step=int(error.params.get("step", 0)) + 1, reason=error.code) from None
    game = Game(position, scenario, played, complete=False)
    _share(game, position.to_json())
    return game


def checkpoints_of(position: Position) -> dict[int, bytes]:
    """Snapshots of the game after every SNAPSHOT_EVERY actions (for a stored position)."""
    _scenario, setup = setup_of(position)
    state, _events = start(setup)
    out = {}
    for done, code in enumerate(position.actions, start=1):
        apply_in_place(state, parse_action(code))
        if done % SNAPSHOT_EVERY == 0:
            out[done] = snapshot(state)
    return out


def _cache_key(key: str) -> str:
    """A game's snapshot under its position and the engine's version: another release replays it afresh."""
    from .models import engine_version  # imported late: the models need the app registry

    return f"game:{engine_version()}:" + hashlib.sha256(key.encode()).hexdigest()[:40]


def _share(game: Game, key: str) -> None:
    played = game.replay
    if len(played.actions) < SHARED_FROM:
        return
    tail = played.steps[-TAIL_STEPS:]
    start = played.start_events if len(played.steps) < TAIL_STEPS else []
    # `add`: a position's snapshot never changes, so one already kept (another server played this step) stays
    shared_cache.add(_cache_key(key), (snapshot(played.state), start, tail))


def _from_snapshot(position: Position, key: str) -> Game | None:
    if len(position.actions) < SHARED_FROM:
        return None
    kept = shared_cache.get(_cache_key(key))
    if kept is None:
        return None
    data, start, tail = kept
    scenario, setup = setup_of(position)
    actions = [parse_action(code) for code in position.actions]
    try:
        state = restore(data, setup, actions)
    except SnapshotError:
        return None
    steps = [[] for _ in range(len(actions) - len(tail))] + list(tail)
    replayed = Replay(setup, actions, state, list(start), steps)
    return Game(position, scenario, replayed, complete=len(actions) <= TAIL_STEPS)


def play(game: Game, code: str) -> Game:
    """The game one action further, without replaying what came before."""
    if len(game.position.actions) >= MAX_ACTIONS:
        raise PositionError("too-long", limit=MAX_ACTIONS)
    try:
        action = parse_action(code)
        state, events = apply(game.state, action)
    except IllegalAction as error:
        raise PositionError("illegal-action", step=len(game.position.actions) + 1, reason=error.code) from None
    played = game.replay
    after = Replay(played.setup, [*played.actions, action], state, played.start_events, [*played.steps, events])
    new = Game(game.position.then(code), game.scenario, after, game.complete)
    key = new.position.to_json()
    _recent.put(key, new)
    _share(new, key)
    return new
