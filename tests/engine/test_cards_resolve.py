"""Keep cards that act when their owner's dice resolve (``cards/resolve_cards.py``). Expectations are written from
the card texts."""

from kotguide.engine import apply, legal_actions
from kotguide.engine.testing import find, make_setup, play


def me(*cards, **fields):
    return {"id": "gigazaur", "cards": list(cards), **fields}


KING_IN_CITY = {"id": "the-king", "location": "city"}


def life(g, mid):
    return g.state.monster(mid).life


def test_acid_attack_adds_a_smash_even_with_none_rolled_and_it_is_a_real_smash():
    g = play(make_setup(me("acid-attack"), KING_IN_CITY, dice="1 2 3 1 2 heart"), "roll resolve")
    assert life(g, "the-king") == 9
    assert find(g.events, "smashed", monster="gigazaur", amount=1, targets=["the-king"])
    assert g.state.decision.kind == "yield"  # a real smash: the wounded occupant may yield


def test_burrowing_adds_a_smash_in_tokyo():
    g = play(make_setup(me("burrowing", location="city"), "the-king", dice="1 2 3 1 2 heart"), "roll resolve")
    assert life(g, "the-king") == 9
    g = play(make_setup(me("burrowing"), "the-king", dice="1 2 3 1 2 heart"), "roll resolve")
    assert life(g, "the-king") == 10  # outside: nothing added


def test_burrowing_hurts_the_monster_that_takes_your_place_when_you_yield():
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "cards": ["burrowing"]},
                        dice="smash smash 1 2 3 1"), "roll resolve yield")
    giga = g.state.monster("gigazaur")
    assert (giga.location, giga.life, giga.vp) == ("city", 9, 1)
    assert find(g.events, "damaged", monster="gigazaur", amount=1, by="the-king", card="burrowing")
    assert g.state.decision.kind == "buy"  # card damage: no yield for gigazaur
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "cards": ["burrowing"]},
                        dice="smash smash 1 2 3 1"), "roll resolve stay")
    assert life(g, "gigazaur") == 10


def test_poison_quills_three_twos_add_two_smashes():
    g = play(make_setup(me("poison-quills"), KING_IN_CITY, dice="2 2 2 1 3 heart"), "roll resolve")
    assert g.state.monster("gigazaur").vp == 2  # the 2s score as usual
    assert life(g, "the-king") == 8
    g = play(make_setup(me("poison-quills"), KING_IN_CITY, dice="2 2 1 1 3 heart"), "roll resolve")
    assert life(g, "the-king") == 10


def test_spiked_tail_adds_a_smash_only_to_a_roll_with_one():
    g = play(make_setup(me("spiked-tail"), KING_IN_CITY, dice="smash 1 2 3 1 2"), "roll resolve")
    assert life(g, "the-king") == 8
    g = play(make_setup(me("spiked-tail"), KING_IN_CITY, dice="1 2 3 1 2 3"), "roll resolve")
    assert life(g, "the-king") == 10


def test_acid_attack_counts_before_spiked_tail():
    g = play(make_setup(me("spiked-tail", "acid-attack"), KING_IN_CITY, dice="1 2 3 1 2 3"), "roll resolve")
    assert life(g, "the-king") == 8  # acid gives the smash spiked tail needs


def test_urbavore_extra_vp_at_start_and_extra_smash_in_tokyo():
    g = play(make_setup(me("urbavore", location="city"), "the-king", dice="smash 1 2 3 1 2"), "roll resolve")
    assert g.state.monster("gigazaur").vp == 3  # 2 for starting in Tokyo + 1
    assert find(g.events, "vp-gained", monster="gigazaur", amount=1, card="urbavore")
    assert life(g, "the-king") == 8
    g = play(make_setup(me("urbavore"), KING_IN_CITY, dice="smash 1 2 3 1 2"), "roll resolve")
    assert life(g, "the-king") == 9  # outside: no extra smash


def test_alpha_monster_one_vp_for_a_roll_with_a_smash():
    g = play(make_setup(me("alpha-monster"), "the-king", dice="smash 1 2 3 1 2"), "roll resolve")
    assert find(g.events, "vp-gained", monster="gigazaur", amount=1, card="alpha-monster")
    g = play(make_setup(me("alpha-monster"), "the-king", dice="1 2 3 1 2 3"), "roll resolve")
    assert not find(g.events, "vp-gained", card="alpha-monster")


