"""Elimination: at 0 life a monster is out at once (even with 20 VP): Keep cards discarded, energy returned, off the
board; an active monster eliminated mid-turn ends its turn."""

from kotguide.engine import apply
from kotguide.engine.testing import find, make_setup, play


def test_out_at_once_cards_discarded_energy_returned():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "life": 2, "energy": 7,
                                     "cards": ["alien-origin", "extra-head"], "tokens": {"poison": 2}}, "alienoid",
                        dice="smash smash 1 2 3 1"), "roll resolve")
    k = g.state.monsters[1]
    assert (k.alive, k.life, k.energy, k.cards, k.location, k.tokens) == (False, 0, 0, [], "outside", {})
    assert g.state.discard == ["alien-origin", "extra-head"]
    ev = find(g.events, "eliminated", rule="elimination", monster="the-king")
    assert ev and ev[0].amount == 7 and ev[0].data == {"cards": ["alien-origin", "extra-head"], "space": "city"}


def test_elimination_is_immediate_within_the_smash():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "life": 1}, "alienoid",
                        dice="smash 1 2 3 1 2"), "roll resolve")
    kinds = [e.kind for e in g.steps[-1]]
    assert kinds.index("eliminated") < kinds.index("entered")


def test_the_active_monster_eliminated_mid_turn_ends_its_turn():
    g = play(make_setup({"id": "gigazaur", "energy": 8, "life": 3}, "the-king", "alienoid",
                        dice="1 2 3 1 2 3", market=["tank", "corner-store"]), "roll resolve")
    s, events = apply(g.state, "buy:0")
    assert [e.kind for e in events][-3:] == ["card-revealed", "turn-ended", "turn-started"]
    assert s.monsters[s.active].id == "the-king"
    assert not s.monsters[0].alive and s.monsters[0].vp == 5
    assert s.city is None  # it left Tokyo


def test_eliminated_monsters_take_no_turns_and_no_damage():
    g = play(make_setup({"id": "gigazaur", "location": "city"}, {"id": "the-king", "life": 1}, "alienoid",
                        dice="smash smash 1 2 3 1 " + "smash 1 2 3 1 2"), "roll resolve end roll resolve")
    assert g.state.monsters[g.state.active].id == "alienoid"
    assert g.state.monsters[1].life == 0
