"""Every bound a form needs to describe a position, from the engine's own rules (``limits(setup)``): a site never
restates a rule constant or a card's effect.

The bounds depend on the setup: the maximum life a monster may have comes from what it holds (Even Bigger, Full
Regeneration), the dice and rerolls of the monster whose turn it is from its cards, pieces and modules (Extra Head,
Giant Brain, Shrink tokens, the berserk die, the die of fate), the market from the options."""

from __future__ import annotations

from dataclasses import dataclass

from . import data, flow
from . import options as O
from .cards import registry
from .modules import registry as module_registry
from .setup import (
    GOAL_VP,
    MAX_ENERGY,
    MAX_LIFE_CAP,
    MAX_PLAYERS,
    MAX_VP,
    MIN_PLAYERS,
    START_LIFE,
    MonsterSetup,
    Setup,
)
from .supply import TokenDef, defined


@dataclass(frozen=True, slots=True)
class Limits:
    players: tuple[int, int]  # fewest and most monsters
    market_size: int
    max_life: dict[str, int]  # per monster id: the highest maximum life it can have with what it holds
    life_cap: int  # no monster's maximum goes above it
    goal: int  # VP that win; at the start of a turn every monster has fewer
    most_vp: int  # past the start of a turn
    most_energy: int
    tokens: dict[str, TokenDef]  # each token a setup may place, with its bounds (per monster, supply, card, module)
    dice: int  # base dice the monster whose turn it is rolls (0 without a first player)
    special_dice: tuple[str, ...]  # the special dice it rolls after them, in die order
    rerolls: int  # the rerolls it has after its first roll
    modules: dict[str, dict[str, int]]  # per module in play: the most of each count of its setup table


def limits(setup: Setup) -> Limits:
    """The bounds of ``setup``'s numbers. The setup need not be valid: the bounds are what a form shows while it is
    being filled in (unknown ids count as holding nothing)."""
    s = flow.initial_state(setup)
    max_life = {}
    for m in s.monsters:
        raised = int(registry.modify(s, "setup-max-life", m.seat, START_LIFE))
        max_life[m.id] = min(MAX_LIFE_CAP, max(raised, int(registry.modify(s, "max-life-floor", m.seat, 0))))
    first = next((m.seat for m in s.monsters if m.id == setup.first_player), None)
    special: tuple[str, ...] = ()
    if first is None:
        dice, rerolls = 0, 0
    else:
        s.active = first
        turn = flow.turn_limits(s)
        dice, special, rerolls = turn.dice, turn.special, turn.rerolls
    return Limits(
        players=(MIN_PLAYERS, MAX_PLAYERS), market_size=setup.market_size, max_life=max_life, life_cap=MAX_LIFE_CAP,
        goal=GOAL_VP, most_vp=MAX_VP, most_energy=MAX_ENERGY, tokens=defined(), dice=dice, special_dice=special,
        rerolls=rerolls, modules={m.id: m.limits(setup) for m in module_registry.in_play(setup.options) if m.limits},
    )


def most(options: tuple[str, ...] | frozenset[str]) -> Limits:
    """The bounds of the fullest table a game with ``options`` can show: a monster holding every Keep card (every
    copy; the costumes with their module) and every wickedness tile, on its turn. A form sized by it has room for
    any table (Extra Head twice and Cyberbrain: 9 dice; Giant Brain and Devious: 4 rerolls)."""
    from .modules.wickedness import core as wickedness

    on = tuple(o for o in O.ALL if o in options)
    cards = tuple(card for card, d in data.cards().items() if d.type == data.KEEP
                  and (d.kind != data.COSTUME or O.COSTUMES in on) for _ in range(d.copies))
    pieces = tuple(wickedness.piece(t) for t in wickedness.tiles()) if O.WICKEDNESS in on else ()
    first, other = sorted(data.monsters())[:2]
    return limits(Setup((MonsterSetup(first, cards=cards, pieces=pieces), MonsterSetup(other)), options=on,
                        first_player=first))
