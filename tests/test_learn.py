"""Learn to play: the lesson files (both languages, legal steps, registered rules) and the lesson views (a right
move is played, a wrong one is refused with feedback in the reader's language, bad input gets a clear 4xx)."""

import random
import re
import tomllib
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.utils import translation

from kotguide.content import library
from kotguide.content.sections import LANGS, registry
from kotguide.engine import is_legal, replay
from kotguide.learn import lessons as L
from kotguide.learn.play import BOTS, NEXT, attempt, open_place

from .purity import impure_blocks, is_japanese, is_latin

LESSONS = L.lessons()
STEP_LESSONS = [lesson for lesson in LESSONS if not lesson.is_game]
GAME = LESSONS[-1]
FILES = sorted(L.lesson_dir().glob("*.toml"))
PROPER_NAMES = {"kotguide", "King of Tokyo", "IELLO", "Richard Garfield", "Board Game Arena", "VP"}


def html_of(response) -> str:
    return unescape(response.content.decode())


def query_of(response) -> dict:
    return parse_qs(urlsplit(response["Location"]).query)


# --- the lesson files ------------------------------------------------------------------------------------------
def test_the_path_has_the_lessons_of_the_issue_in_order_and_ends_with_a_game():
    assert [lesson.id for lesson in LESSONS] == [
        "rolling", "smash", "entering", "buying", "bay", "two-player", "game",
    ]
    assert GAME.is_game and not any(lesson.is_game for lesson in LESSONS[:-1])
    assert all(1 <= len(lesson.steps) <= L.MAX_STEPS for lesson in STEP_LESSONS)


def _text_keys(table: dict, where: str) -> list[tuple[str, str, str]]:
    """(where, key without language, lang) for every language key of a table."""
    out = []
    for key, value in table.items():
        match = re.fullmatch(r"(.+)_(ja|en)", key)
        if match and isinstance(value, str):
            out.append((where, match.group(1), match.group(2)))
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_text_is_given_in_both_languages(path):
    raw = tomllib.loads(path.read_text("utf-8"))
    tables = [("lesson", raw)]
    for i, step in enumerate(raw.get("step", []), start=1):
        tables.append((f"step {i}", step))
        tables += [(f"step {i} mistake {j}", m) for j, m in enumerate(step.get("mistake", []), start=1)]
    for where, table in tables:
        keys = _text_keys(table, where)
        by_name: dict[str, set[str]] = {}
        for _, name, lang in keys:
            by_name.setdefault(name, set()).add(lang)
        assert all(langs == set(LANGS) for langs in by_name.values()), (where, by_name)
        for name in by_name:
            assert table[f"{name}_ja"].strip() and table[f"{name}_en"].strip(), (where, name)
        if where.startswith("step") and "mistake" not in where:
            assert "narration" in by_name, where
            if "auto" not in table:
                assert {"feedback_right", "feedback_wrong"} <= set(by_name), where


def _texts(lesson: L.Lesson, lang: str) -> list[str]:
    out = [lesson.title[lang], lesson.summary[lang], lesson.intro[lang], lesson.done[lang]]
    for step in lesson.steps:
        out += [step.narration[lang], step.right.get(lang, ""), step.wrong.get(lang, "")]
        out += [m.feedback[lang] for m in step.mistakes]
    return [t for t in out if t]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_japanese_text_holds_no_english_and_english_text_no_japanese(lesson):
    for text in _texts(lesson, "ja"):
        assert not any(is_latin(c) for c in text), text
    for text in _texts(lesson, "en"):
        assert not any(is_japanese(c) for c in text), text


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_japanese_uses_the_fixed_terms(lesson):
    for text in _texts(lesson, "ja"):
        rest = text.replace("エナジードリンク", "").replace("手番のモンスター", "").replace("手番のプレイヤー", "")
        for wrong in ("ＶＰ", "手番", "体力", "スマッシュ", "クロー", "エナジー", "退出", "撤退"):  # turn: ターン (T1)
            assert wrong not in rest, (wrong, text)


def _quoted_names(lang: str) -> set[str]:
    """What a lesson may quote: card names, lesson titles, and the labels of the controls."""
    names = {row["name"] for row in library.load_toml(lang, "cards.toml").values()}
    names |= {lesson.title[lang] for lesson in LESSONS}
    with translation.override(lang):
        from django.utils.translation import gettext

        labels = {gettext(s) for s in ("Roll the dice", "Reroll the dice not kept", "Resolve the dice",
                                       "Stay in Tokyo", "Yield Tokyo", "End the turn",
                                       "Sweep the market (2 energy)", "Continue",
                                       "Play the other monsters' turns")}
        labels |= {gettext("Buy %(name)s") % {"name": n} for n in names}
    return names | labels


