"""The table editor (kotguide.disputes): edits on a state carried in the request, problems beside their controls,
presets in the resolver's address format, and the module registry (kotguide.site_modules) it iterates."""

import re
from pathlib import Path

import pytest
from django.utils import translation

from kotguide import site_modules
from kotguide.disputes import editor
from kotguide.disputes.presets import PRESETS, query
from kotguide.engine import Setup, TurnStep
from kotguide.engine import options as O
from kotguide.engine.modules import registry as engine_modules
from kotguide.engine.supply import _TOKENS, TokenDef, define_token
from kotguide.sandbox.models import SharedPosition

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.django_db


def state_of(html: str) -> str:
    return re.search(r'name="state" value="([^"]+)"', html).group(1)


def post(client, lang: str, state: str, edit: str = "", htmx: bool = False, **values) -> object:
    data = {"state": state, "edit": edit, **{f"value-{k}": v for k, v in values.items()}}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(f"/{lang}/resolve/", data, **headers)


def draft_of(response) -> editor.Draft:
    return editor.decode(state_of(response.content.decode()))


def test_a_fresh_table_has_n_monsters_at_full_life_before_the_first_roll(client):
    d = draft_of(client.get("/en/resolve/?monsters=3"))
    assert [m["life"] for m in d.monsters] == [10, 10, 10]
    assert d.setup["turn"] == {"step": "roll"}
    assert d.setup["first_player"] == d.monsters[0]["id"]


def test_steppers_change_a_number_within_the_rules_and_undo_takes_it_back(client):
    state = state_of(client.get("/en/resolve/?monsters=2").content.decode())
    r = post(client, "en", state, "n:0:life:-1")
    assert draft_of(r).monsters[0]["life"] == 9
    r = post(client, "en", state_of(r.content.decode()), "n:0:life:+1")
    r = post(client, "en", state_of(r.content.decode()), "n:0:life:+1")  # 10 is the maximum without Even Bigger
    assert draft_of(r).monsters[0]["life"] == 10
    r = post(client, "en", state_of(r.content.decode()), "undo")
    assert draft_of(r).monsters[0]["life"] == 9


def test_even_bigger_raises_the_maximum_life_to_12(client):
    state = state_of(client.get("/en/resolve/?monsters=2").content.decode())
    r = post(client, "en", state, "card:0", **{"card:0": "Even Bigger"})
    d = draft_of(r)
    assert d.monsters[0]["cards"] == ["even-bigger"] and d.monsters[0]["max_life"] == 12


@pytest.mark.parametrize("typed", ["鎧の装甲", "Armor Plating", "armor plating", "ARMOR PLATING"])
def test_a_card_name_in_either_language_resolves(client, typed):
    from kotguide.content import library

    ja = library.cards("ja")["armor-plating"].name
    typed = ja if typed == "鎧の装甲" else typed
    state = state_of(client.get("/en/resolve/?monsters=2").content.decode())
    assert draft_of(post(client, "en", state, "card:1", **{"card:1": typed})).monsters[1]["cards"] == [
        "armor-plating"]


def test_a_2011_name_resolves():
    from kotguide.content import library

    old = next(c for c in library.cards("en").values() if c.name_2011)
    assert editor.card_id(old.name_2011) == old.id


def test_an_unknown_name_is_a_400_beside_its_field_in_the_readers_language(client):
    state = state_of(client.get("/ja/resolve/?monsters=2").content.decode())
    r = post(client, "ja", state, "card:0", **{"card:0": "Nonsense Card"})
    assert r.status_code == 400
    html = r.content.decode()
    assert "Nonsense Card" in html and 'class="ed-note"' in html
    assert "is not a name" not in html  # Japanese


def test_putting_a_monster_into_the_city_moves_the_occupant_out(client):
    state = state_of(client.get("/en/resolve/?monsters=3").content.decode())
    r = post(client, "en", state, "place:0:city")
    r = post(client, "en", state_of(r.content.decode()), "place:1:city")
    assert [m["location"] for m in draft_of(r).monsters] == ["outside", "city", "outside"]


