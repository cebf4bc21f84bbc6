"""Shared positions: stored under their content address, with what they need to keep meaning what they meant.

A row records the engine and content versions it was stored with and a short digest of every event of every step.
When a later release replays it differently (a rule fixed, a scenario edited), the page says so, naming both versions
and the first event that differs (its step, its place in the step and what it now says), instead of silently showing
another game. A scenario position keeps a copy of the scenario's setup, so an edited scenario file does not change a
stored game's start.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.db import models
from django.utils.translation import get_language

import kotguide.engine
from kotguide.engine import Event

from .log import LogLine, line
from .position import Position, PositionError

DIGEST_CHARS = 4  # hex characters per step in rows stored before event digests (steps_digest)
EVENT_DIGEST_CHARS = 3  # hex characters per event: about 11 KB for a game at the action cap


def _tree_hash(root: Path, patterns: tuple[str, ...]) -> str:
    digest = hashlib.sha256()
    for pattern in patterns:
        for path in sorted(root.glob(pattern)):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


@cache
def engine_version() -> str:
    """A hash of the engine's source: any change to the rules code is a new version."""
    return _tree_hash(Path(kotguide.engine.__file__).parent, ("**/*.py",))


@cache
def content_version() -> str:
    """A hash of the game data a replay reads (monsters, cards, scenarios), not the rules' prose."""
    return _tree_hash(Path(settings.CONTENT_DIR), ("monsters.toml", "cards/**/*.toml", "scenarios/*.toml"))


def _digest(data, chars: int) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:chars]


def step_digests(replay) -> str:
    """DIGEST_CHARS hex characters per step of a replay (the setup's events first), joined: the digest of rows
    stored before event digests."""
    return "".join(_digest([e.to_dict() for e in events], DIGEST_CHARS)
                   for events in [replay.start_events, *replay.steps])


def event_digests(replay) -> str:
    """EVENT_DIGEST_CHARS hex characters per event, the steps (the setup's events first) joined by "."."""
    return ".".join("".join(_digest(e.to_dict(), EVENT_DIGEST_CHARS) for e in events)
                    for events in [replay.start_events, *replay.steps])


def first_difference(stored: str, now: str) -> tuple[int, int] | None:
    """(step, event index in it) of the first event whose digest differs between two event_digests(), an event
    one side has and the other has not included; None when every step both have is the same."""
    for step, (before, after) in enumerate(zip(stored.split("."), now.split("."), strict=False)):
        if before != after:
            size = EVENT_DIGEST_CHARS
            events = [before[i : i + size] for i in range(0, len(before), size)]
            others = [after[i : i + size] for i in range(0, len(after), size)]
            index = next((i for i, (a, b) in enumerate(zip(events, others, strict=False)) if a != b),
                         min(len(events), len(others)))
            return step, index
    return None


