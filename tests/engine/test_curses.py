"""The Curse cards module (``modules/curses``): setup, the die of fate, the golden scarab, and each curse's
permanent, ankh and snake effects (one test per effect). Expectations come from the card texts (kot-facts §3.4),
decisions.md (the die of fate resolves before the other dice) and the readings in the module's docstrings."""

import pytest

from kotguide.engine import IllegalAction, InvalidSetup, apply, legal_actions
from kotguide.engine.invariants import check
from kotguide.engine.modules.curses import core
from kotguide.engine.ops import Ctx
from kotguide.engine.testing import find, make_setup, play

RIVER, ANKH, SNAKE, HORUS = "fate:river", "fate:ankh", "fate:snake", "fate:horus"
QUIET = "1 2 3 1 2 3"  # six dice that score, heal, gain and smash nothing


def game(*monsters, curse, dice="1 2 3 heart energy smash", fate=RIVER, actions="roll resolve", options=(),
         setup=None, **table):
    """A game with ``curse`` in force; the first monster (default ``gigazaur``, then ``the-king``) plays first and its
    first roll shows ``dice`` and the die of fate ``fate``. ``table``: the other keys of the curses setup table;
    ``setup``: other Setup fields (market, deck…)."""
    ms = monsters or ("gigazaur", "the-king")
    s = make_setup(*ms, dice=f"{dice} {fate}".split(), options=["curses", *options],
                   modules={"curses": {"in_force": curse, **table}}, **(setup or {}))
    return play(s, actions)


def codes(g):
    return [a.code for a in legal_actions(g.state)]


def me(**fields):
    return {"id": "gigazaur", **fields}


def king(**fields):
    return {"id": "the-king", **fields}


def gigazaur(g):
    return g.state.monster("gigazaur")


def the_king(g):
    return g.state.monster("the-king")


# --- setup ----------------------------------------------------------------------------------------------------------
def test_setup_reveals_one_curse_and_the_monster_before_the_first_player_holds_the_scarab():
    g = play(make_setup("gigazaur", "the-king", "alienoid", options=["curses"], first="the-king"))
    s = g.state
    assert core.in_force(s) in core.curse_ids()
    assert len(core.deck(s)) == 23 and core.discarded(s) == ()
    assert core.scarab_owner(s) == "gigazaur"  # the-king plays first: gigazaur, on its right, plays last
    assert find(g.events, "curse-revealed", reason="setup") and find(g.events, "scarab-placed", monster="gigazaur")


def test_with_a_roll_off_the_scarab_goes_to_the_monster_before_the_first_player():
    for seed in range(5):
        s = play(make_setup("gigazaur", "the-king", "alienoid", options=["curses"], first=None, seed=seed)).state
        assert core.scarab_owner(s) == s.monsters[(s.active - 1) % 3].id


def test_setup_table_sets_the_curse_the_top_of_the_deck_and_the_holder():
    s = play(make_setup("gigazaur", "the-king", options=["curses"], modules={"curses": {
        "in_force": "set-storm", "deck": ["bow-before-ra", "hotep-peace"], "scarab": "gigazaur"}})).state
    assert core.in_force(s) == "set-storm" and core.deck(s)[:2] == ("bow-before-ra", "hotep-peace")
    assert core.scarab_owner(s) == "gigazaur"


@pytest.mark.parametrize(("table", "code"), [
    ({"in_force": "nope"}, "unknown-curse"), ({"deck": ["set-storm", "set-storm"]}, "curse-twice"),
    ({"in_force": "set-storm", "deck": ["set-storm"]}, "curse-twice"), ({"scarab": "alienoid"}, "scarab-holder"),
    ({"colour": 1}, "unknown-key"), ({"in_force": {}}, "bad-field"), ({"in_force": ["set-storm"]}, "bad-field"),
])
def test_setup_table_is_checked(table, code):
    with pytest.raises(InvalidSetup) as err:
        make_setup("gigazaur", "the-king", options=["curses"], modules={"curses": table})
    assert err.value.code == code


# --- the die of fate ------------------------------------------------------------------------------------------------
def test_the_die_of_fate_is_rolled_kept_and_rerolled_with_the_dice():
    setup = make_setup("gigazaur", "the-king", dice=[*QUIET.split(), RIVER, ANKH], options=["curses"],
                       modules={"curses": {"in_force": "set-storm"}})
    g = play(setup, "roll")
    assert g.state.dice == [*QUIET.split(), RIVER]
    g = play(setup, "roll reroll:6")
    assert g.state.dice == [*QUIET.split(), ANKH]


def test_horus_discards_the_curse_and_reveals_the_next_before_the_other_dice():
    g = game(curse="tutankhamun-curse", dice="1 1 1 2 2 2", fate=HORUS, deck=["set-storm"], scarab="the-king")
    assert core.in_force(g.state) == "set-storm" and core.discarded(g.state) == ("tutankhamun-curse",)
    assert gigazaur(g).vp == 4  # Tutankhamun's Curse is gone before the sets score (1 + 2), +1 entering


