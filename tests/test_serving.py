"""Serving: the security review's findings F1–F10 (each test fails without its fix), rate limits, cacheable pages and
links that keep meaning what they meant (issue 23)."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import shutil
from html import unescape
from urllib.parse import urlencode

import pytest
from django.core.cache import caches
from django.test import Client, override_settings

from kotguide.content import scenarios as catalogue
from kotguide.content.scenarios import scenarios
from kotguide.engine import legal_actions
from kotguide.engine import scenario as scenario_module
from kotguide.sandbox import game as game_module
from kotguide.sandbox import views as sandbox_views
from kotguide.sandbox.game import open_position
from kotguide.sandbox.models import SharedPosition, event_digests, step_digests
from kotguide.sandbox.position import MAX_JSON, MAX_URL, Position

pytestmark = pytest.mark.django_db

GAME = {"monsters": ["gigazaur", "alienoid"]}


def share(client, data: dict | str, lang: str = "en"):
    text = data if isinstance(data, str) else json.dumps(data)
    return client.post(f"/{lang}/sandbox/share/", {"position": text})


def html_of(response) -> str:
    return unescape(response.content.decode())


# ------------------------------------------------------------------ F1: deep nesting


@pytest.mark.parametrize("depth", [9, 480, 600, 800, 5_000])
def test_f1_deeply_nested_module_tables_get_a_400_not_a_500(client, depth):
    nested = '{"a":' * depth + "{}" + "}" * depth
    text = ('{"v":1,"actions":[],"setup":{"monsters":["gigazaur","alienoid"],"options":["cultists"],'
            f'"modules":{{"cultists":{nested}}}}}}}')
    response = share(client, text)
    assert response.status_code == 400
    assert SharedPosition.objects.count() == 0


def test_f1_brackets_inside_strings_are_not_nesting(client):
    response = share(client, {"v": 1, "actions": [], "setup": {**GAME, "first_player": "[[[[[[[[[[{{{{{{{{"}})
    assert response.status_code == 400  # refused as an unknown monster, not as nesting
    assert "breaks the rules" in html_of(response)


# ------------------------------------------------------------------ F2: no GET writes


def long_game(min_length: int) -> tuple[str, tuple[str, ...]]:
    """A scenario and random legal actions whose address is longer than `min_length` characters."""
    for seed in range(50):
        rnd = random.Random(seed)
        game = open_position(Position(scenario="tokyo-bay"))
        actions: list[str] = []
        while game.state.decision is not None and len(urlencode({"a": " ".join(actions)})) < min_length:
            code = rnd.choice(legal_actions(game.state)).code
            game = game_module.play(game, code)
            actions.append(code)
        if game.state.decision is not None:
            return "tokyo-bay", tuple(actions)
    raise AssertionError("no game long enough")


def test_f2_a_get_of_a_long_address_writes_nothing(client):
    scenario, actions = long_game(MAX_URL + 200)
    query = "+".join(a.replace(":", "%3A") for a in actions)
    response = client.get(f"/en/sandbox/{scenario}/?a={query}")
    assert SharedPosition.objects.count() == 0
    assert response.status_code == 400  # too long for an address; nothing stored by a GET
    # one step short of it: the page works, and its step form posts (so the next step can store)
    short = actions[: len(actions) // 2]
    page = client.get(f"/en/sandbox/{scenario}/", {"a": " ".join(short)})
    assert page.status_code == 200 and SharedPosition.objects.count() == 0


def test_f2_near_the_limit_a_step_is_a_post_that_stores(client):
    scenario, actions = long_game(MAX_URL - 100)
    page = client.get(f"/en/sandbox/{scenario}/", {"a": " ".join(actions)})
    assert page.status_code == 200 and page.context["step_post"]
    assert '<form id="sb-step" method="post"' in html_of(page)
    code = legal_actions(page.context["game"].state)[0].code
    for _ in range(40):  # steps by POST, as the form sends them, until the position no longer fits an address
        step = client.post(page.context["here"], {"a": page.context["actions"], "do": code})
        assert step.status_code == 302
        if step["Location"].startswith("/en/p/"):
            break
        page = client.get(step["Location"])
        code = legal_actions(page.context["game"].state)[0].code
    stored = SharedPosition.objects.get()
    assert step["Location"] == f"/en/p/{stored.pk}/"
    assert client.get(step["Location"]).status_code == 200


def test_f2_a_get_step_past_the_limit_stores_nothing(client):
    scenario, actions = long_game(MAX_URL + 200)
    within = list(actions)
    while len(urlencode({"a": " ".join(within)})) > MAX_URL - 40:
        within.pop()
    before = open_position(Position(scenario=scenario, actions=tuple(within)))
    code = legal_actions(before.state)[0].code
    response = client.get(f"/en/sandbox/{scenario}/", {"a": " ".join(within), "do": code})
    assert SharedPosition.objects.count() == 0
    assert response.status_code in (302, 400)


# ------------------------------------------------------------------ F3: caps on stored positions


def test_f3_a_position_over_the_size_cap_is_refused(client):
    padded = {"v": 1, "actions": [], "setup": {**GAME, "deck": ["x" * 100] * (MAX_JSON // 100)}}
    assert share(client, padded).status_code == 400
    assert SharedPosition.objects.count() == 0


@pytest.mark.parametrize("faces", [65, 21_500])
def test_f3_scripted_dice_are_capped(client, faces):
    response = share(client, {"v": 1, "actions": [], "setup": {**GAME, "seed": 1, "dice": ["energy"] * faces}})
    assert response.status_code == 400
    assert SharedPosition.objects.count() == 0


def test_f3_a_real_game_still_fits(client):
    response = share(client, {"v": 1, "actions": ["roll"], "setup": {**GAME, "dice": ["energy"] * 12}})
    assert response.status_code == 302


# ------------------------------------------------------------------ F4: the share endpoint refuses impossible tables


@pytest.mark.parametrize(
    "monster",
    [
        {"id": "gigazaur", "life": 99, "max_life": 99},  # the most life is 12 (Even Bigger)
        {"id": "gigazaur", "max_life": 1_000_000},
        {"id": "gigazaur", "energy": 10**30},  # the resolver takes 0 to 999
        {"id": "gigazaur", "vp": 20},  # 20 VP at a turn's start: the game would be over
        {"id": "gigazaur", "tokens": {"poison": 13}},  # the box holds 12
        {"id": "gigazaur", "tokens": {"smoke": 4}},  # three on Smoke Cloud
        {"id": "gigazaur", "tokens": {"cultist": 10**6}},
        {"id": "gigazaur", "tokens": {"berserk": 7}},  # a flag: 0 or 1
        {"id": "gigazaur", "tokens": {"made-up": 1}},
    ],
)
def test_f4_share_refuses_what_the_resolver_refuses(client, monster):
    response = share(client, {"v": 1, "actions": [], "setup": {"monsters": [monster, "alienoid"]}})
    assert response.status_code == 400
    assert SharedPosition.objects.count() == 0


def test_f4_a_negative_seed_is_refused(client):
    assert share(client, {"v": 1, "actions": [], "setup": {**GAME, "seed": -1}}).status_code == 400


def test_f4_the_resolver_refuses_the_same_life(client):
    data = {"monsters": "2", "m1-monster": "gigazaur", "m1-life": "99", "m1-vp": "0", "m1-energy": "0",
            "m1-place": "outside", "m2-monster": "alienoid", "m2-life": "10", "m2-vp": "0", "m2-energy": "0",
            "m2-place": "outside", "turn": "gigazaur", "step": "start", "rerolls": "2"}
    assert client.post("/en/resolve/", data).status_code == 400


# ------------------------------------------------------------------ F5: no off-site links


@pytest.mark.parametrize("path", ["//evil.example/..", "//evil.example/en/", "/en//evil.example/"])
def test_f5_no_link_leaves_the_site_whatever_the_path(client, path):
    response = client.get("/", PATH_INFO=path)
    html = html_of(response)
    assert response.status_code == 404
    assert "evil.example" not in html
    assert 'href="//' not in html


# ------------------------------------------------------------------ F6: caches keyed by the configured host only


@override_settings(PUBLIC_ORIGIN="https://kotguide.example", PAGE_CACHE=True)
def test_f6_junk_host_ports_neither_fill_the_page_cache_nor_change_its_links():
    store = caches["pages"]
    store.clear()
    bodies = set()
    for port in range(1, 60):
        response = Client(HTTP_HOST=f"127.0.0.1:{port}").get("/en/glossary/")
        assert response.status_code == 200
        bodies.add(response.content)
    assert len(bodies) == 1
    assert [key for key in store._cache if "glossary" in key] and len(store._cache) == 1
    assert b'<link rel="canonical" href="https://kotguide.example/en/glossary/">' in bodies.pop()


# ------------------------------------------------------------------ F7: one action cap for the whole position


def test_f7_stored_and_address_actions_count_together(client, monkeypatch):
    monkeypatch.setattr(game_module, "MAX_ACTIONS", 3)
    stored = SharedPosition.store(Position(scenario="yielding", actions=("roll", "resolve")))
    assert client.get(f"/en/p/{stored}/").status_code == 200
    assert client.get(f"/en/p/{stored}/", {"a": "yield"}).status_code == 200  # 3 actions: at the cap
    over = client.get(f"/en/p/{stored}/", {"a": "yield", "do": "end"})  # a fourth
    assert over.status_code == 400
    assert "more than 3 actions" in html_of(over)


# ------------------------------------------------------------------ F8: the whole log comes in pages


def test_f8_the_whole_log_is_paginated(client, monkeypatch):
    monkeypatch.setattr(sandbox_views, "LOG_PAGE", 2)
    address = "/en/sandbox/yielding/"
    query = {"a": "roll resolve yield end roll resolve", "log": "all"}
    first = client.get(address, query)
    assert first.status_code == 200
    assert [s.number for s in first.context["table"].log] == [6, 5]
    html = html_of(first)
    assert "log=2" in html and "Show earlier steps (5 more steps)" in html
    second = client.get(address, {**query, "log": "2"})
    assert [s.number for s in second.context["table"].log] == [4, 3]
    last = client.get(address, {**query, "log": "4"})
    assert [s.number for s in last.context["table"].log] == [0]  # the setup alone


# ------------------------------------------------------------------ F10: links that last


def test_f10_new_ids_carry_at_least_128_bits(client):
    stored = SharedPosition.store(Position(scenario="yielding", actions=("roll",)))
    assert len(stored) * 5 >= 128


def test_f10_an_existing_12_character_id_keeps_opening_the_same_game(client):
    old = Position(scenario="yielding", actions=("roll", "resolve"))
    # a row as a91b8ce stored it: no versions, no setup copy, the id 12 base32 characters of the text's SHA-256
    old_id = base64.b32encode(hashlib.sha256(old.to_json().encode()).digest()).decode()[:12].lower()
    SharedPosition.objects.create(pk=old_id, data=old.to_json())
    page = client.get(f"/en/p/{old_id}/")
    assert page.status_code == 200
    king = next(m for m in page.context["game"].state.monsters if m.id == "the-king")
    assert (king.life, king.location) == (7, "city")  # three smashes, still in Tokyo City, deciding
    assert 'value="yield"' in html_of(page) and page.context["notice"] is None
    step = client.get(f"/en/p/{old_id}/", {"do": "yield"}, headers={"HX-Request": "true"})
    assert step.status_code == 200 and step["HX-Push-Url"] == f"/en/p/{old_id}/?a=yield"
    assert SharedPosition.store(old) != old_id  # storing it today gives a new, longer id; the old one stays
    assert client.get(f"/en/p/{old_id}/").context["game"].position == old


@pytest.fixture
def edited_scenarios(tmp_path, monkeypatch):
    """A copy of content/scenarios/ that a test may edit; the sandbox reads it instead."""
    folder = tmp_path / "scenarios"
    shutil.copytree(scenario_module.SCENARIO_DIR, folder)
    monkeypatch.setattr(catalogue, "load_all", lambda: scenario_module.load_all(folder))
    scenarios.cache_clear()
    yield folder
    scenarios.cache_clear()


def test_f10_an_edited_scenario_keeps_the_stored_game_and_says_so(client, edited_scenarios):
    stored = SharedPosition.store(Position(scenario="yielding", actions=("roll", "resolve")))
    path = edited_scenarios / "yielding.toml"
    text = path.read_text()
    path.write_text(text.replace('dice = ["smash", "smash", "smash",', 'dice = ["smash", "1", "1",'))
    scenarios.cache_clear()
    game_module._recent.clear()
    for lang in ("en", "ja"):
        page = client.get(f"/{lang}/p/{stored}/")
        assert page.status_code == 200
        king = next(m for m in page.context["game"].state.monsters if m.id == "the-king")
        assert king.life == 7  # the game as shared: three smashes, not the edited single one
        assert page.context["notice"].scenario_changed
    html = html_of(client.get(f"/en/p/{stored}/"))
    assert "The scenario has changed since this link was made" in html
    # a new visitor of the scenario itself gets the edited one: one smash
    fresh = open_position(Position(scenario="yielding", actions=("roll", "resolve")))
    assert next(m for m in fresh.state.monsters if m.id == "the-king").life == 9


def test_f10_a_row_with_step_digests_names_both_versions_and_the_first_step(client):
    stored = SharedPosition.store(Position(scenario="yielding", actions=("roll", "resolve", "yield")))
    row = SharedPosition.objects.get(pk=stored)
    # a row stored before event digests, as if an older engine had given step 2 other events
    digest = step_digests(open_position(row.position(), whole=True).replay)
    row.steps_digest = digest[:8] + ("0000" if digest[8:12] != "0000" else "ffff") + digest[12:]
    row.events_digest = ""
    row.engine_version = "0ld0ld0ld0ld"
    row.save()
    html = html_of(client.get(f"/en/p/{stored}/"))
    assert "from step 2 on, this game now plays differently" in html
    assert "Made with engine 0ld0ld0ld0ld" in html and "Shown with engine" in html
    assert "The first event that differs" not in html  # such a row knows the step only


def test_f10_the_notice_names_the_first_event_that_differs(client, edited_scenarios):
    """The row was stored by an older release that played the scenario's first smash as a 1: its events differ
    from today's replay from the roll on, and the notice says which event and what it says now."""
    actions = ("roll", "resolve", "yield")
    stored = SharedPosition.store(Position(scenario="yielding", actions=actions))
    path = edited_scenarios / "yielding.toml"
    path.write_text(path.read_text().replace('dice = ["smash", "smash", "smash",', 'dice = ["1", "smash", "smash",'))
    scenarios.cache_clear()
    older = open_position(Position(scenario="yielding", actions=actions), whole=True).replay
    shutil.copy(scenario_module.SCENARIO_DIR / "yielding.toml", path)  # the fixture as it is today
    scenarios.cache_clear()
    SharedPosition.objects.filter(pk=stored).update(events_digest=event_digests(older), engine_version="0ld0ld0ld0ld")
    game_module._recent.clear()
    for lang, words in (("en", "from step 1 on, this game now plays differently"), ("ja", "1手目から先は")):
        page = client.get(f"/{lang}/p/{stored}/")
        assert page.status_code == 200
        notice = page.context["notice"]
        # step 1 (the roll) plays first the roll itself: its dice are the first event that differs
        assert (notice.first_step, notice.first_event) == (1, 1)
        assert notice.event.kind == "dice-rolled" and notice.event.data["faces"][:3] == ["smash", "smash", "smash"]
        html = html_of(page)
        assert words in html and "0ld0ld0ld0ld" in html
        assert notice.event_line.text in html and f'href="/{lang}/rules/{notice.event.rule}/"' in html
    assert "The first event that differs is event 1 of that step. It now reads:" in html_of(
        client.get(f"/en/p/{stored}/"))