def test_tapping_a_die_rolls_the_turn_and_every_unset_die_is_refused_beside_it(client):
    state = state_of(client.get("/en/resolve/?monsters=2").content.decode())
    r = post(client, "en", state, "die:2:smash")
    d = draft_of(r)
    assert d.setup["turn"]["step"] == TurnStep.ROLLED
    assert d.setup["turn"]["dice"] == ["", "", "smash", "", "", ""]
    r = client.post("/en/resolve/", {"state": state_of(r.content.decode()), "go": "1"})
    assert r.status_code == 400
    html = r.content.decode()
    beside = '<p class="ed-note" role="alert">Choose the face of each die on the table.</p>'
    assert html.count(beside) == 5  # beside each of the five dice not chosen


def test_every_refusal_is_shown_at_once_beside_its_control(client):
    q = "monsters=3&m1-monster=gigazaur&m2-monster=the-king&m2-place=bay&m1-cards=acid-attack&m1-cards=acid-attack"
    state = state_of(client.get(f"/en/resolve/?{q}").content.decode())
    r = client.post("/en/resolve/", {"state": state, "go": "1"})
    assert r.status_code == 400
    html = r.content.decode()
    assert "Tokyo Bay is used only with 5 or more monsters in the game; with 3 it is closed." in html
    assert "Acid Attack is on the table 2 times, but the game has 1." in html


def test_what_happens_stores_the_position_and_opens_it(client):
    state = state_of(client.get("/en/resolve/?" + query("faq", "heal-in-tokyo")[1:]).content.decode())
    r = client.post("/en/resolve/", {"state": state, "go": "1"})
    assert r.status_code == 302 and r["Location"].startswith("/en/p/")
    stored = SharedPosition.objects.get(pk=r["Location"].split("/")[3])
    assert stored is not None
    page = client.get(r["Location"])
    assert page.status_code == 200


@pytest.mark.parametrize(("kind", "key"), [(k, key) for k, presets in PRESETS.items() for key in presets])
def test_every_preset_opens_the_editor_prefilled_and_then_the_sandbox(client, kind, key):
    r = client.get("/en/resolve/" + query(kind, key))
    assert r.status_code == 200
    d = draft_of(r)
    Setup.from_dict(d.setup)  # the preset is a table the rules allow
    assert client.post("/en/resolve/", {"state": state_of(r.content.decode()), "go": "1"}).status_code == 302


def test_a_preset_is_the_table_it_says():
    # the King in Tokyo City with Armor Plating at 6 life, Gigazaur rolled one smash
    from django.http import QueryDict

    d = editor.from_prefill(QueryDict(query("card", "armor-plating")[1:]))
    king = next(m for m in d.monsters if m["id"] == "the-king")
    assert (king["life"], king["location"], king["cards"]) == (6, "city", ["armor-plating"])
    assert d.setup["first_player"] == "gigazaur"
    assert d.setup["turn"]["dice"] == ["smash", "1", "1", "2", "2", "3"]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("bad", ["garbage", "x" * (editor.MAX_STATE + 1), "", None])
def test_a_tampered_or_over_long_state_is_a_400_in_the_readers_language(client, lang, bad):
    good = state_of(client.get("/en/resolve/").content.decode())
    state = good[:-3] + ("AAA" if good[-3:] != "AAA" else "BBB") if bad is None else bad
    for r in (client.post(f"/{lang}/resolve/", {"state": state, "edit": "n:0:life:-1"}),
              client.get(f"/{lang}/resolve/", {"s": state or "x"})):
        assert r.status_code == 400
        assert r.content.decode().count("<html lang=\"" + lang) == 1


