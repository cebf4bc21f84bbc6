"""Fuzz: malformed, tampered and over-long requests to every view; no 500, every 4xx in the reader's language.

Hypothesis, bounded and derandomized: every run sends the same requests (FUZZ_SCALE=4 sends four times as many;
FUZZ_EXPLORE=1 draws new ones). Each test covers one way in:

- every URL pattern (walked from the URL configuration, so a new view is fuzzed as soon as it is routed) with
  random, tampered and over-long path segments, language prefixes, query strings, methods and headers;
- sandbox positions and steps (`a`, `do`, `keep`, `n`, `log`) on scenarios and shared positions;
- shared positions: unknown and tampered ids, damaged stored rows, and `share` POST bodies (random JSON, mutated
  valid positions and setups, deep nesting, non-JSON, wrong encodings);
- learn lessons (`a`, `do`, `keep`, `seed`, `hints`, `log`), the table editor's prefill (the resolver's field
  names: GET, and POST without a state) with random, out-of-range and unknown field values, and edits of the editor
  (random and near-valid edit codes and values on a good state, tampered states);
- search `q` and the cards filters `type` and `cost`.

Every answer must be below 500. A 4xx answer to an address in /ja/ or /en/ must say so in that language: a page
with <html lang="..">, or an htmx fragment whose text is in that language. A redirect must stay on this site.
"""

from __future__ import annotations

import gzip
import json
import os
import re
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import LocalePrefixPattern
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kotguide.content import library
from kotguide.content.scenarios import scenarios
from kotguide.content.sections import registry
from kotguide.engine import data
from kotguide.engine.dice import FACES
from kotguide.learn.lessons import by_id as lessons
from kotguide.sandbox.models import SharedPosition
from kotguide.sandbox.position import Position
from kotguide.site.pages import example_position

from .purity import is_japanese

SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
EXPLORE = bool(os.environ.get("FUZZ_EXPLORE"))  # set it to draw new inputs; by default every run sends the same


def fuzz(examples: int):
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        derandomize=not EXPLORE,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    )


LANGS = ("ja", "en")
METHODS = ("GET", "GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH")

# ------------------------------------------------------------------ values


def known_ids() -> dict[str, list[str]]:
    return {
        "section_id": [s.id for s in registry().sections],
        "card_id": list(library.cards("en")),
        "scenario_id": list(scenarios()),
        "position_id": [example_position().id],
        "lesson_id": list(lessons()),
    }


# Text without lone surrogates (a client cannot send them), with the odd characters that break naive code.
ODD = ["\x00", "\n", "\r\n", "\t", " ", "+", "%", "&", "=", "#", "?", "/", "\\", "'", '"', "<", ">", "{", "}",
       "²", "١", "٣", "Ⅻ", "①", "𝟘", "ｒｏｌｌ", "回復", "🦖", "\u200b", "\u202e", "\ufeff", "é", "ß"]
odd_text = st.lists(
    st.one_of(st.characters(exclude_categories=("Cs",)), st.sampled_from(ODD)), max_size=30
).map("".join)
overlong = st.builds(lambda unit, n: unit * n, st.sampled_from(["x", "9", "roll ", "回", "%", "reroll:0.1.2 "]),
                     st.integers(101, 6000))
unicode_digits = st.sampled_from(["²", "١", "٣", "Ⅻ", "①", "𝟘", "9" * 5000, "-1", "+1", "1e3", "0x10", "01", " 1",
                                  "1.0", "", "NaN", "99999999999999999999"])
ACTION_CODES = ["roll", "resolve", "stay", "yield", "end", "sweep", "pass", "buy:0", "buy:1", "buy:2", "buy:9",
                "reroll:0", "reroll:0.1.2", "reroll:5", "reroll:6", "reroll:0.0", "reroll:", "reroll", "use:",
                "use:x", "use:rapid-healing", "use:rapid-healing:x", "buy:-1", "buy:", "ROLL", "roll:", ":"]
codes = st.lists(st.sampled_from(ACTION_CODES), max_size=12).map(" ".join)
values = st.one_of(
    st.sampled_from(ACTION_CODES), codes, odd_text, overlong, unicode_digits, st.just("all"),
    st.integers(-5, 2000).map(str),
)


