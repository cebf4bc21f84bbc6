"""The sandbox: positions replayed on every request, controls equal to the engine's legal actions, shared links."""

import random
import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.utils import translation

from kotguide.content.scenarios import scenarios
from kotguide.engine import legal_actions, replay
from kotguide.sandbox.models import SharedPosition
from kotguide.sandbox.position import MAX_ACTIONS, Position

BASE = "/en/sandbox/yielding/"


def html_of(response):
    return unescape(response.content.decode())


def test_index_lists_every_scenario(client):
    html = html_of(client.get("/ja/sandbox/"))
    for scenario_id in scenarios():
        assert f'href="/ja/sandbox/{scenario_id}/"' in html


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_scenario_page_shows_the_table_in_the_readers_language(client, lang):
    html = html_of(client.get(f"/{lang}/sandbox/yielding/?a=roll"))
    assert ("ギガザウルス" if lang == "ja" else "Gigazaur") in html
    assert ("トーキョーシティ" if lang == "ja" else "Tokyo City") in html
    assert 'name="keep"' in html  # the dice can be kept or released
    assert 'value="resolve"' in html


def test_a_control_plays_the_action_and_redirects_to_the_new_address(client):
    response = client.get(BASE, {"a": "roll", "do": "resolve"})
    assert response.status_code == 302
    assert parse_qs(urlsplit(response["Location"]).query) == {"a": ["roll resolve"]}


def test_reroll_form_rerolls_the_dice_not_ticked(client):
    response = client.get(BASE, {"a": "roll", "do": "reroll", "keep": ["0", "1", "2"]})
    assert parse_qs(urlsplit(response["Location"]).query) == {"a": ["roll reroll:3.4.5"]}


def test_keeping_every_die_is_refused_with_a_message(client):
    response = client.get("/ja/sandbox/yielding/", {"a": "roll", "do": "reroll", "keep": list("012345")})
    assert response.status_code == 400
    assert "振り直すダイスを少なくとも1つ選んでください" in html_of(response)


