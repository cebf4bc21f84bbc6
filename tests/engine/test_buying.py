"""Buying: any number of face-up cards for their cost; each slot refilled at once from the deck and buyable at once;
an empty deck is replaced by the shuffled discard pile."""

import pytest

from kotguide.engine import Buy, IllegalAction, apply, legal_actions
from kotguide.engine.testing import find, make_setup, play


def buy_game(energy=10, market=("corner-store", "skyscraper", "acid-attack"), deck=("heal", "tank"), **kw):
    return make_setup({"id": "gigazaur", "energy": energy}, {"id": "the-king", "location": "city"},
                      dice="1 2 3 1 2 3", market=list(market), deck=list(deck), **kw)


def test_buy_pays_the_cost_and_refills_the_slot_at_once():
    g = play(buy_game(), "roll resolve buy:1")
    s = g.state
    assert s.monsters[0].energy == 4 and s.monsters[0].vp == 4
    assert s.market == ["corner-store", "heal", "acid-attack"]
    assert find(g.events, "card-bought", rule="buying", card="skyscraper", slot=1, amount=6)
    assert find(g.events, "card-revealed", rule="buying", card="heal", slot=1)


def test_the_new_card_can_be_bought_at_once_and_several_cards_per_turn():
    g = play(buy_game(), "roll resolve buy:0 buy:0 buy:0")
    assert g.state.monsters[0].energy == 0
    assert g.state.market[0] is not None and g.state.market[0] not in ("corner-store", "heal", "tank")
    assert [e.data["card"] for e in find(g.events, "card-bought")] == ["corner-store", "heal", "tank"]


def test_only_affordable_cards_are_legal():
    g = play(buy_game(energy=4), "roll resolve")
    assert [a.code for a in legal_actions(g.state)] == ["buy:0", "sweep", "end"]
    with pytest.raises(IllegalAction) as info:
        apply(g.state, "buy:1")
    assert (info.value.code, info.value.params["cost"], info.value.params["energy"]) == ("not-enough-energy", 6, 4)


def test_bad_and_empty_slots():
    g = play(buy_game(), "roll resolve")
    with pytest.raises(IllegalAction) as info:
        apply(g.state, "buy:3")
    assert info.value.code == "bad-slot"
    s = g.state.clone()
    s.market[0] = None
    with pytest.raises(IllegalAction) as info:
        apply(s, Buy(0))
    assert info.value.code == "empty-slot"


def test_buying_is_only_in_the_buy_step():
    g = play(buy_game(), "roll")
    with pytest.raises(IllegalAction) as info:
        apply(g.state, "buy:0")
    assert info.value.code == "wrong-time"


def test_an_empty_deck_is_replaced_by_the_shuffled_discard():
    g = play(buy_game(energy=30), "roll resolve")
    s = g.state.clone()
    s.discard = s.deck[1:]
    s.deck = s.deck[:1]
    s, ev = apply(s, "buy:0")  # corner-store to the discard pile; the last deck card fills slot 0
    assert s.deck == [] and not find(ev, "deck-shuffled")
    pile = len(s.discard)
    s, ev = apply(s, "buy:1")  # skyscraper; the deck is empty: the discard pile becomes the deck
    assert find(ev, "deck-shuffled", rule="power-cards", amount=pile + 1)
    assert s.discard == [] and len(s.deck) == pile
    assert s.market[1] is not None


def test_with_no_cards_anywhere_the_slot_stays_empty():
    g = play(buy_game(energy=30), "roll resolve")
    s = g.state.clone()
    s.monsters[1].cards.extend(s.deck)  # hide every other card with a monster
    s.deck = []
    s2, _ = apply(s, "buy:2")  # acid-attack, a Keep card: nothing is left to reveal
    assert s2.market[2] is None
    assert "buy:2" not in [a.code for a in legal_actions(s2)]
