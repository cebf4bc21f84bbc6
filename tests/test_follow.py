"""Following a real game at the table (kotguide/follow): the host enters the faces rolled, the answers and the cards
bought and revealed; each entry is stored and redirected to, so nothing is lost; an entry the rules forbid is
explained in the reader's language; input no form sends is a 400. Every expected number below is worked out by hand
from the rules, not read off the engine."""

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

from kotguide import site_modules
from kotguide.content import components
from kotguide.engine import data
from kotguide.engine.chance import seeded_dice
from kotguide.engine.dice import FACES
from kotguide.engine.modules.curses import core as curses
from kotguide.follow import summary
from kotguide.sandbox.game import open_position, setup_of
from kotguide.sandbox.models import SharedPosition
from kotguide.sandbox.position import Position
from kotguide.sandbox.words import card_name, monster_name

from .forms import html_of
from .purity import impure_blocks

pytestmark = pytest.mark.django_db

START = {"seat-1": "gigazaur", "seat-2": "the-king", "first": "1",
         "market-1": "Corner Store", "market-2": "マンション", "market-3": "commuter train"}


def words(lang: str, message: str) -> str:
    with translation.override(lang):
        return gettext(message)


def game_id(response) -> str:
    assert response.status_code == 302, html_of(response)[:3000]
    match = re.fullmatch(r"/(?:ja|en)/follow/([a-z2-7]{26})/#entry", response["Location"])
    assert match, response["Location"]
    return match.group(1)


def state_of(position_id: str):
    base, _notice, _checkpoints = SharedPosition.open(position_id)
    return open_position(base).state


def enter(client, lang: str, position_id: str, **fields) -> str:
    return game_id(client.post(f"/{lang}/follow/{position_id}/", fields))


def roll(*faces: str, entry: str = "roll") -> dict:
    """An entry with the faces its dice show, die by die."""
    return {"entry": entry, **{f"face-{i}": face for i, face in enumerate(faces)}}


def turn(client, at: str, faces: list[str], *answers: str) -> str:
    """One whole turn entered in English: the faces rolled, resolved, the answers given (stay, yield), the end."""
    at = enter(client, "en", at, **roll(*faces))
    for entry in ("resolve", *answers, "end"):
        at = enter(client, "en", at, entry=entry)
    return at


def started(client, lang: str = "en") -> str:
    return game_id(client.post(f"/{lang}/follow/", START))


def test_the_start_form_is_offered_in_both_languages(client):
    for lang in ("ja", "en"):
        html = html_of(client.get(f"/{lang}/follow/"))
        assert words(lang, "Follow a game at the table") in html
        assert 'name="seat-6"' in html and 'name="market-3"' in html


def test_a_game_starts_with_the_seats_first_player_and_market_typed_in_either_language(client):
    state = state_of(started(client))
    assert [m.id for m in state.monsters] == ["gigazaur", "the-king"]
    assert state.monsters[state.active].id == "gigazaur"
    assert state.market == ["corner-store", "apartment-building", "commuter-train"]
    assert state.setup.table


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_start_the_rules_forbid_is_explained(client, lang):
    response = client.post(f"/{lang}/follow/", {**START, "seat-2": "gigazaur", "market-1": "Corner Stor"})
    html = html_of(response)
    assert response.status_code == 400
    assert words(lang, "Each monster sits at the table once: choose a different monster for each seat.") in html
    assert words(lang, "No Power card is called “%(typed)s”.") % {"typed": "Corner Stor"} in html
    errors = re.search(r'<div class="form-errors".*?</div>', html, re.S).group(0)
    assert ("コンビニ (Corner Store)" if lang == "ja" else "Corner Store (コンビニ)") in errors  # the near name
    assert SharedPosition.objects.count() == 0


def test_tampered_start_is_a_400(client):
    assert client.post("/en/follow/", {**START, "seat-1": "godzilla"}).status_code == 400
    assert client.post("/en/follow/", {**START, "first": "9"}).status_code == 400


def test_two_turns_entered_at_the_table_follow_the_rules(client):
    at = started(client)
    # Gigazaur: 3 energy, 2 smashes at an empty Tokyo, a 1: 3 energy, enters Tokyo (+1 VP), buys Corner Store (3: +1 VP)
    at = enter(client, "en", at, **roll("energy", "energy", "energy", "smash", "smash", "1"))
    at = enter(client, "en", at, entry="resolve")
    at = enter(client, "en", at, entry="buy:0", revealed="超高層ビル")
    at = enter(client, "en", at, entry="end")
    # The King: 3 smashes, 2 hearts, a 3, reroll the 3 into a smash: 4 smashes at Gigazaur in Tokyo (10 → 6),
    # the hearts heal nothing (full life); Gigazaur yields, The King enters (+1 VP)
    at = enter(client, "en", at, **roll("smash", "smash", "smash", "heart", "heart", "3"))
    at = enter(client, "en", at, entry="reroll", **{f"face-{i}": f for i, f in
                                                     enumerate(["smash", "smash", "smash", "heart", "heart", "smash"])})
    at = enter(client, "en", at, entry="resolve")
    at = enter(client, "en", at, entry="yield")
    state = state_of(at)
    gigazaur, king = state.monsters
    assert (gigazaur.life, gigazaur.vp, gigazaur.energy) == (6, 2, 0)
    assert (king.life, king.vp, king.energy) == (10, 1, 0)
    assert state.city.id == "the-king"
    assert state.market == ["skyscraper", "apartment-building", "commuter-train"]
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert 'href="/en/rules/' in html  # each change links its rule
    holdings = re.search(r'<section id="sb-holdings".*?</section>', html, re.S).group(0)
    # Corner Store is a Discard card: used when bought, nothing stays in front of Gigazaur
    for name in ("Gigazaur", "The King"):
        assert f'<strong>{name}</strong> <span class="muted">no cards</span>' in holdings


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_buy_beyond_the_monsters_energy_is_explained_and_changes_nothing(client, lang):
    at = started(client, lang)
    at = enter(client, lang, at, **roll("energy", "energy", "1", "1", "2", "3"))
    at = enter(client, lang, at, entry="resolve")
    # 2 energy; Apartment Building costs 5
    response = client.post(f"/{lang}/follow/{at}/", {"entry": "buy:1", "revealed": "Skyscraper"})
    assert response.status_code == 200
    expected = words(lang, "%(monster)s has %(energy)s energy and this costs %(cost)s: a Power card is bought only "
                     "with the energy already in front of the monster. Nothing was bought.")
    name = "ギガザウルス" if lang == "ja" else "Gigazaur"
    assert expected % {"monster": name, "energy": 2, "cost": 5} in html_of(response)
    assert state_of(at).monsters[0].energy == 2


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_fourth_roll_is_explained(client, lang):
    at = started(client, lang)
    at = enter(client, lang, at, **roll("1", "1", "1", "2", "2", "2"))
    for _reroll in range(2):  # die 1 rolled again twice, a 1 each time
        at = enter(client, lang, at, entry="reroll", again="0", **{f"face-{i}": f for i, f in
                                                                  enumerate(["1", "1", "1", "2", "2", "2"])})
    response = client.post(f"/{lang}/follow/{at}/", {"entry": "reroll", "again": "0"})
    assert response.status_code == 200
    assert words(lang, "%(monster)s has already rolled three times this turn (the first roll and two rerolls), and "
                 "no card it holds gives another roll. Resolve the dice as they are.") % {
        "monster": "ギガザウルス" if lang == "ja" else "Gigazaur"} in html_of(response)
    at = enter(client, lang, at, entry="resolve")
    # three 1s: 1 VP, three 2s: 2 VP, then Gigazaur enters the empty Tokyo: 1 VP
    assert state_of(at).monsters[0].vp == 4