def test_a_dial_sets_life_or_vp_in_one_tap_within_the_same_bounds_as_the_steppers(client):
    page = client.get("/en/resolve/?monsters=2").content.decode()
    assert 'value="set:0:vp:20"' in page and 'value="set:0:vp:21"' not in page  # the VP dial is 0 to 20
    assert 'value="set:0:life:1"' in page and 'value="set:0:life:0"' not in page  # life 0 is eliminated
    r = post(client, "en", state_of(page), "set:0:vp:12")
    assert draft_of(r).monsters[0]["vp"] == 12
    r = post(client, "en", state_of(r.content.decode()), "set:1:life:2")
    assert [m["life"] for m in draft_of(r).monsters] == [10, 2]
    for beyond in ("set:0:life:11", "set:0:life:0", "set:0:vp:-1", "set:0:vp:ten", "set:0:max_life:3"):
        assert post(client, "en", state_of(r.content.decode()), beyond).status_code == 400, beyond


def test_an_empty_card_field_offers_the_faqs_cards_less_the_ones_held_and_one_tap_adds_one(client):
    page = client.get("/ja/resolve/?monsters=2").content.decode()
    # Eater of the Dead is held in four of the FAQ's tables, more than any other card
    offered = re.findall(r'value="card:1:([a-z-]+)"', page.split('id="ed-card-1-offered"')[1].split("</ul>")[0])
    assert offered[0] == "eater-of-the-dead" and len(offered) == 8 and "it-has-a-child" in offered
    r = post(client, "ja", state_of(page), "card:1:it-has-a-child")  # a plain submit button: no script needed
    assert draft_of(r).monsters[1]["cards"] == ["it-has-a-child"]
    after = r.content.decode().split('id="ed-card-1-offered"')[1].split("</ul>")[0]
    assert "card:1:it-has-a-child" not in after and "card:1:eater-of-the-dead" in after
    assert "よくある質問に出てくるカード" in r.content.decode()


@pytest.mark.parametrize("edit", ["n:9:life:+1", "n:0:life:+5", "die:99:smash", "die:0:fate:ankh", "nope",
                                  "place:0:moon", "option:nope", "flag:0:poison", "choice:curses:curse"])
def test_an_edit_that_makes_no_sense_is_a_400_not_a_500(client, edit):
    state = state_of(client.get("/ja/resolve/").content.decode())
    assert post(client, "ja", state, edit).status_code == 400


def test_with_htmx_an_edit_answers_the_regions_it_changed_and_names_the_next_focus(client):
    state = state_of(client.get("/en/resolve/?monsters=4").content.decode())
    regions = r'<(?:div|section|li|input)[^>]* id="([^"]+)"[^>]* hx-swap-oob="true"'

    html = post(client, "en", state, "die:0:heart", htmx=True).content.decode()
    assert "<html" not in html
    assert set(re.findall(regions, html)) == {"ed-dice-part", "ed-state", "ed-focus", "ed-actions"}
    assert 'data-focus="ed-die-1-summary"' in html  # the next die

    html = post(client, "en", state, "n:1:life:-1", htmx=True).content.decode()
    assert set(re.findall(regions, html)) == {"ed-seat-li-1", "ed-state", "ed-focus", "ed-actions"}
    assert 'data-focus="ed-n-1-life-down"' in html  # the stepper again

    html = post(client, "en", state, "place:2:city", htmx=True).content.decode()  # Tokyo's board shows it too
    assert set(re.findall(regions, html)) == {"ed-seat-li-2", "ed-top", "ed-state", "ed-focus", "ed-actions"}

    html = post(client, "en", state, "card:0", htmx=True, **{"card:0": "Extra Head"}).content.decode()
    assert set(re.findall(regions, html)) == {"ed-seat-li-0", "ed-dice-part", "ed-state", "ed-focus", "ed-actions"}
    assert html.count('class="ed-die') == 7  # Extra Head: a seventh die for the monster whose turn it is

    html = post(client, "en", state, "monsters:+1", htmx=True).content.decode()  # another seat: the whole editor
    assert html.startswith('<form id="editor"') and 'hx-swap-oob="true"' in html[:300]


def test_the_undo_stack_is_bounded(client):
    state = state_of(client.get("/en/resolve/").content.decode())
    for _ in range(editor.UNDO_DEPTH + 5):
        state = state_of(post(client, "en", state, "n:0:energy:+1").content.decode())
    assert len(editor.decode(state).undo) == editor.UNDO_DEPTH
    assert len(state) < editor.MAX_STATE