def slug_like(name: str):
    ids = known_ids().get(name, [])
    valid = st.sampled_from(ids) if ids else st.just("heal")
    return st.one_of(
        valid,
        valid.map(str.upper),
        valid.map(lambda s: s + "-"),
        valid.map(lambda s: s[:-1]),
        st.from_regex(r"\A[-a-zA-Z0-9_]{1,40}\Z"),
        st.sampled_from(["..", ".", "%2e%2e", "%00", "%ff%fe", "%ZZ", "a%2Fb", "-", "_", "0"]),
        odd_text.filter(bool).map(lambda t: quote(t, safe="")),
        overlong.map(lambda t: quote(t, safe="")),
    )


PREFIXES = ["ja", "en", "ja", "en", "ja", "en", "", "JA", "jp", "ja-jp", "ja-JP", "en-us", "zh-hans", "xx", "ja/ja",
            "%6Aa", quote("日本"), "..", "en%2F"]


def query_strings(keys: list[str]):
    """A raw query string: known and random keys, repeated keys, random values, and broken percent-escapes."""
    pairs = st.lists(st.tuples(st.sampled_from([*keys, "x", "", "a[]", "%", "a b"]), values), max_size=8)
    encoded = pairs.map(lambda ps: urlencode(ps))
    broken = st.sampled_from(["a=%", "a=%G1", "q=%ff%fe", "do=%00", "a", "&&&", "=", "a=1&a=2&a", "keep=0&" * 1200,
                              "n=%C2%B2", "a=roll;do=resolve", "q=" + "%E5%9B%9E" * 200])
    return st.one_of(encoded, broken, st.builds(lambda a, b: a + "&" + b, encoded, broken))


# ------------------------------------------------------------------ checks

_PAGE_LANG = re.compile(r'<html lang="([^"]*)"')
_TAGS = re.compile(r"<[^>]+>")


def body_of(response) -> str:
    content = response.content
    if response.get("Content-Encoding") == "gzip":
        content = gzip.decompress(content)
    return content.decode("utf-8")


def check(response, path: str, method: str) -> None:
    status = response.status_code
    assert status < 500, f"{method} {path[:300]} -> {status}"
    if 300 <= status < 400 and response.has_header("Location"):
        location = response["Location"]
        assert location.startswith("/") and not location.startswith(("//", "/\\")), f"{path[:200]} -> {location}"
    lang = path.split("/")[1] if path.count("/") >= 2 else ""
    if not (400 <= status < 500) or method == "HEAD" or lang not in LANGS:
        return
    body = body_of(response)
    assert body.strip(), f"{method} {path[:200]} -> {status} with an empty body"
    page_lang = _PAGE_LANG.search(body)
    if page_lang:
        assert page_lang.group(1) == lang, f"{method} {path[:200]} -> {status} in {page_lang.group(1)!r}"
    else:  # an htmx fragment: its words are in the reader's language
        text = _TAGS.sub(" ", body)
        japanese = any(is_japanese(ch) for ch in text)
        assert japanese if lang == "ja" else not japanese, f"{path[:200]} -> {status}: {text[:200]}"


def send(client: Client, method: str, path: str, query: str = "", data=None, headers=None, content_type=None):
    full = path + ("?" + query if query else "")
    kwargs = {"headers": headers or {}}
    if method in ("POST", "PUT", "PATCH", "DELETE"):
        if content_type:
            response = client.generic(method, full, data or b"", content_type=content_type, **kwargs)
        else:
            response = client.generic(
                method, full, urlencode(data or {}, doseq=True), content_type="application/x-www-form-urlencoded",
                **kwargs,
            )
    else:
        response = client.generic(method, full, **kwargs)
    check(response, full, method)
    return response