def test_f10_an_event_that_no_longer_happens_is_named_by_its_place(client):
    stored = SharedPosition.store(Position(scenario="yielding", actions=("roll", "resolve")))
    row = SharedPosition.objects.get(pk=stored)
    steps = row.events_digest.split(".")
    steps[2] += "abc"  # the older release played one more event at the end of step 2
    row.events_digest = ".".join(steps)
    row.save()
    notice = client.get(f"/en/p/{stored}/").context["notice"]
    assert (notice.first_step, notice.first_event, notice.event) == (2, len(steps[2]) // 3, None)
    assert f"event {notice.first_event} of that step: it no longer happens" in html_of(client.get(f"/en/p/{stored}/"))


def test_f10_a_step_that_is_no_longer_legal_opens_before_it_with_a_notice(client):
    played = Position(scenario="yielding", actions=("roll", "resolve"))
    stored = SharedPosition.store(played)
    row = SharedPosition.objects.get(pk=stored)
    data = json.loads(row.data)
    data["actions"].append("end")  # as if "end" had been legal here when stored: today it is refused
    row.data = json.dumps(data)
    row.events_digest += ".abc"
    row.save()
    page = client.get(f"/en/p/{stored}/")
    assert page.status_code == 200
    assert "step 3 is no longer allowed" in html_of(page)
    assert page.context["game"].position.actions == ("roll", "resolve")


# ------------------------------------------------------------------ rate limits


@pytest.fixture
def rate_limited(still_rate_clock):
    with override_settings(
        RATELIMIT_ENABLE=True, RATELIMIT_WRITES="2/m", RATELIMIT_READS="3/m",
        CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "limits"},
                "pages": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "pages"}},
    ):
        caches["default"].clear()
        yield


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_one_write_over_the_limit_gets_429_in_the_readers_language(client, rate_limited, lang):
    position = {"v": 1, "scenario": "yielding", "actions": ["roll"]}
    assert [share(client, position, lang).status_code for _ in range(2)] == [302, 302]
    over = share(client, position, lang)
    assert over.status_code == 429
    assert 1 <= int(over["Retry-After"]) <= 60
    html = html_of(over)
    assert f'<html lang="{lang}">' in html
    assert ("リクエストが多すぎます" in html) if lang == "ja" else ("Too many requests" in html)