def test_complete_destruction_nine_vp_for_all_six_faces():
    g = play(make_setup(me("complete-destruction"), "the-king", dice="1 2 3 heart energy smash"), "roll resolve")
    assert find(g.events, "vp-gained", monster="gigazaur", amount=9, card="complete-destruction")
    assert g.state.monster("gigazaur").vp == 10  # + entering Tokyo
    g = play(make_setup(me("complete-destruction"), "the-king", dice="1 2 3 heart energy energy"), "roll resolve")
    assert not find(g.events, "vp-gained", card="complete-destruction")


def test_complete_destruction_with_the_smash_of_acid_attack():
    g = play(make_setup(me("complete-destruction", "acid-attack"), "the-king", dice="1 2 3 heart energy 1"),
             "roll resolve")
    assert find(g.events, "vp-gained", amount=9, card="complete-destruction")


def test_detritivore_and_gourmet():
    g = play(make_setup(me("detritivore"), "the-king", dice="1 2 3 heart heart heart"), "roll resolve")
    assert find(g.events, "vp-gained", amount=2, card="detritivore")
    g = play(make_setup(me("gourmet"), "the-king", dice="1 1 1 2 3 heart"), "roll resolve")
    assert find(g.events, "vp-gained", face="1", amount=1)
    assert find(g.events, "vp-gained", amount=2, card="gourmet")
    g = play(make_setup(me("gourmet"), "the-king", dice="1 1 2 2 3 heart"), "roll resolve")
    assert not find(g.events, "vp-gained", card="gourmet")


def test_fire_breathing_hits_both_neighbours_wherever_they_are():
    setup = make_setup(me("fire-breathing"), "the-king", "alienoid", "meka-dragon", dice="smash 1 2 3 1 2")
    g = play(setup, "roll resolve")
    assert [m.life for m in g.state.monsters] == [10, 9, 10, 9]
    assert find(g.events, "damaged", monster="meka-dragon", amount=1, by="gigazaur", card="fire-breathing")


def test_fire_breathing_with_two_monsters_hits_the_other_once_and_skips_the_dead():
    g = play(make_setup(me("fire-breathing"), "the-king", dice="smash 1 2 3 1 2"), "roll resolve")
    assert life(g, "the-king") == 9
    g = play(make_setup(me("fire-breathing"), {"id": "the-king", "location": "city", "life": 1}, "alienoid",
                        "meka-dragon", dice="smash 1 2 3 1 2"), "roll resolve")
    # the-king dies to the smash; the neighbours are then alienoid and meka-dragon
    assert [m.life for m in g.state.monsters] == [10, 0, 9, 9]


def test_nova_breath_smashes_every_other_monster():
    g = play(make_setup(me("nova-breath"), KING_IN_CITY, "alienoid", dice="smash smash 1 2 3 1"), "roll resolve")
    assert life(g, "the-king") == 8 and life(g, "alienoid") == 8
    assert find(g.events, "smashed", targets=["the-king", "alienoid"])
    assert g.state.decision.monster == "the-king"  # only the occupant may yield


def test_freeze_time_another_turn_with_one_die_fewer():
    setup = make_setup(me("freeze-time"), "the-king", dice="1 1 1 2 3 heart 2 2 2 3 3")
    g = play(setup, "roll resolve end")
    assert find(g.events, "extra-turn", monster="gigazaur", card="freeze-time")
    assert (g.state.active, g.state.turn) == (0, 2)
    assert find(g.events, "turn-started", monster="gigazaur", turn=2, reason="extra", card="freeze-time")
    g = play(setup, "roll resolve end roll")
    assert g.state.dice == ["2", "2", "2", "3", "3"]
    g = play(setup, "roll resolve end roll resolve end")
    assert g.state.monsters[g.state.active].id == "the-king"
    assert len(find(g.events, "extra-turn")) == 1


def test_healing_ray_heals_others_who_pay_two_energy_or_what_they_have():
    setup = make_setup(me("healing-ray", life=7), {"id": "the-king", "life": 5, "energy": 3}, "alienoid",
                       dice="heart heart heart 1 2 3")
    g = play(setup, "roll resolve")
    assert [a.code for a in legal_actions(g.state)] == ["pass", "use:healing-ray:the-king"]  # alienoid is full
    g = play(setup, "roll resolve use:healing-ray:the-king use:healing-ray:the-king")
    king, giga = g.state.monster("the-king"), g.state.monster("gigazaur")
    assert (king.life, king.energy) == (7, 0)
    assert giga.energy == 3  # 2, then the 1 it had left
    assert find(g.events, "energy-gained", monster="gigazaur", amount=1, reason="paid", by="the-king")
    s, events = apply(g.state, "pass")
    assert s.monster("gigazaur").life == 8  # only the one heart left heals it
    assert find(events, "healed", monster="gigazaur", amount=1, rule="heal")