headers_st = st.fixed_dictionaries(
    {},
    optional={
        "HX-Request": st.sampled_from(["true", "false", "", "1"]),
        "HX-History-Restore-Request": st.just("true"),
        "HX-Target": odd_text,
        "Accept-Language": st.sampled_from(["ja", "en", "fr", "*", "ja;q=x", "", "zz-ZZ,ja;q=0.1", "a" * 300]),
        "Accept-Encoding": st.sampled_from(["gzip", "gzip, deflate, br", "identity", "*;q=0"]),
        "Cookie": st.sampled_from(["csrftoken=" + "a" * 32, "csrftoken=", "csrftoken=%%%", "x=" + "y" * 4000]),
        "Referer": st.sampled_from(["https://evil.example/", "/", "javascript:alert(1)"]),
    },
)


@pytest.fixture
def loose(db):
    """A client that skips CSRF checks (so POST bodies reach the views), with a stored position to tamper with."""
    position = example_position()
    SharedPosition.objects.get_or_create(pk=position.id, defaults={"data": position.to_json()})
    return Client(raise_request_exception=False)


@pytest.fixture
def strict(db):
    return Client(enforce_csrf_checks=True, raise_request_exception=False)


# ------------------------------------------------------------------ every route


def routes() -> list[tuple[bool, str]]:
    """Every URL pattern: (under the language prefix?, route with <converter:name> placeholders)."""
    found: list[tuple[bool, str]] = []

    def walk(patterns, prefix: str, i18n: bool) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                locale = isinstance(pattern.pattern, LocalePrefixPattern)
                walk(pattern.url_patterns, prefix + ("" if locale else str(pattern.pattern)), i18n or locale)
            elif isinstance(pattern, URLPattern):
                found.append((i18n, prefix + str(pattern.pattern)))

    walk(get_resolver().url_patterns, "", False)
    return found


_PLACEHOLDER = re.compile(r"<(?:(\w+):)?(\w+)>")


@st.composite
def route_requests(draw):
    i18n, route = draw(st.sampled_from(routes()))
    path = _PLACEHOLDER.sub(lambda m: draw(slug_like(m.group(2))), route)
    if i18n:
        path = draw(st.sampled_from(PREFIXES)) + "/" + path
    if draw(st.booleans()) and path.endswith("/"):
        path = path[:-1]  # no trailing slash: a redirect, not an error
    path = "/" + path.lstrip("/") if draw(st.integers(0, 9)) else "//" + path
    keys = ["a", "do", "keep", "n", "log", "q", "type", "cost", "seed", "hints", "monsters", "m1-life", "update"]
    query = draw(st.one_of(st.just(""), query_strings(keys)))
    method = draw(st.sampled_from(METHODS))
    return method, path, query, draw(headers_st)


@fuzz(400)
@given(request=route_requests())
def test_every_route_survives_tampered_addresses(loose, request):
    method, path, query, headers = request
    send(loose, method, path, query, data={"position": "{}", "q": "x"}, headers=headers)


@fuzz(150)
@given(request=route_requests())
def test_csrf_refusals_are_in_the_readers_language(strict, request):
    method, path, query, headers = request
    send(strict, method, path, query, data={"position": example_position().to_json()}, headers=headers)


# ------------------------------------------------------------------ the sandbox


@st.composite
def sandbox_queries(draw):
    scenario = draw(st.sampled_from(sorted(scenarios())))
    script = list(scenarios()[scenario].actions)
    played = script[: draw(st.integers(0, len(script)))]
    pairs: list[tuple[str, str]] = []
    kind = draw(st.integers(0, 4))
    if kind == 0:  # a real position, one tampered step
        pairs.append(("a", " ".join(played)))
        pairs.append(("do", draw(st.one_of(st.sampled_from(ACTION_CODES), values))))
    elif kind == 1:  # a reroll with tampered kept dice
        pairs.append(("a", " ".join(played or ["roll"])))
        pairs.append(("do", "reroll"))
        pairs += [("keep", k) for k in draw(st.lists(st.one_of(st.integers(-2, 8).map(str), values), max_size=8))]
    elif kind == 2:  # a tampered action list
        tampered = draw(st.lists(st.one_of(st.sampled_from(played or ["roll"]), st.sampled_from(ACTION_CODES)),
                                 max_size=30))
        pairs.append(("a", " ".join(tampered)))
    else:  # anything
        pairs += draw(st.lists(st.tuples(st.sampled_from(["a", "do", "keep", "n", "log"]), values), max_size=6))
    if draw(st.booleans()):
        pairs.append(("log", draw(st.sampled_from(["all", "", "none", "ALL"]))))
    return scenario, urlencode(pairs)