def test_tampered_entries_are_a_400(client):
    at = started(client)
    assert client.post(f"/en/follow/{at}/", roll("7", "1", "1", "1", "1", "1")).status_code == 400
    assert client.post(f"/en/follow/{at}/", {"entry": "teleport"}).status_code == 400
    assert client.post(f"/en/follow/{at}/", {"entry": "buy:9"}).status_code == 400


def test_an_incomplete_roll_asks_for_every_face(client):
    at = started(client, "ja")
    response = client.post(f"/ja/follow/{at}/", roll("1", "1"))
    assert response.status_code == 200
    assert words("ja", "Enter the face of every die rolled.") in html_of(response)


def test_what_if_opens_the_sandbox_and_leaves_the_game_as_it_was(client):
    at = started(client)
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert f'href="/en/p/{at}/"' in html
    client.get(f"/en/p/{at}/?do=roll")  # the sandbox plays a roll of its own
    assert html_of(client.get(f"/en/follow/{at}/")).count('name="face-5"') == 6  # still before the first roll


def test_a_sandbox_game_is_not_followed(client):
    stored = SharedPosition.store(Position(setup={"monsters": ["gigazaur", "the-king"], "seed": 1}))
    assert client.get(f"/en/follow/{stored}/").status_code == 404


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_page_of_a_followed_turn_is_in_the_readers_language(client, lang):
    pages = [f"/{lang}/follow/"]
    at = started(client, lang)
    pages.append(f"/{lang}/follow/{at}/")
    at = enter(client, lang, at, **roll("energy", "energy", "energy", "smash", "smash", "1"))
    pages.append(f"/{lang}/follow/{at}/")
    at = enter(client, lang, at, entry="resolve")
    pages.append(f"/{lang}/follow/{at}/")
    for address in pages:
        html = html_of(client.get(address))
        main = re.search(r"<main.*</main>", html, re.S).group(0)
        assert impure_blocks(main, lang, {"kotguide", "VP"}) == [], address


def test_home_and_sandbox_link_here(client):
    for address in ("/ja/", "/en/sandbox/"):
        assert 'href="/' + address.split("/")[1] + '/follow/"' in html_of(client.get(address))


def test_the_summary_at_the_end_charts_life_and_vp_per_turn(client):
    # the chart's points: the start of each turn (its start-of-turn effects taken), then the end of the game
    at = started(client)
    # turn 1, Gigazaur: no set, full life, enters the empty Tokyo: 1 VP
    at = turn(client, at, ["1", "1", "2", "2", "3", "heart"])
    # turn 2, The King: 6 smashes at Gigazaur in Tokyo: 10 → 4; Gigazaur stays
    at = turn(client, at, ["smash"] * 6, "stay")
    # turn 3, Gigazaur: starts its turn in Tokyo: 2 VP (3 in all); pairs score nothing
    at = turn(client, at, ["1", "1", "2", "2", "3", "3"])
    # turn 4, The King: 6 smashes: Gigazaur 4 → 0, eliminated, out of Tokyo; The King enters the empty Tokyo
    # (1 VP), may still buy, and at the end of its turn is the last monster standing
    at = turn(client, at, ["smash"] * 6)
    state = state_of(at)
    assert state.over and [m.alive for m in state.monsters] == [False, True]
    _scenario, setup = setup_of(Position.from_json(SharedPosition.objects.get(pk=at).data))
    played, charts = summary.charts(setup, state_of_actions(at), "en", ("Life", "VP"))
    assert played == 4
    life, vp = charts
    assert [line.values for line in life.lines] == [[10, 10, 4, 4, 0], [10, 10, 10, 10, 10]]
    assert [line.values for line in vp.lines] == [[0, 1, 3, 3, 3], [0, 0, 0, 0, 1]]
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert "Game over: The King wins." in html
    assert "Won as the last monster standing: every other monster was eliminated. 4 turns played." in html
    assert html.count("<polyline") == 4  # two monsters on each of the two charts
    assert 'name="entry"' not in html  # nothing more to enter
    late = client.post(f"/en/follow/{at}/", roll(*["smash"] * 6))
    assert late.status_code == 200 and "The game is over: nothing more can be entered." in html_of(late)


def state_of_actions(position_id: str) -> tuple[str, ...]:
    return Position.from_json(SharedPosition.objects.get(pk=position_id).data).actions


def test_the_game_is_handed_across_by_its_address_and_qr_code(client, settings):
    at = started(client)
    assert client.get(f"/en/follow/{at}/qr.svg").status_code == 404  # no public origin: no absolute address
    settings.PUBLIC_ORIGIN = "http://192.168.1.20:8000"
    html = html_of(client.get(f"/ja/follow/{at}/"))
    assert f'value="http://192.168.1.20:8000/ja/follow/{at}/"' in html
    assert f'src="/ja/follow/{at}/qr.svg"' in html
    code = client.get(f"/ja/follow/{at}/qr.svg")
    assert code.status_code == 200 and code["Content-Type"] == "image/svg+xml"
    assert client.get("/ja/follow/aaaaaaaaaaaaaaaaaaaaaaaaaa/qr.svg").status_code == 404


def test_the_log_numbers_the_players_steps_and_links_each_rule(client):
    at = started(client)
    at = enter(client, "en", at, **roll("energy", "energy", "energy", "smash", "smash", "1"))
    at = enter(client, "en", at, entry="resolve")
    html = html_of(client.get(f"/en/follow/{at}/"))
    # the faces given are no step: the roll is step 1, resolving step 2, newest first
    assert re.findall(r"Step (\d+): ", html) == ["2", "1"]
    assert 'href="/en/rules/energy/"' in html


# --- variants and expansion modules at the start --------------------------------------------------------------------

