"""The dispute resolver with the expansion modules: each module's state, typed in the form, opens in the sandbox
exactly as typed (the expected values are written by hand); impossible values are refused beside their field in the
reader's language; a tampered post is a 400, never a 500."""

import re

import pytest
from django.utils import translation

from kotguide.disputes.build import _place
from kotguide.disputes.forms import SeatInput, TableInput
from kotguide.engine import InvalidSetup
from kotguide.engine.modules import tokyo_tower
from kotguide.engine.modules.curses import core as curses
from kotguide.engine.modules.evolutions import core as evolutions
from kotguide.sandbox.models import SharedPosition

from .forms import errors_of, html_of, opened
from .purity import impure_blocks
from .test_disputes import form_data, state_of

pytestmark = pytest.mark.django_db

ALL_MODULES = ["costumes", "cultists", "tokyo-tower", "berserk", "transformation", "wickedness", "curses", "evolutions"]
ROLLED = {"step": "rolled", "die1": "smash", "die2": "smash", "die3": "1", "die4": "1", "die5": "1", "die6": "heart"}


def table(options, **changes) -> dict[str, list[str]]:
    """Gigazaur (to play), The King and Cyber Kitty, all outside Tokyo at full life, with `options` ticked."""
    base = {"monsters": "3", "m1_monster": "gigazaur", "m2_monster": "the-king", "m3_monster": "cyber-kitty",
            "turn": "gigazaur", "options": list(options)}
    return form_data(**{**base, **changes})


def ja_or_pending(response_errors: dict, field: str, ja: str) -> None:
    """The reason in Japanese; until the lead translates a new message it is still in English (xfail)."""
    got = response_errors.get(field, "")
    if ja not in got and re.search(r"[A-Za-z]{3,} [A-Za-z]{2,}", got):
        pytest.xfail(f"awaiting the Japanese translation of {got!r}")
    assert ja in got, response_errors


# --- each module opens as typed ---------------------------------------------------------------------------------
def test_cultists_are_counted_on_each_monster(client):
    state = state_of(opened(client.post("/en/resolve/", table(["cultists"], m1_cultist="3", m3_cultist="15"))))
    assert [m.tokens for m in state.monsters] == [{"cultist": 3}, {}, {"cultist": 15}]


def test_a_berserk_monster_rolls_the_berserk_die_as_typed(client):
    data = table(["berserk"], m1_berserk="on", m2_berserk="on", die_berserk="berserk:2smash", rerolls="0", **ROLLED)
    position = opened(client.post("/en/resolve/", data))
    state = state_of(position)
    assert [m.tokens for m in state.monsters] == [{"berserk": 1}, {"berserk": 1}, {}]
    assert state.dice == ["smash", "smash", "1", "1", "1", "heart", "berserk:2smash"]
    assert state.rolls_left == 0 and state.decision.kind == "resolve"
    assert position.actions == () and position.setup["turn"]["rerolls"] == 0


def test_the_beast_side_is_a_token(client):
    state = state_of(opened(client.post("/en/resolve/", table(["transformation"], m2_beast="on"))))
    assert [m.tokens for m in state.monsters] == [{}, {"beast": 1}, {}]


def test_wickedness_gauges_tiles_held_and_the_sides_on_the_board(client):
    data = table(["wickedness"], m1_wickedness="7", m1_tiles=["barbs", "skulking"], m3_tiles=["eternal"],
                 m2_wickedness="2", tile_sides="green")
    state = state_of(opened(client.post("/en/resolve/", data)))
    assert [m.tokens for m in state.monsters] == [{"wickedness": 7}, {"wickedness": 2}, {}]
    assert [m.pieces for m in state.monsters] == [["tile-barbs", "tile-skulking"], [], ["tile-eternal"]]
    # tiles 1, 2 and 3 are held; the other seven lie green side up
    assert state.marks["wickedness:board"] == (
        "underdog", "defender-of-tokyo", "fluxling", "have-it-all", "sonic-boomer", "final-push", "starburst")


def test_evolution_hands_and_permanent_evolutions_in_play_with_no_initial_draw(client):
    data = table(["evolutions"], step="roll", m1_hand=["radioactive-waste", "primal-bellow"],
                 m1_evolutions=["heat-vision"], m2_evolutions=["mouse-hunter"], m3_hand=["chest-thumping"])
    state = state_of(opened(client.post("/en/resolve/", data)))
    assert state.decision.kind == "roll" and state.decision.monster == "gigazaur"  # nobody draws first
    assert evolutions.hand(state, 0) == ("radioactive-waste", "primal-bellow")
    assert evolutions.hand(state, 1) == ()
    assert evolutions.hand(state, 2) == ("chest-thumping",)  # after a Mutant draft a hand mixes the decks
    assert [m.pieces for m in state.monsters] == [["evo-heat-vision"], ["evo-mouse-hunter"], []]