def test_htmx_step_answers_with_changed_regions_and_pushes_the_address(client):
    response = client.get(BASE, {"a": "roll", "do": "resolve"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["HX-Push-Url"] == "/en/sandbox/yielding/?a=roll+resolve"
    html = html_of(response)
    assert "<html" not in html
    assert 'id="sb-log"' in html and 'hx-swap-oob="true"' in html
    assert 'id="sb-market"' not in html  # the market did not change


@pytest.mark.parametrize(
    ("query", "lang", "message"),
    [
        ({"a": "roll resolve roll"}, "en", "Step 3 of this position is not allowed"),
        ({"a": "roll <script>"}, "en", "This sandbox address is damaged"),
        ({"a": "roll resolve roll"}, "ja", "この局面の3手目は"),
        ({"a": " ".join(["roll"] * (MAX_ACTIONS + 1))}, "en", "more than 1000 actions"),
    ],
)
def test_a_bad_position_gets_a_clear_400_in_the_readers_language(client, query, lang, message):
    response = client.get(f"/{lang}/sandbox/yielding/", query)
    assert response.status_code == 400
    assert message in html_of(response)


def test_unknown_scenario_and_unknown_shared_position_are_404(client, db):
    assert client.get("/en/sandbox/no-such-scenario/").status_code == 404
    assert client.get("/en/p/nosuchid/").status_code == 404


def test_undo_and_restart_links(client):
    html = html_of(client.get(BASE, {"a": "roll resolve"}))
    assert 'href="/en/sandbox/yielding/?a=roll"' in html
    assert f'href="{BASE}"' in html


def test_log_lines_link_to_the_rule_that_caused_them(client):
    html = html_of(client.get(BASE, {"a": "roll resolve"}))
    assert "The King loses 3 life to Gigazaur's smash." in html
    assert 'class="log-rule" href="/en/rules/smash/"' in html


@pytest.mark.django_db
def test_share_stores_the_position_under_its_content_address(client):
    position = Position(scenario="yielding", actions=("roll", "resolve"))
    first = client.post("/en/sandbox/share/", {"position": position.to_json()})
    second = client.post("/ja/sandbox/share/", {"position": position.to_json()})
    # stored with a copy of the scenario's setup, under the hash of what is stored
    pinned = SharedPosition.pinned(position)
    assert pinned.setup == scenarios()["yielding"].setup.to_dict()
    assert first["Location"] == f"/en/p/{pinned.id}/"
    assert second["Location"] == f"/ja/p/{pinned.id}/"
    assert SharedPosition.objects.get().data == pinned.to_json()
    for lang in ("ja", "en"):
        html = html_of(client.get(f"/{lang}/p/{pinned.id}/"))
        assert 'value="stay"' in html and 'value="yield"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    "posted",
    ["{", '{"v": 99, "scenario": "yielding", "actions": []}', '{"v": 1, "scenario": "yielding", "actions": ["end"]}',
     '{"v": 1, "scenario": "nope", "actions": []}', '[1, 2]', ""],
)
def test_share_refuses_tampered_positions_and_stores_nothing(client, posted):
    response = client.post("/en/sandbox/share/", {"position": posted})
    assert 400 <= response.status_code < 500
    assert SharedPosition.objects.count() == 0


@pytest.mark.django_db
def test_a_long_position_is_stored_instead_of_riding_in_the_address(client):
    scenario = scenarios()["tokyo-bay"]  # six monsters: a long game
    state, actions = replay(scenario.setup, []).state, []
    while state.decision and len(" ".join(actions)) < 2100:  # the longest action each time: rerolls of every die
        actions.append(max((a.code for a in legal_actions(state)), key=lambda c: (c.startswith("reroll"), len(c))))
        state = replay(scenario.setup, actions).state
    assert state.decision, "the game must still be going"
    # the step form posts this close to the address's limit; only a POST stores (a GET never writes)
    response = client.post("/en/sandbox/tokyo-bay/", {"a": " ".join(actions[:-1]), "do": actions[-1]})
    assert response.status_code == 302
    assert re.fullmatch(r"/en/p/[a-z2-7]{26}/", response["Location"])
    stored = SharedPosition.objects.get()
    assert Position.from_json(stored.data).actions == tuple(actions)
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.django_db
def test_positions_stored_by_earlier_versions_still_open(client):
    fixtures = (Path(__file__).parent / "fixtures" / "positions-v1.jsonl").read_text()
    for row in fixtures.splitlines():
        position = Position.from_json(row)
        SharedPosition.objects.create(pk=position.id, data=row)
        assert client.get(f"/ja/p/{position.id}/").status_code == 200


def rendered_codes(html: str) -> tuple[set[str], bool]:
    """The action codes the page offers as buttons, and whether it offers the reroll form."""
    codes = set(re.findall(r'name="do" value="([a-z0-9:.\-]+)"', html))
    return codes - {"reroll"}, "reroll" in codes


def test_controls_equal_the_legal_actions_for_200_random_positions(client):
    rnd = random.Random(2026)
    catalogue = sorted(scenarios().values(), key=lambda s: s.id)
    checked = 0
    for scenario in [rnd.choice(catalogue) for _ in range(200)]:
        actions = list(scenario.actions[: rnd.randrange(len(scenario.actions) + 1)])
        state = replay(scenario.setup, actions).state
        for _ in range(rnd.randrange(12)):
            if not state.decision:
                break
            actions.append(rnd.choice(legal_actions(state)).code)
            state = replay(scenario.setup, actions).state
        page = html_of(client.get(f"/en/sandbox/{scenario.id}/", {"a": " ".join(actions)}))
        legal = {a.code for a in legal_actions(state)}
        next_step = re.search(r'<div class="next-step">.*?</div>', page, re.S)
        if next_step:  # the scenario's own next step, offered as a shortcut: legal too
            assert rendered_codes(next_step.group(0))[0] <= legal
            page = page.replace(next_step.group(0), "")
        buttons, reroll_form = rendered_codes(page)
        assert buttons == {c for c in legal if not c.startswith("reroll:")}, (scenario.id, actions)
        assert reroll_form == any(c.startswith("reroll:") for c in legal)
        if legal:
            code = rnd.choice(sorted(legal))
            if code.startswith("reroll:"):
                kept = [str(i) for i in range(len(state.dice)) if str(i) not in code[7:].split(".")]
                query = {"a": " ".join(actions), "do": "reroll", "keep": kept}
            else:
                query = {"a": " ".join(actions), "do": code}
            response = client.get(f"/en/sandbox/{scenario.id}/", query)
            expected = replay(scenario.setup, [*actions, code]).state
            played = parse_qs(urlsplit(response["Location"]).query).get("a", [""])[0].split()
            assert replay(scenario.setup, played).state == expected
        checked += 1
    assert checked >= 200


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_card_choices_are_worded_by_the_card(lang):
    from kotguide.sandbox.game import open_position
    from kotguide.sandbox.table import build

    rnd = random.Random(11)
    seen = set()
    for scenario in scenarios().values():
        if not scenario.id.startswith("card-"):
            continue
        actions = list(scenario.actions)
        for _ in range(40):
            game = open_position(Position(scenario=scenario.id, actions=tuple(actions)))
            with translation.override(lang):
                controls = build(game, lang, log_steps=0).controls
            for control in controls:
                if control.code.startswith("use:"):
                    seen.add(control.code.split(":")[1])
                    assert "{" not in control.label and "use:" not in control.label, control.label
                    assert not any("a" <= ch <= "z" for ch in control.label) if lang == "ja" else True, control.label
            legal = legal_actions(game.state)
            if not legal:
                break
            actions.append(rnd.choice(legal).code)
    assert len(seen) >= 8  # most cards that offer a choice were reached


def test_the_sandbox_page_groups_the_scenarios_by_rule_with_links_to_the_groups_first(client):
    html = client.get("/en/sandbox/").content.decode()
    jump = html[html.index('class="scenario-jump"'):html.index("</nav>", html.index('class="scenario-jump"'))]
    targets = re.findall(r'href="#([\w-]+)"', jump)
    assert targets[:4] == ["scenarios-goal", "scenarios-setup", "scenarios-turn-overview", "scenarios-tokyo"]
    assert targets[-1] == "demos" and all(f'id="{t}"' in html for t in targets)

    def group_of(scenario: str) -> str:
        at = html.index(f'href="/en/sandbox/{scenario}/"')
        return re.findall(r'<h3 id="scenarios-([\w-]+)"', html[:at])[-1]

    # a scenario sits under the top-level section of its first rule
    assert group_of("yielding") == "tokyo"  # Yielding Tokyo is part of Tokyo
    assert group_of("buying") == "turn-overview"  # buying is a step of the turn
    assert group_of("curses") == "modules"