def test_expensive_reads_are_limited_per_client(rate_limited):
    reader, other = Client(REMOTE_ADDR="192.0.2.1"), Client(REMOTE_ADDR="192.0.2.2")
    assert [reader.get("/en/sandbox/yielding/").status_code for _ in range(3)] == [200] * 3
    assert reader.get("/en/sandbox/yielding/").status_code == 429
    assert other.get("/en/sandbox/yielding/").status_code == 200  # another client has its own count
    assert reader.get("/en/rules/heal/").status_code == 200  # content pages are not limited


# ------------------------------------------------------------------ cacheable pages


@pytest.mark.parametrize("path", ["/en/rules/heal/", "/ja/glossary/", "/ja/faq/", "/en/quick/", "/en/cards/"])
def test_content_pages_carry_no_per_visitor_bytes(path):
    first, second = Client(), Client()
    one, two = first.get(path), second.get(path)
    assert one.content == two.content
    assert not one.cookies and "Set-Cookie" not in one
    assert b"csrf" not in one.content.lower()
    assert "public" in one["Cache-Control"] and "max-age=" in one["Cache-Control"]
    again = first.get(path, headers={"If-None-Match": one["ETag"]})
    assert again.status_code == 304


def test_pages_that_post_carry_the_token_and_are_not_public(client):
    page = client.get("/en/sandbox/yielding/")
    assert b"csrfmiddlewaretoken" in page.content
    assert "public" not in page.get("Cache-Control", "")


