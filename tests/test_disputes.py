"""The dispute resolver: a table typed as it is opens in the sandbox at the disputed step, exactly; an impossible
table is refused with the reason beside the field, in the reader's language, keeping what was typed."""

import re

import pytest
from django.http import QueryDict
from django.test import Client

from kotguide.disputes.build import SETUP_MESSAGES, _place
from kotguide.disputes.forms import SeatInput, TableForm, TableInput, initial_from
from kotguide.disputes.presets import CARDS, FAQ, PRESETS, query
from kotguide.engine import InvalidSetup, replay
from kotguide.engine.errors import _SETUP_MESSAGES
from kotguide.sandbox.game import open_position
from kotguide.sandbox.models import SharedPosition
from kotguide.sandbox.position import Position

from .forms import errors_of, html_of, opened
from .purity import impure_blocks

pytestmark = pytest.mark.django_db


def form_data(prefill: str = "", **changes) -> dict[str, list[str]]:
    """What a browser sends for the form as first shown (fresh, or from a prefill address), with some fields
    changed (`m1_life="3"` changes `m1-life`; a list sets a repeated field)."""
    data = {}
    for name, value in TableForm(initial=initial_from(QueryDict(prefill.lstrip("?")))).initial.items():
        data[name] = value if isinstance(value, list) else [value]
    for name, value in changes.items():
        data[name.replace("_", "-")] = value if isinstance(value, list) else [value]
    return data


def state_of(position: Position):
    return open_position(position).state


KING_HIT = {  # Gigazaur, outside, has rolled three smashes at The King in Tokyo City (Cyber Kitty watches)
    "monsters": "3", "m1_monster": "gigazaur", "m2_monster": "the-king", "m2_place": "city",
    "m3_monster": "cyber-kitty", "turn": "gigazaur", "step": "rolled",
    "die1": "smash", "die2": "smash", "die3": "smash", "die4": "1", "die5": "2", "die6": "heart",
}


# --- the page -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_form_labels_every_field_in_the_readers_language(client, lang):
    response = client.get(f"/{lang}/resolve/")
    assert response.status_code == 200
    html = html_of(response)
    assert ("もめた場面を裁定する" if lang == "ja" else "Settle a dispute") in html
    ids = set(re.findall(r'<(?:input|select)[^>]*\bid="(f-[^"]+)"', html))
    assert len(ids) > 100  # 4 monsters with their cards, the market, options, turn, step, 8 dice, rerolls
    labelled = set(re.findall(r'<label[^>]*\bfor="(f-[^"]+)"', html))
    assert ids <= labelled
    assert 'method="post"' in html and "csrfmiddlewaretoken" in html
    assert "<script>" not in html and " style=" not in html and "<style" not in html  # the CSP allows neither
    assert impure_blocks(html, lang, {"kotguide", "King of Tokyo", "IELLO", "Richard Garfield", "VP"}) == []


def test_the_prefill_address_uses_the_form_field_names(client):
    html = html_of(client.get("/en/resolve/" + query("card", "it-has-a-child")))
    assert re.search(r'name="m2-life" value="2"', html)
    assert re.search(r'<option value="city" selected>Tokyo City</option>', html)
    assert re.search(r'name="m2-cards" value="it-has-a-child"[^>]*checked', html)
    assert re.search(r'<select name="die3"[^>]*>.*?<option value="smash" selected>', html, re.S)
    assert re.search(r'name="step" value="rolled"[^>]*checked', html)


def test_the_language_switch_keeps_the_prefill(client):
    html = html_of(client.get("/en/resolve/" + query("faq", "heal-in-tokyo")))
    assert re.search(r'class="lang-switch" href="/ja/resolve/\?monsters=3&m1-monster=the-king', html)


