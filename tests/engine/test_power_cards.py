"""Power cards: Keep cards go to the monster; Discard cards take effect and go to the discard pile; the 15 simple
Discard cards; the registry hooks (a card is added without touching the turn loop)."""

import pytest

from kotguide.engine import IllegalAction, UseCard, apply, legal_actions
from kotguide.engine.actions import PASS
from kotguide.engine.cards import registry
from kotguide.engine.cards.registry import CardDef
from kotguide.engine.testing import find, make_setup, play


def bought(card, me=None, king=None, alien=None):
    """gigazaur (outside, 20 energy) buys ``card`` in its first buy step; the-king is in the City."""
    me = {"id": "gigazaur", "energy": 20, **(me or {})}
    king = {"id": "the-king", "location": "city", **(king or {})}
    alien = {"id": "alienoid", **(alien or {})}
    return play(make_setup(me, king, alien, dice="1 2 3 1 2 3", market=[card]), "roll resolve buy:0")


def stats(g, mid):
    m = g.state.monster(mid)
    return m.vp, m.life, m.energy


@pytest.mark.parametrize("card,vp", [("apartment-building", 3), ("commuter-train", 2), ("corner-store", 1),
                                     ("skyscraper", 4)])
def test_vp_cards(card, vp):
    g = bought(card)
    assert stats(g, "gigazaur")[0] == vp
    assert card in g.state.discard
    assert find(g.events, "card-played", rule="power-cards", card=card)
    assert find(g.events, "vp-gained", rule="power-cards", amount=vp, card=card)


def test_energize():
    assert stats(bought("energize"), "gigazaur") == (0, 10, 20 - 8 + 9)


def test_heal_card_up_to_the_maximum():
    assert stats(bought("heal", me={"life": 5}), "gigazaur")[1] == 7
    assert stats(bought("heal", me={"life": 9}), "gigazaur")[1] == 10
    g = bought("heal")
    assert find(g.events, "not-healed", rule="power-cards", reason="full")


def test_heal_card_works_in_tokyo():
    g = play(make_setup({"id": "gigazaur", "energy": 3, "life": 5, "location": "city"}, "the-king",
                        dice="1 2 3 1 2 3", market=["heal"]), "roll resolve buy:0")
    assert g.state.monsters[0].life == 7


def test_nuclear_power_plant():
    assert stats(bought("nuclear-power-plant", me={"life": 6}), "gigazaur") == (2, 9, 14)


@pytest.mark.parametrize("card,vp,loss", [("national-guard", 2, 2), ("tank", 4, 3), ("jet-fighters", 5, 4)])
def test_vp_for_own_life(card, vp, loss):
    g = bought(card)
    assert stats(g, "gigazaur")[:2] == (vp, 10 - loss)
    assert find(g.events, "damaged", rule="power-cards", monster="gigazaur", amount=loss, card=card)


def test_flame_thrower_hits_every_other_monster_wherever_it_is():
    g = bought("flame-thrower")
    assert [stats(g, m)[1] for m in ("gigazaur", "the-king", "alienoid")] == [10, 8, 8]
    assert g.state.decision.kind == "buy"  # no yield after card damage


def test_gas_refinery():
    g = bought("gas-refinery")
    assert stats(g, "gigazaur")[:2] == (2, 10)
    assert [stats(g, m)[1] for m in ("the-king", "alienoid")] == [7, 7]


def test_high_altitude_bombing_hits_everyone_including_the_buyer():
    g = bought("high-altitude-bombing")
    assert [stats(g, m)[1] for m in ("gigazaur", "the-king", "alienoid")] == [7, 7, 7]


def test_evacuation_orders_never_below_zero():
    g = bought("evacuation-orders", king={"vp": 7}, alien={"vp": 3})
    assert [stats(g, m)[0] for m in ("gigazaur", "the-king", "alienoid")] == [0, 2, 0]
    assert find(g.events, "vp-lost", rule="power-cards", monster="alienoid", amount=3)


def test_vast_storm_halves_others_energy_rounded_down():
    g = bought("vast-storm", king={"energy": 5}, alien={"energy": 1})
    assert stats(g, "gigazaur")[0] == 2
    assert stats(g, "the-king")[2] == 3
    assert stats(g, "alienoid")[2] == 1