def test_a_curse_revealed_by_horus_acts_at_once_in_the_same_turn():
    g = game("gigazaur", king(location="city"), curse="set-storm", dice="smash smash 1 2 3 1", fate=HORUS,
             deck=["hotep-peace"], scarab="the-king")
    assert the_king(g).life == 10  # Hotep's Peace came into force before the smashes resolved


def test_river_does_nothing():
    g = game(curse="set-storm", fate=RIVER, dice=QUIET)
    assert find(g.events, "fate-resolved", reason="river") and core.in_force(g.state) == "set-storm"
    assert gigazaur(g).life == 9  # only the start-of-turn loss


def test_the_die_of_fate_resolves_before_other_monsters_card_choices():
    g = game("gigazaur", king(cards=["psychic-probe"]), curse="raging-flood", dice="3 3 3 2 1", fate=SNAKE)
    assert (g.state.decision.monster, g.state.decision.window) == ("gigazaur", "curse")
    s, _ = apply(g.state, "use:curse-drop:4")
    assert (s.decision.monster, s.decision.window) == ("the-king", "before-resolve")  # Psychic Probe comes after


def test_an_exhausted_curse_deck_is_made_again_from_the_discarded_curses():
    ids = list(core.curse_ids())
    s = play(make_setup("gigazaur", "the-king", options=["curses"],
                        modules={"curses": {"in_force": ids[0], "deck": ids[1:]}})).state
    s.marks[core.DECK] = ()
    s.marks[core.DISCARD] = tuple(ids[1:])
    events = []
    core.change_curse(Ctx(s, events))
    assert [e.kind for e in events][:3] == ["curse-discarded", "curse-deck-shuffled", "curse-revealed"]
    assert find(events, "curse-deck-shuffled", amount=24)  # the curse just discarded is shuffled in too
    assert len(core.deck(s)) == 23 and core.discarded(s) == ()
    check(s)


# --- the golden scarab ----------------------------------------------------------------------------------------------
def test_the_scarab_stays_with_an_eliminated_holder_and_then_nobody_holds_it():
    setup = make_setup("gigazaur", king(life=2, location="city"), {"id": "alienoid", "life": 5},
                       dice=["smash", "smash", "1", "2", "3", "1", RIVER, "heart", "heart", "1", "2", "3", "1", RIVER],
                       options=["curses"], modules={"curses": {"in_force": "isis-disgrace", "scarab": "the-king"}})
    g = play(setup, "roll resolve")
    assert not the_king(g).alive
    assert core.scarab_owner(g.state) == "the-king" and core.holder(g.state) is None
    check(g.state)
    g = play(setup, "roll resolve end roll resolve")  # alienoid's turn (gigazaur took Tokyo)
    assert g.state.monster("alienoid").life == 5  # its hearts heal nothing: nobody holds the scarab


def test_take_the_scarab_from_an_eliminated_holder():
    g = game(me(), king(life=2, location="city"), "alienoid", curse="thot-blindness", dice="smash smash 1 2 3 1",
             fate=ANKH, scarab="the-king")
    assert core.scarab_owner(g.state) == "gigazaur" and core.holder(g.state) == 0


# --- 1 Pharaonic Ego ------------------------------------------------------------------------------------------------
def test_pharaonic_ego_permanent_no_monster_may_yield():
    g = game("gigazaur", king(location="city"), curse="pharaonic-ego", dice="smash smash 1 2 3 1")
    assert g.state.decision.kind == "buy"  # the-king is not asked to yield
    assert the_king(g).location == "city"
    assert find(g.events, "curse-blocked", monster="the-king", reason="yield")


def test_pharaonic_ego_permanent_jets_cannot_yield_either():
    g = game("gigazaur", king(location="city", cards=["jets"], energy=5), curse="pharaonic-ego",
             dice="smash smash 1 2 3 1")
    assert the_king(g).life == 8 and the_king(g).location == "city"


def test_pharaonic_ego_ankh_leave_tokyo_and_stay_out_this_turn():
    g = game(me(location="city"), "the-king", curse="pharaonic-ego", dice=QUIET, fate=ANKH)
    assert gigazaur(g).location == "outside"
    assert find(g.events, "curse-left-tokyo", monster="gigazaur", space="city")
    assert not find(g.events, "entered")  # Tokyo is empty but it may not enter this turn


def test_pharaonic_ego_snake_take_control_of_tokyo():
    g = game("gigazaur", king(location="city"), curse="pharaonic-ego", dice=QUIET, fate=SNAKE)
    assert gigazaur(g).location == "city" and the_king(g).location == "outside"
    assert gigazaur(g).vp == 1  # entering Tokyo City gives its reward


# --- 2 Isis's Disgrace ----------------------------------------------------------------------------------------------
def test_isis_disgrace_permanent_only_the_holder_gains_life():
    g = game(me(life=5), "the-king", curse="isis-disgrace", dice="heart heart 1 2 3 1", scarab="the-king")
    assert gigazaur(g).life == 5 and find(g.events, "curse-blocked", reason="life", amount=2)
    g = game(me(life=5), "the-king", curse="isis-disgrace", dice="heart heart 1 2 3 1", scarab="gigazaur")
    assert gigazaur(g).life == 7