@pytest.mark.parametrize("lang", LANGS)
def test_quoted_card_names_and_buttons_are_exactly_what_the_site_shows(lang):
    allowed = _quoted_names(lang)
    pattern = r"「([^」]+)」" if lang == "ja" else r"“([^”]+)”"
    for lesson in LESSONS:
        for text in _texts(lesson, lang):
            for quoted in re.findall(pattern, text):
                assert quoted in allowed, (lesson.id, quoted)


@pytest.mark.parametrize("lesson", STEP_LESSONS, ids=lambda lesson: lesson.id)
def test_every_expected_action_is_legal_when_replayed_from_the_setup(lesson):
    actions = list(lesson.opening)
    you = lesson.seat_of_you()
    for step in lesson.steps:
        state = replay(lesson.setup, actions).state
        if not step.is_auto:
            assert state.decision is not None and state.decision.seat == you, (lesson.id, step.index)
            assert is_legal(state, step.expect), (lesson.id, step.index, step.expect)
            for mistake in step.mistakes:
                assert is_legal(state, mistake.code), (lesson.id, step.index, mistake.code)
            if step.keep is not None:
                kept = [i for i in range(len(state.dice)) if str(i) not in step.expect[7:].split(".")]
                assert tuple(kept) == step.keep
        actions += step.codes
    replay(lesson.setup, actions)


@pytest.mark.parametrize("lesson", STEP_LESSONS, ids=lambda lesson: lesson.id)
def test_every_roll_of_a_lesson_is_scripted(lesson):
    played = replay(lesson.setup, [*lesson.opening, *lesson.script])
    drawn = sum(len(e.data["rerolled"]) for e in played.events if e.kind == "dice-rolled")
    assert drawn <= len(lesson.setup.dice), f"{lesson.id}: {drawn} dice rolled, {len(lesson.setup.dice)} scripted"
    assert lesson.setup.first_player is not None  # no claw roll-off with the RNG


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_rule_id_and_heading_is_registered(lesson):
    ids = registry().ids
    assert set(lesson.rules) <= ids
    for step in lesson.steps:
        section, _, heading = step.rule.partition("#")
        assert section in ids, (lesson.id, step.rule)
        if heading:
            assert heading in {h.id for h in library.rules_page("en", section).headings}, (lesson.id, step.rule)


def test_a_broken_lesson_file_is_refused_with_its_name(tmp_path):
    good = FILES[0].read_text("utf-8")
    (tmp_path / "01-rolling.toml").write_text(good.replace('expect = "resolve"', 'expect = "end"'), "utf-8")
    with pytest.raises(L.LessonError, match=r"01-rolling\.toml: step 3: 'end' is not legal"):
        L.load_dir(tmp_path)
    (tmp_path / "01-rolling.toml").write_text(good.replace('narration_ja = "', 'narration_jp = "', 1), "utf-8")
    with pytest.raises(L.LessonError, match="unknown key"):
        L.load_dir(tmp_path)


# --- playing a lesson (the module) -----------------------------------------------------------------------------
@pytest.mark.parametrize("lesson", STEP_LESSONS, ids=lambda lesson: lesson.id)
def test_each_lesson_can_be_played_to_its_end_with_the_expected_moves(lesson):
    place = open_place(lesson, ())
    while not place.done:
        step = place.current
        result = attempt(place, NEXT if step.is_auto else step.expect, [])
        assert result.right
        place = result.place
    assert place.step == len(lesson.steps)


def test_the_game_lesson_plays_to_the_end_and_its_address_replays_the_same_game():
    place = open_place(GAME, ())
    while not place.done:
        if place.bots_move:
            place = attempt(place, BOTS, []).place
        else:
            from kotguide.engine.bots import choose

            place = attempt(place, choose(place.state).code, []).place
    assert place.state.outcome is not None
    again = open_place(GAME, place.actions)
    assert again.state.to_dict() == place.state.to_dict()
    assert place.actions.count(BOTS) < len(place.actions)  # the reader's moves ride in the address, not the bots'


# --- the pages -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_path_lists_every_lesson_in_order_with_the_progress_box_hidden(client, lang):
    html = html_of(client.get(f"/{lang}/learn/"))
    links = re.findall(rf'href="/{lang}/learn/([a-z0-9-]+)/" class="learn-title"', html)
    assert links == [lesson.id for lesson in LESSONS]
    for lesson in LESSONS:
        assert lesson.title[lang] in html
    assert re.search(r'<section id="learn-progress"[^>]* hidden>', html)
    assert 'id="learn-clear"' in html
    assert ("この端末" if lang == "ja" else "only on this device") in html
    assert re.search(r'<script src="/static/js/learn(\.[0-9a-f]+)?\.js" defer></script>', html)