def _first_step_difference(stored: str, now: str) -> int | None:
    """The first step whose step digest differs (rows stored before event digests)."""
    size = DIGEST_CHARS
    steps = range(len(stored) // size)
    return next((i for i in steps if now[i * size : (i + 1) * size] != stored[i * size : (i + 1) * size]), None)


@dataclass(frozen=True)
class ReplayNotice:
    """What changed since a position was stored: shown above its table."""

    stored_engine: str
    stored_content: str
    engine: str
    content: str
    first_step: int | None  # the first step (0: the setup) whose events differ now, if any
    unplayable: bool = False  # that step can no longer be played at all: the game stops before it
    scenario_changed: bool = False  # the scenario file changed; the game starts from the copy kept with it
    first_event: int | None = None  # that event's number in its step (1: the first), when the row has event digests
    event: Event | None = None  # that event as the game now plays it (None: the step now ends before it)

    @property
    def event_line(self) -> LogLine | None:
        """The event as the log says it, in the active language."""
        return line(self.event, get_language()) if self.event else None


class SharedPosition(models.Model):
    """A position stored under its content address: the same position always has the same id, and ids never change.

    New ids have 26 characters (130 bits); rows stored before have 12 and keep opening the same game."""

    id = models.CharField(primary_key=True, max_length=32)
    data = models.TextField()  # Position.to_json(): canonical, versioned
    created = models.DateTimeField(auto_now_add=True)
    engine_version = models.CharField(max_length=16, blank=True, default="")  # empty: stored before versions
    content_version = models.CharField(max_length=16, blank=True, default="")
    steps_digest = models.TextField(blank=True, default="")  # step_digests(): rows stored before event digests
    events_digest = models.TextField(blank=True, default="")  # event_digests() of the replay when stored
    checkpoints = models.JSONField(default=dict, blank=True)  # {"50": base64 snapshot, …} (game.SNAPSHOT_EVERY)

    def __str__(self) -> str:
        return self.id

    @staticmethod
    def pinned(position: Position) -> Position:
        """The position as stored: a scenario's carries a copy of the scenario's setup as it is now."""
        from .game import scenarios  # the game module imports the engine and content

        if position.scenario is not None and position.setup is None and position.scenario in scenarios():
            return Position(position.scenario, scenarios()[position.scenario].setup.to_dict(), position.actions)
        return position

    @classmethod
    def store(cls, position: Position) -> str:
        """Keep a position (a scenario's with a copy of its setup) and return its id; the same position, the same id.
        Only positions that replay are stored (PositionError otherwise)."""
        from .game import checkpoints_of, open_position

        position = cls.pinned(position)
        game = open_position(position, whole=True)
        snapshots = {str(k): base64.b64encode(data).decode() for k, data in checkpoints_of(position).items()}
        row, _created = cls.objects.get_or_create(
            pk=position.id,
            defaults={
                "data": position.to_json(),
                "engine_version": engine_version(),
                "content_version": content_version(),
                "events_digest": event_digests(game.replay),
                "checkpoints": snapshots,
            },
        )
        return row.pk

    def snapshots(self) -> dict[int, bytes]:
        """The stored checkpoints (snapshots after every SNAPSHOT_EVERY actions), for open_position."""
        return {int(k): base64.b64decode(v) for k, v in (self.checkpoints or {}).items()}

    def position(self) -> Position:
        return Position.from_json(self.data)

    @classmethod
    def open(cls, pk: str) -> tuple[Position, ReplayNotice | None, dict[int, bytes]]:
        """The stored position `pk` as far as it still plays, what changed since it was stored (None: nothing), and
        its checkpoints. Checked with a full replay once per engine and content version; a row never changes, so
        the outcome is kept in the shared cache and a step on a stored position reads no row.
        `SharedPosition.DoesNotExist` for an unknown id, `PositionError` for a damaged row."""
        key = f"opened:{pk}:{engine_version()}:{content_version()}"
        kept = shared_cache.get(key)
        if kept is None:
            row = cls.objects.get(pk=pk)
            position, notice = row.opened()
            kept = (position, notice, row.snapshots())
            shared_cache.set(key, kept)
        return kept

    def opened(self) -> tuple[Position, ReplayNotice | None]:
        """The stored position as far as it still plays, and what changed since it was stored (None: nothing):
        its full replay with today's engine and content compared with the row's digests."""
        from .game import open_position

        position = self.position()
        try:
            game = open_position(position, whole=True)
        except PositionError as error:
            if error.code != "illegal-action":
                raise
            playable = int(error.params.get("step", 1)) - 1  # a rule changed: stop before the refused step
        else:
            return position, self.notice(game.replay)
        shorter = Position(position.scenario, position.setup, position.actions[:playable])
        return shorter, self.notice(open_position(shorter, whole=True).replay, played_steps=playable)

    def notice(self, replay, played_steps: int | None = None) -> ReplayNotice | None:
        """How today's replay differs from the one stored, or None when it is the same game.

        `played_steps`: how many of the stored actions still play (fewer when a later step became illegal)."""
        first = first_event = event = None
        if self.events_digest:
            whole = self.events_digest.count(".") + 1
            found = first_difference(self.events_digest, event_digests(replay))
            if found is not None:
                first, index = found
                events = [replay.start_events, *replay.steps][first]
                first_event, event = index + 1, events[index] if index < len(events) else None
        elif self.steps_digest:
            whole = len(self.steps_digest) // DIGEST_CHARS
            first = _first_step_difference(self.steps_digest, step_digests(replay))
        else:
            return None  # stored before versions: nothing to compare with
        unplayable = played_steps is not None and played_steps < whole - 1
        if first is None and unplayable:
            first = played_steps + 1
        scenario_changed = self._scenario_changed()
        if first is None and not scenario_changed:
            return None
        return ReplayNotice(
            self.engine_version, self.content_version, engine_version(), content_version(), first,
            unplayable, scenario_changed, first_event, event,
        )

    def _scenario_changed(self) -> bool:
        from .game import scenarios

        position = self.position()
        if position.scenario is None or position.setup is None:
            return False
        current = scenarios().get(position.scenario)
        return current is None or current.setup.to_dict() != position.setup