def test_costumes_are_held_as_keep_cards_and_nothing_is_dealt(client):
    data = table(["costumes"], step="roll", m3_cards=["astronaut", "armor-plating"], market1="pirate")
    state = state_of(opened(client.post("/en/resolve/", data)))
    assert [m.cards for m in state.monsters] == [[], [], ["astronaut", "armor-plating"]]
    assert state.market[0] == "pirate"
    assert state.decision.kind == "roll" and state.decision.monster == "gigazaur"


def test_tokyo_tower_levels(client):
    state = state_of(opened(client.post("/en/resolve/", table(["tokyo-tower"], tower_bottom="the-king",
                                                              tower_middle="cyber-kitty"))))
    assert tokyo_tower.holders(state) == {"bottom": "the-king", "middle": "cyber-kitty", "top": None}


@pytest.mark.parametrize(("scarab", "holder"), [("", "cyber-kitty"), ("the-king", "the-king")])
def test_the_curse_in_force_and_the_scarab(client, scarab, holder):
    state = state_of(opened(client.post("/en/resolve/", table(["curses"], curse="set-storm", scarab=scarab))))
    assert curses.in_force(state) == "set-storm"
    assert curses.scarab_owner(state) == holder  # by default the monster that plays last: the one before Gigazaur


def test_the_die_of_fate_is_scripted_after_the_dice(client):
    data = table(["curses", "berserk"], curse="hotep-peace", m1_berserk="on", die_berserk="berserk:skull",
                 die_fate="fate:snake", **ROLLED)
    state = state_of(opened(client.post("/en/resolve/", data)))
    assert state.dice == ["smash", "smash", "1", "1", "1", "heart", "berserk:skull", "fate:snake"]
    assert state.decision.kind == "reroll" and state.rolls_left == 2


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Cultists", "Berserk", "Beast side", "Barbs", "Hotep's Peace", "Radioactive Waste", "Heat Vision",
            "Astronaut", "Tokyo Tower"]),
    ("ja", ["逆トゲ", "ホテプの平和", "放射性廃棄物", "宇宙飛行士"]),
])
def test_the_sandbox_shows_the_module_state(client, lang, words):
    data = table(ALL_MODULES, m1_cultist="2", m1_berserk="on", m2_beast="on", m1_wickedness="3", m1_tiles=["barbs"],
                 m1_hand=["radioactive-waste"], m1_evolutions=["heat-vision"], m3_cards=["astronaut"],
                 tower_bottom="the-king", curse="hotep-peace", step="roll")
    position = opened(client.post(f"/{lang}/resolve/", data))
    html = html_of(client.get(f"/{lang}/p/{position.id}/"))
    for word in words:
        assert word in html, word


def test_a_table_with_every_module_gets_the_same_address_in_both_languages(client):
    data = table(ALL_MODULES, m1_cultist="1", curse="hotep-peace", tile_sides="orange")
    first, second = client.post("/en/resolve/", data), client.post("/ja/resolve/", data)
    assert first["Location"].removeprefix("/en") == second["Location"].removeprefix("/ja")
    assert SharedPosition.objects.count() == 1


# --- the form ---------------------------------------------------------------------------------------------------
MODULE_FIELDS = {
    "cultists": ["m1-cultist"],
    "berserk": ["m1-berserk", "die-berserk"],
    "transformation": ["m1-beast"],
    "wickedness": ["m1-wickedness", "m1-tiles", "tile-sides"],
    "evolutions": ["m1-hand", "m1-evolutions"],
    "tokyo-tower": ["tower-bottom", "tower-middle"],
    "curses": ["curse", "scarab", "die-fate"],
}
EVERY_FIELD = [name for names in MODULE_FIELDS.values() for name in names]


def field_names(html: str) -> set[str]:
    return set(re.findall(r'\bname="([a-z0-9-]+)"', html))