def start_with(client, lang: str, *options: str, **fields):
    return client.post(f"/{lang}/follow/", {**START, **fields, "options": list(options)})


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_start_offers_every_variant_and_every_module_of_the_registry(client, lang):
    html = html_of(client.get(f"/{lang}/follow/"))
    offered = set(re.findall(r'name="options" value="([a-z-]+)"', html))
    assert offered == {"two-player", "five-card-market", "opening-energy"} | {m.id for m in site_modules.every()}
    with translation.override(lang):
        assert str(site_modules.get("berserk").name) in html
    assert 'name="market-5"' in html  # the five-card market's fields are there without JavaScript


def test_opening_energy_gives_each_monster_3_energy_to_buy_with(client):
    at = game_id(start_with(client, "en", "opening-energy"))
    state = state_of(at)
    assert [m.energy for m in state.monsters] == [3, 3]
    # Gigazaur: 3 + 2 energy rolled = 5; enters the empty Tokyo City (+1 VP); buys Apartment Building (5 energy: +3 VP)
    at = enter(client, "en", at, **roll("energy", "energy", "1", "1", "2", "3"))
    at = enter(client, "en", at, entry="resolve")
    at = enter(client, "en", at, entry="buy:1", revealed="Skyscraper")
    gigazaur = state_of(at).monsters[0]
    assert (gigazaur.energy, gigazaur.vp, gigazaur.cards) == (0, 4, [])  # a Discard card: played at once


def test_the_five_card_market_takes_five_cards_and_only_then(client):
    five = {"market-4": "Skyscraper", "market-5": "Energize"}
    state = state_of(game_id(start_with(client, "en", "five-card-market", **five)))
    assert state.market == ["corner-store", "apartment-building", "commuter-train", "skyscraper", "energize"]
    response = start_with(client, "en", **five)
    assert response.status_code == 400
    assert "This market holds 3 cards: leave the fields after card 3 empty." in html_of(response)
    response = start_with(client, "en", "five-card-market", **{"market-4": "Skyscraper"})
    assert response.status_code == 400
    assert "Enter the name of the card revealed (in Japanese or English)." in html_of(response)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_options_the_table_does_not_allow_are_explained(client, lang):
    response = start_with(client, lang, "two-player", "mutant-draft", **{"seat-3": "alienoid"})
    html = html_of(response)
    assert response.status_code == 400
    assert words(lang, "The two-player variant needs exactly 2 monsters.") in html
    with translation.override(lang):
        needs = gettext("Tick %(needs)s too: %(option)s needs it.") % {
            "needs": site_modules.get("evolutions").name, "option": site_modules.get("mutant-draft").name}
    assert needs in html
    assert SharedPosition.objects.count() == 0


def test_an_option_no_form_offers_is_a_400(client):
    assert start_with(client, "en", "godzilla-mode").status_code == 400


def first_picks(client, lang: str, *options: str) -> dict:
    """The second step of the start, each card dealt picked as the first its list offers that no field before took
    (a deal of our own, as at a table)."""
    response = start_with(client, lang, *options)
    assert response.status_code == 200
    html = html_of(response)
    assert 'name="step" value="dealt"' in html
    picks: dict[str, str] = {}
    for name, body in re.findall(r'<select name="(deal-[a-z0-9-]+)" id="[^"]+"[^>]*>(.*?)</select>', html):
        values = re.findall(r'<option value="([a-z0-9-]+)"', body)
        picks[name] = next(v for v in values if v not in picks.values())
    return picks


def start_dealt(client, lang: str, *options: str, **picks: str):
    return client.post(f"/{lang}/follow/", {**START, "options": list(options), "step": "dealt", **picks})


def started_with(client, lang: str, *options: str) -> str:
    """A game started with `options`, through the second step when a module deals cards at setup."""
    if any(m.deals(list(options)) for m in site_modules.in_play(list(options))):
        return game_id(start_dealt(client, lang, *options, **first_picks(client, lang, *options)))
    return game_id(start_with(client, lang, *options))


@pytest.mark.parametrize("module", [m.id for m in site_modules.every()])
def test_every_module_starts_and_takes_its_first_entry(client, module):
    options = ["evolutions", module] if module == "mutant-draft" else [module]
    at = started_with(client, "en", *options)
    assert module in state_of(at).options
    response = client.get(f"/en/follow/{at}/")
    html = html_of(response)
    assert response.status_code == 200
    assert 'name="entry"' in html
    # the first entry (a roll, or a refusal while the module first asks a choice) is never a 500
    assert client.post(f"/en/follow/{at}/", roll("1", "1", "1", "2", "2", "3")).status_code in (200, 302)


def test_a_game_won_by_20_vp_says_so(client):
    at = started(client)
    sixes_of_3 = ["3"] * 6  # three 3s: 3 VP, and 1 more for each 3 beyond: 6 VP
    nothing = ["1", "1", "2", "2", "heart", "energy"]  # The King: no set, no smash; full life; 1 energy
    # Gigazaur: 6 VP, enters the empty Tokyo (+1): 7; then at each start of its turn in Tokyo +2 and 6 more:
    # 7 → 15 on turn 3, 17 and then 23 on turn 5: 20 VP reached, and Gigazaur wins when its turn ends (the end
    # check comes after the whole turn)
    for number in range(1, 6):
        at = turn(client, at, sixes_of_3 if number % 2 else nothing)
    state = state_of(at)
    assert state.over and state.monsters[0].vp == 23
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert "Game over: Gigazaur wins." in html
    assert "Won by reaching 20 VP. 5 turns played." in html


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_an_older_page_of_the_game_says_it_has_gone_on_and_links_the_latest_entry(client, lang):
    start = started(client, lang)
    rolled = enter(client, lang, start, **roll("1", "1", "1", "2", "2", "heart"))
    gone_on = words(lang, "This is an earlier moment of this game: it has gone on since.")
    older = html_of(client.get(f"/{lang}/follow/{start}/"))  # "back" to the start
    assert gone_on in older and f'href="/{lang}/follow/{rolled}/#entry"' in older
    assert gone_on not in html_of(client.get(f"/{lang}/follow/{rolled}/"))
    # an entry made from the older page (a roll entered wrongly, corrected) carries the game on from there
    corrected = enter(client, lang, start, **roll("1", "1", "1", "2", "2", "2"))
    assert gone_on not in html_of(client.get(f"/{lang}/follow/{corrected}/"))
    for earlier in (start, rolled):
        assert f'href="/{lang}/follow/{corrected}/#entry"' in html_of(client.get(f"/{lang}/follow/{earlier}/"))
    # entered again, the first roll is the latest entry once more
    assert enter(client, lang, start, **roll("1", "1", "1", "2", "2", "heart")) == rolled
    assert f'href="/{lang}/follow/{rolled}/#entry"' in html_of(client.get(f"/{lang}/follow/{corrected}/"))
    # a game of another table is another game: its pages say nothing of this one
    other = game_id(client.post(f"/{lang}/follow/", {**START, "first": "2"}))
    assert gone_on not in html_of(client.get(f"/{lang}/follow/{other}/"))


