"""Sweeping: pay 2 energy, discard every face-up card, reveal as many new ones; repeatable."""

import pytest

from kotguide.engine import IllegalAction, apply, legal_actions
from kotguide.engine.testing import find, make_setup, play

DECK = ["heal", "tank", "energize", "apartment-building", "commuter-train", "jet-fighters"]


def sweep_game(energy=5, **kw):
    return make_setup({"id": "gigazaur", "energy": energy}, "the-king", dice="1 2 3 1 2 3",
                      market=["corner-store", "skyscraper", "acid-attack"], deck=DECK, **kw)


def test_sweep_costs_2_and_replaces_the_market():
    g = play(sweep_game(), "roll resolve sweep")
    assert g.state.monsters[0].energy == 3
    assert g.state.market == ["heal", "tank", "energize"]
    assert g.state.discard == ["corner-store", "skyscraper", "acid-attack"]
    assert find(g.events, "market-swept", rule="sweeping", amount=2)
    assert len(find(g.events, "card-revealed", rule="sweeping")) == 3


def test_sweep_is_repeatable_and_new_cards_are_buyable():
    g = play(sweep_game(energy=9), "roll resolve sweep sweep buy:0")
    assert g.state.monsters[0].energy == 9 - 2 - 2 - 5
    assert find(g.events, "card-bought", card="apartment-building")


def test_sweep_needs_2_energy():
    g = play(sweep_game(energy=1), "roll resolve")
    assert "sweep" not in [a.code for a in legal_actions(g.state)]
    with pytest.raises(IllegalAction) as info:
        apply(g.state, "sweep")
    assert info.value.code == "not-enough-energy"


def test_five_card_market_sweeps_five():
    g = play(make_setup({"id": "gigazaur", "energy": 2}, "the-king", dice="1 2 3 1 2 3", options=["five-card-market"],
                        deck=DECK + ["frenzy", "heal"] if False else DECK + ["frenzy", "gas-refinery",
                                                                                "national-guard", "vast-storm"]),
             "roll resolve sweep")
    assert len(g.state.market) == 5
    assert g.state.market == ["jet-fighters", "frenzy", "gas-refinery", "national-guard", "vast-storm"]
    assert len(g.state.discard) == 5
