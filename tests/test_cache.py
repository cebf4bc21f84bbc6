"""The shared cache (issue 23): game snapshots, so a step on a position any server has seen replays nothing.
Runs against the embedded cache by default and against Redis with REDIS_URL (`make test-redis`, in CI)."""

from __future__ import annotations

import os

import pytest
from django.core.cache import cache, caches

from kotguide.sandbox import game as game_module
from kotguide.sandbox.game import open_position, play
from kotguide.sandbox.models import SharedPosition
from kotguide.sandbox.position import Position

PLAYED = ("roll", "resolve", "yield")


def another_server():
    """As if the next request reached another process: its recent games are empty, the shared cache is not."""
    game_module._recent.clear()


@pytest.fixture(autouse=True)
def _no_recent_games(monkeypatch):
    another_server()  # a test starts as on a fresh server
    monkeypatch.setattr(game_module, "SHARED_FROM", 0)  # these short games go through the shared cache too


@pytest.fixture
def counted_replays(monkeypatch):
    calls = []
    real = game_module.replay
    monkeypatch.setattr(game_module, "replay",
                        lambda setup, actions: calls.append(len(actions)) or real(setup, actions))
    return calls


def test_the_configured_backend_is_redis_when_redis_url_says_so():
    backend = type(caches["default"]).__name__
    assert backend == ("RedisCache" if os.environ.get("REDIS_URL") else "LocMemCache")  # tests: each its own


def test_a_step_on_a_position_another_server_opened_replays_nothing(counted_replays):
    position = Position(scenario="yielding", actions=PLAYED[:2])
    opened = open_position(position)
    assert counted_replays == [2]
    another_server()
    again = open_position(position)
    assert counted_replays == [2]  # rebuilt from the snapshot, not replayed
    assert again.state == opened.state
    stepped = play(again, "yield")
    king = next(m for m in stepped.state.monsters if m.id == "the-king")
    assert king.location == "outside" and king.life == 7  # yielded Tokyo City after losing 3 life
    another_server()
    assert open_position(stepped.position).state == stepped.state
    assert counted_replays == [2]


def test_a_snapshot_keeps_the_log_of_the_last_steps(client):
    client.get("/en/sandbox/yielding/", {"a": "roll resolve"})
    another_server()
    page = client.get("/en/sandbox/yielding/", {"a": "roll resolve", "do": "yield"}, headers={"HX-Request": "true"})
    assert page.status_code == 200
    assert "yield" in page.content.decode().lower()
    game = page.context["game"]
    assert [len(step) > 0 for step in game.replay.steps] == [True, True, True]


def test_the_whole_log_replays_in_full(counted_replays, client):
    open_position(Position(scenario="yielding", actions=PLAYED))
    another_server()
    page = client.get("/en/sandbox/yielding/", {"a": " ".join(PLAYED), "log": "all"})
    assert page.status_code == 200 and page.context["game"].complete
    assert counted_replays == [3, 3]


@pytest.mark.django_db
def test_a_stored_position_is_checked_once_per_version(counted_replays, client):
    stored = SharedPosition.store(Position(scenario="yielding", actions=PLAYED))
    another_server()
    for _ in range(3):
        assert client.get(f"/en/p/{stored}/").status_code == 200
        another_server()
    assert len(counted_replays) <= 2  # the store's replay and at most one check; the rest from the cache


def test_a_damaged_snapshot_is_replayed_instead(counted_replays):
    position = Position(scenario="yielding", actions=PLAYED[:1])
    opened = open_position(position)
    key = game_module._cache_key(position.to_json())
    _data, start, tail = cache.get(key)
    cache.set(key, (b"\x01not a snapshot", start, tail))
    another_server()
    assert open_position(position).state == opened.state
    assert counted_replays == [1, 1]



@pytest.mark.django_db
def test_a_stored_position_starts_from_its_last_checkpoint(counted_replays, client):
    from tests.test_serving import long_game

    scenario, actions = long_game(1300)  # well over SNAPSHOT_EVERY actions
    assert len(actions) > game_module.SNAPSHOT_EVERY + game_module.TAIL_STEPS
    stored = SharedPosition.store(Position(scenario=scenario, actions=actions))
    row = SharedPosition.objects.get(pk=stored)
    every = game_module.SNAPSHOT_EVERY
    assert sorted(row.snapshots()) == list(range(every, len(actions) + 1, every))
    assert client.get(f"/en/p/{stored}/").status_code == 200  # checked once against today's engine
    whole = open_position(row.position()).state
    cache.delete(game_module._cache_key(row.position().to_json()))  # evicted
    another_server()
    calls_before = len(counted_replays)
    page = client.get(f"/en/p/{stored}/")
    assert page.status_code == 200
    assert len(counted_replays) == calls_before  # no full replay: from the checkpoint on only
    assert page.context["game"].state == whole


def test_short_games_are_replayed_not_fetched(monkeypatch, counted_replays):
    monkeypatch.setattr(game_module, "SHARED_FROM", 50)
    position = Position(scenario="yielding", actions=PLAYED)
    open_position(position)
    assert cache.get(game_module._cache_key(position.to_json())) is None  # cheaper to replay than to fetch


@pytest.mark.django_db
def test_a_step_on_a_stored_position_once_opened_reads_no_row(client, django_assert_num_queries):
    stored = SharedPosition.store(Position(scenario="yielding", actions=PLAYED[:2]))
    assert client.get(f"/en/p/{stored}/").status_code == 200  # checked against today's engine, then kept
    another_server()
    with django_assert_num_queries(0):
        step = client.get(f"/en/p/{stored}/", {"do": "yield"}, headers={"HX-Request": "true"})
    assert step.status_code == 200 and step.context["game"].position.actions == PLAYED
    assert client.get("/en/p/nosuchposition0000000000000/").status_code == 404