SCARAB_TAKERS = ["isis-disgrace", "thot-blindness", "tutankhamun-curse", "hotep-peace", "forbidden-library",
                 "confused-senses", "pharaonic-skin"]


@pytest.mark.parametrize("curse", SCARAB_TAKERS)
def test_ankh_take_the_scarab(curse):
    g = game(curse=curse, fate=ANKH, scarab="the-king", dice=QUIET)
    assert core.scarab_owner(g.state) == "gigazaur"
    assert find(g.events, "scarab-taken", monster="gigazaur", curse=curse)


def test_isis_disgrace_snake_lose_one_life():
    g = game(curse="isis-disgrace", fate=SNAKE, scarab="the-king", dice=QUIET)
    assert gigazaur(g).life == 9


# --- 3 Thot's Blindness ---------------------------------------------------------------------------------------------
def test_thot_blindness_permanent_only_the_holder_gains_energy():
    g = game(curse="thot-blindness", dice="energy energy 1 2 3 1", scarab="the-king")
    assert gigazaur(g).energy == 0 and find(g.events, "curse-blocked", reason="energy", amount=2)
    g = game(curse="thot-blindness", dice="energy energy 1 2 3 1", scarab="gigazaur")
    assert gigazaur(g).energy == 2


def test_thot_blindness_snake_lose_two_energy():
    g = game(me(energy=5), "the-king", curse="thot-blindness", fate=SNAKE, dice=QUIET, scarab="the-king")
    assert gigazaur(g).energy == 3


# --- 4 Tutankhamun's Curse ------------------------------------------------------------------------------------------
def test_tutankhamun_curse_permanent_only_the_holder_gains_vp():
    g = game(curse="tutankhamun-curse", dice="3 3 3 1 2 heart", scarab="the-king")
    assert gigazaur(g).vp == 0  # neither the threes nor entering Tokyo
    g = game(curse="tutankhamun-curse", dice="3 3 3 1 2 heart", scarab="gigazaur")
    assert gigazaur(g).vp == 4  # 3 for the threes, 1 for entering Tokyo


def test_tutankhamun_curse_snake_lose_two_vp():
    g = game(me(vp=5), "the-king", curse="tutankhamun-curse", fate=SNAKE, dice=QUIET, scarab="the-king")
    assert gigazaur(g).vp == 3


# --- 5 Buried in Sand -----------------------------------------------------------------------------------------------
def test_buried_in_sand_permanent_one_roll_fewer():
    g = game(curse="buried-in-sand", actions="roll reroll:0")
    assert g.state.decision.kind == "resolve"  # two rolls in all


def test_buried_in_sand_ankh_one_more_roll():
    g = game(curse="buried-in-sand", fate=ANKH, actions="roll resolve")
    assert g.state.decision.kind == "reroll" and g.state.rolls_left == 1
    assert find(g.events, "curse-extra-roll", monster="gigazaur")


def test_buried_in_sand_snake_smashes_do_nothing():
    g = game("gigazaur", king(location="city"), curse="buried-in-sand", fate=SNAKE, dice="smash smash smash 1 2 3")
    assert the_king(g).life == 10 and find(g.events, "curse-blocked", reason="smash", amount=3)


# --- 6 Raging Flood -------------------------------------------------------------------------------------------------
def test_raging_flood_permanent_one_die_fewer():
    g = game(curse="raging-flood", dice="1 2 3 heart energy", actions="roll")
    assert g.state.dice == ["1", "2", "3", "heart", "energy", RIVER]  # five base dice and the die of fate


def test_raging_flood_ankh_an_extra_die_showing_the_face_you_choose():
    g = game(curse="raging-flood", dice="3 3 1 2 heart", fate=ANKH)
    assert g.state.decision.window == "curse-option" and "pass" in codes(g)
    s, events = apply(g.state, "use:curse-face:3")
    assert s.dice[:6] == ["3", "3", "1", "2", "heart", "3"]
    assert find(events, "vp-gained", face="3", count=3)


def test_raging_flood_snake_discard_one_die():
    g = game(curse="raging-flood", dice="3 3 3 2 heart", fate=SNAKE)
    assert "pass" not in codes(g)  # required
    s, events = apply(g.state, "use:curse-drop:0")
    assert find(events, "die-discarded", die=1, face="3") and not find(events, "vp-gained", face="3")


# --- 7 Hotep's Peace ------------------------------------------------------------------------------------------------
def test_hotep_peace_permanent_only_the_holder_smashes():
    g = game("gigazaur", king(location="city"), curse="hotep-peace", dice="smash smash 1 2 3 1", scarab="the-king")
    assert the_king(g).life == 10
    g = game("gigazaur", king(location="city"), curse="hotep-peace", dice="smash smash 1 2 3 1", scarab="gigazaur")
    assert the_king(g).life == 8


def test_hotep_peace_snake_lose_one_energy_per_smash_rolled():
    g = game(me(energy=5), "the-king", curse="hotep-peace", fate=SNAKE, dice="smash smash smash 1 2 3",
             scarab="gigazaur")
    assert gigazaur(g).energy == 2