@pytest.mark.parametrize("module", list(MODULE_FIELDS))
def test_module_fields_appear_only_when_their_module_is_ticked(client, module):
    plain = field_names(html_of(client.get("/en/resolve/")))
    assert not plain & set(EVERY_FIELD)
    ticked = field_names(html_of(client.get(f"/en/resolve/?options={module}")))
    assert ticked & set(EVERY_FIELD) == set(MODULE_FIELDS[module])
    for name in MODULE_FIELDS[module]:
        if name.startswith("m1-"):
            assert "m4-" + name.removeprefix("m1-") in ticked  # every monster has them


def test_every_module_but_the_mutant_draft_is_an_option(client):
    html = html_of(client.get("/en/resolve/"))
    offered = re.findall(r'name="options" value="([a-z-]+)"', html)
    assert offered == ["two-player", "five-card-market", *ALL_MODULES]
    assert "After the Mutant Evolution draft, tick Evolution cards" in html


def test_costumes_are_keep_cards_only_with_their_module(client):
    assert 'value="astronaut"' not in html_of(client.get("/en/resolve/"))
    html = html_of(client.get("/en/resolve/?options=costumes"))
    assert re.search(r'name="m1-cards" value="astronaut"', html)
    assert re.search(r'<select name="market1".*?<option value="astronaut">Astronaut</option>', html, re.S)


def test_update_shows_the_ticked_modules_fields_keeping_what_was_typed(client):
    data = table(["cultists", "wickedness"], m1_cultist="4", m2_tiles=["barbs"])
    data["update"] = "1"
    response = client.post("/en/resolve/", data)
    html = html_of(response)
    assert response.status_code == 200 and "errorlist" not in html
    assert 'name="m1-cultist" value="4"' in html
    assert re.search(r'name="m2-tiles" value="barbs"[^>]*checked', html)
    assert re.search(r'<summary>Wickedness tiles held: 1</summary>', html)


def test_with_htmx_ticking_a_module_redraws_the_form_with_its_fields(client):
    data = table(["tokyo-tower"])
    data["update"] = "1"
    html = html_of(client.post("/en/resolve/", data, headers={"HX-Request": "true"}))
    assert html.startswith('<form id="resolve-form"') and 'id="f-tower-bottom"' in html
    assert re.search(r'<option value="" selected>in the supply</option>', html)


def test_evolution_choices_follow_the_monsters_at_the_table(client):
    html = html_of(client.get("/en/resolve/?monsters=2&m1-monster=gigazaur&m2-monster=the-king&options=evolutions"))
    hand = re.findall(r'name="m1-hand" value="([a-z-]+)"', html)
    assert hand[:8] == ["detachable-tail", "radioactive-waste", "primal-bellow", "saurian-adaptability",
                        "defender-of-tokyo", "heat-vision", "gamma-breath", "tail-sweep"]  # its own deck first
    assert len(hand) == 16
    assert "Chest Thumping (The King)" in html
    in_play = re.findall(r'name="m1-evolutions" value="([a-z-]+)"', html)
    assert in_play == ["defender-of-tokyo", "heat-vision", "gamma-breath", "tail-sweep", "chest-thumping",
                       "alpha-male", "i-am-the-king", "twas-beauty-killed-the-beast"]  # permanent ones only
    assert re.search(r'<select name="m1-monster"[^>]*hx-post=', html)  # a new monster redraws its choices


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_module_names_are_in_the_readers_language(client, lang):
    html = html_of(client.get(f"/{lang}/resolve/?m1-monster=gigazaur&options=curses&options=wickedness"
                              "&options=evolutions"))
    if lang == "ja":
        assert "セトの嵐" in html and "逆トゲ" in html and "放射性廃棄物" in html
    else:
        assert "Set's Storm" in html and "Barbs" in html and "Radioactive Waste" in html