@pytest.mark.parametrize("lang", LANGS)
def test_a_lesson_shows_the_table_and_the_first_task_in_the_readers_language(client, lang):
    lesson = LESSONS[1]
    html = html_of(client.get(f"/{lang}/learn/{lesson.id}/"))
    assert lesson.title[lang] in html
    assert lesson.steps[0].narration[lang] in html
    assert 'id="sb-step"' in html and 'id="sb-dice"' in html and 'id="sb-monsters"' in html
    assert 'name="do" value="roll"' in html
    assert ("ギガザウルス" if lang == "ja" else "Gigazaur") in html


def test_a_right_move_is_played_and_the_address_carries_it(client):
    response = client.get("/en/learn/rolling/", {"a": "roll", "do": "reroll", "keep": ["0", "1", "2", "3", "4"]})
    assert response.status_code == 302
    assert query_of(response) == {"a": ["roll reroll:5"]}
    html = html_of(client.get(response["Location"]))
    assert LESSONS[0].steps[1].right["en"] in html  # why it was right
    assert 'href="/en/rules/rolling/#rolling-rerolls"' in html  # with the rule
    assert LESSONS[0].steps[2].narration["en"] in html  # and the next task


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_move_is_refused_with_the_rule_in_the_readers_language(client, lang):
    step = LESSONS[0].steps[1]
    response = client.get(f"/{lang}/learn/rolling/", {"a": "roll", "do": "reroll", "keep": ["0", "1"]})
    assert response.status_code == 200
    html = html_of(response)
    assert step.wrong[lang] in html
    assert step.narration[lang] in html  # the task again: try again
    assert '<input type="hidden" name="a" value="roll">' in html  # the position did not move
    assert f'href="/{lang}/rules/rolling/#rolling-rerolls"' in html
    assert 'id="die-0" checked' in html and 'id="die-1" checked' in html and 'id="die-2" checked' not in html


def test_a_particular_mistake_gets_its_own_feedback_first(client):
    step = LESSONS[3].steps[1]  # buying: sweep expected; ending the turn has its own feedback
    html = html_of(client.get("/ja/learn/buying/", {"a": "resolve", "do": "end"}))
    assert html.index(step.mistakes[0].feedback["ja"]) < html.index(step.wrong["ja"])


def test_keeping_every_die_is_a_wrong_move_that_says_why(client):
    html = html_of(client.get("/ja/learn/rolling/", {"a": "roll", "do": "reroll", "keep": list("012345")}))
    assert "振り直すダイスを少なくとも1つ選んでください" in html
    assert LESSONS[0].steps[1].wrong["ja"] in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_folded_lesson_address_leads_for_good_to_the_lesson_that_teaches_it_now(client, lang):
    for old, new in (("numbers", "rolling"), ("energy", "buying"), ("winning", "smash"), ("heal", "entering"),
                     ("yielding", "entering"), ("goal", "rolling")):
        response = client.get(f"/{lang}/learn/{old}/")
        assert response.status_code == 301 and response["Location"] == f"/{lang}/learn/{new}/"
    assert client.get(f"/{lang}/learn/no-such-lesson/").status_code == 404


def test_continue_plays_the_lessons_own_step(client):
    lesson = LESSONS[1]  # smash: step 3 is The King's stay and turn
    before = " ".join(lesson.script[:2])
    response = client.get("/en/learn/smash/", {"a": before, "do": "next"})
    assert query_of(response) == {"a": [" ".join(lesson.script[:7])]}
    html = html_of(client.get("/en/learn/smash/", {"a": before}))
    assert 'name="do" value="next"' in html
    assert 'id="sb-controls"' in html and 'value="end"' not in html  # the lesson's step: no other controls


