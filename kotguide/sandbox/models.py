"""Shared positions: stored under their content address, with what they need to keep meaning what they meant.

A row records the engine and content versions it was stored with and a digest of every step's events. When a later
release replays it differently (a rule fixed, a scenario edited), the page says so, naming both versions and the
first step whose events differ, instead of silently showing another game. A scenario position keeps a copy of the
scenario's setup, so an edited scenario file does not change a stored game's start.
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

import kotguide.engine

from .position import Position, PositionError

DIGEST_CHARS = 4  # hex characters per step: enough to find the first step that changed


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


def step_digests(replay) -> str:
    """DIGEST_CHARS hex characters per step of a replay (the setup's events first), joined."""
    steps = [replay.start_events, *replay.steps]
    return "".join(
        hashlib.sha256(
            json.dumps([e.to_dict() for e in events], sort_keys=True, default=str).encode()
        ).hexdigest()[:DIGEST_CHARS]
        for events in steps
    )


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


class SharedPosition(models.Model):
    """A position stored under its content address: the same position always has the same id, and ids never change.

    New ids have 26 characters (130 bits); rows stored before have 12 and keep opening the same game."""

    id = models.CharField(primary_key=True, max_length=32)
    data = models.TextField()  # Position.to_json(): canonical, versioned
    created = models.DateTimeField(auto_now_add=True)
    engine_version = models.CharField(max_length=16, blank=True, default="")  # empty: stored before versions
    content_version = models.CharField(max_length=16, blank=True, default="")
    steps_digest = models.TextField(blank=True, default="")  # step_digests() of the replay when stored
    checkpoints = models.JSONField(default=dict, blank=True)  # {"100": base64 snapshot, …} (game.SNAPSHOT_EVERY)

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
                "steps_digest": step_digests(game.replay),
                "checkpoints": snapshots,
            },
        )
        return row.pk

    def snapshots(self) -> dict[int, bytes]:
        """The stored checkpoints (snapshots after every 100 actions), for open_position."""
        return {int(k): base64.b64decode(v) for k, v in (self.checkpoints or {}).items()}

    def position(self) -> Position:
        return Position.from_json(self.data)

    def opened(self) -> tuple[Position, ReplayNotice | None]:
        """The stored position as far as it still plays, and what changed since it was stored (None: nothing).
        Checked with a full replay once per engine and content version, then remembered in the shared cache."""
        from .game import open_position

        key = f"checked:{self.pk}:{engine_version()}:{content_version()}"
        position = self.position()
        checked = shared_cache.get(key)
        if checked is None:
            try:
                game = open_position(position, whole=True)
                checked = (len(position.actions), self.notice(game.replay))
            except PositionError as error:
                if error.code != "illegal-action":
                    raise
                playable = int(error.params.get("step", 1)) - 1  # a rule changed: stop before the refused step
                shorter = Position(position.scenario, position.setup, position.actions[:playable])
                checked = (playable, self.notice(open_position(shorter, whole=True).replay, played_steps=playable))
            shared_cache.set(key, checked)
        playable, notice = checked
        return Position(position.scenario, position.setup, position.actions[:playable]), notice

    def notice(self, replay, played_steps: int | None = None) -> ReplayNotice | None:
        """How today's replay differs from the one stored, or None when it is the same game.

        `played_steps`: how many of the stored actions still play (fewer when a later step became illegal)."""
        if not self.steps_digest:
            return None
        now = step_digests(replay)
        stored = self.steps_digest
        whole = len(stored) // DIGEST_CHARS
        first = next(
            (i for i in range(whole) if now[i * DIGEST_CHARS : (i + 1) * DIGEST_CHARS]
             != stored[i * DIGEST_CHARS : (i + 1) * DIGEST_CHARS]),
            None,
        )
        unplayable = played_steps is not None and played_steps < whole - 1
        if first is None and unplayable:
            first = played_steps + 1
        scenario_changed = self._scenario_changed()
        if first is None and not scenario_changed:
            return None
        return ReplayNotice(
            self.engine_version, self.content_version, engine_version(), content_version(), first,
            unplayable, scenario_changed,
        )

    def _scenario_changed(self) -> bool:
        from .game import scenarios

        position = self.position()
        if position.scenario is None or position.setup is None:
            return False
        current = scenarios().get(position.scenario)
        return current is None or current.setup.to_dict() != position.setup
