"""The drawn table: the drawings and their sprite, the step-response helper (regions, focus, announcements), the one
primary button and the links module. Expectations are written by hand from the rules and the scenario's dice."""

import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from kotguide.content import library
from kotguide.engine import dice
from kotguide.engine.modules import berserk  # noqa: F401  (defines the berserk die)
from kotguide.engine.modules.curses import fate  # noqa: F401  (defines the die of fate)
from kotguide.engine.modules.evolutions import space_penguin  # noqa: F401  (defines the frozen die)
from kotguide.sandbox import drawings, links
from kotguide.sandbox.position import Position

SVG = "{http://www.w3.org/2000/svg}"


def symbols() -> dict[str, ET.Element]:
    root = ET.fromstring(drawings.build())
    return {s.get("id"): s for s in root.iter(f"{SVG}symbol")}


def test_every_monster_has_an_emblem_of_its_own_and_a_colour():
    monsters = library.load_toml("monsters.toml")["monster"]
    drawn = symbols()
    colours = set()
    for monster in monsters:
        assert (drawings.STATIC / "emblems" / f"{monster['id']}.svg").exists(), f"no emblem for {monster['id']}"
        assert re.fullmatch(r"#[0-9a-f]{6}", monster.get("colour", "")), f"no colour for {monster['id']}"
        emblem = drawn[f"emblem-{monster['id']}"]
        assert monster["colour"] in ET.tostring(emblem, encoding="unicode"), "the body takes the monster's colour"
        colours.add(monster["colour"])
    assert len(colours) == len(monsters), "two monsters share a colour"


def test_every_die_face_of_the_base_game_and_the_modules_has_a_drawing():
    drawn = symbols()
    faces = [*dice.FACES, *(face for faces in dice.SPECIAL.values() for face in faces)]
    assert {"berserk", "fate", "ice"} <= set(dice.SPECIAL)
    for face in faces:
        assert drawings.face_symbol(face) in drawn, face
    # a special die showing a base face draws that face on its own die
    assert drawings.face_symbol("berserk:smash") == "face-smash"
    assert drawings.die_class("berserk:smash") == "die-berserk"
    assert drawings.face_symbol("fate:ankh") == "face-fate-ankh"
    assert drawings.face_symbol("ice:heart") == "face-heart" and drawings.die_class("ice:heart") == "die-ice"


def test_no_drawing_holds_a_word_and_the_sprite_on_disk_is_the_one_built():
    sprite = drawings.build()
    assert "<text" not in sprite and " id=" not in sprite.replace("<symbol id=", "")
    assert drawings.SPRITE.read_text(encoding="utf-8") == sprite, "run `make prepare` (manage.py build_drawings)"


@pytest.mark.parametrize(("drawing", "error"), [
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><text>3</text></svg>', "not a plain shape"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path id="x" d="M0 0"/></svg>', "'id'"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M0 0"/></svg>', "viewBox"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path style="fill:red" d="M0 0"/></svg>', "'style'"),
])
def test_a_drawing_that_breaks_the_contract_is_refused(tmp_path, drawing, error):
    source = tmp_path / "gigazaur.svg"
    source.write_text(drawing, encoding="utf-8")
    with pytest.raises(drawings.DrawingError, match=error):
        drawings.symbol("face", source)


def test_an_emblem_needs_its_monster_and_a_body_in_the_monster_colour(tmp_path):
    stray = tmp_path / "nobody.svg"
    stray.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M0 0"/></svg>')
    with pytest.raises(drawings.DrawingError, match="no monster 'nobody'"):
        drawings.symbol("emblem", stray)
    flat = tmp_path / "gigazaur.svg"
    flat.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path fill="#123456" d="M0 0"/></svg>')
    with pytest.raises(drawings.DrawingError, match="monster-colour"):
        drawings.symbol("emblem", flat)


# ---- one step, answered once

