"""The module core that every expansion builds on: module setup tables, pieces that act like Keep cards, choices
offered by effects that belong to no card, and special dice rolled with the base dice."""

import random

import pytest

from kotguide.engine import InvalidSetup, Setup, apply, legal_actions, parse_action
from kotguide.engine import options as O
from kotguide.engine.cards import registry
from kotguide.engine.cards.registry import CardDef, EffectDef
from kotguide.engine.dice import SPECIAL, count, define_die
from kotguide.engine.flow import quiet_player, start
from kotguide.engine.random_play import random_setup
from kotguide.engine.testing import make_setup, play

BASE = ["1", "2", "3", "heart", "energy", "smash"]


@pytest.fixture
def test_die():
    """A made-up special die (faces a, b), rolled by every monster holding the piece ``tile-test-die``."""
    define_die("test", ("a", "b"))
    registry.define(CardDef("tile-test-die", modifiers={"special-dice": lambda s, seat, v: (*v, "test")}))
    yield
    registry.undefine("tile-test-die")
    del SPECIAL["test"]


def test_a_module_table_needs_its_module_in_play():
    with pytest.raises(InvalidSetup) as err:
        make_setup("gigazaur", "the-king", modules={"curses": {}})
    assert err.value.code == "module-table"


def test_the_mutant_draft_needs_evolutions():
    with pytest.raises(InvalidSetup) as err:
        make_setup("gigazaur", "the-king", options=[O.MUTANT_DRAFT])
    assert err.value.code == "option-requires"


def test_a_setup_with_pieces_and_tables_round_trips():
    raw = {"monsters": [{"id": "gigazaur", "pieces": ["tile-x"]}, "the-king"], "options": [O.CULTISTS],
           "modules": {}}
    setup = Setup.from_dict(raw)
    assert Setup.from_dict(setup.to_dict()) == setup
    assert setup.monsters[0].pieces == ("tile-x",)


def test_every_module_option_is_listed_once_and_maps_to_the_modules_rule():
    assert len(set(O.MODULES)) == len(O.MODULES)
    assert all(O.RULE[m] == "modules" for m in O.MODULES)


def test_a_piece_carries_its_effect_like_a_held_card():
    registry.define(CardDef("tile-test-extra-die", modifiers={"dice-count": lambda s, seat, v: v + 1}))
    try:
        g = play(make_setup({"id": "gigazaur", "pieces": ["tile-test-extra-die"]}, "the-king",
                            dice=BASE + ["1"]), "roll")
        assert len(g.state.dice) == 7
        g = play(make_setup("gigazaur", "the-king", dice=BASE), "roll")
        assert len(g.state.dice) == 6
    finally:
        registry.undefine("tile-test-extra-die")


def test_an_effect_offers_a_choice_to_any_seat_and_applies_it():
    used = []

    def offer(state, seat, window):
        return [parse_action("use:test-effect:go")] if state.monsters[seat].tokens.get("test") else []

    def use(ctx, seat, action):
        used.append((seat, action.arg))
        ctx.s.monsters[seat].tokens["test"] -= 1

    registry.define_effect(EffectDef("test-effect", offer=offer, use=use))
    try:
        s = play(make_setup({"id": "gigazaur", "tokens": {"test": 1}}, "the-king", dice=BASE), "roll").state
        assert parse_action("use:test-effect:go") in legal_actions(s)
        after, _ = apply(s, "use:test-effect:go")
        assert used == [(0, "go")]
        assert after.monsters[0].tokens["test"] == 0
        assert parse_action("use:test-effect:go") not in legal_actions(after)
    finally:
        registry.undefine_effect("test-effect")


def test_special_dice_come_after_the_base_dice_and_count_for_nothing(test_die):
    g = play(make_setup({"id": "gigazaur", "pieces": ["tile-test-die"]}, "the-king", dice=BASE + ["test:b"]), "roll")
    assert g.state.dice == BASE + ["test:b"]
    assert g.state.kept == [False] * 7
    assert count(g.state.dice) == {"1": 1, "2": 1, "3": 1, "heart": 1, "energy": 1, "smash": 1}


def test_a_special_die_is_rerolled_with_its_own_faces(test_die):
    g = play(make_setup({"id": "gigazaur", "pieces": ["tile-test-die"]}, "the-king",
                        dice=BASE + ["test:b", "smash", "test:a"]), "roll reroll:0.6")
    assert g.state.dice == ["smash", "2", "3", "heart", "energy", "smash", "test:a"]
    assert g.state.kept == [False, True, True, True, True, True, False]


def test_each_kind_of_die_takes_its_own_scripted_faces_in_order(test_die):
    # played off its script (a special die rerolled alone), the next special face still goes to the special die
    g = play(make_setup({"id": "gigazaur", "pieces": ["tile-test-die"]}, "the-king",
                        dice=BASE + ["test:b", "test:a", "smash"]), "roll reroll:6 reroll:0")
    assert g.state.dice == ["smash", "2", "3", "heart", "energy", "smash", "test:a"]


def test_an_unknown_special_face_is_refused_at_setup():
    with pytest.raises(InvalidSetup) as err:
        make_setup("gigazaur", "the-king", dice=["nosuch:a"])
    assert err.value.code == "bad-face"


def test_the_dispatch_table_kept_between_actions_holds_what_the_state_holds():
    """A table is rebuilt only on ``Hand.changed()`` (and, for unsettled silencers and copies, when they answer
    otherwise): after every action of random games with every module on, what each seat holds by the kept table is
    what it holds worked out afresh (a settled silencer whose module forgot the signal would fail here)."""
    rnd = random.Random(5)
    for _ in range(6):
        s, _events = start(random_setup(rnd, 4, O.MODULES))
        play = quiet_player(s)
        while s.decision is not None:
            play(rnd.choice(legal_actions(s)))
            for m in s.monsters:
                assert registry.held(s, m.seat) == registry._held_now(s, m.seat)