def test_keep_cards_join_the_monster():
    g = bought("wings")
    assert g.state.monsters[0].cards == ["wings"]
    assert "wings" not in g.state.discard
    assert find(g.events, "card-kept", rule="power-cards", monster="gigazaur", card="wings")


def test_card_vp_can_reach_the_goal_but_card_damage_can_eliminate_first():
    g = bought("jet-fighters", me={"vp": 16, "life": 4})
    assert find(g.events, "goal-reached", monster="gigazaur")
    assert not g.state.monster("gigazaur").alive
    assert g.state.outcome is None or "gigazaur" not in g.state.outcome.winners


# --- the registry: a card is added without touching the turn loop ------------------------------------------------
@pytest.fixture
def test_cards():
    """Three throwaway definitions on Keep cards that have no effect yet."""
    calls = []

    def start_hook(ctx, owner):
        calls.append(("start", ctx.s.monsters[owner].id))
        ctx.gain_vp(owner, 1, "power-cards", card="solar-powered")

    def offer(state, seat, window):
        if window == "after-roll" and state.active != seat:
            return [UseCard("psychic-probe", "0")]
        return []

    def use(ctx, seat, action):
        calls.append(("use", ctx.s.monsters[seat].id, action.arg))
        ctx.s.dice[int(action.arg)] = "heart"

    registry.define(CardDef("solar-powered", hooks={"start": start_hook}))
    registry.define(CardDef("extra-head", modifiers={"dice-count": lambda s, o, v: v + 1}))
    registry.define(CardDef("psychic-probe", offer=offer, use=use, prompt_windows=frozenset({"after-roll"})))
    yield calls
    for card in ("solar-powered", "extra-head", "psychic-probe"):
        registry.undefine(card)


def test_hooks_modifiers_and_prompts_for_any_monster(test_cards):
    setup = make_setup({"id": "gigazaur", "cards": ["solar-powered", "extra-head"]},
                       {"id": "the-king", "cards": ["psychic-probe"]}, dice="1 2 3 1 2 3 1")
    g = play(setup, "roll")
    assert ("start", "gigazaur") in test_cards
    assert len(g.state.dice) == 7  # extra-head
    d = g.state.decision
    assert (d.monster, d.kind, d.window) == ("the-king", "card", "after-roll")  # another monster's choice
    assert [a.code for a in legal_actions(g.state)] == ["pass", "use:psychic-probe:0"]
    with pytest.raises(IllegalAction) as info:
        apply(g.state, "use:psychic-probe:1")
    assert info.value.code == "card-not-usable"
    s, _ = apply(g.state, "use:psychic-probe:0")
    assert s.dice[0] == "heart"
    assert s.decision.monster == "the-king"  # still offered: it may pass now
    s, _ = apply(s, PASS)
    assert (s.decision.monster, s.decision.kind) == ("gigazaur", "reroll")


def test_undefined_cards_are_plain_data():
    g = bought("frenzy")  # Discard card without an effect yet: paid and discarded
    assert "frenzy" in g.state.discard
    assert stats(g, "gigazaur") == (0, 10, 13)


def test_every_window_fires_in_turn_order():
    from kotguide.engine.phases import TURN_WINDOWS

    seen = []

    def hook_for(window):
        return lambda ctx, owner, **kw: seen.append((window, ctx.s.monsters[owner].id))

    registry.define(CardDef("camouflage", hooks={w: hook_for(w) for w in TURN_WINDOWS}))
    try:
        play(make_setup({"id": "gigazaur", "cards": ["camouflage"]}, {"id": "the-king", "cards": []},
                        dice="1 2 3 1 2 3 1"), "roll reroll:0 resolve end")
    finally:
        registry.undefine("camouflage")
    # hooks run for the owner on every monster's turn (the last "start" is the-king's): a hook checks ctx.s.active
    assert [w for w, _ in seen] == ["start", "before-roll", "after-roll", "before-roll", "after-roll",
                                    "before-resolve", "yield", "enter", "buy", "end", "start"]
    assert {m for _, m in seen} == {"gigazaur"}
