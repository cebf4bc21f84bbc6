"""Keep cards that change the dice (``cards/dice_cards.py``). Expectations come from the card texts."""

from kotguide.engine import apply, legal_actions
from kotguide.engine.testing import find, make_setup, play


def me(*cards, **fields):
    return {"id": "gigazaur", "cards": list(cards), **fields}


def codes(g):
    return [a.code for a in legal_actions(g.state)]


def test_extra_head_rolls_one_more_die_and_two_copies_roll_eight():
    g = play(make_setup(me("extra-head"), "the-king", dice="1 1 1 2 2 2 3"), "roll")
    assert g.state.dice == ["1", "1", "1", "2", "2", "2", "3"]
    g = play(make_setup(me("extra-head", "extra-head"), "the-king", dice="1 1 1 2 2 2 3 3"), "roll")
    assert len(g.state.dice) == 8


def test_giant_brain_gives_a_fourth_roll():
    g = play(make_setup(me("giant-brain"), "the-king", dice="1 2 3 1 2 3 1 1 1"),
             "roll reroll:0 reroll:0 reroll:0")
    assert g.state.decision.kind == "resolve"
    assert find(g.events, "dice-rolled", roll=4)
    g = play(make_setup("gigazaur", "the-king", dice="1 2 3 1 2 3 1 1"), "roll reroll:0 reroll:0")
    assert g.state.decision.kind == "resolve"  # without it: three rolls


def test_background_dweller_rerolls_a_three_even_with_no_rolls_left():
    g = play(make_setup(me("background-dweller"), "the-king", dice="3 3 1 2 2 heart 1 1 1 heart"),
             "roll reroll:5 reroll:5")
    assert g.state.decision.kind == "resolve"
    assert codes(g) == ["resolve", "use:background-dweller:0", "use:background-dweller:1"]
    s, events = apply(g.state, "use:background-dweller:1")
    assert s.dice == ["3", "1", "1", "2", "2", "1"] and s.rolls_left == 0
    assert find(events, "die-rerolled", monster="gigazaur", die=2, face="1", card="background-dweller")
    assert "use:background-dweller:1" not in [a.code for a in legal_actions(s)]  # it shows a 1 now


def test_background_dweller_only_for_threes_and_only_its_owner():
    g = play(make_setup(me("background-dweller"), "the-king", dice="1 2 heart energy smash smash"), "roll")
    assert not [c for c in codes(g) if c.startswith("use:")]


def test_energy_drink_buys_a_roll_with_one_energy_when_no_roll_is_left():
    g = play(make_setup(me("energy-drink", energy=2), "the-king", dice="1 2 3 1 2 3"), "roll")
    assert "use:energy-drink" not in codes(g)  # rolls left: it cannot matter yet
    g = play(make_setup(me("energy-drink", energy=2), "the-king", dice="1 2 3 1 2 3 1 1 1"),
             "roll reroll:0 reroll:0 use:energy-drink reroll:0")
    m = g.state.monsters[0]
    assert m.energy == 1 and g.state.rolls_done == 4
    assert find(g.events, "energy-lost", monster="gigazaur", amount=1, card="energy-drink")
    assert find(g.events, "extra-roll", card="energy-drink")
    assert "use:energy-drink" in codes(g)  # repeatable while energy lasts


def test_smoke_cloud_arrives_with_three_tokens_and_is_discarded_after_the_last():
    g = play(make_setup(me(energy=4), "the-king", dice="1 2 3 1 2 3", market=["smoke-cloud"]),
             "roll resolve buy:0")
    assert g.state.monsters[0].tokens == {"smoke": 3}
    assert find(g.events, "card-loaded", card="smoke-cloud", amount=3, reason="smoke")
    g = play(make_setup(me("smoke-cloud", tokens={"smoke": 1}), "the-king", dice="1 2 3 1 2 3 1 1 1"),
             "roll reroll:0 reroll:0 use:smoke-cloud")
    m = g.state.monsters[0]
    assert m.cards == [] and "smoke-cloud" in g.state.discard and m.tokens == {}
    assert g.state.rolls_left == 1
    assert find(g.events, "card-discarded", card="smoke-cloud", reason="empty")


