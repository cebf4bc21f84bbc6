"""Shared positions in PostgreSQL: run by `make test-postgres` (DATABASE_URL=postgres://…), skipped otherwise.

`make test-postgres` also runs every other test file that uses the database (tests/test_sandbox.py, the fuzz and
security tests …) against the same server; these add what only a real server with concurrent connections shows.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from django.test import Client

from kotguide.content.scenarios import scenarios
from kotguide.engine import legal_actions, replay
from kotguide.sandbox.models import SharedPosition
from kotguide.sandbox.position import Position

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs DATABASE_URL=postgres://… (make test-postgres)"
)


@pytest.mark.django_db
def test_the_database_is_postgresql():
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('server_version_num')::int")
        assert cursor.fetchone()[0] >= 130000


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_shared_positions_round_trip(client, lang):
    position = Position(scenario="yielding", actions=("roll", "resolve"))
    stored = SharedPosition.pinned(position)  # a scenario's position is kept with a copy of its setup
    response = client.post(f"/{lang}/sandbox/share/", {"position": position.to_json()})
    assert response["Location"] == f"/{lang}/p/{stored.id}/"
    assert SharedPosition.objects.get(pk=stored.id).data == stored.to_json()
    for other in ("ja", "en"):
        page = client.get(f"/{other}/p/{stored.id}/")
        assert page.status_code == 200 and 'value="yield"' in page.content.decode()


@pytest.mark.django_db
def test_a_long_position_goes_to_the_database_and_back(client):
    scenario = scenarios()["tokyo-bay"]
    state, actions = replay(scenario.setup, []).state, []
    while state.decision and len(" ".join(actions)) < 2100:
        actions.append(max((a.code for a in legal_actions(state)), key=lambda c: (c.startswith("reroll"), len(c))))
        state = replay(scenario.setup, actions).state
    # a GET never writes: a step too long for an address is posted, as the sandbox's form does near the limit
    response = client.post("/ja/sandbox/tokyo-bay/", {"a": " ".join(actions[:-1]), "do": actions[-1]})
    assert response.status_code == 302
    stored = SharedPosition.objects.get()
    assert Position.from_json(stored.data).actions == tuple(actions)
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_many_app_servers_sharing_the_same_position_at_once_store_it_once():
    """Several connections (as several app servers would) share the same position at the same moment."""
    position = SharedPosition.pinned(Position(scenario="yielding", actions=("roll", "resolve", "yield")))
    start = threading.Barrier(6)
    failures: list[BaseException] = []

    def share() -> None:
        try:
            client = Client()
            start.wait(timeout=10)
            response = client.post("/en/sandbox/share/", {"position": position.to_json()})
            assert response.status_code == 302 and response["Location"] == f"/en/p/{position.id}/"
        except BaseException as error:  # noqa: BLE001 - reported below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=share) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert failures == []
    assert SharedPosition.objects.filter(pk=position.id).count() == 1


@pytest.mark.django_db
def test_text_of_any_script_is_stored_as_is():
    data = Position(setup={"monsters": ["gigazaur", "the-king"], "seed": 7}, actions=()).to_json()
    odd = data.replace('"seed":7', '"seed":7,"note":"回復 🦖 \\u0000 ß"')
    SharedPosition.objects.create(pk="oddtext00000", data=odd)
    assert SharedPosition.objects.get(pk="oddtext00000").data == odd