def test_htmx_right_move_sends_the_regions_that_changed_and_the_new_address(client):
    response = client.get("/en/learn/rolling/", {"do": "roll"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["HX-Push-Url"] == "/en/learn/rolling/?a=roll"
    html = html_of(response)
    assert "<html" not in html
    for region in ("sb-step", "learn-status", "sb-dice", "sb-controls", "sb-log"):
        assert re.search(rf'id="{region}"[^>]*hx-swap-oob="true"', html), region
    assert 'id="sb-market"' not in html  # a roll changes nothing in the market
    assert 'data-focus="decision"' in html


def test_htmx_wrong_move_sends_the_feedback_beside_the_controls_and_the_dice_as_ticked(client):
    response = client.get("/en/learn/rolling/", {"a": "roll", "do": "reroll", "keep": ["0"]},
                          headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "HX-Push-Url" not in response
    html = html_of(response)
    assert re.search(r'id="sb-error"[^>]*hx-swap-oob="true"><div id="learn-feedback"', html)
    assert 'id="sb-log"' not in html and 'Right.' not in html  # nothing was played
    assert re.search(r'id="die-0" checked', html) and not re.search(r'id="die-1" checked', html)
    assert 'data-focus="feedback"' in html
    assert LESSONS[0].steps[1].wrong["en"] in html


@pytest.mark.parametrize("lesson", STEP_LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_can_be_walked_through_the_pages_to_its_end(client, lesson):
    place = open_place(lesson, ())
    address = f"/en/learn/{lesson.id}/"
    for step in lesson.steps:
        if step.is_auto:
            query = {"do": "next"}
        elif step.keep is not None:
            query = {"do": "reroll", "keep": [str(i) for i in step.keep]}
        else:
            query = {"do": step.expect}
        if place.actions:
            query["a"] = " ".join(place.actions)
        response = client.get(f"/en/learn/{lesson.id}/", query)
        assert response.status_code == 302, (lesson.id, step.index)
        address = response["Location"]
        place = open_place(lesson, tuple(query_of(response)["a"][0].split()))
    html = html_of(client.get(address))
    assert f'data-learn-done="{lesson.id}"' in html
    assert lesson.done["en"] in html


@pytest.mark.parametrize(
    ("path", "query", "lang", "message"),
    [
        ("/en/learn/rolling/", {"a": "resolve"}, "en", "does not follow the lesson"),
        ("/ja/learn/rolling/", {"a": "resolve"}, "ja", None),
        ("/en/learn/rolling/", {"a": "roll <script>"}, "en", "This sandbox address is damaged"),
        ("/en/learn/rolling/", {"a": "roll", "do": "end"}, "en", "not allowed by the rules"),
        ("/en/learn/rolling/", {"a": "roll", "do": "buy:9"}, "en", "not allowed by the rules"),
        ("/en/learn/rolling/", {"a": "roll", "do": "next"}, "en", "cannot be used at this point"),
        ("/en/learn/rolling/", {"a": "roll", "do": "bots"}, "en", "cannot be used at this point"),
        ("/en/learn/rolling/", {"a": " ".join(LESSONS[0].script), "do": "roll"}, "en", "This lesson is finished"),
        ("/en/learn/rolling/", {"a": "roll", "do": "reroll", "keep": "9"}, "en", "damaged"),
        ("/en/learn/rolling/", {"seed": "7"}, "en", "damaged"),
        ("/en/learn/game/", {"seed": "-1"}, "en", "damaged"),
        ("/en/learn/game/", {"seed": "99999999999"}, "en", "damaged"),
        ("/en/learn/game/", {"do": "bots"}, "en", "cannot be used at this point"),
        ("/en/learn/game/", {"a": "bots"}, "en", "not allowed by the rules"),
        ("/en/learn/game/", {"a": "roll", "do": "reroll", "keep": list("012345")}, "en", "every die is kept"),
        ("/en/learn/game/", {"a": " ".join(["roll"] * 1001)}, "en", "more than 1000 actions"),
    ],
)
def test_bad_input_gets_a_clear_4xx_in_the_readers_language(client, path, query, lang, message):
    response = client.get(path, query)
    assert 400 <= response.status_code < 500
    html = html_of(response)
    assert f'<html lang="{lang}">' in html
    if message:
        assert message in html
    else:
        assert not impure_blocks(html, lang, PROPER_NAMES)
    assert 'href="/' + lang + '/learn/' in html  # a way back into the lessons


def test_unknown_lesson_is_404(client):
    assert client.get("/en/learn/no-such-lesson/").status_code == 404


def test_htmx_errors_come_as_the_error_fragment(client):
    response = client.get("/en/learn/rolling/", {"a": "roll", "do": "end"}, headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert 'id="sb-error"' in response.content.decode()


def test_random_input_never_gives_a_server_error(client):
    rnd = random.Random(13)
    words = ["roll", "resolve", "end", "stay", "yield", "bots", "next", "reroll", "reroll:0", "reroll:0.1", "buy:0",
             "sweep", "pass", "use:x", "%", "", "reroll:9", "buy:-1", "ROLL"]
    for _ in range(150):
        lesson = rnd.choice(LESSONS)
        query = {"a": " ".join(rnd.choice(words) for _ in range(rnd.randrange(5))), "do": rnd.choice(words)}
        if rnd.random() < 0.3:
            query["keep"] = [str(rnd.randrange(-1, 8)) for _ in range(rnd.randrange(4))]
        if rnd.random() < 0.2:
            query["seed"] = rnd.choice(["1", "x", "", "12345678901", "0"])
        response = client.get(f"/{rnd.choice(LANGS)}/learn/{lesson.id}/", query)
        assert response.status_code < 500, (lesson.id, query)


# --- the game lesson -------------------------------------------------------------------------------------------
def test_the_computer_plays_the_others_turns_and_the_log_shows_their_moves(client):
    response = client.get("/en/learn/game/", {"a": "roll resolve end"})
    html = html_of(response)
    assert 'name="do" value="bots"' in html
    assert 'value="roll"' not in html  # not the reader's turn: no controls
    response = client.get("/en/learn/game/", {"a": "roll resolve end", "do": "bots"})
    assert query_of(response) == {"a": ["roll resolve end bots"]}
    html = html_of(client.get(response["Location"]))
    assert "The King rolls" in html and "Cyber Kitty rolls" in html
    # the reader's decision again (Cyber Kitty hit Gigazaur in Tokyo): the controls are back, the bots button gone
    assert 'name="do" value="stay"' in html and 'name="do" value="yield"' in html
    assert 'value="bots"' not in html


@pytest.mark.parametrize("lang", LANGS)
def test_hints_show_what_the_computer_would_do_only_when_switched_on(client, lang):
    hint = "ヒント：" if lang == "ja" else "Hint:"
    off = html_of(client.get(f"/{lang}/learn/game/", {"a": "roll"}))
    on = html_of(client.get(f"/{lang}/learn/game/", {"a": "roll", "hints": "1"}))
    assert hint not in off and hint in on
    assert 'name="hints" value="1" id="learn-hints-on" checked' in on
    assert '<input type="hidden" name="hints" value="1">' in on  # the step form keeps them on
    response = client.get(f"/{lang}/learn/game/", {"a": "roll", "hints": "1", "do": "resolve"})
    assert query_of(response) == {"a": ["roll resolve"], "hints": ["1"]}


def test_a_new_game_has_another_seed_and_keeps_it(client):
    html = html_of(client.get("/en/learn/game/"))
    seed = re.search(r'href="/en/learn/game/\?seed=(\d+)"', html).group(1)
    response = client.get("/en/learn/game/", {"seed": seed, "do": "roll"})
    assert query_of(response) == {"a": ["roll"], "seed": [seed]}


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_pages_are_in_one_language(client, lang):
    problems = {}
    for lesson in LESSONS:
        pages = [f"/{lang}/learn/{lesson.id}/"]
        if lesson.script:
            pages.append(f"/{lang}/learn/{lesson.id}/?a=" + "+".join(lesson.script))
        for path in pages:
            bad = impure_blocks(html_of(client.get(path)), lang, PROPER_NAMES)
            if bad:
                problems[path] = bad
    problems.update({f"/{lang}/learn/": b for b in [impure_blocks(html_of(client.get(f"/{lang}/learn/")), lang,
                                                                   PROPER_NAMES)] if b})
    assert problems == {}


def test_lesson_pages_have_no_inline_script(client):
    for path in ("/en/learn/", "/ja/learn/rolling/", "/en/learn/game/?a=roll&hints=1"):
        html = client.get(path).content.decode()
        assert "<script>" not in html and "<script type" not in html
        assert " onclick=" not in html and "hx-on" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_to_keep_dice_marks_them(client, lang):
    on = html_of(client.get(f"/{lang}/learn/game/", {"a": "roll", "hints": "1"}))
    said = r"Keep (.+?) and reroll" if lang == "en" else r"ヒント：</strong> ?(.+?)を残して"
    kept = re.split(r"、|, ", re.search(said, on).group(1))
    dice = re.findall(r'<label for="die-(\d)" class="die die-base face-(\w+)( die-hinted)?"', on)
    assert len(dice) == 6 and kept
    # the marked dice are the ones the hint names (the first roll's faces are digits: the names are the faces)
    assert sorted(face for _, face, hinted in dice if hinted) == sorted(kept)
    assert on.count("(the hint keeps it)" if lang == "en" else "（ヒントでは残すダイス）") == len(kept)
    off = html_of(client.get(f"/{lang}/learn/game/", {"a": "roll"}))
    assert "die-hinted" not in off