def test_a_game_followed_before_entries_were_kept_shows_no_notice(client):
    from kotguide.follow.models import Entry

    start = started(client)
    rolled = enter(client, "en", start, **roll("1", "1", "1", "2", "2", "heart"))
    Entry.objects.all().delete()
    for page in (start, rolled):
        assert "it has gone on since" not in html_of(client.get(f"/en/follow/{page}/"))


# --- what the modules deal at setup, and draw from their own decks --------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_costumes_dealt_are_the_two_each_monster_chooses_from(client, lang):
    picks = {"deal-costumes-gigazaur-1": "ghost", "deal-costumes-gigazaur-2": "pirate",
             "deal-costumes-the-king-1": "robot", "deal-costumes-the-king-2": "witch"}
    assert set(first_picks(client, lang, "costumes")) == set(picks)
    at = game_id(start_dealt(client, lang, "costumes", **picks))
    html = html_of(client.get(f"/{lang}/follow/{at}/"))
    assert 'value="use:costume:ghost"' in html and 'value="use:costume:pirate"' in html
    # the costumes are chosen before the first turn, not in a "turn 0"
    assert words(lang, "Before the first turn") in html and "Turn 0" not in html and "ターン0" not in html
    at = enter(client, lang, at, entry="use:costume:pirate")
    assert state_of(at).monsters[0].cards == ["pirate"]
    html = html_of(client.get(f"/{lang}/follow/{at}/"))
    assert 'value="use:costume:witch"' in html
    holdings = re.search(r'<section id="sb-holdings".*?</section>', html, re.S).group(0)
    assert f'href="/{lang}/cards/pirate/"' in holdings  # the costume kept, in front of Gigazaur


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_costume_dealt_twice_is_explained(client, lang):
    picks = {"deal-costumes-gigazaur-1": "ghost", "deal-costumes-gigazaur-2": "pirate",
             "deal-costumes-the-king-1": "ghost", "deal-costumes-the-king-2": "witch"}
    response = start_dealt(client, lang, "costumes", **picks)
    assert response.status_code == 400
    assert 'name="step" value="dealt"' in html_of(response)  # the second step again, with what was picked
    assert 'value="witch" selected' in html_of(response)
    assert SharedPosition.objects.count() == 0


def test_a_card_left_unpicked_is_asked_for_again(client):
    response = start_dealt(client, "en", "costumes", **{"deal-costumes-gigazaur-1": "ghost"})
    assert response.status_code == 400
    assert "Choose every card dealt at the start." in html_of(response)


@pytest.mark.parametrize("fields", [{"deal-costumes-gigazaur-1": "tank"},  # a Power card, not a costume
                                    {"deal-costumes-alienoid-1": "ghost"},  # a monster not at the table
                                    {"deal-curses-1": "set-storm"}])  # a module not chosen
def test_a_dealt_card_no_form_offers_is_a_400(client, fields):
    assert start_dealt(client, "en", "costumes", **fields).status_code == 400
    assert SharedPosition.objects.count() == 0


def horus_resolved(client, at: str, lang: str, curse: str):
    """Faces with the die of fate's Eye of Horus (the roll's own form is another page's work: given as the engine's
    chance action), then the resolve, which reveals the next curse, entered with its name."""
    base, _notice, _checkpoints = SharedPosition.open(at)
    rolled = SharedPosition.store(base.then("dice:1.1.2.2.3.heart.fate:horus", "roll"))
    html = html_of(client.get(f"/{lang}/follow/{rolled}/"))
    return rolled, html, client.post(f"/{lang}/follow/{rolled}/", {"entry": "resolve", "drawn-0": curse})


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_curse_set_out_and_the_curse_the_eye_of_horus_reveals(client, lang):
    at = game_id(start_dealt(client, lang, "curses", **{"deal-curses-1": "set-storm"}))
    assert state_of(at).marks["curses:in-force"] == "set-storm"
    other = "Hotep's Peace" if lang == "ja" else "ホテプの平和"  # its name in the other language
    _rolled, html, response = horus_resolved(client, at, lang, other)
    assert words(lang, "The curse revealed") in html  # the resolve asks which curse came up
    after = game_id(response)
    assert state_of(after).marks["curses:in-force"] == "hotep-peace"
    assert state_of(after).marks["curses:discard"] == ("set-storm",)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_curse_that_cannot_come_up_or_no_curse_is_explained(client, lang):
    at = game_id(start_dealt(client, lang, "curses", **{"deal-curses-1": "set-storm"}))
    _rolled, _html, response = horus_resolved(client, at, lang, "Set's Storm" if lang == "en" else "セトの嵐")
    assert response.status_code == 200
    with translation.override(lang):
        name = components.find(lang, "curses", "set-storm").name
        assert gettext("%(card)s cannot be the curse revealed: it is in force or discarded, and the curse deck "
                       "still has cards. Check the name of the curse that came up.") % {"card": name} in \
            html_of(response)
    _rolled, _html, response = horus_resolved(client, at, lang, "Godzilla")
    with translation.override(lang):
        assert gettext("No card of this deck is called “%(typed)s”: check the name of the card that came up.") % {
            "typed": "Godzilla"} in html_of(response)


def test_the_evolutions_drawn_at_the_start_and_on_three_hearts(client):
    picks = {"deal-evolutions-gigazaur-1": "heat-vision", "deal-evolutions-gigazaur-2": "tail-sweep",
             "deal-evolutions-the-king-1": "monkey-rush", "deal-evolutions-the-king-2": "alpha-male"}
    assert set(first_picks(client, "en", "evolutions")) == set(picks)
    at = game_id(start_dealt(client, "en", "evolutions", **picks))
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert 'value="use:evo-keep:heat-vision"' in html and 'value="use:evo-keep:tail-sweep"' in html
    at = enter(client, "en", at, entry="use:evo-keep:heat-vision")
    at = enter(client, "en", at, entry="use:evo-keep:alpha-male")
    at = enter(client, "en", at, **roll("heart", "heart", "heart", "1", "2", "3"))
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert "Evolution card 2 that Gigazaur drew" in html  # the resolve asks for the 2 cards the hearts draw
    at = enter(client, "en", at, entry="resolve", **{"drawn-0": "Gamma Breath", "drawn-1": "放射性廃棄物"})
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert 'value="use:evo-keep:gamma-breath"' in html and 'value="use:evo-keep:radioactive-waste"' in html


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_an_evolution_not_in_the_deck_is_explained(client, lang):
    picks = {"deal-evolutions-gigazaur-1": "heat-vision", "deal-evolutions-gigazaur-2": "tail-sweep",
             "deal-evolutions-the-king-1": "monkey-rush", "deal-evolutions-the-king-2": "alpha-male"}
    at = game_id(start_dealt(client, lang, "evolutions", **picks))
    at = enter(client, lang, at, entry="use:evo-keep:heat-vision")
    at = enter(client, lang, at, entry="use:evo-keep:alpha-male")
    at = enter(client, lang, at, **roll("heart", "heart", "heart", "1", "2", "3"))
    response = client.post(f"/{lang}/follow/{at}/", {"entry": "resolve", "drawn-0": "Heat Vision",
                                                      "drawn-1": "Gamma Breath"})  # Heat Vision: in its hand
    assert response.status_code == 200
    with translation.override(lang):
        assert gettext(
            "%(card)s cannot be the card %(monster)s drew: it is not among the Evolution cards left in its deck (it "
            "is in a hand, in play or discarded, or in another deck). Check the name of the card drawn.") % {
            "card": components.find(lang, "evolutions", "heat-vision").name,
            "monster": monster_name("gigazaur", lang)} in html_of(response)


