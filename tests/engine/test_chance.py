"""Chance from outside (``chance``): a game that follows a physical table takes the faces rolled there and the cards
revealed there as actions; expectations worked out by hand from the rules (three 3s = 3 VP; a smash from outside
Tokyo hits the monster in Tokyo; Heal costs 3)."""

import pytest

from kotguide.engine import IllegalAction, apply, chance, data, is_legal, replay, why_illegal
from kotguide.engine.testing import find, make_setup

TABLE = {"table": True}


def test_the_faces_given_are_the_faces_rolled():
    setup = make_setup("gigazaur", {"id": "the-king", "location": "city"}, **TABLE)
    g = replay(setup, ["dice:3.3.3.smash.heart.1", "roll"])
    assert g.state.dice == ["3", "3", "3", "smash", "heart", "1"]
    g = replay(setup, ["dice:3.3.3.smash.heart.1", "roll", "resolve"])
    assert g.state.monster("gigazaur").vp == 3  # three 3s
    assert g.state.monster("the-king").life == 9  # one smash


def test_a_reroll_takes_the_next_faces_given_for_the_dice_it_rerolls():
    setup = make_setup("gigazaur", "the-king", **TABLE)
    g = replay(setup, ["dice:1.1.1.2.2.2", "roll", "dice:3.3", "reroll:0.1"])
    assert g.state.dice == ["3", "3", "1", "2", "2", "2"]
    assert g.state.decision.rolls_left == 1


def test_faces_can_be_given_ahead_for_several_rolls_and_replay_the_same():
    setup = make_setup("gigazaur", "the-king", **TABLE)
    codes = ["dice:1.1.1.2.2.2.heart", "roll", "reroll:5"]
    g = replay(setup, codes)
    assert g.state.dice == ["1", "1", "1", "2", "2", "heart"]
    assert replay(setup, [a.code for a in g.state.history]).state == g.state


def test_a_card_revealed_at_the_table_is_the_next_card_drawn():
    setup = make_setup({"id": "gigazaur", "energy": 5}, "the-king", market=["heal", "tank", "frenzy"], **TABLE)
    g = replay(setup, ["dice:1.2.3.1.2.3", "roll", "resolve", "card:energy-drink", "buy:0"])
    assert g.state.market[0] == "energy-drink"  # Heal bought (3 energy), the slot refilled with the card given
    assert find(g.events, "card-revealed", card="energy-drink", slot=0)
    assert g.state.monster("gigazaur").energy == 2


def test_once_the_deck_is_empty_the_card_revealed_is_one_of_the_discard_pile_it_is_shuffled_from():
    market = ["heal", "tank", "frenzy"]
    rest = list(data.base_deck())
    for card in market:
        rest.remove(card)
    setup = make_setup({"id": "gigazaur", "energy": 5}, "the-king", market=market, discard=rest, **TABLE)
    rolled = replay(setup, ["dice:1.2.3.1.2.3", "roll", "resolve"]).state
    assert rolled.deck == []
    g = replay(setup, ["dice:1.2.3.1.2.3", "roll", "resolve", "card:energy-drink", "buy:0"])
    assert find(g.events, "deck-shuffled") and find(g.events, "card-revealed", card="energy-drink", slot=0)
    assert g.state.market[0] == "energy-drink" and "energy-drink" not in g.state.deck + g.state.discard
    # while the deck has cards, a discarded card cannot be the next one drawn
    dealt = replay(make_setup("gigazaur", "the-king", discard=["energy-drink"], **TABLE), []).state
    assert why_illegal(dealt, "card:energy-drink").code == "card-cannot-come-up"


def all_but(*placed: str) -> list[str]:
    """The base deck less the cards placed elsewhere (one copy each)."""
    rest = list(data.base_deck())
    for card in placed:
        rest.remove(card)
    return rest


ROLLED = ["dice:1.2.3.1.2.3", "roll", "resolve"]  # nothing scored: Gigazaur takes the empty Tokyo, then may buy


def test_the_cards_given_are_drawn_in_the_order_given():
    setup = make_setup({"id": "gigazaur", "energy": 5}, "the-king", market=["heal", "tank", "frenzy"], **TABLE)
    g = replay(setup, [*ROLLED, "card:energy-drink", "card:acid-attack", "card:wings", "sweep"])
    assert g.state.market == ["energy-drink", "acid-attack", "wings"]  # slot by slot, as given
    assert g.state.discard == ["heal", "tank", "frenzy"]
    assert g.state.monster("gigazaur").energy == 3  # the sweep costs 2


def test_a_sweep_runs_past_the_last_card_of_the_deck_into_the_reshuffled_discard_pile():
    market = ["heal", "tank", "frenzy"]
    setup = make_setup({"id": "gigazaur", "energy": 5}, "the-king", market=market, deck=["energy-drink"],
                       discard=all_but(*market, "energy-drink"), **TABLE)
    rolled = replay(setup, ROLLED).state
    assert rolled.deck == ["energy-drink"]
    # the last card of the deck comes up before any other: a discarded or a face-up card cannot come first
    assert why_illegal(rolled, "card:acid-attack").code == "card-cannot-come-up"
    assert why_illegal(rolled, "card:heal").code == "card-cannot-come-up"
    g = replay(setup, [*ROLLED, "card:energy-drink", "card:acid-attack", "card:heal", "sweep"])
    # Energy Drink fills slot 1; the deck is out, so the discard pile, the three swept cards with it, is shuffled into
    # a new deck: Acid Attack and Heal (swept a moment before) come up
    assert g.state.market == ["energy-drink", "acid-attack", "heal"]
    assert len(find(g.events, "deck-shuffled")) == 1 and g.state.discard == []
    assert sorted(g.state.deck) == sorted([*all_but(*market, "energy-drink", "acid-attack"), "tank", "frenzy"])
    assert g.state.monster("gigazaur").energy == 3
    assert chance.seeded_cards_since(rolled, g.state) == 0


