"""Setup: 2–6 base monsters at 10 life, 0 VP, 0 energy, outside; 66 cards, 3 face up; a value that round-trips."""

import json
from collections import Counter

import pytest

from kotguide.engine import InvalidSetup, Setup, start
from kotguide.engine.data import base_deck, cards, costumes, monsters
from kotguide.engine.testing import find, make_setup

SIX = ["space-penguin", "alienoid", "cyber-kitty", "the-king", "gigazaur", "meka-dragon"]


def test_base_data():
    assert len(base_deck()) == 66
    power = [c for c in cards().values() if c.kind == "power"]
    assert len(power) == 64 and len(costumes()) == 12 and len(cards()) == 64 + 12
    assert Counter(c.type for c in power for _ in range(c.copies)) == {"keep": 48, "discard": 18}
    assert list(monsters())[:6] == SIX  # the 2016 box first, then the monsters from other boxes
    assert list(monsters())[6:] == ["pandakai", "cyber-bunny", "kraken", "boogie-woogie", "pumpkin-jack", "king-kong"]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_fresh_game(n):
    s, events = start(make_setup(*SIX[:n]))
    assert len(s.monsters) == n
    for m in s.monsters:
        assert (m.life, m.max_life, m.vp, m.energy, m.location, m.cards, m.alive) == (10, 10, 0, 0, "outside", [], True)
    assert len(s.market) == 3 and all(s.market)
    assert len(s.deck) == 63 and s.discard == []
    assert Counter(s.deck + s.market) == Counter(base_deck())
    assert find(events, "game-started", rule="setup", monsters=SIX[:n])
    assert len(find(events, "card-revealed", rule="setup")) == 3


@pytest.mark.parametrize("bad,code", [
    ({"monsters": ["gigazaur"]}, "players"),
    ({"monsters": SIX + ["gigazaur"]}, "players"),
    ({"monsters": ["gigazaur", "cthulhu"]}, "unknown-monster"),  # a monster page, not a playable monster
    ({"monsters": ["gigazaur", "gigazaur"]}, "duplicate-monster"),
    ({"monsters": [{"id": "gigazaur", "life": 11}, "the-king"]}, "bad-value"),
    ({"monsters": [{"id": "gigazaur", "life": 0}, "the-king"]}, "bad-value"),
    ({"monsters": [{"id": "gigazaur", "vp": -1}, "the-king"]}, "bad-value"),
    ({"monsters": [{"id": "gigazaur", "energy": -2}, "the-king"]}, "bad-value"),
    ({"monsters": [{"id": "gigazaur", "location": "moon"}, "the-king"]}, "bad-location"),
    ({"monsters": [{"id": "gigazaur", "location": "city"}, {"id": "the-king", "location": "city"}]}, "space-taken"),
    ({"monsters": [{"id": "gigazaur", "location": "bay"}, "the-king", "alienoid", "cyber-kitty"]}, "bay-closed"),
    ({"monsters": [{"id": "gigazaur", "cards": ["tank"]}, "the-king"]}, "not-keep"),
    ({"monsters": [{"id": "gigazaur", "cards": ["nope"]}, "the-king"]}, "unknown-card"),
    ({"monsters": ["gigazaur", "the-king"], "market": ["tank", "tank"]}, "too-many-copies"),
    ({"monsters": ["gigazaur", "the-king"], "market": ["tank", "heal", "corner-store", "skyscraper"]}, "market-size"),
    ({"monsters": ["gigazaur", "the-king"], "options": ["turbo"]}, "unknown-option"),
    ({"monsters": ["gigazaur", "the-king", "alienoid"], "options": ["two-player"]}, "option-players"),
    ({"monsters": ["gigazaur", "the-king"], "first_player": "alienoid"}, "first-player"),
    ({"monsters": ["gigazaur", "the-king"], "dice": ["7"]}, "bad-face"),
    ({"monsters": ["gigazaur", "the-king"], "colour": "red"}, "unknown-key"),
    ({"monsters": [{"id": "gigazaur", "hat": 1}, "the-king"]}, "unknown-key"),
    ({"monsters": "gigazaur"}, "bad-field"),
])
def test_invalid_setups_are_refused_with_a_code(bad, code):
    with pytest.raises(InvalidSetup) as info:
        Setup.from_dict(bad)
    assert info.value.code == code
    assert info.value.message


def test_setup_round_trips_and_is_json_and_toml_safe():
    setup = make_setup({"id": "gigazaur", "life": 6, "vp": 3, "energy": 2, "location": "city", "cards": ["wings"],
                        "tokens": {"poison": 1}}, "the-king", "alienoid",
                       dice="1 2 smash", market=["tank"], deck=["heal"], discard=["frenzy"], seed=42,
                       options=["opening-energy"])
    raw = setup.to_dict()

    def no_none(x):
        if isinstance(x, dict):
            return all(no_none(v) for v in x.values())
        if isinstance(x, list):
            return all(no_none(v) for v in x)
        return isinstance(x, str | int | bool)

    assert no_none(raw)
    assert Setup.from_dict(json.loads(json.dumps(raw))) == setup
    assert Setup.from_dict(raw).to_dict() == raw


def test_placed_cards_and_deck_order():
    setup = make_setup({"id": "gigazaur", "cards": ["wings"]}, "the-king", market=["tank"], deck=["heal", "frenzy"],
                       discard=["energize"])
    s, _ = start(setup)
    assert s.market == ["tank", "heal", "frenzy"]  # the given market, completed from the top of the deck
    assert s.discard == ["energize"]
    assert s.monsters[0].cards == ["wings"]
    assert Counter(s.deck + s.market + s.discard + ["wings"]) == Counter(base_deck())


def test_the_seed_shuffles_the_deck_reproducibly():
    a, _ = start(make_setup("gigazaur", "the-king", seed=1))
    b, _ = start(make_setup("gigazaur", "the-king", seed=1))
    c, _ = start(make_setup("gigazaur", "the-king", seed=2))
    assert a.deck == b.deck and a.market == b.market
    assert a.deck != c.deck


def test_the_start_says_who_plays_with_what_and_which_cards_are_face_up():
    _state, events = start(make_setup("gigazaur", "the-king", options=["opening-energy"],
                                      market=["heal", "tank", "frenzy"]))
    assert find(events, "game-started", rule="setup", monsters=["gigazaur", "the-king"], options=["opening-energy"])
    for slot, card in enumerate(["heal", "tank", "frenzy"]):
        assert find(events, "card-revealed", rule="setup", card=card, slot=slot)