# --- 8 Set's Storm --------------------------------------------------------------------------------------------------
def test_set_storm_permanent_lose_one_life_at_the_start_of_your_turn():
    g = game(curse="set-storm", actions="")
    assert gigazaur(g).life == 9 and the_king(g).life == 10


def test_set_storm_ankh_two_life():
    g = game(me(life=5), "the-king", curse="set-storm", fate=ANKH, dice=QUIET)
    assert gigazaur(g).life == 6  # 5 − 1 at the start + 2


def test_set_storm_snake_lose_one_life():
    g = game(me(life=5), "the-king", curse="set-storm", fate=SNAKE, dice=QUIET)
    assert gigazaur(g).life == 3


# --- 9 Builders' Uprising -------------------------------------------------------------------------------------------
def test_builders_uprising_permanent_lose_two_vp_at_the_start_of_your_turn():
    g = game(me(vp=5), "the-king", curse="builders-uprising", actions="")
    assert gigazaur(g).vp == 3


def test_builders_uprising_ankh_outside_tokyo_an_extra_turn_without_the_die_of_fate():
    g = game(me(vp=5), king(location="city"), curse="builders-uprising", fate=ANKH, dice=QUIET,
             actions="roll resolve end roll")
    assert g.state.active == 0 and g.state.turn == 2
    assert len(g.state.dice) == 6  # no die of fate on the extra turn
    g = game(me(vp=5, location="city"), "the-king", curse="builders-uprising", fate=ANKH, dice=QUIET)
    assert g.state.extra_turns == []  # in Tokyo: no extra turn


def test_builders_uprising_snake_lose_two_vp():
    g = game(me(vp=5), "the-king", curse="builders-uprising", fate=SNAKE, dice=QUIET)
    assert gigazaur(g).vp == 2  # 5 − 2 − 2, then +1 for entering Tokyo


# --- 10 Inadequate Offering --------------------------------------------------------------------------------------
def test_inadequate_offering_permanent_power_cards_cost_two_more():
    g = game(me(energy=4), "the-king", curse="inadequate-offering", dice="1 2 3 1 2 heart",
             setup={"market": ["energize", "heal", "tank"]})
    assert not [c for c in codes(g) if c.startswith("buy:")]  # Heal 3 + 2, Tank 4 + 2, Energize 8 + 2
    g = game(me(energy=5), "the-king", curse="inadequate-offering", dice="1 2 3 1 2 heart",
             setup={"market": ["energize", "heal", "tank"]})
    assert "buy:1" in codes(g)


def test_inadequate_offering_ankh_take_the_top_card_of_the_deck_for_free():
    g = game(curse="inadequate-offering", fate=ANKH, dice=QUIET,
             setup={"market": ["energize", "heal", "tank"], "deck": ["giant-brain"]})
    assert gigazaur(g).cards == ["giant-brain"] and gigazaur(g).energy == 0
    assert find(g.events, "curse-card-drawn", card="giant-brain")


def test_inadequate_offering_ankh_card_is_not_a_purchase():
    g = game(me(cards=["media-friendly"]), "the-king", curse="inadequate-offering", fate=ANKH, dice=QUIET,
             setup={"market": ["energize", "heal", "tank"], "deck": ["giant-brain"]})
    assert gigazaur(g).cards == ["media-friendly", "giant-brain"]
    assert gigazaur(g).vp == 1  # only the 1 VP for entering Tokyo: Media-Friendly rewards buying, not drawing


def test_inadequate_offering_snake_discard_one_of_your_keep_cards():
    g = game(me(cards=["armor-plating", "giant-brain"]), "the-king", curse="inadequate-offering", fate=SNAKE,
             dice=QUIET)
    assert "pass" not in codes(g) and "use:curse-discard:giant-brain" in codes(g)
    s, _ = apply(g.state, "use:curse-discard:giant-brain")
    assert s.monsters[0].cards == ["armor-plating"] and "giant-brain" in s.discard


# --- 11 Bow Before Ra ---------------------------------------------------------------------------------------------
def test_bow_before_ra_permanent_maximum_life_is_eight():
    g = game(me(life=5), "the-king", curse="bow-before-ra", actions="")
    assert the_king(g).life == 8 and find(g.events, "life-capped", monster="the-king", amount=8)
    g = game(me(life=5), "the-king", curse="bow-before-ra", dice="heart heart heart heart heart 1")
    assert gigazaur(g).life == 8


def test_bow_before_ra_ends_when_the_curse_changes():
    g = game(me(life=5), "the-king", curse="bow-before-ra", fate=HORUS, deck=["raging-flood"],
             dice="heart heart heart heart heart 1")
    assert gigazaur(g).life == 10


def test_bow_before_ra_ankh_two_life():
    g = game(me(life=5), "the-king", curse="bow-before-ra", fate=ANKH, dice=QUIET)
    assert gigazaur(g).life == 7


def test_bow_before_ra_snake_lose_two_life():
    g = game(me(life=5), "the-king", curse="bow-before-ra", fate=SNAKE, dice=QUIET)
    assert gigazaur(g).life == 3


