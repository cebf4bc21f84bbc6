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