def test_a_sandbox_position_opens_in_the_editor(client):
    from kotguide.sandbox.position import Position

    position = Position(scenario="yielding", actions=("roll",))
    r = client.post("/en/resolve/", {"edit": "position", "position": position.to_json()})
    assert r.status_code == 302
    d = draft_of(client.get(r["Location"]))
    assert d.setup["turn"]["step"] == TurnStep.ROLLED and all(d.setup["turn"]["dice"])


# --- the module registry -------------------------------------------------------------------------------------------
@pytest.fixture
def dummy_module(monkeypatch):
    """A module the site has never heard of: its engine definition (an option, a token) and its site entry."""

    monkeypatch.setattr(O, "MODULES", (*O.MODULES, "dummy"))
    monkeypatch.setattr(O, "ALL", (*O.ALL, "dummy"))
    monkeypatch.setitem(O.RULE, "dummy", "modules")
    engine_modules.define_module(engine_modules.ModuleDef("dummy"))
    define_token(TokenDef("dummy-charge", most=4, option="dummy"))
    site_modules.register(site_modules.ModuleUI(
        id="dummy", name="Dummy module",
        seat=(site_modules.Counter("dummy-charge", "Dummy charges"),),
    ))
    yield "dummy"
    site_modules.unregister("dummy")
    engine_modules._MODULES.pop("dummy", None)
    _TOKENS.pop("dummy-charge", None)


def test_a_registered_module_shows_in_the_editor_the_table_and_the_words(client, dummy_module):
    from kotguide.engine import start
    from kotguide.sandbox.modules_view import token_rows
    from kotguide.sandbox.words import option_name

    state = state_of(client.get("/en/resolve/?monsters=2").content.decode())
    html = client.get("/en/resolve/?monsters=2").content.decode()
    assert 'value="option:dummy"' in html  # offered among the modules
    r = post(client, "en", state, "option:dummy")
    assert "Dummy charges" in r.content.decode()  # its field per monster, in the editor
    r = post(client, "en", state_of(r.content.decode()), "count:0:dummy-charge:+1")
    d = draft_of(r)
    assert d.monsters[0]["tokens"] == {"dummy-charge": 1}
    state = start(Setup.from_dict(d.setup))[0]
    assert token_rows(dict(state.monsters[0].tokens)) == (("Dummy charges", 1),)  # on the drawn table
    with translation.override("en"):
        assert option_name("dummy") == "Dummy module"  # in the words


MODULE_IDS = [m for m in O.MODULES]
CONSTANTS = [name for name, value in vars(O).items() if isinstance(value, str) and value in O.MODULES]


@pytest.mark.parametrize("path", ["kotguide/disputes", "templates/disputes", "kotguide/sandbox/modules_view.py",
                                  "kotguide/sandbox/words.py"])
def test_the_editor_the_table_and_the_words_name_no_module(path):
    files = [ROOT / path] if path.endswith(".py") else sorted(
        f for f in (ROOT / path).rglob("*") if f.suffix in (".py", ".html"))
    assert files
    for file in files:
        source = file.read_text()
        for module in MODULE_IDS:
            assert not re.search(rf"""["'.]{re.escape(module)}["'\s:]""", source), (file, module)
            assert not re.search(rf"modules[./]{re.escape(module.replace('-', '_'))}\b", source), (file, module)
        for constant in CONSTANTS:
            assert f"O.{constant}" not in source, (file, constant)