def step(client, lang: str, done: str, do: str, path: str = "sandbox/yielding"):
    response = client.get(f"/{lang}/{path}/", {"a": done, "do": do}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return unescape(response.content.decode())


def announced(html: str) -> str:
    return re.search(r'id="sb-announce"[^>]*>(.*?)</div>', html, re.S).group(1)


# The yielding scenario: Gigazaur rolls smash smash smash 1 2 heart against The King (10 life) in Tokyo City.
ANNOUNCED = {
    "en": [
        ("", "roll", "Gigazaur's dice: smash, smash, smash, 1, 2, heart. "
                     "Gigazaur: choose the dice to keep and reroll the others, or resolve."),
        ("roll", "resolve", "The King loses 3 life (7 left). The King was hit: stay in Tokyo or yield?"),
        ("roll resolve", "yield", "The King leaves Tokyo City. Gigazaur enters Tokyo City. Gigazaur scores 1 VP "
                                  "(1 in all). Gigazaur: buy Power cards, sweep the market, or end the turn."),
    ],
    "ja": [
        ("", "roll", "ギガザウルスのダイス：攻撃、攻撃、攻撃、1、2、ハート。"
                     "ギガザウルス：残すダイスを選んで残りを振り直すか、解決してください。"),
        ("roll", "resolve", "ザ・キングはライフを3失いました（残り7）。"
                            "ザ・キングは攻撃を受けました。トーキョーにとどまりますか、脱出しますか？"),
        ("roll resolve", "yield", "ザ・キングはトーキョーシティを離れました。"
                                  "ギガザウルスはトーキョーシティに侵入しました。"
                                  "ギガザウルスは勝利ポイントを1得ました（合計1）。"
                                  "ギガザウルス：パワーカードを買うか、場を一掃するか、ターンを終えてください。"),
    ],
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_step_announces_what_changed_then_what_comes_next(client, lang):
    for done, do, expected in ANNOUNCED[lang]:
        assert announced(step(client, lang, done, do)) == expected, do


def test_a_step_highlights_what_it_changed_and_sends_only_the_regions_that_changed(client):
    html = step(client, "en", "roll", "resolve")
    assert re.search(r'class="stat stat-life changed"', html)  # The King's life
    assert html.count(" changed\"") == 1
    assert 'id="sb-market"' not in html  # the market did not change
    assert 'data-focus="decision"' in html
    html = step(client, "en", "roll resolve", "yield")
    assert 'class="occupant changed"' in html and 'class="stat stat-vp changed"' in html
    assert 'id="sb-market"' in html  # Gigazaur may buy now: the buy buttons appear


def test_focus_goes_to_the_status_when_nobody_must_act(client):
    html = step(client, "en", "roll reroll:5 resolve", "end", path="learn/rolling")  # the last step: it is finished
    assert 'data-learn-done="rolling"' in html and 'data-focus="status"' in html


def test_a_wrong_answer_focuses_its_feedback_beside_the_controls(client):
    response = client.get("/en/learn/rolling/", {"a": "roll", "do": "reroll", "keep": ["0"]},
                          headers={"HX-Request": "true"})
    html = response.content.decode()
    assert 'data-focus="feedback"' in html and '<div id="learn-feedback"' in html


def test_the_primary_button_is_the_step_the_narration_expects(client):
    html = unescape(client.get("/en/sandbox/yielding/", {"a": "roll"}).content.decode())
    primaries = re.findall(r'<button[^>]*class="[^"]*\bprimary\b[^"]*"[^>]*value="([^"]+)"|'
                           r'<button[^>]*value="([^"]+)"[^>]*class="[^"]*\bprimary\b', html)
    assert [a or b for a, b in primaries] == ["resolve"]  # the narration resolves next (not the usual reroll)
    html = unescape(client.get("/en/sandbox/yielding/", {"a": "roll resolve"}).content.decode())
    primaries = re.findall(r'value="([^"]+)" class="decision-control primary"', html)
    assert primaries == ["yield"]  # the scenario is about yielding: "stay" is not the primary


def test_stale_reroll_count_goes_once_the_dice_are_resolved(client):
    rolling = unescape(client.get("/en/sandbox/yielding/", {"a": "roll"}).content.decode())
    assert "2 rerolls left" in rolling and "Gigazaur's dice" in rolling
    resolved = unescape(client.get("/en/sandbox/yielding/", {"a": "roll resolve"}).content.decode())
    assert "rerolls left" not in resolved and "reroll left" not in resolved


def test_links_of_a_position():
    base = Position(scenario="yielding")
    here = "/en/sandbox/yielding/"
    played = base.then("roll", "resolve")
    assert links.position_address(here, None, base, played) == here + "?a=roll+resolve"
    assert links.position_address(here, "3", base, base) == here + "?n=3"
    assert links.position_address(here, None, base, base.then(*["roll", "resolve"] * 600)) is None
    assert links.restart(here, None, base, played) == here
    assert links.restart(here, None, base, base) is None
    assert links.with_query(here + "?a=roll", hands="all") == here + "?a=roll&hands=all"
    assert links.at(here, a=None, seed="4") == here + "?seed=4"
    stored = Position(scenario="yielding", actions=("roll",))
    assert links.undo_of_stored(here, stored) == here + "?n=0"