# --- opening a table ------------------------------------------------------------------------------------------
def test_a_table_opens_at_the_step_exactly_as_typed(client):
    data = form_data(
        "?monsters=5", m1_monster="gigazaur", m1_life="7", m1_vp="12", m1_energy="4", m1_cards=["herbivore"],
        m2_monster="the-king", m2_place="city", m2_life="12", m2_cards=["even-bigger", "armor-plating"],
        m3_monster="cyber-kitty", m3_place="bay", m3_poison="2", m3_shrink="1", m3_cards=["smoke-cloud"], m3_smoke="2",
        m4_monster="alienoid", m5_monster="space-penguin", m5_energy="31",
        market1="energize", market2="wings", options=["five-card-market"], market5="jets",
        turn="gigazaur", step="rolled", rerolls="0",
        die1="smash", die2="smash", die3="3", die4="3", die5="3", die6="heart",
    )
    position = opened(client.post("/en/resolve/", data))
    state = state_of(position)
    typed = {
        "gigazaur": (7, 10, 12, 4, "outside", ["herbivore"], {}),
        "the-king": (12, 12, 0, 0, "city", ["even-bigger", "armor-plating"], {}),
        "cyber-kitty": (10, 10, 0, 0, "bay", ["smoke-cloud"], {"poison": 2, "shrink": 1, "smoke": 2}),
        "alienoid": (10, 10, 0, 0, "outside", [], {}),
        "space-penguin": (10, 10, 0, 31, "outside", [], {}),
    }
    assert [m.id for m in state.monsters] == list(typed)
    for m in state.monsters:
        assert (m.life, m.max_life, m.vp, m.energy, m.location, m.cards, m.tokens) == typed[m.id]
    assert state.active_monster.id == "gigazaur"
    assert state.dice == ["smash", "smash", "3", "3", "3", "heart"]
    assert state.decision.kind == "resolve" and state.rolls_left == 0
    assert state.market[:2] == ["energize", "wings"] and "jets" in state.market and len(state.market) == 5
    # No reroll left: the position says so, and nothing was played to get there.
    assert position.actions == () and position.setup["turn"]["rerolls"] == 0
    assert client.get(f"/en/p/{position.id}/").status_code == 200


def test_the_same_table_gets_the_same_address_in_both_languages(client):
    first = client.post("/en/resolve/", form_data(**KING_HIT))
    second = client.post("/ja/resolve/", form_data(**KING_HIT))
    assert first["Location"].removeprefix("/en") == second["Location"].removeprefix("/ja")
    assert SharedPosition.objects.count() == 1


@pytest.mark.parametrize(("rerolls", "decision"), [("2", "reroll"), ("1", "reroll"), ("0", "resolve")])
def test_rerolls_left_are_part_of_the_position(client, rerolls, decision):
    position = opened(client.post("/en/resolve/", form_data(**KING_HIT, rerolls=rerolls)))
    assert position.actions == ()  # the engine opens the turn with the dice on the table: nothing is replayed
    assert position.setup["turn"] == {"step": "rolled", "dice": ["smash", "smash", "smash", "1", "2", "heart"],
                                      "rerolls": int(rerolls)}
    state = state_of(position)
    assert state.decision.kind == decision and state.rolls_left == int(rerolls)
    assert state.dice == ["smash", "smash", "smash", "1", "2", "heart"]


def test_giant_brain_gives_a_third_reroll(client):
    position = opened(client.post("/en/resolve/", form_data(**KING_HIT, m1_cards=["giant-brain"], rerolls="3")))
    assert state_of(position).rolls_left == 3


def test_at_the_start_step_the_start_of_the_turn_happens_in_the_sandbox(client):
    data = form_data(monsters="2", m1_monster="the-king", m1_place="city", m1_vp="5", m2_monster="gigazaur",
                     turn="the-king", step="start")
    position = opened(client.post("/en/resolve/", data))
    assert position.actions == ()
    assert state_of(position).monster("the-king").vp == 7  # +2 for starting the turn in Tokyo
    html = html_of(client.get(f"/en/p/{position.id}/"))
    assert "The King starts the turn in Tokyo: +2 VP." in html