def test_every_scenario_opens_in_the_editor_as_a_table_the_rules_allow():
    """The table of each scenario as it starts and after each of its steps (once its setup phase is over), opened
    in the editor: the modules' tables included, it is a setup the engine accepts."""
    from kotguide.content.scenarios import scenarios
    from kotguide.sandbox.game import open_position
    from kotguide.sandbox.position import Position, PositionError

    refused, opened = {}, 0
    for scenario_id, scenario in scenarios().items():
        actions = [step.action for step in scenario.steps]
        for n in range(len(actions) + 1):
            try:
                game = open_position(Position(scenario=scenario_id, actions=tuple(actions[:n])))
            except PositionError:  # a step the sandbox plays another way (a scripted chance)
                break
            if game.state.phase == "setup" or game.state.decision is None:
                continue
            opened += 1
            # what no setup can hold: a game down to one monster, a Zombie at 0 life
            problems = [p for p in editor.from_state(game.state).problems()
                        if p.code != "players" and not (p.code == "bad-value" and p.params.get("value") == 0)]
            if problems:
                refused[(scenario_id, n)] = [(p.code, p.path) for p in problems]
    assert refused == {}
    assert opened > 500


def test_edits_are_reads_and_a_stored_table_is_a_write_for_the_rate_limits(client, still_rate_clock):
    from django.core.cache import caches
    from django.test import override_settings

    locmem = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    with override_settings(RATELIMIT_ENABLE=True, RATELIMIT_WRITES="1/m", RATELIMIT_READS="4/m",
                           CACHES={"default": {**locmem, "LOCATION": "editor-limits"},
                                   "pages": {**locmem, "LOCATION": "editor-pages"}}):
        caches["default"].clear()
        state = state_of(client.get("/ja/resolve/").content.decode())  # read 1
        assert client.post("/ja/resolve/", {"state": state, "go": "1"}).status_code == 302  # read 2, write 1
        over = client.post("/ja/resolve/", {"state": state, "go": "1"})  # read 3, write 2: over
        assert over.status_code == 429 and '<html lang="ja">' in over.content.decode()
        assert post(client, "ja", state, "n:0:vp:+1").status_code == 200  # read 4
        assert post(client, "ja", state, "n:0:vp:+1").status_code == 429  # read 5


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_editor_with_every_module_is_in_the_readers_language(client, lang):
    from tests.purity import impure_blocks

    modules = "&".join(f"options={m.id}" for m in site_modules.editable())
    html = client.get(f"/{lang}/resolve/?monsters=5&m2-place=city&step=rolled&{modules}").content.decode()
    for module in site_modules.editable():
        assert f'value="option:{module.id}" id="ed-option-{module.id}" class="ed-toggle" aria-pressed="true"' in html
    assert impure_blocks(html, lang, {"kotguide", "King of Tokyo", "IELLO", "Richard Garfield", "VP"}) == []


def test_every_sandbox_page_offers_to_edit_its_table(client):
    html = client.get("/ja/sandbox/yielding/?a=roll").content.decode()
    form = html[html.index('action="/ja/resolve/"') - 40:]
    assert 'name="position"' in form[:600] and 'name="edit" value="position"' in form[:800]


def test_every_engine_setup_code_has_words_for_the_reader():
    from kotguide.disputes.board import SETUP_MESSAGES
    from kotguide.engine.errors import _SETUP_MESSAGES as ENGINE_CODES

    assert set(ENGINE_CODES) - set(SETUP_MESSAGES) - set(site_modules.messages()) == set()


@pytest.mark.parametrize(("path", "key"), [
    (("monsters", 2, "life"), "m2/life"), (("monsters", 0, "max_life"), "m0/life"),
    (("monsters", 1, "location"), "m1/place"), (("monsters", 1, "tokens", "poison"), "m1/tokens.poison"),
    (("monsters", 0, "cards", 1), "m0/cards"), (("monsters", 0, "id"), "m0/id"), (("turn", "dice", 4), "die4"),
    (("turn", "rerolls"), "rerolls"), (("turn", "step"), "step"), (("first_player",), "turn"),
    (("market", 3), "market"), (("options", 0), "options"),
    (("modules", "tokyo-tower", "levels", "bottom"), "tokyo-tower/tower-bottom"),
    (("modules", "evolutions", "hands", "the-king"), "m1/hand"), (("modules", "curses"), "curses"), ((), "table"),
])
def test_a_problem_goes_beside_the_control_its_path_names(path, key):
    from kotguide.disputes.board import key_of
    from kotguide.engine import SetupProblem

    setup = {"monsters": [{"id": "gigazaur", "pieces": []}, {"id": "the-king"}, {"id": "alienoid"}]}
    assert key_of(SetupProblem("bad-field", path, {}), setup) == key