# --- refusing a table -------------------------------------------------------------------------------------------
IMPOSSIBLE = [
    # (modules, what is typed, field, the reason in English, in Japanese)
    (["cultists"], {"m1_cultist": "16"}, "m1-cultist", "Cultists are from 0 to 15.", "狂信者は0から15までです。"),
    (["wickedness"], {"m1_wickedness": "11"}, "m1-wickedness", "Wickedness is from 0 to 10.",
     "邪悪度は0から10までです。"),
    (["wickedness"], {"m1_tiles": ["barbs"], "m2_tiles": ["devious"]}, "m2-tiles",
     "Devious is a side of tile 1, which is already at the table",
     "狡猾はタイル1の面で、そのタイルはすでに卓にあります"),
    (["curses"], {"curse": ""}, "curse", "Choose one.", "1つ選んでください。"),
    (["curses"], {"curse": "set-storm", "scarab": "meka-dragon"}, "scarab",
     "Meka Dragon is not at the table: choose one of the monsters above.",
     "メカドラゴンは参加していません。上のモンスターから選んでください。"),
    (["tokyo-tower"], {"tower_bottom": "alienoid"}, "tower-bottom",
     "Alienoid is not at the table: choose one of the monsters above.",
     "エイリアノイドは参加していません。上のモンスターから選んでください。"),
    (["evolutions"], {"m1_hand": ["radioactive-waste"], "m2_hand": ["radioactive-waste"]}, "m2-hand",
     "Radioactive Waste is on the table 2 times, but the game has 1.",
     "放射性廃棄物が2枚置かれていますが、ゲームには1枚しかありません。"),
    (["berserk"], {"die_berserk": "berserk:smash", **ROLLED}, "die-berserk",
     "Only a berserk monster rolls the berserk die: tick Berserk for Gigazaur",
     "狂乱ダイスを振るのは狂乱モードのモンスターだけです。"),
    (["berserk"], {"m1_berserk": "on", **ROLLED}, "die-berserk",
     "Gigazaur is berserk: choose the face of the berserk die too.",
     "ギガザウルスは狂乱モードです。狂乱ダイスの目も選んでください。"),
    (["curses"], {"curse": "set-storm", **ROLLED}, "die-fate",
     "The die of fate is rolled with the dice every turn: choose its face too.",
     "運命のダイスは毎ターンダイスと一緒に振ります。その目も選んでください。"),
    (["berserk"], {"m1_berserk": "on", "die_berserk": "berserk:smash", "step": "roll"}, "die1",
     "Choose the face of each die on the table.", None),
]


@pytest.mark.parametrize(("modules", "changes", "field", "en", "ja"), IMPOSSIBLE)
def test_an_impossible_module_state_is_refused_beside_the_field(client, modules, changes, field, en, ja):
    response = client.post("/en/resolve/", table(modules, **changes))
    assert response.status_code == 400
    assert en in errors_of(response).get(field, ""), errors_of(response)
    assert f'<a href="#f-{field}' in html_of(response)  # listed at the top too
    assert SharedPosition.objects.count() == 0
    if ja is None:
        return
    response = client.post("/ja/resolve/", table(modules, **changes))
    assert response.status_code == 400
    ja_or_pending(errors_of(response), field, ja)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_form_with_every_module_is_in_one_language(client, lang):
    html = html_of(client.get(f"/{lang}/resolve/?" + "&".join(f"options={m}" for m in ALL_MODULES)))
    ids = set(re.findall(r'<(?:input|select)[^>]*\bid="(f-[^"]+)"', html))
    assert ids <= set(re.findall(r'<label[^>]*\bfor="(f-[^"]+)"', html))  # every field is labelled
    if lang == "ja":
        impure = impure_blocks(html, lang, {"kotguide", "King of Tokyo", "IELLO", "Richard Garfield", "VP"})
        if impure:
            pytest.xfail(f"awaiting the Japanese translation of {impure[:3]}")


# --- tampered posts ---------------------------------------------------------------------------------------------
TAMPERED = [
    ({"m1_tiles": ["nope"]}, "m1-tiles"),
    ({"m1_tiles": ["barbs", "barbs"]}, "m1-tiles"),
    ({"curse": "nope"}, "curse"),
    ({"m1_hand": ["nope"]}, "m1-hand"),
    ({"m1_hand": ["meow-missile", "meow-missile"]}, "m1-hand"),
    ({"m1_evolutions": ["radioactive-waste"]}, "m1-evolutions"),  # temporary: never in play
    ({"m1_evolutions": ["nope"]}, "m1-evolutions"),
    ({"m1_cultist": "99"}, "m1-cultist"),
    ({"m1_cultist": "-1"}, "m1-cultist"),
    ({"m1_cultist": "x"}, "m1-cultist"),
    ({"m1_wickedness": "11"}, "m1-wickedness"),
    ({"tile_sides": "purple"}, "tile-sides"),
    ({"die_berserk": "fate:ankh"}, "die-berserk"),
    ({"die_fate": "berserk:skull"}, "die-fate"),
    ({"die_fate": "7"}, "die-fate"),
    ({"tower_bottom": "godzilla"}, "tower-bottom"),
    ({"scarab": "nobody"}, "scarab"),
    ({"options": [*ALL_MODULES, "mutant-draft"]}, "options"),
    ({"options": [*ALL_MODULES, "bogus"]}, "options"),
]