def test_the_mutant_draft_packets_dealt_and_the_draws_after_it(client):
    options = ("evolutions", "mutant-draft")
    picks = first_picks(client, "en", *options)
    assert len(picks) == 16 and "deal-evolutions-gigazaur-1" not in picks  # the draft deals every card
    at = game_id(start_dealt(client, "en", *options, **picks))
    packets = state_of(at).marks["evolutions:packets"]
    assert sorted(packets[0] + packets[1]) == sorted(picks.values())
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert f'value="use:evo-pick:{packets[0][0]}"' in html
    # every pick but the last: the first card of the packet each monster holds (each packet moves on each round)
    held = [list(packets[0]), list(packets[1])]
    taken: list[list[str]] = [[], []]
    for r in range(8):
        for seat in (0, 1):
            card = held[(seat - r) % 2].pop(0)
            taken[seat].append(card)
            if (r, seat) != (7, 1):
                at = enter(client, "en", at, entry=f"use:evo-pick:{card}")
    # the last pick ends the draft: each monster draws 2 from its 8 picks, asked with the pick
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert "Evolution card 2 that The King drew" in html
    names = {e: components.find("en", "evolutions", e).name for e in taken[0] + taken[1]}
    at = enter(client, "en", at, entry=f"use:evo-pick:{taken[1][-1]}",
               **{"drawn-0": names[taken[0][0]], "drawn-1": names[taken[0][1]],
                  "drawn-2": names[taken[1][-1]], "drawn-3": names[taken[1][0]]})
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert f'value="use:evo-keep:{taken[0][0]}"' in html and f'value="use:evo-keep:{taken[0][1]}"' in html


def test_the_wickedness_tiles_set_out(client):
    picks = first_picks(client, "en", "wickedness")
    assert len(picks) == 10 and picks["deal-wickedness-1"] == "devious"
    picks["deal-wickedness-1"] = "barbs"  # tile 1 green side up
    at = game_id(start_dealt(client, "en", "wickedness", **picks))
    board = state_of(at).marks["wickedness:board"]
    assert "barbs" in board and "devious" not in board and len(board) == 10


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_second_step_of_the_start_is_in_the_readers_language(client, lang):
    response = start_with(client, lang, "curses", "evolutions", "costumes", "wickedness")
    assert response.status_code == 200
    main = re.search(r"<main.*</main>", html_of(response), re.S).group(0)
    assert impure_blocks(main, lang, {"kotguide", "VP"}) == []


# --- the dice the modules add: the berserk die, the die of fate, the Beast side's reroll ----------------------------

BERSERK_FACES = ["berserk:smash", "berserk:2smash", "berserk:energy", "berserk:2energy", "berserk:skull"]
FATE_FACES = ["fate:horus", "fate:ankh", "fate:snake", "fate:river"]
NOTHING = ["1", "1", "2", "2", "3", "3"]  # pairs: nothing scores


def followed(**setup) -> str:
    """A followed game stored from a setup the start form does not make (a berserk monster, a chosen curse…):
    Gigazaur plays first."""
    return SharedPosition.store(Position(setup={"first_player": "gigazaur", "table": True, "seed": 0, **setup}))


def offered_faces(html: str, field: str) -> list[str]:
    return re.findall(rf'name="{field}" value="([^"]+)"', html)


def berserk_game(**gigazaur) -> str:
    """Gigazaur berserk (and more), The King in Tokyo City."""
    return followed(monsters=[{"id": "gigazaur", "tokens": {"berserk": 1}, **gigazaur},
                              {"id": "the-king", "location": "city"}], options=["berserk", "transformation"])


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_berserk_monster_enters_the_berserk_die_after_its_dice(client, lang):
    at = berserk_game()
    html = html_of(client.get(f"/{lang}/follow/{at}/"))
    assert offered_faces(html, "face-6") == BERSERK_FACES  # its two smash sides are one face to tap
    assert 'name="face-7"' not in html
    with translation.override(lang):
        assert f"<legend>{site_modules.get('berserk').die.label}</legend>" in html
    assert 'class="die die-berserk face-berserk-2smash"' in html  # drawn as the berserk die
    # two smashes, an energy, 1 2 3, and the berserk die's double smash: 4 smashes at The King in Tokyo (10 → 6),
    # 1 energy
    at = enter(client, lang, at, **roll("smash", "smash", "energy", "1", "2", "3", "berserk:2smash"))
    at = enter(client, lang, at, entry="resolve")
    gigazaur, king = state_of(at).monsters
    assert (king.life, gigazaur.energy) == (6, 1)


def test_a_reroll_enters_the_berserk_dies_new_face(client):
    at = berserk_game()
    at = enter(client, "en", at, **roll("smash", "smash", "energy", "1", "2", "3", "berserk:2smash"))
    html = html_of(client.get(f"/en/follow/{at}/"))
    assert offered_faces(html, "face-6") == BERSERK_FACES
    assert 'value="berserk:2smash" id="face-6-berserk:2smash" checked' in html  # the face it shows now
    # die 1 comes up an energy, the berserk die a double energy: 1 smash at The King (10 → 9), 2 + 2 energy
    at = enter(client, "en", at, entry="reroll", **{"face-0": "energy", "face-6": "berserk:2energy"})
    at = enter(client, "en", at, entry="resolve")
    gigazaur, king = state_of(at).monsters
    assert (king.life, gigazaur.energy) == (9, 4)


def test_the_berserk_skull_costs_the_berserk_monster_1_life(client):
    at = berserk_game()
    # a heart at full life heals nothing (and leaves it berserk); the skull: 10 → 9
    at = enter(client, "en", at, **roll("heart", "1", "1", "2", "2", "3", "berserk:skull"))
    at = enter(client, "en", at, entry="resolve")
    assert state_of(at).monsters[0].life == 9