def test_a_problem_no_control_shows_is_said_at_the_top_and_a_seats_at_the_top_of_its_board():
    from kotguide.disputes.board import board
    from kotguide.engine import SetupProblem

    with translation.override("en"):
        b = board(editor.fresh(2), "en", problems=[
            SetupProblem("module-table", ("modules", "curses"), {"module": "curses"}),  # curses not in play
            SetupProblem("bad-field", ("monsters", 1, "pieces"), {}),  # no module with pieces in play
        ])
    assert b.notes["table"] == ["The sandbox cannot open this table."]
    assert b.seats[1].notes["other"] == ["The sandbox cannot open this table."] and b.seats[1].problems


def test_the_summary_links_every_problem_to_its_control_in_page_order(client):
    q = "monsters=3&m1-monster=gigazaur&m2-monster=the-king&m2-place=bay&step=rolled&die1=smash"
    state = state_of(client.get(f"/en/resolve/?{q}").content.decode())
    html = client.post("/en/resolve/", {"state": state, "go": "1"}).content.decode()
    summary = html[html.index('id="ed-problems"'):html.index("</div>", html.index('id="ed-problems"'))]
    targets = re.findall(r'<a href="#([^"]+)">', summary)
    assert targets == ["ed-seat-1-summary", *(f"ed-die-{j}-summary" for j in range(1, 6))]
    for target in targets:
        assert f'id="{target}"' in html
    assert "The King: Tokyo Bay is used only with 5 or more monsters" in summary


# --- the state Evolution cards leave on the table (issue 24: Beauty's holder, Bamboo Supply's energy, a missed turn) --
EVOLUTION_TABLE = ("/{lang}/resolve/?monsters=3&options=evolutions&turn=gigazaur&m1-monster=gigazaur"
                   "&m2-monster=king-kong&m2-evolutions=it-was-beauty-killed-the-beast"
                   "&m3-monster=pandakai&m3-evolutions=bamboo-supply")


def test_beauty_bamboo_supply_and_a_missed_turn_are_edited_where_their_module_is(client):
    from kotguide.engine import start
    from kotguide.engine.modules.evolutions import king_kong, pandakai

    r = client.get(EVOLUTION_TABLE.format(lang="en"))
    html = r.content.decode()
    for label in ("Beauty card held by", "Energy on Bamboo Supply", "Misses its next turn (King of Skull Island)"):
        assert label in html
    r = post(client, "en", state_of(html), "choice:evolutions:evo-beauty",
             **{"choice:evolutions:evo-beauty": "pandakai"})
    r = post(client, "en", state_of(r.content.decode()), "total:evolutions:evo-bamboo-supply:+1")
    r = post(client, "en", state_of(r.content.decode()), "total:evolutions:evo-bamboo-supply:+1")
    r = post(client, "en", state_of(r.content.decode()), "choice:evolutions:evo-misses-turn",
             **{"choice:evolutions:evo-misses-turn": "king-kong"})
    d = draft_of(r)
    table = d.setup["modules"]["evolutions"]
    assert (table["beauty"], table["bamboo_supply"], table["misses_turn"]) == ("pandakai", 2, "king-kong")
    assert d.problems() == []
    state = start(Setup.from_dict(d.setup))[0]
    assert king_kong.beauty_holder(state) == 2 and pandakai.supply_energy(state) == 2
    assert state.marks[king_kong.MISSES] == (1,)
    r = post(client, "en", state_of(r.content.decode()), "total:evolutions:evo-bamboo-supply:-1")
    assert draft_of(r).setup["modules"]["evolutions"]["bamboo_supply"] == 1
    # Bamboo Supply leaves play: its energy goes with it, and so does its field
    r = post(client, "en", state_of(r.content.decode()), "unlist:2:evolutions:bamboo-supply")
    assert "bamboo_supply" not in draft_of(r).setup["modules"]["evolutions"]
    assert "Energy on Bamboo Supply" not in r.content.decode()


