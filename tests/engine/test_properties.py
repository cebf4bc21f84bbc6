"""Random legal games with random options never break an invariant, replay exactly and end within a bound."""

import os
import random

from budget import games
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_cards_properties import carried_tokens

from kotguide.engine import Setup, replay
from kotguide.engine.data import cards
from kotguide.engine.events import mismatches
from kotguide.engine.flow import start
from kotguide.engine.invariants import check
from kotguide.engine.random_play import OPTION_SETS, play_random, playable_monsters, random_setup

GAMES_PER_OPTION_SET = games(25, 500)
MAX_TURNS = 400
EXPLORE = os.environ.get("KOTGUIDE_POSITIONS")  # set it (e.g. 5000) to explore new random positions
POSITIONS = int(EXPLORE or games(60, 300))


def _play_and_check(setup: Setup, seed: int) -> None:
    rnd = random.Random(seed)
    result = play_random(setup, rnd, check=check, max_actions=MAX_TURNS * 40)
    s = result.state
    assert s.outcome is not None
    assert s.turn <= MAX_TURNS
    again = replay(setup, s.history)
    assert again.state == s
    ids = frozenset(m.id for m in s.monsters)
    for e in again.events:
        assert mismatches(e, ids) == [], e  # its rule, params and their types are the ones its kind declares


def _make_property(options: tuple[str, ...]):
    @settings(max_examples=GAMES_PER_OPTION_SET, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(0, 2**32 - 1), st.integers(2, 6))
    def prop(seed: int, players: int) -> None:
        setup = random_setup(random.Random(seed), players, options)
        _play_and_check(setup, seed)

    return prop


test_random_games_base = _make_property(OPTION_SETS[0])
test_random_games_two_player = _make_property(OPTION_SETS[1])
test_random_games_five_card_market = _make_property(OPTION_SETS[2])
test_random_games_opening_energy = _make_property(OPTION_SETS[3])
test_random_games_all_house_variants = _make_property(OPTION_SETS[4])

# the expansion modules: each alone, then the draft, every module at once, and every module with two players
for _options in OPTION_SETS[5:-2]:
    globals()[f"test_random_games_{'_'.join(_options).replace('-', '_')}"] = _make_property(_options)
test_random_games_every_module = _make_property(OPTION_SETS[-2])
test_random_games_every_module_two_player = _make_property(OPTION_SETS[-1])



@st.composite
def positions(draw):
    """Random mid-game setups: stats, places, Keep cards held, a scripted start, options."""
    n = draw(st.integers(2, 6))
    options = list(draw(st.sampled_from(OPTION_SETS)))
    ids = draw(st.permutations(playable_monsters(options)))[:n]  # with Evolutions, the monsters that have a deck
    if "two-player" in options and n != 2:
        options.remove("two-player")
    # costumes are Keep cards too, in play only with their module
    keep = sorted(c.id for c in cards().values() if c.type == "keep" and (c.kind == "power" or "costumes" in options))
    places = ["outside"] * n
    if draw(st.booleans()):
        places[draw(st.integers(0, n - 1))] = "city"
    if n >= 5 and draw(st.booleans()):
        free = [i for i in range(n) if places[i] == "outside"]
        places[draw(st.sampled_from(free))] = "bay"
    ms = []
    for i, mid in enumerate(ids):
        max_life = draw(st.sampled_from([10, 10, 12]))
        ms.append({"id": mid, "life": draw(st.integers(1, max_life)), "max_life": max_life,
                   "vp": draw(st.integers(0, 19)), "energy": draw(st.integers(0, 12)), "location": places[i],
                   "cards": draw(st.lists(st.sampled_from(keep), max_size=2, unique=True))})
    # a card may be held once here (only extra-head has 2 copies)
    seen: set[str] = set()
    for m in ms:
        m["cards"] = [c for c in m["cards"] if not (c in seen or seen.add(c))]
        m["tokens"] = carried_tokens(m["cards"])
    return Setup.from_dict({"monsters": ms, "options": options, "seed": draw(st.integers(0, 2**32 - 1)),
                            "dice": draw(st.lists(st.sampled_from(["1", "2", "3", "heart", "energy", "smash"]),
                                                  max_size=12))})


@settings(max_examples=POSITIONS, deadline=None, derandomize=EXPLORE is None,
          suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 2**32 - 1))
def test_random_positions(setup, seed):
    assert Setup.from_dict(setup.to_dict()) == setup
    s, _ = start(setup)
    check(s)
    _play_and_check(setup, seed)