@fuzz(500)
@given(request=sandbox_queries(), lang=st.sampled_from(LANGS), htmx=st.booleans())
def test_sandbox_steps_survive_tampered_positions(loose, request, lang, htmx):
    scenario, query = request
    send(loose, "GET", f"/{lang}/sandbox/{scenario}/", query, headers={"HX-Request": "true"} if htmx else {})


@fuzz(250)
@example(n="²", extra="", lang="ja", htmx=False)  # once a 500: int("²")
@example(n="9" * 5000, extra="", lang="en", htmx=True)  # once a 500: int() of 5000 digits
@given(
    n=st.one_of(st.integers(-3, 10).map(str), unicode_digits, odd_text),
    extra=query_strings(["a", "do", "keep", "log"]),
    lang=st.sampled_from(LANGS),
    htmx=st.booleans(),
)
def test_shared_positions_survive_tampered_steps(loose, n, extra, lang, htmx):
    query = urlencode({"n": n}) + "&" + extra
    send(loose, "GET", f"/{lang}/p/{example_position().id}/", query, headers={"HX-Request": "true"} if htmx else {})


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False), odd_text),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(odd_text, inner, max_size=5)),
    max_leaves=20,
)


@st.composite
def tampered_positions(draw) -> str:
    kind = draw(st.integers(0, 6))
    scenario = draw(st.sampled_from(sorted(scenarios())))
    if kind == 0:
        return json.dumps(draw(json_values))
    if kind == 1:  # a valid position with one field replaced
        data = json.loads(Position(scenario=scenario, actions=tuple(scenarios()[scenario].actions)).to_json())
        data[draw(st.sampled_from(["v", "scenario", "actions", "setup", "x"]))] = draw(json_values)
        return json.dumps(data)
    if kind in (2, 3):  # a scenario's setup, tampered: monsters, cards, dice, seed, options ...
        setup = scenarios()[scenario].setup.to_dict()
        target = setup
        for _ in range(draw(st.integers(1, 3))):
            if isinstance(target, dict) and target:
                key = draw(st.sampled_from(sorted(target)))
                if isinstance(target[key], dict | list) and target[key] and draw(st.booleans()):
                    target = target[key]
                    continue
                target[key] = draw(json_values)
            elif isinstance(target, list) and target:
                index = draw(st.integers(0, len(target) - 1))
                if isinstance(target[index], dict | list) and target[index] and draw(st.booleans()):
                    target = target[index]
                    continue
                target[index] = draw(json_values)
        actions = draw(st.lists(st.sampled_from(ACTION_CODES), max_size=6))
        return json.dumps({"v": 1, "setup": setup, "actions": actions})
    if kind == 4:  # deep nesting, huge numbers, long lists
        depth = draw(st.integers(1, 200_000))
        return draw(st.sampled_from(["[" * depth, "{\"a\":" * depth, "[" * depth + "]" * depth,
                                     '{"v": 1, "scenario": "yielding", "actions": ' + '["roll"]' * 2 + "}",
                                     '{"v": 1e999, "scenario": "yielding", "actions": []}',
                                     '{"v": 1, "scenario": "yielding", "actions": ["roll"' + ', "end"' * 5000 + "]}"]))
    if kind == 5:
        return draw(st.one_of(odd_text, overlong))
    return draw(st.binary(max_size=200)).decode("latin-1")


