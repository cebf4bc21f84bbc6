"""The catalogue of hook points, modifiers and filters (``engine/hooks.py``) is the whole truth: a definition with a
name outside it is refused, and random games with every option set fire every name in it and no other."""

import random

import pytest
from budget import games
from pure_engine import from_source
from test_cards_properties import rich_setup

from kotguide.engine import hooks
from kotguide.engine.cards import registry
from kotguide.engine.limits import limits
from kotguide.engine.random_play import OPTION_SETS, play_random, random_setup
from kotguide.engine.setup import Setup


def test_a_misspelt_name_is_refused_when_defined():
    with pytest.raises(ValueError, match="heal-in-tokio"):
        registry.define(registry.CardDef("test-card", modifiers={"heal-in-tokio": lambda s, seat, v, **kw: True}))
    with pytest.raises(ValueError, match="bought-card"):
        registry.define_effect(registry.EffectDef("test-effect", hooks={"bought-card": lambda ctx, **kw: None}))
    with pytest.raises(ValueError, match="gain-vps"):
        registry.define(registry.CardDef("test-card", filters={"gain-vps": lambda ctx, seat, v, **kw: v}))
    assert registry.get("test-card") is None


@from_source  # it patches the registry's functions, which compiled callers call directly
def test_every_name_in_the_catalogue_is_fired_and_nothing_else(monkeypatch):
    fired: dict[str, set[str]] = {kind: set() for kind in hooks.KINDS}
    real = {"hooks": registry.fire, "modifiers": registry.modify, "filters": registry.filter_value}

    def recording(kind):
        def call(first, name, *args, **kw):
            fired[kind].add(name)
            return real[kind](first, name, *args, **kw)

        return call

    for kind, fn in real.items():
        monkeypatch.setattr(registry, fn.__name__, recording(kind))
    rnd = random.Random(18)
    setups: list[Setup] = [rich_setup(rnd) for _ in range(games(20, 200))]
    # Even Bigger lost (sold through Metamorph) is the one moment that reads the max-life-floor modifiers
    setups.extend(Setup.from_dict({"monsters": [{"id": "gigazaur", "cards": ["even-bigger", "metamorph"]},
                                                {"id": "the-king"}], "seed": seed}) for seed in range(4))
    for options in OPTION_SETS:
        setups.extend(random_setup(rnd, None, options) for _ in range(games(4, 50)))
    for setup in setups:
        limits(setup)  # the bounds a form shows read the setup-time modifiers
        play_random(setup, rnd)
    for kind, points in hooks.KINDS.items():
        assert sorted(fired[kind] - set(points)) == [], kind  # fired but not catalogued
        assert sorted(set(points) - fired[kind]) == [], kind  # catalogued but never fired
