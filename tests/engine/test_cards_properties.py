"""The full deck in random games: every card gets bought, every card choice gets made, and no invariant breaks.

The games start mid-game (random energy, Keep cards and tokens) so that dear cards and card combinations come up
often; ``test_properties.py`` plays the same engine from fresh setups.
"""

import random
from collections import Counter

from budget import games

from kotguide.engine import replay, supply
from kotguide.engine.cards import registry
from kotguide.engine.cards.choices import TYPES, choice_params
from kotguide.engine.data import cards, is_power_card, monsters
from kotguide.engine.events import conforms, mismatches
from kotguide.engine.flow import apply_in_place, legal_actions, start
from kotguide.engine.invariants import check
from kotguide.engine.options import MODULES
from kotguide.engine.random_play import OPTION_SETS
from kotguide.engine.setup import Setup

GAMES = games(200, 1000)
MAX_ACTIONS = 16_000
POWER = [c for c in cards() if is_power_card(c)]  # the base deck (costumes and module pieces have their own tests)
KEEP = sorted(c for c in POWER if cards()[c].type == "keep")
CHOICES = sorted(d for d in registry.defined() if d in POWER and registry.get(d).offer is not None)
BASE_OPTION_SETS = [o for o in OPTION_SETS if not set(o) & set(MODULES)]


def carried_tokens(held: list[str]) -> dict[str, int]:
    """The tokens that sit on held cards (Smoke Cloud, Battery Monster), as many as a card arrives with."""
    return {t.name: t.most for t in supply.defined().values() if t.card in held}


def rich_setup(rnd: random.Random) -> Setup:
    n = rnd.randint(2, 6)
    ids = rnd.sample(list(monsters()), n)
    free = list(KEEP) + ["extra-head"]  # the second copy
    rnd.shuffle(free)
    ms = []
    for mid in ids:
        held = [free.pop() for _ in range(rnd.choice([0, 0, 1, 2]))]
        tokens = {t: rnd.randint(1, 2) for t in ("poison", "shrink") if rnd.random() < 0.15}
        tokens.update(carried_tokens(held))
        ms.append({"id": mid, "energy": rnd.randint(0, 25), "vp": rnd.randint(0, 12), "cards": held,
                   "tokens": tokens})
    options = list(rnd.choice(BASE_OPTION_SETS))
    if "two-player" in options and n != 2:
        options.remove("two-player")
    return Setup.from_dict({"monsters": ms, "options": options, "seed": rnd.getrandbits(32)})


def test_full_deck_random_games_keep_every_invariant_and_use_every_card():
    rnd = random.Random(2024)
    bought: Counter[str] = Counter()
    used: Counter[str] = Counter()
    for _ in range(GAMES):
        setup = rich_setup(rnd)
        s, _events = start(setup)
        check(s)
        n = 0
        while s.decision is not None:
            assert n < MAX_ACTIONS
            action = rnd.choice(legal_actions(s))
            if action.code.startswith("use:"):
                used[action.code.split(":")[1]] += 1
                _check_choice_params(s, action.code)
            for e in apply_in_place(s, action):
                assert mismatches(e, frozenset(m.id for m in s.monsters)) == [], e
                if e.kind == "card-bought":
                    bought[e.data["card"]] += 1
            check(s)
            n += 1
        assert replay(setup, s.history).state == s
    assert [c for c in POWER if not bought[c]] == []
    assert [c for c in CHOICES if not used[c]] == []


def _check_choice_params(s, code: str) -> None:
    """What the choice is about is typed (choices.TYPES), each value of its type: the site words it by the type."""
    assert s.decision is not None
    _use, card, arg = (code.split(":", 2) + [""])[:3]
    ids = frozenset(m.id for m in s.monsters)
    for name, value in choice_params(s, s.decision.seat, card, arg).items():
        assert name in TYPES and conforms(TYPES[name], value, ids), (code, name, value)
