"""A compact snapshot of a game: the state without its history (and without its setup, which the caller has), a
few KB, for stored positions and shared caches. `restore(snapshot(s), s.setup, s.history)` equals `s`, and playing on
from it gives what playing on from `s` gives.

The bytes are a format byte and a compressed pickle: read them only from a store this site writes (its database
and its cache), as Django's cache itself does. Pure Python, no Django.
"""

from __future__ import annotations

import copy
import pickle
import zlib
from collections.abc import Sequence

from .actions import Action
from .setup import Setup
from .state import GameState

FORMAT = 4  # 2: the turn loop's control state in ``GameState.control``; 3: ``seeded_dice``; 4: ``seeded_cards``


class SnapshotError(ValueError):
    """Bytes that are no snapshot of this format."""


def snapshot(state: GameState) -> bytes:
    bare = copy.copy(state)  # shallow: the lists are not changed, only these three fields are left out
    bare.history = []
    bare.dispatch = None  # the registry's table (functions) is derived: built again when first needed
    bare.setup = None  # type: ignore[assignment]  # a Setup's module tables are read-only mappings: not pickled
    return bytes([FORMAT]) + zlib.compress(pickle.dumps(bare, protocol=pickle.HIGHEST_PROTOCOL), 6)


def restore(data: bytes, setup: Setup, history: Sequence[Action]) -> GameState:
    """The state a snapshot was taken of, given the game's setup and the actions played to reach it."""
    if not data or data[0] != FORMAT:
        raise SnapshotError("format")
    try:
        state = pickle.loads(zlib.decompress(data[1:]))
    except (zlib.error, pickle.UnpicklingError, EOFError) as error:
        raise SnapshotError("damaged") from error
    if not isinstance(state, GameState):
        raise SnapshotError("not-a-state")
    state.setup = setup
    state.history = list(history)
    return state
