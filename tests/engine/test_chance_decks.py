"""Chance from outside for the modules' own decks (``chance.define_deck``): ``curse:ID``, the next curse to come into
force, and ``evolution:MONSTER.ID``, the next Evolution a monster draws. Expectations worked out by hand from the
rules: the Eye of Horus discards the curse in force and reveals the next; 3 hearts draw 2 Evolutions, keep 1; an
empty deck is remade from its shuffled discard pile; the Mutant draft passes the packets to the left and the 8
picks are the monster's deck; what is dealt at setup is the module's setup table (``in_force``, ``decks``,
``packets``)."""

import pytest

from kotguide.engine import IllegalAction, apply, is_legal, legal_actions, replay, why_illegal
from kotguide.engine.actions import TableCurse, TableDiscard, TableEvolution, parse_action
from kotguide.engine.modules.curses import core as curses
from kotguide.engine.modules.evolutions import core as evolutions
from kotguide.engine.testing import find, make_setup

HORUS_ROLL = "dice:1.1.2.2.3.heart.fate:horus"  # nothing scores, nothing smashes: only the die of fate acts


def curse_game(table: bool = True, **module: object):
    return make_setup("gigazaur", "the-king", options=["curses"], table=table,
                      modules={"curses": {"in_force": "set-storm", **module}})


def codes(g) -> list[str]:
    return [a.code for a in g.state.history]


@pytest.mark.parametrize(("code", "action"), [
    ("curse:hotep-peace", TableCurse("hotep-peace")),
    ("evolution:gigazaur.heat-vision", TableEvolution("gigazaur", "heat-vision")),
    ("discard:armor-plating", TableDiscard("armor-plating")),
])
def test_the_codes_round_trip(code, action):
    assert parse_action(code) == action
    assert action.code == code


@pytest.mark.parametrize("code", ["curse:", "discard:", "evolution:gigazaur", "evolution:.heat-vision",
                                  "evolution:gigazaur."])
def test_malformed_codes_are_unknown_actions(code):
    with pytest.raises(IllegalAction) as info:
        parse_action(code)
    assert info.value.code == "unknown-action"


# --- curses ---------------------------------------------------------------------------------------------------------
def test_the_curse_revealed_at_the_table_comes_into_force_at_the_eye_of_horus():
    g = replay(curse_game(), ["curse:hotep-peace", HORUS_ROLL, "roll", "resolve"])
    assert curses.in_force(g.state) == "hotep-peace"
    assert curses.discarded(g.state) == ("set-storm",)  # Horus discards the curse in force first
    assert find(g.events, "curse-revealed", curse="hotep-peace", reason="horus")
    assert "hotep-peace" not in curses.deck(g.state) and len(curses.deck(g.state)) == 22  # 24, one set out, one now


def test_a_curse_given_is_not_among_the_players_choices_and_changes_nothing_yet():
    s = replay(curse_game(), []).state
    assert "curse:hotep-peace" not in [a.code for a in legal_actions(s)]
    given, events = apply(s, "curse:hotep-peace")
    assert events == [] and given.decision == s.decision and curses.in_force(given) == "set-storm"


def test_the_curse_in_force_or_an_unknown_one_cannot_come_up_while_the_deck_lasts():
    s = replay(curse_game(), []).state
    for curse in ("set-storm", "no-such-curse"):
        error = why_illegal(s, f"curse:{curse}")
        assert error is not None and error.code == "curse-cannot-come-up" and error.params["curse"] == curse


def test_once_the_deck_is_used_up_the_next_curse_comes_from_the_discarded_ones():
    # 24 curses: 1 in force at setup, 23 in the deck; each turn's Eye of Horus reveals one, so after 23 turns the
    # deck is empty and the 23 discarded curses plus the one in force make the next deck
    actions: list[str] = []
    for _turn in range(23):
        actions += [HORUS_ROLL, "roll", "resolve"]
        s = replay(curse_game(), actions).state
        while s.decision is not None and s.decision.kind.value != "roll":
            actions.append("end" if is_legal(s, "end") else legal_actions(s)[0].code)
            s = replay(curse_game(), actions).state
    assert curses.deck(s) == () and len(curses.discarded(s)) == 23  # each Horus discarded the one in force
    in_force = curses.in_force(s)
    assert is_legal(s, "curse:set-storm")  # discarded at the first Horus
    assert is_legal(s, f"curse:{in_force}")  # Horus discards it before the reshuffle
    g = replay(curse_game(), [*actions, "curse:set-storm", HORUS_ROLL, "roll", "resolve"])
    assert find(g.events, "curse-deck-shuffled")
    assert curses.in_force(g.state) == "set-storm"