@pytest.mark.parametrize("step", ["roll", "rolled"])
def test_after_the_start_the_typed_numbers_are_the_position(client, step):
    data = form_data(monsters="2", m1_monster="the-king", m1_place="city", m1_vp="5", m2_monster="gigazaur",
                     turn="the-king", step=step, die1="heart", die2="heart", die3="heart", die4="1", die5="2",
                     die6="3")
    position = opened(client.post("/en/resolve/", data))
    assert position.setup["monsters"][0]["vp"] == 5 and position.setup["turn"]["step"] == step
    state = state_of(position)
    assert state.monster("the-king").vp == 5  # the 2 VP for starting in Tokyo are already in the typed 5
    assert state.dice == (["heart", "heart", "heart", "1", "2", "3"] if step == "rolled" else [])


def test_a_start_of_turn_gain_is_not_solved_back(client):
    # 1 VP before the first roll, in Tokyo: the table says so (it may have lost VP before); nothing is worked back
    data = form_data(monsters="2", m1_monster="the-king", m1_place="city", m1_vp="1", m2_monster="gigazaur",
                     turn="the-king", step="roll")
    assert state_of(opened(client.post("/en/resolve/", data))).monster("the-king").vp == 1


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_disputed_smash_resolves_by_the_rules(client, lang):
    """An occupant at 2 life, holding Armor Plating, takes 3 smash: the card ignores only a loss of exactly 1."""
    position = opened(client.post(f"/{lang}/resolve/", form_data(**KING_HIT, m2_life="2", m2_cards=["armor-plating"])))
    after = replay(open_position(position).replay.setup, [*position.actions, "resolve"]).state
    assert not after.monster("the-king").alive
    assert after.monster("gigazaur").location == "city"
    html = html_of(client.get(f"/{lang}/p/{position.id}/", {"a": "resolve"}))
    eliminated = "ザ・キングは脱落しました。" if lang == "ja" else "The King is eliminated."
    assert re.search(re.escape(eliminated) + rf'\s*<a class="log-rule" href="/{lang}/rules/elimination/">', html)


# --- refusing a table -----------------------------------------------------------------------------------------
IMPOSSIBLE = [
    # (what is typed, the field beside which the reason is shown, the reason)
    ({"m2_place": "city", "m3_place": "city"}, "m3-place", "Alienoid is already in Tokyo City: only one monster"),
    ({"m4_place": "bay"}, "m4-place", "Tokyo Bay is used only with 5 or more monsters in the game; with 4"),
    ({"m1_life": "11"}, "m1-life", "11 is over the maximum life, 10"),
    ({"m1_life": "13", "m1_cards": ["even-bigger"]}, "m1-life", "Life is from 1 to the maximum"),
    ({"m1_life": "0"}, "m1-life", "Life is from 1 to the maximum"),
    ({"m2_monster": "space-penguin"}, "m2-monster", "Space Penguin is already at the table as monster 1"),
    ({"turn": "gigazaur"}, "turn", "Gigazaur is not at the table"),
    ({"options": ["two-player"]}, "options", "The two-player variant needs exactly 2 monsters."),
    ({"market1": "armor-plating", "market2": "armor-plating"}, "market2", "Armor Plating is on the table 2 times"),
    ({"m1_cards": ["wings"], "market1": "wings"}, "market1", "Wings is on the table 2 times, but the game has 1."),
    ({"m1_poison": "7", "m3_poison": "6"}, "m3-poison", "The game has only 12 of these tokens"),
    ({"m2_smoke": "2"}, "m2-smoke", "Smoke tokens sit on Smoke Cloud, which this monster does not hold."),
    ({"m2_cards": ["smoke-cloud"]}, "m2-smoke", "Smoke Cloud is discarded when its last Smoke token is spent"),
    ({"m2_smoke": "4", "m2_cards": ["smoke-cloud"]}, "m2-smoke", "From 0 to 3: Smoke Cloud comes with 3."),
    ({"market4": "jets"}, "market4", "Slots 4 and 5 are used only with the five-card market."),
    ({"m1_vp": "20"}, "m1-vp", "would already have won"),
    ({"m1_vp": "100"}, "m1-vp", "VP are from 0 to 99."),
    ({"m1_energy": "-1"}, "m1-energy", "Energy is from 0 to 999."),
    ({"m1_life": "abc"}, "m1-life", "Enter a whole number, such as 3."),
    ({"m1_life": ""}, "m1-life", "Enter a number."),
    ({"m1_monster": "godzilla"}, "m1-monster", "Choose one of the listed values."),
    ({"m1_cards": ["heal"]}, "m1-cards", "Choose Keep cards from the list."),
    ({"step": "rolled"}, "die1", "Choose the face of each die on the table."),
    ({"step": "rolled", "die1": "smash", "die2": "1", "die3": "1", "die4": "2", "die5": "2"}, "die6",
     "Space Penguin rolls 6 dice here"),
    ({"step": "rolled", **{f"die{n}": "3" for n in range(1, 8)}}, "die7", "Space Penguin rolls 6 dice here"),
    ({"step": "rolled", "rerolls": "3", **{f"die{n}": "3" for n in range(1, 7)}}, "rerolls",
     "Space Penguin has only 2 rerolls this turn."),
]


