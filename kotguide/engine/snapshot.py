"""A compact snapshot of a game: the state without its history (and without its setup, which the caller has), a
few KB, for stored positions and shared caches. `restore(snapshot(s), s.setup, s.history)` equals `s`, and playing on
from it gives what playing on from `s` gives.

The bytes are a format byte and a compressed pickle of the state's fields by name: read them only from a store this
site writes (its database and its cache), as Django's cache itself does. Bytes of another format (a checkpoint stored
by an older release) are refused with ``SnapshotError``, and the caller replays instead. Pure Python, no Django.
"""

from __future__ import annotations

import pickle
import zlib
from collections.abc import Sequence
from dataclasses import fields

from .actions import Action
from .setup import Setup
from .state import GameState

# 2: the turn loop's control state in ``GameState.control``; 3: ``seeded_dice``; 4: ``seeded_cards``; 5: the fields
# by name, each state object pickled as its class and fields (``state._rebuilt``), the same compiled or not
FORMAT = 5
# the setup (the caller has it; its module tables are read-only mappings, not pickled), the history (the caller has
# it) and the registry's table of functions (derived: built again when first needed)
LEFT_OUT = frozenset({"setup", "history", "dispatch"})
KEPT = tuple(f.name for f in fields(GameState) if f.name not in LEFT_OUT)  # in field order: the same bytes each time


class SnapshotError(ValueError):
    """Bytes that are no snapshot of this format."""


def snapshot(state: GameState) -> bytes:
    kept = {name: getattr(state, name) for name in KEPT}
    return bytes([FORMAT]) + zlib.compress(pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL), 6)


def restore(data: bytes, setup: Setup, history: Sequence[Action]) -> GameState:
    """The state a snapshot was taken of, given the game's setup and the actions played to reach it."""
    if not data or data[0] != FORMAT:
        raise SnapshotError("format")
    try:
        kept = pickle.loads(zlib.decompress(data[1:]))
    except (zlib.error, pickle.UnpicklingError, EOFError) as error:
        raise SnapshotError("damaged") from error
    if not isinstance(kept, dict) or tuple(kept) != KEPT:
        raise SnapshotError("not-a-state")
    try:
        return GameState(setup=setup, history=list(history), **kept)
    except TypeError as error:  # a field of the wrong type (a compiled state checks each)
        raise SnapshotError("not-a-state") from error