def test_a_discard_card_bought_with_the_deck_out_can_come_up_again_in_its_own_slot():
    market = ["heal", "tank", "frenzy"]
    setup = make_setup({"id": "gigazaur", "energy": 5}, "the-king", market=market, discard=all_but(*market), **TABLE)
    # Heal (3 energy) is played and discarded before the slot is refilled from the discard pile, shuffled with it
    g = replay(setup, [*ROLLED, "card:heal", "buy:0"])
    assert g.state.market == market and g.state.discard == []
    assert g.state.monster("gigazaur").energy == 2


def test_a_card_given_that_is_not_there_when_drawn_is_passed_over_and_the_site_s_draw_counted():
    market = ["energy-drink", "tank", "frenzy"]
    setup = make_setup({"id": "gigazaur", "energy": 5}, {"id": "the-king", "cards": ["acid-attack"]}, market=market,
                       discard=all_but(*market, "acid-attack"), **TABLE)
    rolled = replay(setup, ROLLED).state
    assert why_illegal(rolled, "card:acid-attack").code == "card-cannot-come-up"  # held by the King
    # Energy Drink, face up, could come back had it been discarded; bought, it is kept (4 energy) and the slot gets
    # the top card of the site's own shuffle
    g = replay(setup, [*ROLLED, "card:energy-drink", "buy:0"])
    assert g.state.monster("gigazaur").cards == ["energy-drink"]
    assert g.state.market[0] not in (None, "energy-drink")
    assert chance.seeded_cards_since(rolled, g.state) == 1


def test_apply_takes_a_chance_outcome_as_a_new_state_and_leaves_the_old_one():
    s = replay(make_setup("gigazaur", "the-king", **TABLE), []).state
    given, events = apply(s, "dice:smash.smash.smash.heart.1.2")
    assert events == [] and given.decision == s.decision  # nothing happens yet, the same monster rolls
    rolled, _events = apply(given, "roll")
    assert rolled.dice == ["smash", "smash", "smash", "heart", "1", "2"]
    again, _events = apply(s, "roll")  # the state before the faces were given still draws from the seed
    assert again.dice == replay(make_setup("gigazaur", "the-king", **TABLE), ["roll"]).state.dice


def test_a_table_game_counts_the_dice_it_draws_from_the_seed_apart_from_its_identity():
    setup = make_setup({"id": "gigazaur", "tokens": {"berserk": 1}}, "the-king", options=["berserk"], **TABLE)
    given = replay(setup, ["dice:1.1.1.2.2.2.berserk:smash", "roll", "dice:3", "reroll:0"]).state
    assert dict(chance.seeded_dice(given)) == {}
    start = replay(setup, []).state
    # six base dice and the berserk die rolled with no face given, then two base dice rerolled
    rolled = replay(setup, ["roll"]).state
    assert chance.seeded_since(start, rolled) == [None] * 6 + ["berserk"]
    rerolled = replay(setup, ["roll", "reroll:0.1"]).state
    assert chance.seeded_since(rolled, rerolled) == [None, None]
    # one face given of the two: the other is drawn
    half = replay(setup, ["roll", "dice:3", "reroll:0.1"]).state
    assert chance.seeded_since(rolled, half) == [None]
    assert rerolled.clone() == rerolled and replay(setup, [a.code for a in rerolled.history]).state == rerolled


def test_chance_from_outside_is_refused_in_a_game_that_draws_its_own():
    s = replay(make_setup("gigazaur", "the-king"), []).state
    assert not is_legal(s, "dice:1.1.1.1.1.1")
    with pytest.raises(IllegalAction) as info:
        apply(s, "dice:1.1.1.1.1.1")
    assert info.value.code == "not-a-table"


@pytest.mark.parametrize(("code", "error"), [("dice:1.7", "bad-face"), ("card:heal", "card-cannot-come-up"),
                                             ("card:no-such-card", "card-cannot-come-up")])
def test_an_impossible_chance_outcome_is_refused(code, error):
    s = replay(make_setup("gigazaur", "the-king", market=["heal", "tank", "frenzy"], **TABLE), []).state
    assert why_illegal(s, code).code == error
    assert not is_legal(s, code)


def test_a_table_game_rolls_from_the_seed_when_no_face_is_given():
    setup = make_setup("gigazaur", "the-king", seed=3, **TABLE)
    plain = make_setup("gigazaur", "the-king", seed=3)
    assert replay(setup, ["roll"]).state.dice == replay(plain, ["roll"]).state.dice


def test_a_special_die_takes_the_face_given_for_its_kind():
    setup = make_setup({"id": "gigazaur", "tokens": {"berserk": 1}}, "the-king", options=["berserk"], **TABLE)
    g = replay(setup, ["dice:berserk:2smash.1.1.1.2.2.2", "roll"])
    assert g.state.dice == ["1", "1", "1", "2", "2", "2", "berserk:2smash"]  # the berserk die comes last