# --- 12 Vengeance of Horus ----------------------------------------------------------------------------------------
def test_vengeance_of_horus_permanent_smashes_cannot_be_rerolled():
    g = game(curse="vengeance-of-horus", dice="smash 1 2 3 heart energy", actions="roll")
    assert "reroll:0" not in codes(g) and "reroll:1" in codes(g) and "reroll:6" in codes(g)
    with pytest.raises(IllegalAction) as err:
        apply(g.state, "reroll:0.1")
    assert err.value.code == "die-locked"


def test_vengeance_of_horus_ankh_one_vp_per_smash_rolled():
    g = game(curse="vengeance-of-horus", fate=ANKH, dice="smash smash 1 2 3 1")
    assert find(g.events, "vp-gained", curse="vengeance-of-horus", amount=2)


def test_vengeance_of_horus_snake_lose_one_life_per_smash_rolled():
    g = game(curse="vengeance-of-horus", fate=SNAKE, dice="smash smash 1 2 3 1")
    assert gigazaur(g).life == 8


# --- 13–15 the Ordeals --------------------------------------------------------------------------------------------
def test_ordeal_of_the_mighty_permanent_the_most_life_lose_one():
    g = game(me(life=7), "the-king", "alienoid", curse="ordeal-of-the-mighty", actions="")
    assert [m.life for m in g.state.monsters] == [7, 9, 9]


def test_ordeal_of_the_wealthy_permanent_the_most_vp_lose_one():
    g = game(me(vp=4), king(vp=6), "alienoid", curse="ordeal-of-the-wealthy", actions="")
    assert [m.vp for m in g.state.monsters] == [4, 5, 0]


def test_ordeal_of_the_spiritual_permanent_the_most_energy_lose_one():
    g = game(me(energy=3), king(energy=3), curse="ordeal-of-the-spiritual", actions="")
    assert [m.energy for m in g.state.monsters] == [2, 2]
    g = game(curse="ordeal-of-the-spiritual", actions="")
    assert not find(g.events, "energy-lost")  # the most is 0: nobody loses


def test_ordeal_of_the_mighty_ankh_two_life():
    g = game(me(life=5), "the-king", curse="ordeal-of-the-mighty", fate=ANKH, dice=QUIET)
    assert gigazaur(g).life == 7


def test_ordeal_of_the_wealthy_ankh_two_vp():
    g = game(curse="ordeal-of-the-wealthy", fate=ANKH, dice=QUIET)
    assert gigazaur(g).vp == 3  # +2, +1 for entering Tokyo


def test_ordeal_of_the_spiritual_ankh_two_energy():
    g = game(curse="ordeal-of-the-spiritual", fate=ANKH, dice=QUIET)
    assert gigazaur(g).energy == 2


def test_ordeal_of_the_mighty_snake_the_most_life_lose_one_again():
    g = game(me(life=7), "the-king", curse="ordeal-of-the-mighty", fate=SNAKE, dice=QUIET)
    assert the_king(g).life == 8 and gigazaur(g).life == 7


def test_ordeal_of_the_wealthy_snake_the_most_vp_lose_one_again():
    g = game(me(vp=2), "the-king", curse="ordeal-of-the-wealthy", fate=SNAKE, dice=QUIET)
    assert gigazaur(g).vp == 1  # 2 − 1 − 1, +1 for entering Tokyo


def test_ordeal_of_the_spiritual_snake_the_most_energy_lose_one_again():
    g = game(me(energy=4), "the-king", curse="ordeal-of-the-spiritual", fate=SNAKE, dice=QUIET)
    assert gigazaur(g).energy == 2


# --- 16 Resurrection of Osiris ------------------------------------------------------------------------------------
def test_resurrection_of_osiris_permanent_hearts_work_only_in_tokyo():
    g = game(me(life=5, location="city"), "the-king", curse="resurrection-of-osiris", dice="heart heart 1 2 3 1")
    assert gigazaur(g).life == 7
    g = game(me(life=5), "the-king", curse="resurrection-of-osiris", dice="heart heart 1 2 3 1")
    assert gigazaur(g).life == 5 and find(g.events, "curse-blocked", reason="heart", amount=2)


def test_resurrection_of_osiris_ankh_take_control_of_tokyo():
    g = game("gigazaur", king(location="city"), curse="resurrection-of-osiris", fate=ANKH, dice=QUIET)
    assert gigazaur(g).location == "city" and the_king(g).location == "outside"


def test_resurrection_of_osiris_snake_leave_tokyo_and_stay_out():
    g = game(me(location="city"), "the-king", curse="resurrection-of-osiris", fate=SNAKE, dice=QUIET)
    assert gigazaur(g).location == "outside" and not find(g.events, "entered")


# --- 17 Forbidden Library ----------------------------------------------------------------------------------------
def test_forbidden_library_permanent_only_the_holder_buys():
    g = game(me(energy=9), "the-king", curse="forbidden-library", scarab="the-king")
    assert not [c for c in codes(g) if c.startswith("buy:")]
    with pytest.raises(IllegalAction) as err:
        apply(g.state, "buy:0")
    assert err.value.code == "may-not-buy"
    g = game(me(energy=9), "the-king", curse="forbidden-library", scarab="gigazaur")
    assert [c for c in codes(g) if c.startswith("buy:")]