def test_the_berserk_die_is_rolled_from_the_turn_after_a_monster_goes_berserk(client):
    at = game_id(start_with(client, "en", "berserk"))
    assert 'name="face-6"' not in html_of(client.get(f"/en/follow/{at}/"))
    # Gigazaur: 4 smash results: it goes berserk; it enters the empty Tokyo
    at = turn(client, at, ["smash", "smash", "smash", "smash", "1", "2"])
    assert 'name="face-6"' not in html_of(client.get(f"/en/follow/{at}/"))  # The King is not berserk
    at = turn(client, at, NOTHING)
    assert offered_faces(html_of(client.get(f"/en/follow/{at}/")), "face-6") == BERSERK_FACES  # Gigazaur is


def cursed_game() -> str:
    """Isis's Disgrace in force (ankh: take the golden scarab; snake: lose 1 life), the scarab with The King."""
    return followed(monsters=["gigazaur", "the-king"], options=["curses"],
                    modules={"curses": {"in_force": "isis-disgrace", "scarab": "the-king"}})


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_die_of_fate_is_entered_with_every_roll(client, lang):
    at = cursed_game()
    html = html_of(client.get(f"/{lang}/follow/{at}/"))
    assert offered_faces(html, "face-6") == FATE_FACES
    assert 'class="die die-fate face-fate-ankh"' in html
    # the ankh of Isis's Disgrace: Gigazaur takes the golden scarab
    at = enter(client, lang, at, **roll(*NOTHING, "fate:ankh"))
    at = enter(client, lang, at, entry="resolve")
    assert curses.scarab_owner(state_of(at)) == "gigazaur"


def test_a_reroll_enters_the_die_of_fates_new_face(client):
    at = cursed_game()
    at = enter(client, "en", at, **roll(*NOTHING, "fate:river"))
    assert offered_faces(html_of(client.get(f"/en/follow/{at}/")), "face-6") == FATE_FACES
    # rerolled into the snake of Isis's Disgrace: Gigazaur loses 1 life (10 → 9); the scarab stays with The King
    at = enter(client, "en", at, entry="reroll", **{"face-6": "fate:snake"})
    at = enter(client, "en", at, entry="resolve")
    state = state_of(at)
    assert state.monsters[0].life == 9
    assert curses.scarab_owner(state) == "the-king"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_beast_side_rerolls_one_die_into_the_face_entered(client, lang):
    at = berserk_game(tokens={"berserk": 1, "beast": 1})
    at = enter(client, lang, at, **roll("1", "1", "2", "2", "3", "heart", "berserk:energy"))
    html = html_of(client.get(f"/{lang}/follow/{at}/"))
    with translation.override(lang):
        assert str(site_modules.get("transformation").die_rerolls[0].label) in html
    assert offered_faces(html, "rerolled") == ([f"{i}:{face}" for i in range(6) for face in FACES]
                                               + [f"6:{face}" for face in BERSERK_FACES])
    assert 'value="use:beast"' in html and 'value="use:beast:' not in html  # one form, not a button per die
    # the heart comes up a 1: three 1s
    at = enter(client, lang, at, entry="use:beast", rerolled="5:1")
    assert state_of(at).dice == ["1", "1", "2", "2", "3", "1", "berserk:energy"]
    html = html_of(client.get(f"/{lang}/follow/{at}/"))
    assert 'name="rerolled"' not in html  # once per turn
    refused = client.post(f"/{lang}/follow/{at}/", {"entry": "use:beast", "rerolled": "4:1"})
    assert refused.status_code == 200
    assert words(lang, "The rules do not allow this at this point of the turn.") in html_of(refused)
    # three 1s: 1 VP; the berserk energy: 1 energy
    at = enter(client, lang, at, entry="resolve")
    gigazaur = state_of(at).monsters[0]
    assert (gigazaur.vp, gigazaur.energy) == (1, 1)


def test_the_beast_side_rerolls_the_berserk_die_into_its_own_face(client):
    at = berserk_game(tokens={"berserk": 1, "beast": 1})
    at = enter(client, "en", at, **roll(*NOTHING, "berserk:energy"))
    at = enter(client, "en", at, entry="use:beast", rerolled="6:berserk:2smash")
    assert state_of(at).dice[6] == "berserk:2smash"
    # 2 smashes at The King in Tokyo: 10 → 8
    at = enter(client, "en", at, entry="resolve")
    assert state_of(at).monsters[1].life == 8


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_tampered_dice_of_the_modules_are_a_400(client, lang):
    plain = started(client, lang)
    berserk = berserk_game(tokens={"berserk": 1, "beast": 1})
    rolled = enter(client, lang, berserk, **roll(*NOTHING, "berserk:energy"))
    tampered = [
        (plain, roll(*NOTHING, "berserk:smash")),  # a berserk die nobody rolls
        (plain, roll("berserk:smash", *NOTHING[1:])),  # a special face on a base die
        (berserk, roll(*NOTHING, "smash")),  # a base face on the berserk die
        (berserk, roll(*NOTHING, "berserk:3smash")),  # a face the berserk die does not have
        (berserk, roll(*NOTHING, "fate:ankh")),  # the die of fate without the curses
        (rolled, {"entry": "reroll", "face-6": "fate:snake"}),
        (rolled, {"entry": "reroll", "face-7": "1"}),  # a die that is not there
        (rolled, {"entry": "use:beast", "rerolled": "7:1"}),
        (rolled, {"entry": "use:beast", "rerolled": "6:smash"}),
        (rolled, {"entry": "use:beast", "rerolled": "0:berserk:skull"}),
        (rolled, {"entry": "use:beast", "rerolled": "x:1"}),
        (rolled, {"entry": "use:beast:5"}),  # the die without its new face: the site would roll it
    ]
    for at, fields in tampered:
        assert client.post(f"/{lang}/follow/{at}/", fields).status_code == 400, fields
    empty = client.post(f"/{lang}/follow/{rolled}/", {"entry": "use:beast"})
    assert empty.status_code == 200
    assert words(lang, "Tap the new face of the die rolled again.") in html_of(empty)
    assert '<details class="follow-one-die" open>' in html_of(empty)  # the form asked again, unfolded
    assert '<details class="follow-one-die">' in html_of(client.get(f"/{lang}/follow/{rolled}/"))