def test_a_curse_given_in_a_game_without_the_module_or_not_at_a_table_is_refused():
    no_module = replay(make_setup("gigazaur", "the-king", table=True), []).state
    assert why_illegal(no_module, "curse:hotep-peace").code == "module-not-in-play"
    not_a_table = replay(curse_game(table=False), []).state
    assert why_illegal(not_a_table, "curse:hotep-peace").code == "not-a-table"
    with pytest.raises(IllegalAction) as info:
        apply(not_a_table, "curse:hotep-peace")
    assert info.value.code == "not-a-table"


def test_a_replay_of_the_curse_given_is_the_same_game():
    g = replay(curse_game(), ["curse:hotep-peace", HORUS_ROLL, "roll", "resolve"])
    assert replay(curse_game(), codes(g)).state == g.state


# --- evolutions -----------------------------------------------------------------------------------------------------
def evolution_game(table: bool = True, **piles: object):
    """Gigazaur holds Radioactive Waste and the King nothing: nobody makes the initial draw."""
    return make_setup("gigazaur", "the-king", options=["evolutions"], table=table,
                      modules={"evolutions": {"hands": {"gigazaur": ["radioactive-waste"], "the-king": []}, **piles}})


THREE_HEARTS = ["dice:heart.heart.heart.1.2.3", "roll", "resolve"]


def keep_offers(s) -> set[str]:
    return {a.arg for a in legal_actions(s) if getattr(a, "card", "") == evolutions.KEEP}


def test_the_initial_draw_is_the_top_of_the_deck_the_setup_gives():
    setup = make_setup("gigazaur", "the-king", options=["evolutions"], table=True,
                       modules={"evolutions": {"decks": {"gigazaur": ["heat-vision", "tail-sweep"],
                                                         "the-king": ["monkey-rush", "alpha-male"]}}})
    s = replay(setup, []).state
    assert keep_offers(s) == {"heat-vision", "tail-sweep"}  # 2 drawn, keep 1: the first seat chooses first
    s = replay(setup, ["use:evo-keep:tail-sweep"]).state
    assert keep_offers(s) == {"monkey-rush", "alpha-male"}


def test_three_hearts_draw_the_two_evolutions_given():
    g = replay(evolution_game(), ["evolution:gigazaur.gamma-breath", "evolution:gigazaur.detachable-tail",
                                  *THREE_HEARTS])
    assert keep_offers(g.state) == {"gamma-breath", "detachable-tail"}
    g = replay(evolution_game(), [*codes(g), "use:evo-keep:gamma-breath"])
    assert evolutions.hand(g.state, 0) == ("radioactive-waste", "gamma-breath")
    assert "detachable-tail" in evolutions.pile(g.state, evolutions.DISCARD, 0)


def test_one_card_given_is_drawn_first_and_the_other_comes_from_the_deck():
    g = replay(evolution_game(), ["evolution:gigazaur.tail-sweep", *THREE_HEARTS])
    offered = keep_offers(g.state)
    assert "tail-sweep" in offered and len(offered) == 2


def test_an_evolution_that_cannot_come_up_is_refused_with_its_code():
    s = replay(evolution_game(), []).state
    for code, want in [("evolution:gigazaur.radioactive-waste", "evolution-cannot-come-up"),  # in its hand
                       ("evolution:gigazaur.monkey-rush", "evolution-cannot-come-up"),  # another monster's deck
                       ("evolution:gigazaur.no-such-card", "evolution-cannot-come-up"),
                       ("evolution:alienoid.heat-vision", "not-at-table")]:
        assert why_illegal(s, code).code == want, code
    given, _events = apply(s, "evolution:gigazaur.heat-vision")
    assert why_illegal(given, "evolution:gigazaur.heat-vision").code == "evolution-cannot-come-up"  # drawn once
    assert "evolution:gigazaur.heat-vision" not in [a.code for a in legal_actions(s)]


def test_past_the_deck_the_next_card_comes_from_the_discard_pile_reshuffled():
    # the whole deck of 8 placed: 1 in the hand, 1 in the deck, 6 discarded
    game = evolution_game(decks={"gigazaur": ["heat-vision"]},
                          discards={"gigazaur": ["detachable-tail", "primal-bellow", "saurian-adaptability",
                                                 "defender-of-tokyo", "gamma-breath", "tail-sweep"]})
    s = replay(game, []).state
    assert why_illegal(s, "evolution:gigazaur.tail-sweep").code == "evolution-cannot-come-up"  # the deck first
    g = replay(game, ["evolution:gigazaur.heat-vision", "evolution:gigazaur.tail-sweep", *THREE_HEARTS])
    assert find(g.events, "evolution-deck-shuffled", monster="gigazaur", amount=6)
    assert keep_offers(g.state) == {"heat-vision", "tail-sweep"}
    assert replay(game, codes(g)).state == g.state


def test_an_evolution_given_not_at_a_table_or_without_the_module_is_refused():
    assert why_illegal(replay(evolution_game(table=False), []).state,
                       "evolution:gigazaur.heat-vision").code == "not-a-table"
    no_module = replay(make_setup("gigazaur", "the-king", table=True), []).state
    assert why_illegal(no_module, "evolution:gigazaur.heat-vision").code == "module-not-in-play"