def test_forbidden_library_snake_discard_one_of_your_keep_cards():
    g = game(me(cards=["giant-brain"]), "the-king", curse="forbidden-library", fate=SNAKE, dice=QUIET)
    assert gigazaur(g).cards == [] and find(g.events, "curse-card-discarded", card="giant-brain")


# --- 18 Confused Senses ---------------------------------------------------------------------------------------------
def test_confused_senses_permanent_the_holder_makes_you_reroll_up_to_two_dice():
    g = game(curse="confused-senses", dice="3 3 3 1 2 heart", scarab="the-king")
    d = g.state.decision
    assert (d.monster, d.window) == ("the-king", "curse-option")
    assert "use:curse-reroll:0.1" in codes(g) and "use:curse-reroll:6" not in codes(g)  # not the die of fate
    s, events = apply(g.state, "use:curse-reroll:0")
    assert find(events, "die-rerolled-curse", monster="gigazaur", die=1, by="the-king")


def test_confused_senses_snake_the_holder_receives_your_life_and_energy():
    g = game(me(life=5), king(life=5), curse="confused-senses", fate=SNAKE, dice="heart heart energy 1 2 3",
             scarab="the-king", actions="roll resolve pass")
    assert (gigazaur(g).life, gigazaur(g).energy) == (5, 0)
    assert (the_king(g).life, the_king(g).energy) == (7, 1)


# --- 19 Pharaonic Skin ----------------------------------------------------------------------------------------------
def test_pharaonic_skin_permanent_the_holder_loses_no_life():
    g = game("gigazaur", king(location="city"), curse="pharaonic-skin", dice="smash smash 1 2 3 1",
             scarab="the-king")
    assert the_king(g).life == 10 and find(g.events, "curse-blocked", reason="damage")


def test_pharaonic_skin_snake_give_the_holder_two_in_any_mix():
    g = game(me(energy=1, vp=3), "the-king", curse="pharaonic-skin", fate=SNAKE, dice=QUIET, scarab="the-king")
    assert "pass" not in codes(g) and "use:curse-give:energy.vp" in codes(g)
    assert "use:curse-give:energy.energy" not in codes(g)  # it has only 1 energy
    s, _ = apply(g.state, "use:curse-give:energy.vp")
    assert (s.monsters[0].energy, s.monsters[0].vp) == (0, 3)  # 3 − 1 given + 1 for entering Tokyo
    assert (s.monster("the-king").energy, s.monster("the-king").vp) == (1, 1)


def test_pharaonic_skin_snake_asks_nothing_of_the_holder_itself():
    g = game(curse="pharaonic-skin", fate=SNAKE, dice=QUIET, scarab="gigazaur")
    assert g.state.decision.kind == "buy"


# --- 20 Khepri's Rebellion ------------------------------------------------------------------------------------------
def test_khepri_rebellion_permanent_the_holder_gives_you_one_at_the_start_of_your_turn():
    g = game("gigazaur", king(energy=2), curse="khepri-rebellion", scarab="the-king", actions="")
    d = g.state.decision
    assert (d.monster, d.window) == ("the-king", "curse") and "pass" not in codes(g)
    assert "use:curse-give:vp" not in codes(g)  # the-king has no VP to give
    s, _ = apply(g.state, "use:curse-give:energy")
    assert s.monsters[0].energy == 1 and s.monster("the-king").energy == 1


def test_khepri_rebellion_ankh_take_the_scarab_and_hand_it_to_any_monster():
    g = game(curse="khepri-rebellion", fate=ANKH, scarab="gigazaur", dice=QUIET,
             actions="roll resolve use:curse-scarab:the-king")
    assert core.scarab_owner(g.state) == "the-king"
    assert find(g.events, "scarab-taken", monster="the-king", by="gigazaur")


def test_khepri_rebellion_snake_take_the_scarab():
    g = game(curse="khepri-rebellion", fate=SNAKE, scarab="the-king", dice=QUIET,
             actions="use:curse-give:heart roll resolve")
    assert core.scarab_owner(g.state) == "gigazaur"


# --- 21 Body, Spirit and Ka ---------------------------------------------------------------------------------------
def test_body_spirit_and_ka_permanent_only_smash_heart_and_energy_count():
    g = game(curse="body-spirit-and-ka", dice="3 3 3 energy 1 2")
    assert (gigazaur(g).vp, gigazaur(g).energy) == (1, 1)  # the threes score nothing: 1 VP is for entering


def test_body_spirit_and_ka_ankh_cancels_the_curse_this_turn():
    g = game(curse="body-spirit-and-ka", fate=ANKH, dice="3 3 3 energy 1 2")
    assert (gigazaur(g).vp, gigazaur(g).energy) == (4, 1)