# --- the dice a card or a module rolls: asked from the table, never rolled by the site -------------------------------
def test_psychic_probe_rerolls_the_die_into_the_face_entered(client):
    at = followed(monsters=["gigazaur", {"id": "the-king", "cards": ["psychic-probe"]}])
    at = enter(client, "en", at, **roll("smash", "smash", "smash", "1", "1", "1"))
    at = enter(client, "en", at, entry="resolve")
    html = html_of(client.get(f"/en/follow/{at}/"))
    # one form per die The King may probe, each asking the one face that die comes up with
    form = re.search(r'<form method="post" class="follow-draw">(?:(?!</form>).)*value="use:psychic-probe:0".*?</form>',
                     html, re.S).group(0)
    assert offered_faces(form, "face-0") == list(FACES) and 'name="face-1"' not in form
    # The King probes die 1, a smash, which comes up a 1: four 1s (1 VP + 1 for the fourth) and two smashes,
    # which take Gigazaur into the empty Tokyo (+1 VP): 3 VP; no heart, so The King keeps the card
    at = enter(client, "en", at, **roll("1", entry="use:psychic-probe:0"))
    while (state := state_of(at)).decision.monster == "the-king":
        at = enter(client, "en", at, entry="pass")
    gigazaur, king = state.monsters
    assert (gigazaur.vp, gigazaur.location) == (3, "city")
    assert king.cards == ["psychic-probe"]


def test_camouflage_rolls_the_faces_entered_and_each_heart_saves_1_life(client):
    at = followed(monsters=["gigazaur", {"id": "the-king", "location": "city", "cards": ["camouflage"]}])
    at = enter(client, "en", at, **roll("smash", "smash", "smash", "1", "2", "3"))
    html = html_of(client.get(f"/en/follow/{at}/"))
    form = re.search(r'<form method="post" class="follow-draw">.*?</form>', html, re.S).group(0)
    assert 'value="resolve"' in form and 'name="face-2"' in form and 'name="face-3"' not in form  # a die per smash
    # three smashes at The King in Tokyo City; it rolls three dice for Camouflage: two hearts save 2, it loses 1
    at = enter(client, "en", at, **roll("heart", "heart", "smash", entry="resolve"))
    assert state_of(at).monsters[1].life == 9


def test_islander_sacrifice_rolls_the_six_faces_entered(client):
    at = followed(monsters=[{"id": "king-kong", "life": 7}, "gigazaur"], first_player="king-kong",
                  options=["evolutions"],
                  modules={"evolutions": {"hands": {"king-kong": ["islander-sacrifice"], "gigazaur": []}}})
    html = html_of(client.get(f"/en/follow/{at}/"))
    form = re.search(r'<form method="post" class="follow-draw">.*?</form>', html, re.S).group(0)
    assert 'value="use:evo-islander-sacrifice"' in form and 'name="face-5"' in form and 'name="face-6"' not in form
    # two hearts heal 2 (7 → 9), one energy: 1 energy; three such results, so the card stays discarded
    at = enter(client, "en", at, **roll("heart", "heart", "energy", "1", "2", "3", entry="use:evo-islander-sacrifice"))
    kong = state_of(at).monsters[0]
    assert (kong.life, kong.energy) == (9, 1)
    assert "islander-sacrifice" not in state_of(at).marks.get("evolutions:hand:king-kong", ())


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_die_a_card_rolls_left_out_is_asked_for_and_tampered_faces_are_a_400(client, lang):
    at = followed(monsters=["gigazaur", {"id": "the-king", "location": "city", "cards": ["camouflage"]}])
    at = enter(client, lang, at, **roll("smash", "smash", "1", "1", "2", "3"))
    stored = SharedPosition.objects.count()
    missing = client.post(f"/{lang}/follow/{at}/", {"entry": "resolve", "face-0": "heart"})
    assert missing.status_code == 200
    assert words(lang, "Enter the face of every die rolled.") in html_of(missing)
    assert SharedPosition.objects.count() == stored  # nothing entered
    for fields in ({"entry": "resolve", "face-0": "heart", "face-1": "berserk:smash"},  # a face its die lacks
                   {"entry": "resolve", "face-0": "heart", "face-1": "heart", "face-2": "1"},  # a die not rolled
                   {"entry": "resolve", "face-0": "heart", "face-1": "7"}):
        assert client.post(f"/{lang}/follow/{at}/", fields).status_code == 400, fields


def test_a_followed_game_that_enters_every_face_never_has_the_site_roll_a_die(client):
    at = followed(monsters=[{"id": "gigazaur", "cards": ["background-dweller"]},
                            {"id": "the-king", "location": "city", "cards": ["camouflage", "psychic-probe"]}])
    # Gigazaur rolls three smashes and a 3, which Background Dweller rerolls into a fourth smash
    at = enter(client, "en", at, **roll("smash", "smash", "smash", "1", "2", "3"))
    at = enter(client, "en", at, **roll("smash", entry="use:background-dweller:5"))
    at = enter(client, "en", at, entry="resolve")
    # The King may probe a die and passes; then its Camouflage rolls four dice: one heart, so it loses 3 (10 → 7)
    at = enter(client, "en", at, **roll("heart", "1", "2", "3", entry="pass"))
    at = enter(client, "en", at, entry="stay")
    at = enter(client, "en", at, entry="end")
    state = state_of(at)
    assert (state.monsters[1].life, state.monsters[1].location, state.monsters[0].vp) == (7, "city", 0)
    assert dict(seeded_dice(state)) == {}


def bought_with_an_empty_deck(client, energy: int) -> tuple[str, list[str]]:
    """Gigazaur (with `energy`) at the buy step of its first turn, every card outside the market discarded (the deck
    is empty); and that discard pile."""
    market = ["corner-store", "apartment-building", "commuter-train"]
    discard = list(data.base_deck())
    for card in market:
        discard.remove(card)
    at = followed(monsters=[{"id": "gigazaur", "energy": energy}, "the-king"], market=market, discard=discard)
    at = enter(client, "en", at, **roll(*NOTHING))
    return enter(client, "en", at, entry="resolve"), discard