@fuzz(500)
@example(body="[" * 100_000, lang="ja", htmx=False)  # once a 500: RecursionError in json.loads
@example(body='{"v": 1, "setup": {"monsters": [{"id": []}, "the-king"]}, "actions": []}', lang="en", htmx=False)
@given(body=tampered_positions(), lang=st.sampled_from(LANGS), htmx=st.booleans())
def test_share_survives_tampered_bodies(loose, body, lang, htmx):
    send(loose, "POST", f"/{lang}/sandbox/share/", data={"position": body},
         headers={"HX-Request": "true"} if htmx else {})


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_share_survives_odd_encodings_and_sizes(lang):
    client = Client(raise_request_exception=False)
    path = f"/{lang}/sandbox/share/"
    valid = example_position().to_json()
    send(client, "POST", path, data=json.dumps({"position": valid}).encode(), content_type="application/json")
    send(client, "POST", path, data=b"--x\r\nbroken", content_type="multipart/form-data; boundary=x")
    send(client, "POST", path, data=b"position=%ff%fe%00", content_type="application/x-www-form-urlencoded")
    send(client, "POST", path, data=("position=" + "x" * 3_000_000).encode(),
         content_type="application/x-www-form-urlencoded")  # past DATA_UPLOAD_MAX_MEMORY_SIZE
    send(client, "POST", path, data=("&".join(["position=1"] * 1500)).encode(),
         content_type="application/x-www-form-urlencoded")  # past DATA_UPLOAD_MAX_NUMBER_FIELDS
    send(client, "POST", path, data={"position": [valid, "{}"]})


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_damaged_stored_positions_get_a_clear_4xx(lang):
    # A stored step that is no longer legal is not damage: it opens before that step with a notice
    # (test_serving.py::test_f10_a_step_that_is_no_longer_legal_opens_before_it_with_a_notice).
    client = Client(raise_request_exception=False)
    rows = {
        "damagedjson1": "{",
        "damagedvers1": '{"v": 99, "actions": [], "scenario": "yielding"}',
        "damagedscen1": '{"v": 1, "actions": [], "scenario": "no-such-scenario"}',
        "damagedsetp1": '{"v": 1, "actions": [], "setup": {"monsters": "x"}}',
        "damageddeep1": "[" * 100_000,
        "damagedlist1": "[]",
    }
    for pk, stored in rows.items():
        SharedPosition.objects.create(pk=pk, data=stored)
        assert 400 <= send(client, "GET", f"/{lang}/p/{pk}/").status_code < 500
        for query in ("n=0", "n=1", "a=roll", "a=roll&do=resolve"):
            send(client, "GET", f"/{lang}/p/{pk}/", query)


# ------------------------------------------------------------------ learn and the resolver


@st.composite
def lesson_queries(draw):
    lesson_id = draw(st.sampled_from(sorted(lessons())))
    pairs: list[tuple[str, str]] = []
    if draw(st.booleans()):
        pairs.append(("a", draw(st.one_of(codes, values))))
    if draw(st.integers(0, 3)):
        pairs.append(("do", draw(st.one_of(st.sampled_from(ACTION_CODES), values))))
    pairs += [("keep", k) for k in draw(st.lists(st.one_of(st.integers(-1, 8).map(str), values), max_size=4))]
    for key in ("seed", "hints", "log"):
        if draw(st.booleans()):
            pairs.append((key, draw(st.one_of(unicode_digits, st.sampled_from(["1", "0", "all", "true"]), values))))
    pairs += draw(st.lists(st.tuples(st.sampled_from(["a", "do", "seed", "x"]), values), max_size=2))
    return lesson_id, urlencode(pairs)


@fuzz(300)
@example(request=("bay", "seed=%C2%B2"), lang="ja", htmx=False)
@given(request=lesson_queries(), lang=st.sampled_from(LANGS), htmx=st.booleans())
def test_lessons_survive_tampered_steps(client, request, lang, htmx):
    lesson_id, query = request
    send(client, "GET", f"/{lang}/learn/{lesson_id}/", query, headers={"HX-Request": "true"} if htmx else {})


