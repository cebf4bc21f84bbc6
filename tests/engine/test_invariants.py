"""The invariant checker itself reports each kind of broken state (so the property tests can be trusted)."""

import pytest

from kotguide.engine import start
from kotguide.engine.invariants import InvariantError, check, violations
from kotguide.engine.testing import make_setup


def fresh(n=5):
    ids = ["space-penguin", "alienoid", "cyber-kitty", "the-king", "gigazaur"][:n]
    s, _ = start(make_setup(*ids))
    return s


@pytest.mark.parametrize("breaker,words", [
    (lambda s: setattr(s.monsters[0], "life", 11), "life"),
    (lambda s: setattr(s.monsters[0], "life", -1), "life"),
    (lambda s: setattr(s.monsters[0], "vp", -1), "VP"),
    (lambda s: setattr(s.monsters[0], "energy", -1), "energy"),
    (lambda s: [setattr(s.monsters[i], "location", "city") for i in (0, 1)], "in the city"),
    (lambda s: [setattr(s.monsters[i], "location", "bay") for i in (0, 1)], "in the bay"),
    (lambda s: s.deck.pop(), "cards"),
    (lambda s: s.discard.append("tank"), "cards"),
    (lambda s: s.monsters[1].cards.append(s.deck[0]), "cards"),
    (lambda s: setattr(s.monsters[1], "alive", False), "eliminated"),
    (lambda s: setattr(s, "decision", None), "no decision"),
    (lambda s: setattr(s.monsters[s.active], "life", 0), "alive with 0 life"),
])
def test_each_broken_invariant_is_reported(breaker, words):
    s = fresh()
    assert violations(s) == []
    breaker(s)
    problems = violations(s)
    assert any(words in p for p in problems), problems
    with pytest.raises(InvariantError):
        check(s)


def test_bay_needs_five_alive():
    s = fresh(4)
    s.monsters[0].location = "bay"
    assert any("Bay" in p for p in violations(s))