@pytest.mark.parametrize(("accept", "lang"), [("ja", "ja"), ("en-US,en;q=0.9", "en")])
def test_the_language_redirect_is_never_cached_across_languages(client, accept, lang):
    response = client.get("/", headers={"Accept-Language": accept})
    assert response.status_code == 302 and response["Location"] == f"/{lang}/"
    assert "Accept-Language" in response["Vary"]
    assert "public" not in response.get("Cache-Control", "")


@override_settings(PUBLIC_ORIGIN="https://kotguide.example", PAGE_CACHE=True)
def test_the_second_get_of_a_content_page_is_served_from_the_cache(client):
    caches["pages"].clear()
    rendered = client.get("/en/rules/heal/")
    kept = client.get("/en/rules/heal/")
    assert rendered.templates and not kept.templates
    assert kept.content == rendered.content and kept["ETag"] == rendered["ETag"]
    assert kept["Content-Security-Policy"] == rendered["Content-Security-Policy"]


def secure_client(host: str = "testserver", **headers) -> Client:
    return Client(HTTP_HOST=host, headers={"X-Forwarded-Proto": "https", **headers})


@override_settings(PUBLIC_ORIGIN="https://kotguide.example", PAGE_CACHE=True,
                   SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"), SECURE_SSL_REDIRECT=True,
                   SECURE_HSTS_SECONDS=3600)