@pytest.mark.parametrize(("changes", "field"), TAMPERED)
def test_a_tampered_module_field_is_a_400_beside_the_field(client, changes, field):
    typed = {"options": ALL_MODULES, "curse": "hotep-peace", **changes}
    response = client.post("/en/resolve/", table(typed.pop("options"), **typed))
    assert response.status_code == 400
    assert field in errors_of(response), errors_of(response)


@pytest.mark.parametrize("changes", [
    {"m1_cultist": "3"}, {"m1_berserk": "on"}, {"m1_tiles": ["nope"]}, {"m1_hand": ["radioactive-waste"]},
    {"curse": "nope"}, {"tower_bottom": "gigazaur"}, {"die_fate": "fate:ankh"}, {"tile_sides": "purple"},
])
def test_a_module_field_without_its_module_is_ignored(client, changes):
    position = opened(client.post("/en/resolve/", table([], **changes)))
    assert "modules" not in position.setup and not position.setup.get("options")
    state = state_of(position)
    assert all(not m.tokens and not m.pieces for m in state.monsters)
    assert not any(key.startswith(("curses:", "tokyo-tower:", "wickedness:", "evolutions:")) for key in state.marks)


def test_a_costume_without_its_module_is_not_a_choice(client):
    response = client.post("/en/resolve/", table([], m1_cards=["astronaut"], market1="pirate"))
    assert response.status_code == 400
    assert set(errors_of(response)) == {"m1-cards", "market1"}


# --- every module code beside its field --------------------------------------------------------------------------
MODULE_TABLE = TableInput(
    seats=(
        SeatInput("gigazaur", 10, 0, 0, "outside", tokens={"cultist": 2}, evolutions=("heat-vision",)),
        SeatInput("the-king", 10, 0, 0, "city", ("astronaut",), tiles=("barbs", "devious"), hand=("heat-vision",)),
    ),
    market={}, options=tuple(ALL_MODULES), turn="gigazaur", step="start", dice={}, rerolls=2,
    tower={"bottom": "alienoid"}, curse="set-storm", scarab="alienoid",
)


@pytest.mark.parametrize(
    ("error", "field"),
    [
        (InvalidSetup("unknown-monster", monster="alienoid"), "tower-bottom"),
        (InvalidSetup("scarab-holder", monster="alienoid"), "scarab"),
        (InvalidSetup("unknown-curse", curse="x"), "curse"),
        (InvalidSetup("curse-twice", curse="set-storm"), "curse"),
        (InvalidSetup("unknown-tile", tile="barbs"), "m2-tiles"),
        (InvalidSetup("tile-twice", tile="devious", number=1), "m2-tiles"),
        (InvalidSetup("unknown-evolution", evolution="heat-vision"), "m1-evolutions"),
        (InvalidSetup("temporary-in-play", monster="gigazaur", evolution="heat-vision"), "m1-evolutions"),
        (InvalidSetup("too-many-copies", card="heat-vision", count=2, copies=1), "m1-evolutions"),
        (InvalidSetup("needs-option", card="astronaut", option="costumes"), "m2-cards"),
        (InvalidSetup("bad-value", monster="gigazaur", field="tokens.cultist", value=-1, reason="below 0"),
         "m1-cultist"),
        (InvalidSetup("option-requires", option="mutant-draft", needs="evolutions"), "options"),
        (InvalidSetup("module-table", module="mutant-draft"), "options"),
        (InvalidSetup("draft-deals", module="mutant-draft"), "options"),
        (InvalidSetup("bad-packets", size=8), "options"),
    ],
)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_module_reasons_go_beside_the_field_they_are_about(error, field, lang):
    with translation.override(lang):
        problem = _place(error.problems[0], MODULE_TABLE, lang)
    assert problem.field == field
    assert problem.message and "%(" not in problem.message


def test_a_berserk_holder_of_the_bottom_level_opens_before_its_roll_as_typed(client):
    # the bottom level heals its holder when the turn starts, and healing ends berserk: before the first roll that
    # start is behind it, so the monster is still berserk with the life typed
    data = table(["berserk", "tokyo-tower"], m1_berserk="on", m1_life="5", tower_bottom="gigazaur", step="roll")
    state = state_of(opened(client.post("/en/resolve/", data)))
    gigazaur = state.monster("gigazaur")
    assert (gigazaur.tokens, gigazaur.life, state.decision.kind) == ({"berserk": 1}, 5, "roll")
