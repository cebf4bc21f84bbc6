"""One source of legality: ``is_legal(s, a)`` is ``a in legal_actions(s)`` for every code tried, ``apply`` refuses
exactly the others, and ``why_illegal`` names a reason exactly for them. Random positions from seeded random games
with every option set (a fixed seed: the same positions every run; ``KOTGUIDE_LEGALITY_GAMES`` plays more)."""

import os
import random

import pytest

from kotguide.engine import IllegalAction, apply, is_legal, legal_actions, why_illegal
from kotguide.engine.flow import apply_in_place, start
from kotguide.engine.random_play import OPTION_SETS, random_setup

GAMES = int(os.environ.get("KOTGUIDE_LEGALITY_GAMES", 2))  # per option set
SAMPLED = 12  # positions checked per game

# codes tried at every position besides the legal ones: every base action, out-of-range and malformed variants
FIXED = ["roll", "resolve", "stay", "yield", "sweep", "end", "pass", "buy:0", "buy:1", "buy:2", "buy:3", "buy:4",
         "buy:5", "buy:16", "reroll:0", "reroll:5", "reroll:0.5", "reroll:6", "reroll:7", "reroll:8",
         "reroll:0.1.2.3.4.5", "reroll:0.1.2.3.4.5.6.7", "use:mimic", "use:smoke-cloud", "use:no-such-card",
         "use:cultist:heart", "use:transform:beast", "use:wickedness:devious", "use:evo-keep:radioactive-waste",
         "reroll:", "buy:", "BUY:0", "use:", "reroll:1.0", "reroll:0.0", "buy:01", "jump"]


def positions(options, seed):
    """Some positions of one random game (and every code any monster was offered during it)."""
    rnd = random.Random(seed)
    s, _ = start(random_setup(rnd, None, options))
    seen, offered = [], set()
    while s.decision is not None and len(s.history) < 4000:
        legal = legal_actions(s)
        offered.update(a.code for a in legal)
        if rnd.random() < 0.08:
            seen.append(s.clone())
        apply_in_place(s, rnd.choice(legal))
    seen.append(s)
    return rnd.sample(seen, min(SAMPLED, len(seen))), offered


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "base")
def test_is_legal_is_membership_in_the_legal_actions(options):
    for game in range(GAMES):
        states, offered = positions(options, 1000 * OPTION_SETS.index(options) + game)
        for s in states:
            legal = {a.code for a in legal_actions(s)}
            for code in sorted(legal | offered | set(FIXED)):
                allowed = code in legal
                assert is_legal(s, code) == allowed, code
                reason = why_illegal(s, code)
                assert (reason is None) == allowed, (code, reason)
                try:
                    apply(s, code)
                except IllegalAction as error:
                    assert not allowed, (code, error)
                    assert error.code == reason.code
                else:
                    assert allowed, code


def test_a_refusal_keeps_its_precise_reason():
    from kotguide.engine.testing import make_setup, play

    g = play(make_setup({"id": "gigazaur", "energy": 1}, "the-king", dice="1 2 3 1 2 3",
                        market=["heal", "tank", "frenzy"]), "roll reroll:0 reroll:1")
    assert why_illegal(g.state, "reroll:0").code == "no-rolls-left"
    g = play(g.setup, "roll resolve")
    assert why_illegal(g.state, "buy:0").params == {"monster": "gigazaur", "energy": 1, "cost": 3, "card": "heal"}
    assert why_illegal(g.state, "buy:7").code == "bad-slot"
    assert why_illegal(g.state, "sweep").code == "not-enough-energy"
    assert why_illegal(g.state, "stay").code == "wrong-time"
    assert why_illegal(g.state, "nonsense!").code == "unknown-action"


def _at(actions: str, *monsters, dice: str = "1 2 3 1 2 3"):
    from kotguide.engine.testing import make_setup, play

    monsters = monsters or ({"id": "gigazaur", "energy": 1}, "the-king")
    return play(make_setup(*monsters, dice=dice, market=["heal", "tank", "frenzy"]), actions).state


# Each refusal with the words its message needs (errors._ACTION_MESSAGES), worked out from the position: Gigazaur
# (1 energy) rolled 1 2 3 1 2 3 against The King; the market is Heal (3), Tank (4), Frenzy (7).
REFUSALS = [
    ("roll", "use:camouflage", "card-not-usable", {"card": "camouflage", "action": "use:camouflage"}),
    ("roll", "buy:0", "wrong-time", {"action": "buy:0", "monster": "gigazaur", "decision": "reroll"}),
    ("roll", "reroll:6", "bad-dice", {"action": "reroll:6", "last": 5}),
    ("roll reroll:0 reroll:1", "reroll:2", "no-rolls-left", {"action": "reroll:2"}),
    ("roll resolve", "buy:3", "bad-slot", {"slot": 3, "last": 2}),
    ("roll resolve", "buy:1", "not-enough-energy", {"monster": "gigazaur", "energy": 1, "cost": 4, "card": "tank"}),
    ("roll resolve", "sweep", "not-enough-energy", {"monster": "gigazaur", "energy": 1, "cost": 2}),
]


@pytest.mark.parametrize(("played", "code", "reason", "params"), REFUSALS)
def test_each_refusal_names_what_its_message_says(played, code, reason, params):
    error = why_illegal(_at(played), code)
    assert (error.code, dict(error.params)) == (reason, params)


def test_a_finished_game_refuses_every_action_as_over():
    # Gigazaur at 19 VP scores three 3s (+3): 22 VP, and wins when its turn ends
    over = _at("roll resolve end", {"id": "gigazaur", "vp": 19}, "the-king", dice="3 3 3 1 2 heart")
    error = why_illegal(over, "roll")
    assert (error.code, dict(error.params)) == ("game-over", {"action": "roll"})


def test_module_refusals_name_what_their_messages_say():
    from kotguide.engine.testing import make_setup, play

    # the costumes drawn at setup: a monster keeps one of its two, and may not pass
    deal = {"gigazaur": ["ghost", "pirate"], "the-king": ["robot", "witch"]}
    dealt = make_setup("gigazaur", "the-king", options=["costumes"], modules={"costumes": {"deal": deal}})
    error = why_illegal(play(dealt).state, "pass")
    assert (error.code, dict(error.params)) == ("must-choose", {"action": "pass", "monster": "gigazaur",
                                                                "window": "costume"})
    # Scribe's Perseverance in force: 1s may not be rerolled (die 1 shows a 1)
    scribe = make_setup("gigazaur", "the-king", options=["curses"], dice="1 2 3 1 2 3 fate:river",
                        modules={"curses": {"in_force": "scribe-perseverance"}})
    error = why_illegal(play(scribe, "roll").state, "reroll:0.1")
    assert (error.code, dict(error.params)) == ("die-locked", {"action": "reroll:0.1", "die": 1})
    # the Beast side of the Transformation card may not buy
    beast = make_setup({"id": "gigazaur", "energy": 5, "tokens": {"beast": 1}}, "the-king", options=["transformation"],
                       dice="1 2 3 1 2 3", market=["heal", "tank", "frenzy"])
    error = why_illegal(play(beast, "roll resolve").state, "buy:0")
    assert (error.code, dict(error.params)) == ("may-not-buy", {"monster": "gigazaur", "action": "buy:0"})
