"""A new game from the sandbox page: monsters and options chosen on a plain POST form, stored as a position (its
setup carries a seed) and opened at its first turn; a wrong choice is refused with the reason beside the field, in
the reader's language, and nothing is stored."""

import random
import re
from urllib.parse import parse_qs

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from kotguide.engine import legal_actions
from kotguide.engine import options as O
from kotguide.sandbox.game import open_position
from kotguide.sandbox.models import SharedPosition
from kotguide.sandbox.new_game import MAX_SEED, NewGameForm
from kotguide.sandbox.position import Position
from kotguide.sandbox.words import monster_names

from .forms import errors_of, html_of, opened
from .purity import impure_blocks, is_japanese

pytestmark = pytest.mark.django_db

THREE = ["gigazaur", "the-king", "alienoid"]


def words(lang: str, message: str) -> str:
    with translation.override(lang):
        return gettext(message)


# --- the form -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_sandbox_page_shows_the_new_game_form(client, lang):
    response = client.get(f"/{lang}/sandbox/")
    assert response.status_code == 200
    html = html_of(response)
    form = re.search(rf'<form method="post" action="/{lang}/sandbox/new/" class="new-game-form">(.*?)</form>',
                     html, re.S)
    assert form, "no new-game form"
    form = form.group(1)
    assert 'name="csrfmiddlewaretoken"' in form
    names = monster_names(lang)
    monsters = re.findall(r'<input type="checkbox" name="monsters" value="([a-z-]+)" id="(id_monsters_\d+)">\s*([^<]+)'
                          r"</label>", form)
    assert [(m, name.strip()) for m, _, name in monsters] == list(names.items())
    options = re.findall(r'<input type="checkbox" name="options" value="([a-z-]+)"', form)
    assert options == list(O.ALL)
    assert 'name="seed"' in form
    ids = set(re.findall(r'<input[^>]*\bid="(id_[a-z_0-9]+)"', form))
    assert ids and ids <= set(re.findall(r'<label for="(id_[a-z_0-9]+)"', form))
    assert words(lang, "Start this game") in form and 'type="submit"' in form


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_form_reads_in_the_readers_language(client, lang):
    html = html_of(client.get(f"/{lang}/sandbox/"))
    form = re.search(r'<details class="new-game".*?</details>', html, re.S).group(0)
    assert impure_blocks(form, lang, {"kotguide", "King of Tokyo", "IELLO", "Richard Garfield", "VP"}) == []


# --- starting a game ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_three_monsters_and_two_modules_open_a_stored_game(client, lang):
    response = client.post(f"/{lang}/sandbox/new/", {"monsters": THREE, "options": ["wickedness", "curses"],
                                                     "seed": "7"})
    assert response["Location"].startswith(f"/{lang}/p/")
    position = opened(response)
    assert position.actions == ()
    setup = position.setup
    assert setup["monsters"] == THREE
    assert setup["options"] == ["wickedness", "curses"]  # in the engine's order of options
    assert setup["seed"] == 7
    table = client.get(response["Location"])
    assert table.status_code == 200
    html = html_of(table)
    for monster in THREE:
        assert monster_names(lang)[monster] in html
    assert 'value="roll"' in html  # the first turn: the first monster rolls


def test_the_same_choices_and_seed_give_the_same_stored_game(client):
    data = {"monsters": THREE, "options": ["evolutions", "mutant-draft"], "seed": "12"}
    first, second = client.post("/en/sandbox/new/", data), client.post("/ja/sandbox/new/", data)
    assert first["Location"].replace("/en/", "/ja/") == second["Location"]
    assert SharedPosition.objects.count() == 1


def test_without_a_seed_the_game_gets_one(client):
    position = opened(client.post("/en/sandbox/new/", {"monsters": ["meka-dragon", "cyber-kitty"]}))
    assert 0 <= position.setup["seed"] <= MAX_SEED
    assert position.setup["options"] == []


@pytest.mark.parametrize("options", [["two-player"], [*O.ALL[1:]]], ids=["two-player", "every-module"])
def test_the_other_valid_combinations_open_too(client, options):
    monsters = ["space-penguin", "cyber-kitty"] if options == ["two-player"] else list(monster_names("en"))[:6]
    response = client.post("/en/sandbox/new/", {"monsters": monsters, "options": options, "seed": "0"})
    assert opened(response).setup["options"] == options
    assert client.get(response["Location"]).status_code == 200