def test_body_spirit_and_ka_snake_only_numbers_count_this_turn():
    g = game(curse="body-spirit-and-ka", fate=SNAKE, dice="3 3 3 energy 1 2")
    assert (gigazaur(g).vp, gigazaur(g).energy) == (4, 0)


# --- 22 False Blessing ----------------------------------------------------------------------------------------------
def test_false_blessing_permanent_two_more_dice_one_more_roll():
    g = game(curse="false-blessing", dice="1 1 1 1 1 1 2 2", actions="roll")
    assert len(g.state.dice) == 9 and g.state.rolls_left == 3


def test_false_blessing_permanent_lose_one_life_per_different_face():
    g = game(curse="false-blessing", dice="1 1 1 1 1 1 2 2")
    assert gigazaur(g).life == 8  # two different faces (the die of fate does not count)


def test_false_blessing_ankh_reroll_or_discard_up_to_two_dice():
    g = game(curse="false-blessing", fate=ANKH, dice="1 1 1 1 1 1 2 2")
    s, events = apply(g.state, "use:curse-bless:6-discard")
    assert len(s.dice) == 8 and find(events, "die-discarded", face="2")
    assert "use:curse-bless:6-discard" in [a.code for a in legal_actions(s)]  # a second die
    s, events = apply(s, "use:curse-bless:6-discard")
    assert s.monsters[0].life == 9  # only 1s are left: one face


def test_false_blessing_snake_the_monster_on_your_left_picks_two_dice_you_reroll():
    g = game("gigazaur", "the-king", "alienoid", curse="false-blessing", fate=SNAKE, dice="1 1 1 1 1 1 2 2")
    d = g.state.decision
    assert (d.monster, d.window) == ("the-king", "curse") and "pass" not in codes(g)
    assert "use:curse-reroll:0" not in codes(g) and "use:curse-reroll:0.1" in codes(g)  # two dice


# --- 23 Gaze of the Sphinx ------------------------------------------------------------------------------------------
def test_gaze_of_the_sphinx_permanent_keep_cards_have_no_effect():
    g = game(me(cards=["extra-head"]), "the-king", curse="gaze-of-the-sphinx", actions="roll")
    assert len(g.state.dice) == 7  # six base dice and the die of fate: Extra Head does nothing


def test_gaze_of_the_sphinx_permanent_spares_wickedness_tiles():
    g = game(me(cards=["extra-head"], pieces=["tile-cyberbrain"]), "the-king", curse="gaze-of-the-sphinx",
             dice="1 2 3 1 2 3 1", options=["wickedness"], actions="roll")
    assert len(g.state.dice) == 8  # Cyberbrain still adds its die


def test_gaze_of_the_sphinx_ankh_three_energy():
    g = game(curse="gaze-of-the-sphinx", fate=ANKH, dice=QUIET)
    assert gigazaur(g).energy == 3


def test_gaze_of_the_sphinx_snake_lose_three_energy():
    g = game(me(energy=5), "the-king", curse="gaze-of-the-sphinx", fate=SNAKE, dice=QUIET)
    assert gigazaur(g).energy == 2


# --- 24 Scribe's Perseverance ---------------------------------------------------------------------------------------
def test_scribe_perseverance_permanent_ones_cannot_be_rerolled():
    g = game(curse="scribe-perseverance", dice="1 2 3 heart energy smash", actions="roll")
    assert "reroll:0" not in codes(g) and "reroll:1" in codes(g)


def test_scribe_perseverance_ankh_one_energy_per_one_rolled():
    g = game(curse="scribe-perseverance", fate=ANKH, dice="1 1 2 3 heart smash")
    assert gigazaur(g).energy == 2


def test_scribe_perseverance_snake_discard_one_of_your_ones():
    g = game(curse="scribe-perseverance", fate=SNAKE, dice="1 1 1 3 heart smash")
    assert find(g.events, "die-discarded", face="1") and not find(g.events, "vp-gained", face="1")


# --- with other options ----------------------------------------------------------------------------------------
def test_two_player_variant_take_control_gives_energy():
    g = game("gigazaur", king(location="city"), curse="pharaonic-ego", dice=QUIET, fate=SNAKE,
             options=["two-player"])
    assert gigazaur(g).location == "city" and (gigazaur(g).vp, gigazaur(g).energy) == (0, 1)


def test_gaze_of_the_sphinx_revealed_puts_out_a_zombie_at_zero_life():
    setup = make_setup("gigazaur", king(life=2, location="city", cards=["zombie"]), "alienoid",
                       dice=["smash", "smash", *QUIET.split()[:4], RIVER, *QUIET.split(), HORUS],
                       options=["curses", "costumes"],
                       modules={"curses": {"in_force": "set-storm", "deck": ["gaze-of-the-sphinx"]},
                                "costumes": {"draft": False}})
    g = play(setup, "roll resolve stay end")
    assert the_king(g).alive and the_king(g).life == 0  # the Zombie costume keeps it in the game
    g = play(setup, "roll resolve stay end roll resolve")
    assert not the_king(g).alive  # Gaze of the Sphinx silences the costume


