"""An effect's ``offer_windows`` (the windows ``registry.offers`` asks it at) leave out only windows where its offer
gives nothing: in random games with every module, each effect is asked at every decision's window, for every living
monster, and an answer outside its ``offer_windows`` fails."""

import random

from budget import games

from kotguide.engine import options as O
from kotguide.engine.cards import registry
from kotguide.engine.flow import window_of
from kotguide.engine.random_play import OPTION_SETS, play_random, random_setup
from kotguide.engine.state import GameState


def _windowed() -> list[registry.EffectDef]:
    every = [registry.effect(effect_id) for effect_id in registry._EFFECTS]  # noqa: SLF001 - all the definitions
    return [e for e in every if e is not None and e.offer is not None and e.offer_windows is not None]


def test_an_effect_offers_nothing_outside_its_offer_windows():
    windowed = _windowed()
    assert {e.option for e in windowed} >= {O.CURSES, O.EVOLUTIONS, O.TRANSFORMATION, O.WICKEDNESS}
    seen: set[str] = set()

    def check(s: GameState) -> None:
        if s.decision is None:
            return
        window = window_of(s.decision)
        for e in windowed:
            if e.option in s.options and window not in e.offer_windows:  # type: ignore[operator]
                for m in s.monsters:
                    if m.alive:
                        assert e.offer(s, m.seat, window) == [], (e.id, window)  # type: ignore[misc]
                        seen.add(e.id)

    rnd = random.Random(5)
    for options in (O.MODULES, *OPTION_SETS):
        for _ in range(games(3, 30)):
            play_random(random_setup(rnd, None, options), rnd, check)
    assert seen == {e.id for e in windowed}  # every windowed effect was asked outside its windows