SEAT_VALUES = {
    "monster": lambda: st.sampled_from(list(data.monsters())),
    "place": lambda: st.sampled_from(["outside", "city", "bay"]),
    "life": lambda: st.integers(-2, 14).map(str),
    "vp": lambda: st.integers(-1, 101).map(str),
    "energy": lambda: st.integers(-1, 1001).map(str),
    "poison": lambda: st.integers(-1, 13).map(str),
    "shrink": lambda: st.integers(-1, 13).map(str),
    "smoke": lambda: st.integers(-1, 4).map(str),
    "cards": lambda: st.sampled_from(list(library.cards("en"))),
    # the expansion modules' fields (they exist only when their module is ticked)
    "cultist": lambda: st.integers(-1, 16).map(str),
    "wickedness": lambda: st.integers(-1, 11).map(str),
    "berserk": lambda: st.sampled_from(["on", ""]),
    "beast": lambda: st.sampled_from(["on", ""]),
    "tiles": lambda: st.sampled_from(["barbs", "devious", "eternal", "skybeam", "nope"]),
    "hand": lambda: st.sampled_from(["radioactive-waste", "heat-vision", "mouse-hunter", "chest-thumping", "nope"]),
    "evolutions": lambda: st.sampled_from(["heat-vision", "radioactive-waste", "alpha-male", "nope"]),
}
RESOLVER_OPTIONS = ["two-player", "five-card-market", "costumes", "cultists", "tokyo-tower", "berserk",
                    "transformation", "wickedness", "curses", "evolutions", "mutant-draft"]
RESOLVER_TABLE = {
    "tower-bottom": lambda: st.sampled_from(["", *data.monsters()]),
    "tower-middle": lambda: st.sampled_from(["", *data.monsters()]),
    "curse": lambda: st.sampled_from(["", "set-storm", "hotep-peace", "bow-before-ra", "nope"]),
    "scarab": lambda: st.sampled_from(["", *data.monsters()]),
    "tile-sides": lambda: st.sampled_from(["random", "orange", "green"]),
    "die-berserk": lambda: st.sampled_from(["", "berserk:smash", "berserk:skull", "fate:ankh"]),
    "die-fate": lambda: st.sampled_from(["", "fate:horus", "fate:ankh", "fate:river", "smash"]),
}


@st.composite
def resolver_fields(draw) -> list[tuple[str, str]]:
    """A table as the form sends it: mostly valid choices, some out of range, unknown or junk."""
    def maybe(valid):
        return draw(st.one_of(valid, valid, valid, values))

    count = draw(st.one_of(st.integers(2, 6), st.integers(-1, 9)))
    pairs = [("monsters", maybe(st.just(str(count))))]
    for seat in range(1, max(0, min(count, 8)) + 1):
        for name, valid in SEAT_VALUES.items():
            if draw(st.integers(0, 9)):
                repeats = 2 if name in ("cards", "tiles", "hand", "evolutions") else 1
                pairs += [(f"m{seat}-{name}", maybe(valid())) for _ in range(repeats)]
    cards = st.sampled_from(["", *library.cards("en")])
    pairs += [(f"market{n}", maybe(cards)) for n in range(1, draw(st.integers(0, 6)) + 1)]
    pairs += [("options", maybe(st.sampled_from(RESOLVER_OPTIONS))) for _ in range(draw(st.integers(0, 4)))]
    pairs += [(name, maybe(valid())) for name, valid in RESOLVER_TABLE.items() if draw(st.integers(0, 2))]
    pairs += [("turn", maybe(st.sampled_from(list(data.monsters())))),
              ("step", maybe(st.sampled_from(["start", "roll", "rolled"]))),
              ("rerolls", maybe(st.integers(-1, 4).map(str)))]
    pairs += [(f"die{n}", maybe(st.sampled_from(["", *FACES]))) for n in range(1, draw(st.integers(0, 9)) + 1)]
    if draw(st.integers(0, 4)) == 0:
        pairs.append(("update", "1"))
    pairs += draw(st.lists(st.tuples(odd_text, values), max_size=2))
    return pairs


@fuzz(60)  # a resolver form takes ~100 ms to render: fewer examples, the same coverage of its fields
@given(fields=resolver_fields(), lang=st.sampled_from(LANGS), htmx=st.booleans(), post=st.booleans())
def test_the_resolver_survives_any_table(loose, fields, lang, htmx, post):
    headers = {"HX-Request": "true"} if htmx else {}
    if post:
        body = urlencode(fields).encode()
        send(loose, "POST", f"/{lang}/resolve/", data=body, headers=headers,
             content_type="application/x-www-form-urlencoded")
    else:
        send(loose, "GET", f"/{lang}/resolve/", urlencode(fields), headers=headers)