# --- the Mutant draft -------------------------------------------------------------------------------------------------
GIGAZAUR = evolutions.deck_of("gigazaur")  # packet 0, in file order
THE_KING = evolutions.deck_of("the-king")  # packet 1


def draft_game():
    return make_setup("gigazaur", "the-king", options=["evolutions", "mutant-draft"], table=True,
                      modules={"mutant-draft": {"packets": {"gigazaur": list(GIGAZAUR), "the-king": list(THE_KING)}}})


def picks_first_card() -> list[str]:
    """Each monster picks the first card of the packet it holds. Round r: Gigazaur holds packet r % 2, the King the
    other; each packet loses a card to each of them in turn, so Gigazaur takes packet 0's cards 0, 2, 4, 6 and packet
    1's 1, 3, 5, 7, and the King the rest; the last pick (round 8, the King's) is packet 0's last card."""
    packets = [list(GIGAZAUR), list(THE_KING)]
    out = []
    for r in range(8):
        for seat in (0, 1):
            out.append("use:evo-pick:" + packets[(seat - r) % 2].pop(0))
    return out


def test_the_draws_after_the_draft_are_given_before_its_last_pick():
    picks = picks_first_card()
    assert picks[-1] == "use:evo-pick:tail-sweep"
    before_last = replay(draft_game(), picks[:-1]).state
    given = ["evolution:the-king.tail-sweep", "evolution:the-king.monkey-rush",  # the last card it must pick
             "evolution:gigazaur.gamma-breath", "evolution:gigazaur.twas-beauty-killed-the-beast"]
    g = replay(draft_game(), [*picks[:-1], *given, picks[-1]])
    assert keep_offers(g.state) == {"gamma-breath", "twas-beauty-killed-the-beast"}  # seat order: Gigazaur first
    g = replay(draft_game(), [*codes(g), "use:evo-keep:gamma-breath"])
    assert keep_offers(g.state) == {"tail-sweep", "monkey-rush"}
    assert why_illegal(before_last, "evolution:gigazaur.tail-sweep").code == "evolution-cannot-come-up"


def test_during_the_draft_only_a_card_sure_to_be_in_the_deck_can_be_given():
    s = replay(draft_game(), picks_first_card()[:2]).state  # one round: Detachable Tail and Monkey Rush picked
    assert is_legal(s, "evolution:gigazaur.detachable-tail")
    assert why_illegal(s, "evolution:gigazaur.radioactive-waste").code == "evolution-cannot-come-up"


def test_the_evolution_gaze_of_the_sphinx_draws_is_the_one_given():
    # Gaze of the Sphinx in force, the die of fate's ankh: with Evolutions in play the monster may draw one (kept)
    setup = make_setup("gigazaur", "the-king", options=["curses", "evolutions"], table=True,
                       modules={"curses": {"in_force": "gaze-of-the-sphinx"},
                                "evolutions": {"hands": {"gigazaur": [], "the-king": []}}})
    g = replay(setup, ["evolution:gigazaur.heat-vision", "dice:1.1.2.2.3.heart.fate:ankh", "roll", "resolve",
                       "use:curse-sphinx:evolution"])
    assert evolutions.hand(g.state, 0) == ("heat-vision",)
    assert find(g.events, "evolutions-drawn", monster="gigazaur", amount=1, reason="sphinx")


# --- the Power card turned up from the discard pile (Space Penguin's Miraculous Catch) -------------------------------
def catch_game(table: bool = True):
    return make_setup({"id": "space-penguin", "energy": 5, "pieces": ["evo-miraculous-catch"]}, "gigazaur",
                      options=["evolutions"], discard=["heal", "armor-plating", "tank"], table=table,
                      modules={"evolutions": {"hands": {"space-penguin": [], "gigazaur": []}}})


def test_miraculous_catch_turns_up_the_card_given_from_the_discard_pile():
    at_buy = ["dice:1.1.2.2.3.3", "roll", "resolve"]
    g = replay(catch_game(), [*at_buy, "discard:tank", "use:evo-miraculous-catch:reveal"])
    assert find(g.events, "discard-revealed", card="tank", evolution="miraculous-catch")
    # Tank costs 4, 1 less by the Catch: 3 of its 5 energy
    g = replay(catch_game(), [*codes(g), "use:evo-choose:buy"])
    assert g.state.monster("space-penguin").energy == 2
    assert find(g.events, "card-bought", card="tank", evolution="miraculous-catch")
    bought = replay(catch_game(), at_buy).state
    assert why_illegal(bought, "discard:frenzy").code == "card-not-in-discard"
    assert why_illegal(replay(catch_game(table=False), at_buy[1:]).state, "discard:tank").code == "not-a-table"