def test_herd_culler_once_per_turn_after_the_last_roll():
    g = play(make_setup(me("herd-culler"), "the-king", dice="1 1 2 3 heart smash"), "roll")
    assert not [c for c in codes(g) if c.startswith("use:")]  # not while rolling
    g = play(make_setup(me("herd-culler"), "the-king", dice="1 1 2 3 heart smash"), "roll resolve")
    d = g.state.decision
    assert (d.monster, d.kind, d.window) == ("gigazaur", "card", "before-resolve")
    assert codes(g) == ["pass"] + [f"use:herd-culler:{i}" for i in (2, 3, 4, 5)]
    g = play(make_setup(me("herd-culler"), "the-king", dice="1 1 2 3 heart smash"), "roll resolve use:herd-culler:2")
    assert find(g.events, "vp-gained", face="1", count=3, amount=1)  # three 1s
    assert g.state.decision.kind == "buy"  # once per turn: the prompt ends


def test_plot_twist_sets_any_face_then_is_discarded():
    g = play(make_setup(me("plot-twist"), "the-king", dice="3 3 1 2 heart smash"),
             "roll resolve use:plot-twist:2-3")
    assert find(g.events, "die-changed", die=3, face="3", card="plot-twist")
    assert find(g.events, "vp-gained", face="3", count=3, amount=3)
    assert g.state.monsters[0].cards == [] and "plot-twist" in g.state.discard
    assert find(g.events, "card-discarded", card="plot-twist", reason="used")


def test_stretchy_costs_two_energy_each_time():
    g = play(make_setup(me("stretchy", energy=5), "the-king", dice="3 3 1 2 heart smash"),
             "roll resolve use:stretchy:2-3 use:stretchy:3-3")
    assert g.state.monsters[0].energy == 1
    assert find(g.events, "vp-gained", face="3", count=4, amount=4)
    g = play(make_setup(me("stretchy", energy=1), "the-king", dice="3 3 1 2 heart smash"), "roll resolve")
    assert g.state.decision.kind == "buy"  # under 2 energy: no prompt


def test_psychic_probe_rerolls_one_die_of_another_monster_after_its_last_roll():
    setup = make_setup("gigazaur", {"id": "the-king", "cards": ["psychic-probe"]},
                       dice="3 3 3 2 1 smash energy")
    g = play(setup, "roll")
    assert g.state.decision.monster == "gigazaur"  # not after a roll that may not be the last
    g = play(setup, "roll resolve")
    d = g.state.decision
    assert (d.monster, d.kind, d.window) == ("the-king", "card", "before-resolve")
    g = play(setup, "roll resolve use:psychic-probe:0")
    assert find(g.events, "die-rerolled", monster="gigazaur", die=1, face="energy", by="the-king",
                card="psychic-probe")
    assert not find(g.events, "vp-gained", face="3")  # the set of 3s is broken
    assert g.state.monster("the-king").cards == ["psychic-probe"]  # no heart: kept


def test_psychic_probe_is_discarded_when_the_reroll_shows_a_heart():
    setup = make_setup("gigazaur", {"id": "the-king", "cards": ["psychic-probe"]},
                       dice="3 3 3 2 1 smash heart")
    g = play(setup, "roll resolve use:psychic-probe:0")
    assert g.state.monster("the-king").cards == [] and "psychic-probe" in g.state.discard
    assert find(g.events, "card-discarded", monster="the-king", card="psychic-probe", reason="heart")


def test_psychic_probe_before_the_active_monsters_own_changes():
    setup = make_setup(me("herd-culler"), {"id": "the-king", "cards": ["psychic-probe"]},
                       dice="1 1 1 2 3 smash 2")
    g = play(setup, "roll resolve")
    assert g.state.decision.monster == "the-king"
    g = play(setup, "roll resolve use:psychic-probe:0")
    assert g.state.decision.monster == "gigazaur"  # then the active monster may answer
    g = play(setup, "roll resolve use:psychic-probe:0 use:herd-culler:0")
    assert find(g.events, "vp-gained", face="1", count=3)