EDIT_NAMES = ["n", "count", "flag", "place", "card", "uncard", "list", "unlist", "choice", "option", "monster",
              "monsters", "turn", "step", "die", "keep", "rerolls", "market", "unmarket", "undo", "enter", "position"]
EDIT_ARGS = ["0", "1", "5", "-1", "99", "+1", "-1", "life", "vp", "energy", "poison", "cultist", "berserk", "beast",
             "city", "bay", "smash", "heart", "fate:ankh", "berserk:skull", "tiles", "hand", "evolutions", "curses",
             "wickedness", "tokyo-tower", "tower-bottom", "curse", "scarab", "tile-sides", "", "x"]
edit_codes = st.one_of(
    st.builds(lambda name, args: ":".join([name, *args]), st.sampled_from(EDIT_NAMES),
              st.lists(st.sampled_from(EDIT_ARGS), max_size=4)),
    odd_text, overlong,
)
edit_values = st.one_of(st.sampled_from(["Even Bigger", "鎧の装甲", "gigazaur", "the-king", "rolled", "start", "x",
                                         "set-storm", "orange", "Alien Metabolism", ""]), odd_text, overlong)


@fuzz(60)
@given(edits=st.lists(st.tuples(edit_codes, edit_values), min_size=1, max_size=6), lang=st.sampled_from(LANGS),
       options=st.lists(st.sampled_from(RESOLVER_OPTIONS), max_size=4), htmx=st.booleans(), tamper=st.booleans())
def test_the_editor_survives_any_edit(loose, edits, lang, options, htmx, tamper):
    """A chain of edits, each on the state the last one answered (a tampered state now and then)."""
    import re as regex

    headers = {"HX-Request": "true"} if htmx else {}
    page = loose.get(f"/{lang}/resolve/", {"monsters": "5", "options": options, "step": "rolled"})
    state = regex.search(r'name="state" value="([^"]+)"', page.content.decode()).group(1)
    for edit, value in edits:
        body = urlencode({"state": state[:-2] if tamper else state, "edit": edit, f"value-{edit}": value}).encode()
        response = send(loose, "POST", f"/{lang}/resolve/", data=body, headers=headers,
                        content_type="application/x-www-form-urlencoded")
        found = regex.search(r'name="state" value="([^"]+)"', response.content.decode())
        if found:
            state = found.group(1)


# ------------------------------------------------------------------ search and cards

search_text = st.one_of(odd_text, overlong, st.sampled_from(['"', "NEAR(", "a*", "a OR b", "-", "^", "( )", "'",
                                                             "回", "ﾄｰｷｮｰ", "ＨＥＡＬ", "%", "_", "\\", "title_norm:x",
                                                             "x" * 100, "x" * 101, "回" * 101]))


@fuzz(400)
@given(q=search_text, lang=st.sampled_from(LANGS), headers=headers_st, extra=st.booleans())
def test_search_survives_any_query(client, q, lang, headers, extra):
    query = urlencode([("q", q)] + ([("q", "second")] if extra else []))
    send(client, "GET", f"/{lang}/search/", query, headers=headers)


@fuzz(200)
@given(
    pairs=st.lists(st.tuples(st.sampled_from(["type", "cost", "page", "x"]),
                             st.one_of(st.sampled_from(["keep", "discard", "2-3", "4-5", "6-8", "KEEP", "4-"]),
                                       values)), max_size=5),
    lang=st.sampled_from(LANGS),
)
def test_card_filters_survive_any_value(client, pairs, lang):
    send(client, "GET", f"/{lang}/cards/", urlencode(pairs))


def test_routes_cover_every_view():
    """The route walk finds the views that exist now (and so any added later)."""
    found = {route for _, route in routes()}
    for expected in ("rules/<slug:section_id>/", "sandbox/share/", "p/<slug:position_id>/", "search/", "cards/"):
        assert expected in found
