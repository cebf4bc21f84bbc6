"""Random legal games: for the property tests, the soak run, ``simulate`` and the benchmark."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from . import data
from . import options as O
from .flow import legal_actions, quiet_player, start
from .modules.evolutions.core import deck_of
from .setup import MonsterSetup, Setup
from .state import GameState

MAX_ACTIONS = 20_000  # a random game that runs longer is a bug (none comes close: see the soak figures)

OPTION_SETS: tuple[tuple[str, ...], ...] = (
    (),
    (O.TWO_PLAYER,),
    (O.FIVE_CARD_MARKET,),
    (O.OPENING_ENERGY,),
    (O.FIVE_CARD_MARKET, O.OPENING_ENERGY),
    *((module,) for module in O.MODULES if module not in O.REQUIRES),
    (O.EVOLUTIONS, O.MUTANT_DRAFT),
    O.MODULES,  # every module at once
    (O.TWO_PLAYER, *O.MODULES),
)


def random_setup(rnd: random.Random, players: int | None = None, options: Sequence[str] = ()) -> Setup:
    """A fresh setup: ``players`` (2–6, random if None; 2 with the two-player variant) monsters in random order,
    roll-off for the first player, a random seed."""
    if O.TWO_PLAYER in options:
        players = 2
    n = players if players is not None else rnd.randint(2, 6)
    ids = rnd.sample(playable_monsters(options), n)
    return Setup(tuple(MonsterSetup(i) for i in ids), options=tuple(options), seed=rnd.getrandbits(32))


def playable_monsters(options: Sequence[str]) -> list[str]:
    """The monsters a game with ``options`` may seat: with Evolutions, those that have an Evolution deck."""
    ids = list(data.monsters())
    return [m for m in ids if deck_of(m)] if O.EVOLUTIONS in options else ids


@dataclass(slots=True)
class GameResult:
    state: GameState
    actions: int
    turns: int


def play_random(setup: Setup, rnd: random.Random, check: Callable[[GameState], None] | None = None,
                max_actions: int = MAX_ACTIONS) -> GameResult:
    """Play uniformly random legal actions until the game ends (``check`` runs on every state)."""
    s, _ = start(setup)
    if check is not None:
        check(s)
    count = 0
    play = quiet_player(s)
    while s.decision is not None:
        if count >= max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
        play(rnd.choice(legal_actions(s)))
        count += 1
        if check is not None:
            check(s)
    return GameResult(s, count, s.turn)


@dataclass(slots=True)
class Stats:
    games: int = 0
    turns: int = 0
    actions: int = 0
    max_turns: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    shared: int = 0
    winners_by_seat: Counter[int] = field(default_factory=Counter)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.turns += r.turns
        self.actions += r.actions
        self.max_turns = max(self.max_turns, r.turns)
        outcome = r.state.outcome
        assert outcome is not None
        self.reasons[outcome.reason] += 1
        self.shared += outcome.shared
        for m in r.state.monsters:
            if m.id in outcome.winners:
                self.winners_by_seat[m.seat] += 1
