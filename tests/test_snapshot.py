"""The engine's compact snapshot (kotguide/engine/snapshot.py): restore(snapshot(s)) then playing on equals playing
on from s, over random games with random options; a few KB; damaged bytes are refused."""

from __future__ import annotations

import pickle
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kotguide.engine import apply, legal_actions, start
from kotguide.engine import options as O
from kotguide.engine.random_play import random_setup
from kotguide.engine.snapshot import FORMAT, SnapshotError, restore, snapshot


def random_game(rnd: random.Random, length: int):
    options = [m for m in O.MODULES if rnd.random() < 0.4 and m != O.MUTANT_DRAFT]
    if O.EVOLUTIONS in options and rnd.random() < 0.5:
        options.append(O.MUTANT_DRAFT)  # the draft needs the evolutions
    state, _ = start(random_setup(rnd, options=options))
    actions = []
    while state.decision is not None and len(actions) < length:
        action = rnd.choice(legal_actions(state))
        state, _ = apply(state, action)
        actions.append(action)
    return state, actions


@settings(max_examples=40, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 200), more=st.integers(1, 80))
def test_snapshot_restore_continue_equals_the_original(seed, cut, more):
    rnd = random.Random(seed)
    state, _ = random_game(rnd, cut)
    data = snapshot(state)
    assert len(data) < 8 * 1024  # a few KB whatever the game's length: no history inside
    copy = restore(data, state.setup, state.history)
    assert copy == state
    continuation = random.Random(seed + 1)
    original = state
    for _ in range(more):
        if original.decision is None:
            break
        action = continuation.choice(legal_actions(original))
        original, events = apply(original, action)
        copy, copied_events = apply(copy, action)
        assert copied_events == events
        assert copy == original


def test_the_snapshot_leaves_the_state_untouched():
    state, actions = random_game(random.Random(3), 50)
    history = list(state.history)
    snapshot(state)
    assert state.history == history == actions and state.setup is not None


def _format(value) -> bytes:
    return bytes([FORMAT]) + zlib.compress(pickle.dumps(value))


@pytest.mark.parametrize("data", [b"", b"\x02abc", b"\x01not zlib", bytes([FORMAT]) + b"not zlib",
                                  _format([1, 2]), _format({"turn": 3}), _format({"extra": 1})])
def test_damaged_bytes_are_refused(data):
    state, _ = random_game(random.Random(5), 5)
    with pytest.raises(SnapshotError):
        restore(data, state.setup, [])