def test_a_card_revealed_once_the_deck_is_empty_comes_from_the_discard_pile(client):
    at, discard = bought_with_an_empty_deck(client, energy=3)
    assert 'name="revealed"' in html_of(client.get(f"/en/follow/{at}/"))
    # Gigazaur took the empty Tokyo (+1 VP) and buys Corner Store with its 3 energy: a Discard card, +1 VP, then
    # discarded; the discard pile, Corner Store with it, is shuffled into the new deck, whose first card is revealed
    at = enter(client, "en", at, entry="buy:0", revealed="Skyscraper")
    state = state_of(at)
    assert state.market == ["skyscraper", "apartment-building", "commuter-train"]
    gigazaur = state.monsters[0]
    assert (gigazaur.energy, gigazaur.vp, len(state.deck), state.discard) == (0, 2, len(discard), [])


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_card_miraculous_catch_turns_up_from_the_discard_pile_is_entered(client, lang):
    at = followed(monsters=[{"id": "space-penguin", "energy": 5, "pieces": ["evo-miraculous-catch"]}, "gigazaur"],
                  first_player="space-penguin", options=["evolutions"], discard=["heal", "armor-plating"],
                  modules={"evolutions": {"hands": {"space-penguin": [], "gigazaur": []}}})
    at = enter(client, lang, at, **roll(*NOTHING))
    at = enter(client, lang, at, entry="resolve")
    html = html_of(client.get(f"/{lang}/follow/{at}/"))
    form = re.search(r'<form method="post" class="follow-draw">.*?</form>', html, re.S).group(0)
    assert 'name="turned-up"' in form and 'value="use:evo-miraculous-catch:reveal"' in form
    refused = client.post(f"/{lang}/follow/{at}/", {"entry": "use:evo-miraculous-catch:reveal", "turned-up": "Tank"})
    assert refused.status_code == 200
    with translation.override(lang):
        tank = card_name("tank", lang)
    assert words(lang, "%(card)s cannot be the card turned up: it is not in the discard pile. Check the name of the "
                       "card that came up.") % {"card": tank} in html_of(refused)
    at = enter(client, lang, at, **{"entry": "use:evo-miraculous-catch:reveal", "turned-up": "Armor Plating"})
    # Armor Plating costs 4, 1 less through Miraculous Catch: Space Penguin keeps it for 3 of its 5 energy
    at = enter(client, lang, at, entry="use:evo-choose:buy")
    state = state_of(at)
    penguin = state.monsters[0]
    assert (penguin.energy, list(penguin.cards), state.discard) == (2, ["armor-plating"], ["heal"])


def the_form_of(html: str, entry: str) -> str:
    """The form of the page whose button enters `entry`."""
    forms = re.findall(r"<form .*?</form>", html, re.S)
    return next(form for form in forms if f'value="{entry}"' in form)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_cards_deep_dive_looks_at_are_entered_from_the_top_in_either_language(client, lang):
    at = followed(monsters=["space-penguin", "gigazaur"], first_player="space-penguin", options=["evolutions"],
                  market=["corner-store", "apartment-building", "commuter-train"], discard=["heal"],
                  modules={"evolutions": {"hands": {"space-penguin": ["deep-dive"], "gigazaur": []}}})
    form = the_form_of(html_of(client.get(f"/{lang}/follow/{at}/")), "use:evo-deep-dive")
    assert all(f'name="power-{i}"' in form for i in range(3)) and 'name="power-3"' not in form
    assert words(lang, "Power card %(n)s from the top of the deck") % {"n": 3} in form
    # Heal is in the discard pile while the deck has cards: it cannot be among the top three
    dive = {"entry": "use:evo-deep-dive", "power-0": "Jets", "power-1": card_name("wings", "ja"), "power-2": "Heal"}
    refused = client.post(f"/{lang}/follow/{at}/", dive)
    assert refused.status_code == 200
    with translation.override(lang):
        assert gettext("%(card)s cannot be the card revealed there: while the deck has cards, only one of the deck "
                       "comes up; once it runs out, only one of the discard pile it is shuffled from. Check the name "
                       "of the card that came up.") % {"card": card_name("heal", lang)} in html_of(refused)
    at = enter(client, lang, at, **{**dive, "power-2": "Tank"})
    html = html_of(client.get(f"/{lang}/follow/{at}/"))
    assert [f"use:evo-choose:{card}" in html for card in ("jets", "wings", "tank")] == [True] * 3
    # Space Penguin puts Wings into play free; Jets and Tank go under the deck
    at = enter(client, lang, at, entry="use:evo-choose:wings")
    state = state_of(at)
    assert (list(state.monsters[0].cards), state.monsters[0].energy, state.deck[-2:]) == (["wings"], 0,
                                                                                         ["jets", "tank"])


def test_a_sweep_that_runs_past_the_last_card_of_the_deck_is_entered_card_by_card(client):
    market = ["corner-store", "apartment-building", "commuter-train"]
    discard = list(data.base_deck())
    for card in [*market, "energy-drink"]:
        discard.remove(card)
    at = followed(monsters=[{"id": "gigazaur", "energy": 5}, "the-king"], market=market, deck=["energy-drink"],
                  discard=discard)
    at = enter(client, "en", at, **roll(*NOTHING))
    at = enter(client, "en", at, entry="resolve")
    form = the_form_of(html_of(client.get(f"/en/follow/{at}/")), "sweep")
    assert [f'name="swept-{i}"' in form for i in range(4)] == [True, True, True, False]
    # Energy Drink, the deck's last card, comes up first: Skyscraper, discarded, cannot come before it
    sweep = {"entry": "sweep", "swept-0": "Skyscraper", "swept-1": "Energy Drink", "swept-2": "Corner Store"}
    refused = client.post(f"/en/follow/{at}/", sweep)
    assert refused.status_code == 200 and "Skyscraper cannot be the card revealed there" in html_of(refused)
    # then the discard pile, the three swept cards with it, is shuffled into a new deck: Skyscraper and Corner Store
    at = enter(client, "en", at, **{**sweep, "swept-0": "Energy Drink", "swept-1": "超高層ビル"})
    state = state_of(at)
    assert state.market == ["energy-drink", "skyscraper", "corner-store"]
    assert (state.monsters[0].energy, state.discard, len(state.deck)) == (3, [], len(discard) - 1 + 2)


def test_the_sweep_is_offered_once_the_deck_is_empty(client):
    at, _discard = bought_with_an_empty_deck(client, energy=5)
    assert 'value="sweep"' in html_of(client.get(f"/en/follow/{at}/"))
    # a swept card may come straight back: the reshuffle takes it with the discard pile
    at = enter(client, "en", at, entry="sweep", **{"swept-0": "Commuter Train", "swept-1": "Skyscraper",
                                                    "swept-2": "Heal"})
    assert state_of(at).market == ["commuter-train", "skyscraper", "heal"]


def test_the_card_made_in_a_lab_buys_is_the_one_its_holder_peeked_at(client):
    at = followed(monsters=[{"id": "gigazaur", "energy": 10, "cards": ["made-in-a-lab"]}, "the-king"],
                  market=["corner-store", "apartment-building", "commuter-train"])
    at = enter(client, "en", at, **roll(*NOTHING))
    at = enter(client, "en", at, entry="resolve")
    form = the_form_of(html_of(client.get(f"/en/follow/{at}/")), "use:made-in-a-lab")
    assert 'name="power-0"' in form and 'name="power-1"' not in form
    # Energy Drink, a Keep card, costs 4 of Gigazaur's 10 energy
    at = enter(client, "en", at, **{"entry": "use:made-in-a-lab", "power-0": "エナジードリンク"})
    gigazaur = state_of(at).monsters[0]
    assert (list(gigazaur.cards), gigazaur.energy) == (["made-in-a-lab", "energy-drink"], 6)