@pytest.mark.parametrize("encoding", ["gzip, deflate, br", "identity"])
def test_a_kept_page_goes_out_with_the_bytes_and_headers_of_the_rendered_one(encoding):
    """The whole chain is skipped for a kept page: every header a middleware adds must still be there."""
    caches["pages"].clear()
    reader = secure_client(**{"Accept-Encoding": encoding})
    rendered = reader.get("/en/glossary/")
    kept = reader.get("/en/glossary/")
    assert rendered.templates and not kept.templates
    assert kept.content == rendered.content
    assert dict(kept.headers) == dict(rendered.headers)
    assert "Strict-Transport-Security" in kept and "Content-Security-Policy" in kept
    assert ("Content-Encoding" in kept) == (encoding != "identity")
    # another reader with the other encoding gets a page of its own, not this one
    other = secure_client(**{"Accept-Encoding": "identity" if encoding != "identity" else "gzip"})
    assert other.get("/en/glossary/").get("Content-Encoding") != kept.get("Content-Encoding")


@override_settings(PUBLIC_ORIGIN="https://kotguide.example", PAGE_CACHE=True, ALLOWED_HOSTS=["testserver"],
                   SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"), SECURE_SSL_REDIRECT=True)
def test_a_kept_page_answers_revalidation_refuses_bad_hosts_and_redirects_plain_http():
    caches["pages"].clear()
    page = secure_client(**{"Accept-Encoding": "gzip"}).get("/en/rules/heal/")
    assert page["ETag"].startswith('W/"')  # compressed: GZipMiddleware weakens the ETag
    again = secure_client(**{"Accept-Encoding": "gzip", "If-None-Match": page["ETag"]}).get("/en/rules/heal/")
    assert again.status_code == 304 and not again.templates and again.content == b""
    assert again["ETag"] == page["ETag"]
    assert again["Content-Security-Policy"] == page["Content-Security-Policy"]
    assert "Content-Encoding" not in again and "Content-Length" not in again
    changed = secure_client(**{"Accept-Encoding": "gzip", "If-None-Match": '"stale"'}).get("/en/rules/heal/")
    assert changed.status_code == 200 and not changed.templates
    assert secure_client("evil.example", **{"Accept-Encoding": "gzip"}).get("/en/rules/heal/").status_code == 400
    plain = Client(headers={"Accept-Encoding": "gzip"}).get("/en/rules/heal/")
    assert plain.status_code == 301 and plain["Location"].startswith("https://")
