"""Mimic (``cards/mimic.py``): a copy of another Keep card, as if newly bought, until that card leaves play.
Expectations are written from the card text and the rulebook clarification (kot-facts §4.5)."""

from kotguide.engine import apply, legal_actions
from kotguide.engine.testing import find, make_setup, play

QUIET = "1 2 3 1 2 3"


def codes(state):
    return [a.code for a in legal_actions(state)]


def buy_mimic(king_cards, me=None, dice=QUIET, king=None):
    me = {"id": "gigazaur", "energy": 8, **(me or {})}
    return make_setup(me, {"id": "the-king", "cards": king_cards, **(king or {})}, dice=dice,
                      market=["mimic", "tank", "heal"])


def test_buying_mimic_asks_for_its_target_at_once():
    g = play(buy_mimic(["extra-head", "alien-origin"]), "roll resolve buy:0")
    d = g.state.decision
    assert (d.monster, d.kind, d.window) == ("gigazaur", "card", "mimic")
    assert codes(g.state) == ["pass", "use:mimic:the-king.extra-head", "use:mimic:the-king.alien-origin"]
    s, events = apply(g.state, "use:mimic:the-king.extra-head")
    assert find(events, "mimic-placed", monster="gigazaur", card="extra-head", by="the-king", amount=0)
    assert s.monster("gigazaur").energy == 0  # placing it when bought is free
    assert s.decision.kind == "buy"


def test_the_copy_works_for_its_owner():
    g = play(buy_mimic(["extra-head"], dice=f"{QUIET} {QUIET} 1 2 3 1 2 3 1"),
             "roll resolve buy:0 use:mimic:the-king.extra-head end roll resolve end roll")
    assert len(g.state.dice) == 7 and g.state.active == 0


def test_no_keep_card_anywhere_no_question():
    g = play(buy_mimic([]), "roll resolve buy:0")
    assert g.state.decision.kind == "buy"


def test_the_copy_starts_as_if_newly_bought_tokens_and_life_included():
    g = play(buy_mimic(["smoke-cloud"], king={"tokens": {"smoke": 3}}),
             "roll resolve buy:0 use:mimic:the-king.smoke-cloud")
    assert g.state.monster("gigazaur").tokens == {"mimic-smoke": 3}
    g = play(buy_mimic(["even-bigger"], me={"life": 7}), "roll resolve buy:0 use:mimic:the-king.even-bigger")
    m = g.state.monster("gigazaur")
    assert (m.max_life, m.life) == (12, 9)


def test_the_copy_stops_when_the_copied_card_leaves_and_the_token_comes_back():
    setup = buy_mimic(["even-bigger", "metamorph"],
                      king={"life": 12, "max_life": 12}, dice=f"{QUIET} {QUIET}")
    g = play(setup, "roll resolve buy:0 use:mimic:the-king.even-bigger end roll resolve end")
    assert g.state.monster("gigazaur").max_life == 12
    g = play(setup, "roll resolve buy:0 use:mimic:the-king.even-bigger end roll resolve end "
                    "use:metamorph:even-bigger")
    m = g.state.monster("gigazaur")
    assert (m.max_life, m.life, m.cards) == (10, 10, ["mimic"])
    assert find(g.events, "mimic-returned", monster="gigazaur", card="even-bigger")
    assert g.state.marks.get("mimic") is None


def test_the_copy_stops_when_the_holder_is_eliminated():
    setup = make_setup({"id": "gigazaur", "energy": 1, "cards": ["mimic"]},
                       {"id": "the-king", "life": 1, "location": "city", "cards": ["even-bigger"]}, "alienoid",
                       dice="smash 1 2 3 1 2")
    g = play(setup, "use:mimic:the-king.even-bigger")
    assert (g.state.monster("gigazaur").max_life, g.state.monster("gigazaur").life) == (12, 12)
    g = play(setup, "use:mimic:the-king.even-bigger roll resolve")
    assert not g.state.monster("the-king").alive
    assert find(g.events, "mimic-returned", monster="gigazaur", card="even-bigger")
    assert (g.state.monster("gigazaur").max_life, g.state.monster("gigazaur").life) == (10, 10)


def test_moving_the_token_at_the_start_of_a_later_turn_costs_one_energy():
    setup = make_setup({"id": "gigazaur", "energy": 2, "cards": ["mimic"]},
                       {"id": "the-king", "cards": ["extra-head"]}, dice="1 2 3 1 2 3 1")
    g = play(setup)
    d = g.state.decision
    assert (d.kind, d.window, d.monster) == ("card", "start", "gigazaur")
    assert codes(g.state) == ["pass", "use:mimic:the-king.extra-head"]
    g = play(setup, "use:mimic:the-king.extra-head roll")
    assert g.state.monster("gigazaur").energy == 1
    assert len(g.state.dice) == 7
    assert find(g.events, "mimic-placed", amount=1)


def test_mimic_cannot_copy_mimic():
    g = play(make_setup({"id": "gigazaur", "energy": 2, "cards": ["mimic"]}, "the-king"))
    assert g.state.decision.kind == "roll"  # nothing else to copy: no question


def test_a_copy_that_discards_itself_discards_mimic():
    setup = make_setup({"id": "gigazaur", "energy": 2, "cards": ["mimic"]},
                       {"id": "the-king", "cards": ["plot-twist"]}, dice="3 3 1 2 heart smash")
    g = play(setup, "use:mimic:the-king.plot-twist roll resolve use:plot-twist:2-3")
    assert find(g.events, "vp-gained", face="3", count=3)
    assert g.state.monster("gigazaur").cards == [] and "mimic" in g.state.discard
    assert g.state.monster("the-king").cards == ["plot-twist"]


def test_the_token_stays_on_a_card_bought_away_with_parasitic_tentacles():
    setup = make_setup({"id": "gigazaur", "energy": 2, "cards": ["mimic"]},
                       {"id": "the-king", "energy": 7, "cards": ["parasitic-tentacles"]},
                       {"id": "alienoid", "cards": ["extra-head"]}, dice=f"{QUIET} {QUIET} 1 1 1 1 1 1 1")
    g = play(setup, "use:mimic:alienoid.extra-head roll resolve end roll resolve "
                    "use:parasitic-tentacles:alienoid.extra-head")
    assert g.state.marks["mimic"] == (1, "extra-head")
    assert not find(g.events, "mimic-returned")