@pytest.mark.parametrize(("changes", "field", "reason"), IMPOSSIBLE)
def test_an_impossible_table_is_refused_beside_the_field_keeping_what_was_typed(client, changes, field, reason):
    response = client.post("/en/resolve/", form_data(**changes))
    assert response.status_code == 400
    errors = errors_of(response)
    assert reason in errors.get(field, ""), errors
    html = html_of(response)
    assert re.search(rf'id="f-{field}(?:_0)?"|aria-describedby="[^"]*f-{field}_error', html)
    assert re.search(rf'aria-describedby="[^"]*\bf-{field}_error\b', html)  # the message is linked to its field
    assert f'<a href="#f-{field}' in html  # and listed at the top
    for name, value in changes.items():
        if isinstance(value, str) and value and name.replace("_", "-").startswith(("m1-life", "m1-vp", "m1-energy")):
            assert f'value="{value}"' in html
    assert SharedPosition.objects.count() == 0


def test_every_problem_of_the_table_is_shown_at_once(client):
    response = client.post("/en/resolve/", form_data(
        m1_life="11", m2_vp="abc", m2_place="city", m3_place="city", market1="jets", market2="jets", turn="gigazaur"))
    assert set(errors_of(response)) == {"m1-life", "m2-vp", "m3-place", "market2", "turn"}
    assert 'value="abc"' in html_of(response)


def test_life_up_to_12_with_even_bigger(client):
    opened(client.post("/en/resolve/", form_data(m1_life="12", m1_cards=["even-bigger"])))


def test_extra_head_rolls_seven_dice(client):
    data = form_data(m1_cards=["extra-head"], step="rolled", **{f"die{n}": "3" for n in range(1, 8)})
    assert state_of(opened(client.post("/en/resolve/", data))).dice == ["3"] * 7


@pytest.mark.parametrize(
    ("changes", "field", "reason"),
    [
        ({"m2_place": "city", "m3_place": "city"}, "m3-place", "トーキョーシティにはすでにエイリアノイドがいます。"),
        ({"m1_life": "11"}, "m1-life", "11はライフの上限10を超えています。"),
        ({"m4_place": "bay"}, "m4-place", "トーキョーベイを使うのはモンスターが5体以上いるときだけです。"),
        ({"m1_life": "x"}, "m1-life", "3のような整数を入力してください。"),
    ],
)
def test_reasons_are_in_the_readers_language(client, changes, field, reason):
    response = client.post("/ja/resolve/", form_data(**changes))
    assert reason in errors_of(response)[field]
    assert impure_blocks(html_of(response), "ja", {"kotguide", "King of Tokyo", "IELLO", "Richard Garfield"}) == []


def test_every_engine_setup_code_has_a_message_for_the_reader():
    assert set(_SETUP_MESSAGES) <= set(SETUP_MESSAGES)


