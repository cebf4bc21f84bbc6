"""House variants (marked as such): five-card market, opening energy."""

from kotguide.engine import start
from kotguide.engine.testing import find, make_setup


def test_five_card_market():
    s, events = start(make_setup("gigazaur", "the-king", "alienoid", options=["five-card-market"]))
    assert len(s.market) == 5 and all(s.market) and len(s.deck) == 61
    assert find(events, "option-used", rule="house-variants", option="five-card-market")
    assert len(find(events, "card-revealed", rule="setup")) == 5


def test_opening_energy():
    s, events = start(make_setup("gigazaur", "the-king", {"id": "alienoid", "energy": 1}, options=["opening-energy"]))
    assert [m.energy for m in s.monsters] == [3, 3, 4]
    assert len(find(events, "energy-gained", rule="house-variants", amount=3, reason="opening")) == 3
    assert find(events, "option-used", rule="house-variants", option="opening-energy")


def test_without_options_nothing_house():
    s, events = start(make_setup("gigazaur", "the-king"))
    assert not [e for e in events if e.rule == "house-variants"]
    assert len(s.market) == 3 and [m.energy for m in s.monsters] == [0, 0]


def test_options_combine():
    s, _ = start(make_setup("gigazaur", "the-king", options=["five-card-market", "opening-energy", "two-player"]))
    assert len(s.market) == 5 and [m.energy for m in s.monsters] == [3, 3]