def test_a_table_without_those_cards_asks_nothing_of_them(client):
    html = client.get("/en/resolve/?monsters=2&options=evolutions&m1-monster=gigazaur&m2-monster=the-king"
                      ).content.decode()
    for label in ("Beauty card held by", "Energy on Bamboo Supply", "Misses its next turn"):
        assert label not in html
    r = post(client, "en", state_of(html), "total:evolutions:evo-bamboo-supply:+1")
    assert r.status_code == 400


def test_a_missed_turn_on_the_monster_whose_turn_it_is_is_refused_beside_its_field_in_japanese(client):
    state = state_of(client.get(EVOLUTION_TABLE.format(lang="ja").replace("turn=gigazaur", "turn=king-kong")
                                + "&evo-misses-turn=king-kong").content.decode())
    r = client.post("/ja/resolve/", {"state": state, "go": "1"})
    assert r.status_code == 400
    html = r.content.decode()
    panel = html[html.index('id="ed-panel-evolutions"'):]
    panel = panel[:panel.index("</fieldset>")]
    assert "いまはキングコングのターンです" in panel and "髑髏島の王はほかのモンスターのターンにプレイする" in panel


@pytest.mark.parametrize(("scenario", "actions", "key", "value"), [
    ("evolution-king-of-skull-island", ("roll", "resolve", "yield", "use:evo-king-of-skull-island"),
     "misses_turn", "king-kong"),
    ("evolution-bamboo-supply", ("use:evo-bamboo-supply:add",), "bamboo_supply", 1),
    # Gigazaur's smashes wound King Kong, who holds Beauty: Gigazaur takes it
    ("evolution-it-was-beauty-killed-the-beast", ("use:evo-it-was-beauty-killed-the-beast", "roll", "resolve", "end",
                                                  "roll", "resolve", "stay"), "beauty", "gigazaur"),
])
def test_a_sandbox_position_opens_in_the_editor_with_its_evolution_state(client, scenario, actions, key, value):
    from kotguide.sandbox.position import Position

    position = Position(scenario=scenario, actions=actions)
    r = client.post("/en/resolve/", {"edit": "position", "position": position.to_json()})
    d = draft_of(client.get(r["Location"]))
    assert d.setup["modules"]["evolutions"][key] == value
    assert d.problems() == []


def test_the_drawn_table_shows_the_evolution_state_in_both_languages():
    from kotguide.engine import replay
    from kotguide.engine.testing import evolution_setup

    evo = site_modules.get("evolutions")
    # Gigazaur's smashes wound King Kong, Beauty's holder: Gigazaur takes it; Pandakaï has put 1 energy on its card
    setup = evolution_setup("gigazaur", {"id": "king-kong", "location": "city",
                                         "pieces": ["evo-it-was-beauty-killed-the-beast"]},
                            {"id": "pandakai", "pieces": ["evo-bamboo-supply"]},
                            table={"bamboo_supply": 1, "misses_turn": "king-kong"},
                            dice="smash smash 1 2 3 energy")
    state = replay(setup, ["roll", "resolve"]).state
    assert evo.read_table(state) == {"hands": {"gigazaur": [], "king-kong": [], "pandakai": []}, "beauty": "gigazaur",
                                     "bamboo_supply": 1, "misses_turn": "king-kong"}
    words = {"en": ("Holds the Beauty card", "1 energy on Bamboo Supply", "Misses its next turn"),
             "ja": ("美女カードを持っている", "竹の備蓄の上に1エネルギー", "次の自分のターンを休む")}
    for lang, (beauty, supply, missed) in words.items():
        with translation.override(lang):
            rows = {seat: [row.label for row in evo.monster_rows(state, seat, lang, False)] for seat in range(3)}
        assert beauty in rows[0] and supply in rows[2] and missed in rows[1]