# --- refusals -------------------------------------------------------------------------------------------------
REFUSED = [
    ("one-monster", {"monsters": ["gigazaur"]}, "monsters", "Choose 2 to 6 monsters."),
    ("no-monster", {"options": ["curses"]}, "monsters", "Choose 2 to 6 monsters."),
    ("two-player-with-three", {"monsters": THREE, "options": ["two-player"]}, "options",
     "The two-player variant needs exactly 2 monsters."),
    ("mutant-draft-alone", {"monsters": THREE, "options": ["mutant-draft"]}, "options",
     "The Mutant Evolution draft needs the Evolution cards module."),
    ("unknown-option", {"monsters": THREE, "options": ["curses", "no-such-module"]}, "options",
     "Choose options from the list."),
    ("seed-too-big", {"monsters": THREE, "seed": str(MAX_SEED + 1)}, "seed", "Enter a number from 0 to 4294967295."),
    ("seed-negative", {"monsters": THREE, "seed": "-1"}, "seed", "Enter a number from 0 to 4294967295."),
    ("seed-not-a-number", {"monsters": THREE, "seed": "seven"}, "seed", "Enter a whole number, such as 3."),
    ("tampered-monster", {"monsters": ["gigazaur", "<script>"]}, "monsters", "Choose monsters from the list."),
    ("unknown-monster", {"monsters": ["gigazaur", "godzilla"]}, "monsters", "Choose monsters from the list."),
    ("same-monster-twice", {"monsters": ["gigazaur", "gigazaur"]}, "monsters", "Choose 2 to 6 monsters."),
]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize(("data", "field", "message"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_a_wrong_choice_is_refused_beside_its_field_in_the_readers_language(client, lang, data, field, message):
    response = client.post(f"/{lang}/sandbox/new/", data)
    assert response.status_code == 400
    html = html_of(response)
    assert f'<html lang="{lang}">' in html
    errors = errors_of(response)
    assert errors == {field: words(lang, message)}
    if lang == "ja":
        assert any(map(is_japanese, errors[field])), f"not translated: {errors[field]}"
    assert f'action="/{lang}/sandbox/new/"' in html  # the form again, to correct
    assert SharedPosition.objects.count() == 0


def test_a_refused_form_keeps_what_was_chosen(client):
    html = html_of(client.post("/en/sandbox/new/", {"monsters": THREE, "options": ["two-player", "curses"],
                                                    "seed": "5"}))
    for monster in THREE:
        assert re.search(rf'value="{monster}"[^>]*checked', html)
    assert re.search(r'value="curses"[^>]*checked', html)
    assert re.search(r'name="seed" value="5"', html)


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_only_post_starts_a_game(client, method):
    assert getattr(client, method)("/en/sandbox/new/").status_code == 405
    assert SharedPosition.objects.count() == 0


def test_the_form_class_refuses_what_the_engine_refuses():
    form = NewGameForm({"monsters": THREE, "options": ["two-player"]}, lang="en")
    assert not form.is_valid() and list(form.errors) == ["options"]
    form = NewGameForm({"monsters": THREE, "options": ["evolutions", "mutant-draft"], "seed": "3"}, lang="en")
    assert form.is_valid(), form.errors
    assert form.position() == Position(setup={"monsters": THREE, "options": ["evolutions", "mutant-draft"],
                                              "seed": 3})


# --- CSRF -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_post_without_the_csrf_token_is_refused_in_the_readers_language(lang):
    response = Client(enforce_csrf_checks=True).post(f"/{lang}/sandbox/new/", {"monsters": THREE})
    assert response.status_code == 403
    assert f'<html lang="{lang}">' in response.content.decode()
    assert SharedPosition.objects.count() == 0


def test_a_post_with_the_pages_csrf_token_starts_the_game():
    client = Client(enforce_csrf_checks=True)
    page = client.get("/en/sandbox/").content.decode()
    token = re.search(r'<form method="post" action="/en/sandbox/new/".*?name="csrfmiddlewaretoken" value="([^"]+)"',
                      page, re.S).group(1)
    response = client.post("/en/sandbox/new/", {"monsters": THREE, "csrfmiddlewaretoken": token})
    assert opened(response).setup["monsters"] == THREE
    tampered = token[:-1] + ("a" if token[-1] != "a" else "b")
    assert client.post("/en/sandbox/new/", {"monsters": THREE[:2], "csrfmiddlewaretoken": tampered}).status_code == 403
    assert SharedPosition.objects.count() == 1


# --- playing it -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_new_game_with_every_module_plays_through_the_pages(client, lang):
    """A game with every module, played one random legal step at a time through the views as a reader would
    (following each redirect): every page answers 200 in the reader's language, and the table it shows is the
    engine's state."""
    rnd = random.Random(7 if lang == "ja" else 8)
    response = client.post(f"/{lang}/sandbox/new/", {"monsters": THREE, "options": list(O.MODULES), "seed": "11"})
    address = response["Location"]
    for _ in range(120):
        page = client.get(address)
        assert page.status_code == 200, address
        state = open_position(page.context["game"].position).state
        if state.decision is None:
            break
        if lang == "ja":
            table = re.search(r'<div id="sandbox".*', html_of(page), re.S).group(0)
            assert impure_blocks(table, lang, {"kotguide", "VP"}) == [], address
        code = rnd.choice(legal_actions(state)).code
        here, _, played = address.partition("?")
        query = {k: v[0] for k, v in parse_qs(played).items()}  # the step form carries the position's actions
        if code.startswith("reroll:"):
            rerolled = code[7:].split(".")
            query.update(do="reroll", keep=[str(i) for i in range(len(state.dice)) if str(i) not in rerolled])
        else:
            query["do"] = code
        # near the address's limit the step form posts (a GET never stores the position)
        step = client.post(here, query) if page.context["step_post"] else client.get(here, query)
        assert step.status_code == 302, (address, code)
        address = step["Location"]