def test_cards_that_turn_or_reroll_a_die_leave_the_die_of_fate_alone():
    g = game(me(cards=["plot-twist", "herd-culler"]), king(cards=["psychic-probe"]), curse="set-storm", dice=QUIET)
    assert (g.state.decision.monster, g.state.decision.window) == ("the-king", "before-resolve")
    assert "use:psychic-probe:5" in codes(g) and "use:psychic-probe:6" not in codes(g)
    s, _ = apply(g.state, "pass")
    offered = [a.code for a in legal_actions(s)]
    assert "use:plot-twist:5-smash" in offered and not [c for c in offered if c.startswith("use:plot-twist:6-")]
    assert "use:herd-culler:6" not in offered


# --- readings of the curse texts (content/{en,ja}/curses.toml) -----------------------------------------------------
def test_confused_senses_does_not_apply_on_the_holders_own_turn():
    g = game(curse="confused-senses", dice="3 3 3 1 2 heart", scarab="gigazaur")
    assert g.state.decision.kind == "buy"


def test_khepri_rebellion_ankh_may_hand_the_scarab_to_yourself():
    g = game(curse="khepri-rebellion", fate=ANKH, scarab="the-king", dice=QUIET,
             actions="use:curse-give:heart roll resolve")
    assert "use:curse-scarab:gigazaur" in codes(g) and "use:curse-scarab:the-king" in codes(g)


def test_taking_control_of_tokyo_from_the_bay_changes_nothing():
    monsters = [me(location="bay"), king(location="city"), "alienoid", "cyber-kitty", "space-penguin"]
    g = game(*monsters, curse="pharaonic-ego", fate=SNAKE, dice=QUIET)
    assert gigazaur(g).location == "bay" and the_king(g).location == "city"


def test_forbidden_library_lets_the_others_sweep():
    g = game(me(energy=9), "the-king", curse="forbidden-library", scarab="the-king", dice=QUIET)
    assert codes(g) == ["sweep", "end"]


def test_the_die_of_fate_keeps_its_face_once_resolved():
    g = game(curse="buried-in-sand", fate=ANKH, actions="roll resolve")
    assert "reroll:6" not in codes(g) and "reroll:0" in codes(g)


def test_a_locked_die_cannot_be_rerolled_by_another_monsters_card():
    g = game(me(), king(cards=["psychic-probe"]), curse="vengeance-of-horus", dice="smash 1 2 3 heart energy")
    assert "use:psychic-probe:0" not in codes(g) and "use:psychic-probe:1" in codes(g)


def test_resurrection_of_osiris_hearts_in_tokyo_only_heal():
    g = game(me(life=5, location="city", tokens={"poison": 1}), "the-king", curse="resurrection-of-osiris",
             dice="heart heart 1 2 3 1")
    assert gigazaur(g).life == 7 and gigazaur(g).tokens == {"poison": 1}


def test_gaze_of_the_sphinx_takes_even_biggers_raise_off():
    g = game(me(max_life=12, cards=["even-bigger"]), "the-king", curse="gaze-of-the-sphinx", actions="")
    assert gigazaur(g).life == 10 and find(g.events, "life-capped", monster="gigazaur", amount=10)
    g = game(me(max_life=12, life=8, cards=["even-bigger"]), "the-king", curse="gaze-of-the-sphinx",
             dice="heart heart heart heart 1 2")
    assert gigazaur(g).life == 10


def _with_evolutions(curse, fate, **evolutions):
    return make_setup("gigazaur", "the-king", dice=[*QUIET.split(), fate], options=["curses", "evolutions"],
                      modules={"curses": {"in_force": curse},
                               "evolutions": {"hands": {"gigazaur": [], "the-king": []}, **evolutions}})


def test_gaze_of_the_sphinx_ankh_with_evolutions_draws_one_or_gives_3_energy():
    setup = _with_evolutions("gaze-of-the-sphinx", ANKH, decks={"gigazaur": ["heat-vision"]})
    g = play(setup, "roll resolve")
    assert codes(g) == ["use:curse-sphinx:evolution", "use:curse-sphinx:energy"]
    g = play(setup, "roll resolve use:curse-sphinx:evolution")
    assert g.state.marks["evolutions:hand:gigazaur"] == ("heat-vision",) and gigazaur(g).energy == 0


def test_gaze_of_the_sphinx_snake_with_evolutions_discards_one_or_costs_3_energy():
    setup = make_setup({"id": "gigazaur", "energy": 4, "pieces": ["evo-heat-vision"]}, "the-king",
                       dice=[*QUIET.split(), SNAKE], options=["curses", "evolutions"],
                       modules={"curses": {"in_force": "gaze-of-the-sphinx"},
                                "evolutions": {"hands": {"gigazaur": ["tail-sweep"], "the-king": []}}})
    g = play(setup, "roll resolve")
    assert codes(g) == ["use:curse-sphinx:energy", "use:curse-sphinx:hand.tail-sweep",
                        "use:curse-sphinx:play.heat-vision"]
    g = play(setup, "roll resolve use:curse-sphinx:play.heat-vision")
    assert gigazaur(g).pieces == [] and gigazaur(g).energy == 4