def test_the_evolution_state_reads_from_the_address_and_a_tampered_count_is_a_400(client):
    d = draft_of(client.get(EVOLUTION_TABLE.format(lang="en") + "&evo-bamboo-supply=3&evo-beauty=gigazaur"))
    table = d.setup["modules"]["evolutions"]
    assert (table["bamboo_supply"], table["beauty"]) == (3, "gigazaur")
    state = state_of(client.get(EVOLUTION_TABLE.format(lang="en")).content.decode())
    for edit in ("total:evolutions:evo-bamboo-supply:+5", "total:evolutions:evo-beauty:+1", "total:nothing:x:+1"):
        assert post(client, "ja", state, edit).status_code == 400


def test_a_fresh_table_is_the_common_dispute_a_roll_against_the_monster_in_tokyo(client):
    d = draft_of(client.get("/en/resolve/"))
    assert [m["id"] for m in d.monsters] == ["gigazaur", "the-king", "cyber-kitty"]
    assert [m["location"] for m in d.monsters] == ["outside", "city", "outside"]
    assert d.setup["first_player"] == "gigazaur"
    assert d.setup["turn"] == {"step": "rolled", "dice": ["1", "1", "2", "2", "3", "3"]}  # nothing scores
    assert d.problems() == []


def test_a_number_chosen_from_its_list_stays_within_the_steppers_bounds(client):
    state = state_of(client.get("/en/resolve/").content.decode())
    r = post(client, "en", state, "set:1:vp", **{"set:1:vp": "12"})
    assert draft_of(r).monsters[1]["vp"] == 12
    r = post(client, "ja", state, "set:0:life", **{"set:0:life": "11"})  # above 10 without Even Bigger
    assert r.status_code == 400 and "この場面は編集できません" in r.content.decode()
    html = client.get("/en/resolve/").content.decode()
    assert 'id="ed-set-0-energy-v"' in html and "<option>1</option>" in html  # life and VP have dials instead
    assert 'id="ed-set-0-life-v"' not in html and 'id="ed-set-0-vp-v"' not in html


def test_typing_in_a_card_field_suggests_cards_in_either_language_and_one_is_taken_by_its_id(client):
    html = client.get("/en/resolve/names/", {"for": "card:1", "value-card:1": "ar"}).content.decode()
    assert 'value="card:1:armor-plating"' in html and "装甲板" in html
    html = client.get("/ja/resolve/names/", {"for": "market", "value-market": "ガス"}).content.decode()
    assert 'value="market:gas-refinery"' in html
    assert client.get("/en/resolve/names/", {"for": "turn"}).status_code == 400
    state = state_of(client.get("/en/resolve/").content.decode())
    r = post(client, "en", state, "card:1:armor-plating")
    assert draft_of(r).monsters[1]["cards"] == ["armor-plating"]
    assert post(client, "en", state, "card:1:no-such-card").status_code == 400


def test_without_javascript_a_number_chosen_from_its_list_is_applied_by_the_next_button(client):
    state = state_of(client.get("/en/resolve/").content.decode())
    r = client.post("/en/resolve/", {"state": state, "value-set:1:energy": "4", "go": "1"})
    assert r.status_code == 302
    r = client.post("/en/resolve/", {"state": state, "value-set:1:energy": "4", "edit": "n:1:vp:+1"})
    assert [draft_of(r).monsters[1][n] for n in ("energy", "vp")] == [4, 1]
    no_seat_7 = {"state": state, "value-set:7:energy": "4"}
    assert client.post("/en/resolve/", {**no_seat_7, "edit": "undo"}).status_code == 200
    assert client.post("/en/resolve/", {**no_seat_7, "edit": "n:1:vp:+1"}).status_code == 400


def test_a_face_set_opens_the_next_dies_faces_and_the_last_opens_none(client):
    state = state_of(client.get("/en/resolve/").content.decode())
    html = post(client, "en", state, "die:2:smash", htmx=True).content.decode()
    assert re.search(r'<details class="ed-die[^"]*" id="ed-die-3" open>', html)
    html = post(client, "en", state, "die:5:smash", htmx=True).content.decode()
    assert not re.search(r'id="ed-die-\d" open>', html)
