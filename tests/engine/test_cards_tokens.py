"""Poison Spit, Shrink Ray and their tokens (``cards/tokens.py``). Expectations are written from the card texts and
the token rules (kot-facts §2, §4.6)."""

from kotguide.engine.testing import find, make_setup, play

QUIET = "1 2 3 1 2 3"


def test_poison_spit_gives_a_token_to_each_monster_it_smashes():
    g = play(make_setup({"id": "gigazaur", "cards": ["poison-spit"]}, {"id": "the-king", "location": "city"},
                        dice="smash 1 2 3 1 2"), "roll resolve stay")
    assert g.state.monster("the-king").tokens == {"poison": 1}
    assert find(g.events, "poisoned", monster="the-king", amount=1, by="gigazaur", card="poison-spit")


def test_a_monster_not_smashed_gets_no_token():
    g = play(make_setup({"id": "gigazaur", "cards": ["poison-spit", "shrink-ray"]}, "the-king",
                        dice="smash 1 2 3 1 2"), "roll resolve")
    assert g.state.monster("the-king").tokens == {}


def test_poison_one_life_per_token_at_the_end_of_its_own_turn():
    setup = make_setup("gigazaur", {"id": "the-king", "tokens": {"poison": 2}}, dice=f"{QUIET} {QUIET}")
    g = play(setup, "roll resolve end")
    assert g.state.monster("the-king").life == 10  # not at the end of another monster's turn
    g = play(setup, "roll resolve end roll resolve end")
    assert g.state.monster("the-king").life == 8
    assert find(g.events, "damaged", monster="the-king", amount=2, reason="poison", rule="power-cards")


def test_shrink_ray_and_one_die_fewer_per_token():
    g = play(make_setup({"id": "gigazaur", "cards": ["shrink-ray"]}, {"id": "the-king", "location": "city"},
                        dice="smash 1 2 3 1 2"), "roll resolve stay")
    assert g.state.monster("the-king").tokens == {"shrink": 1}
    assert find(g.events, "shrunk", monster="the-king", amount=1, by="gigazaur", card="shrink-ray")
    g = play(make_setup({"id": "gigazaur", "tokens": {"shrink": 2}}, "the-king", dice="1 1 1 2"), "roll")
    assert g.state.dice == ["1", "1", "1", "2"]


def test_hearts_remove_tokens_outside_tokyo_instead_of_healing():
    g = play(make_setup({"id": "gigazaur", "life": 6, "tokens": {"poison": 2, "shrink": 1}}, "the-king",
                        dice="heart heart heart heart 1 2"), "roll resolve")
    m = g.state.monster("gigazaur")
    assert (m.life, m.tokens) == (7, {})
    assert find(g.events, "poison-removed", monster="gigazaur", amount=2)
    assert find(g.events, "shrink-removed", monster="gigazaur", amount=1)
    assert find(g.events, "healed", monster="gigazaur", amount=1, rule="heal")


def test_hearts_remove_no_token_in_tokyo():
    g = play(make_setup({"id": "gigazaur", "life": 6, "location": "city", "tokens": {"poison": 1}}, "the-king",
                        dice="heart heart 1 2 3 1"), "roll resolve")
    m = g.state.monster("gigazaur")
    assert (m.life, m.tokens) == (6, {"poison": 1})


def test_a_heart_spent_on_a_token_does_not_trigger_regeneration():
    g = play(make_setup({"id": "gigazaur", "life": 6, "cards": ["regeneration"], "tokens": {"poison": 1}},
                        "the-king", dice="heart 1 2 3 1 2"), "roll resolve")
    m = g.state.monster("gigazaur")
    assert (m.life, m.tokens) == (6, {})
    assert not find(g.events, "healed")