@pytest.mark.parametrize(
    ("error", "field"),
    [
        (InvalidSetup("players", count=7), "monsters"),
        (InvalidSetup("unknown-monster", monster="gigazaur"), "m1-monster"),
        (InvalidSetup("bad-location", monster="the-king", location="moon"), "m2-place"),
        (InvalidSetup("bad-value", monster="the-king", field="tokens.poison", value=-1, reason="below 0"), "m2-poison"),
        (InvalidSetup("not-keep", monster="the-king", card="heal"), "m2-cards"),
        (InvalidSetup("unknown-card", card="nope"), None),
        (InvalidSetup("market-size", size=3, count=5), "market5"),
        (InvalidSetup("unknown-option", option="x"), "options"),
        (InvalidSetup("bad-face", face="7"), None),
        (InvalidSetup("unknown-key", key="x", where="the setup"), None),
    ],
)
def test_engine_reasons_go_beside_the_field_they_are_about(error, field):
    table = TableInput(
        seats=(SeatInput("gigazaur", 10, 0, 0, "outside"), SeatInput("the-king", 10, 0, 0, "city", ("heal",))),
        market={}, options=(), turn="gigazaur", step="start", dice={}, rerolls=2,
    )
    problem = _place(error.problems[0], table, "en")
    assert problem.field == field
    assert problem.message and "%(" not in problem.message


def test_a_post_without_the_csrf_token_is_refused():
    assert Client(enforce_csrf_checks=True).post("/en/resolve/", form_data()).status_code == 403


# --- redrawing the form ---------------------------------------------------------------------------------------
def test_update_redraws_for_another_number_of_monsters_keeping_what_was_typed(client):
    data = form_data(m1_life="3", m2_cards=["wings"], monsters="6")
    data["update"] = "1"
    response = client.post("/en/resolve/", data)
    assert response.status_code == 200
    html = html_of(response)
    assert 'id="f-m6-monster"' in html and 'errorlist' not in html
    assert 'name="m1-life" value="3"' in html
    assert re.search(r'name="m2-cards" value="wings"[^>]*checked', html)
    chosen = re.findall(r'<select name="m\d-monster"[^>]*>.*?<option value="([a-z-]+)" selected>', html, re.S)
    assert sorted(chosen) == sorted(["space-penguin", "alienoid", "cyber-kitty", "the-king", "gigazaur",
                                     "meka-dragon"])  # the new seats take the monsters not yet chosen


def test_update_to_fewer_monsters_drops_the_last_ones(client):
    data = form_data(monsters="2")
    data["update"] = "1"
    html = html_of(client.post("/en/resolve/", data))
    assert 'id="f-m2-monster"' in html and 'id="f-m3-monster"' not in html


def test_with_htmx_update_sends_only_the_form_and_shows_five_market_slots(client):
    data = form_data(options=["five-card-market"])
    data["update"] = "1"
    response = client.post("/en/resolve/", data, headers={"HX-Request": "true"})
    html = html_of(response)
    assert "<html" not in html and html.startswith('<form id="resolve-form"')
    assert 'id="f-market5"' in html
    assert 'id="f-market4"' not in html_of(client.get("/en/resolve/"))


# --- set this up ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "key"), [(k, key) for k, presets in PRESETS.items() for key in presets])
def test_every_preset_opens_in_the_sandbox(client, kind, key):
    position = opened(client.post("/en/resolve/", form_data(query(kind, key))))
    state = state_of(position)
    assert state.decision is not None
    if kind == "card":
        assert any(key in m.cards for m in state.monsters)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_card_pages_and_faq_entries_link_to_their_situation(client, lang):
    text = "この場面を裁定ページで再現する" if lang == "ja" else "Set this up in the dispute resolver"
    for card_id in CARDS:
        html = client.get(f"/{lang}/cards/{card_id}/").content.decode()
        url = f"/{lang}/resolve/" + query("card", card_id).replace("&", "&amp;")
        assert f'<a href="{url}">{text}</a>' in html, card_id
    heal = f"/{lang}/resolve/" + query("card", "heal").replace("&", "&amp;")  # no preset of its own: its everyday table
    assert f'<a href="{heal}">{text}</a>' in client.get(f"/{lang}/cards/heal/").content.decode()
    faq = client.get(f"/{lang}/faq/").content.decode()
    for key in FAQ:
        url = f"/{lang}/resolve/" + query("faq", key).replace("&", "&amp;")
        section = re.search(rf'<section class="faq-entry" id="{key}".*?</section>', faq, re.S).group(0)
        assert f'<a href="{url}">{text}</a>' in section, key
    assert faq.count(text) == len(FAQ)
