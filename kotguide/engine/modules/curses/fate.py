"""The die of fate: four faces (Eye of Horus, ankh, snake, river), rolled with the active monster's dice every turn
(kept and rerolled like them, after the base dice in ``state.dice``) and resolved before the other dice.

It resolves once per turn at the ``before-resolve`` window, when the active monster has chosen to resolve and before
any card choice of that window (Psychic Probe, Plot Twist…), so the choices it asks for (a face, a die, the scarab…)
come first and the other dice resolve afterwards. Horus: the curse in force is discarded and the next one revealed;
ankh: the curse's blessing; snake: its misfortune (both for the active monster unless the curse says otherwise);
river: nothing. Then the moment ``fate-resolved`` fires (Confused Senses acts there).

A turn without the die (Builders' Uprising's extra turn) resolves no fate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import options as O
from ...cards import registry
from ...cards.registry import EffectDef, define_effect
from ...dice import define_die, die_kind
from ...phases import Phase, Window
from ...state import GameState
from . import core

if TYPE_CHECKING:
    from ...ops import Ctx

FATE_DIE = "fate"
NO_FATE_TURNS = frozenset({"builders-uprising"})  # extra turns (control.extra_turn) played without the die of fate
define_die(FATE_DIE, core.FATE_FACES)


def _with_fate_die(state: GameState, seat: int, kinds: tuple[str, ...], **kw: Any) -> tuple[str, ...]:
    if core.on(state) and state.control.extra_turn not in NO_FATE_TURNS:
        return (*kinds, FATE_DIE)
    return kinds


def _fate_die_locked(state: GameState, seat: int, locked: frozenset[int], **kw: Any) -> frozenset[int]:
    """Once resolved, the die of fate keeps its face (Buried in Sand's extra roll rerolls only the other dice)."""
    if core.fate(state) is not None and core.on(state):
        return locked | {i for i, face in enumerate(state.dice) if die_kind(face) == FATE_DIE}
    return locked


def fate_face(s: GameState) -> str | None:
    """The face the die of fate shows now (None if it was not rolled)."""
    for face in s.dice:
        if die_kind(face) == FATE_DIE:
            return face.partition(":")[2]
    return None


def _resolve(ctx: Ctx, **kw: Any) -> None:
    s = ctx.s
    if not core.on(s) or s.phase != Phase.RESOLVE or core.fate(s) is not None:
        return
    face = fate_face(s)
    if face is None:
        return
    curse = core.in_force(s)
    assert curse is not None
    core.set_fate(s, face, curse)
    seat = s.active
    ctx.emit("fate-resolved", core.RULE, s.monsters[seat].id, reason=face, curse=curse)
    if face == core.HORUS:
        core.change_curse(ctx)
    elif face == core.ANKH:
        core.get(curse).ankh(ctx, seat)
    elif face == core.SNAKE:
        core.get(curse).snake(ctx, seat)
    if s.monsters[seat].alive:
        registry.fire(ctx, "fate-resolved", face=face)


define_effect(EffectDef("die-of-fate", hooks={Window.BEFORE_RESOLVE: _resolve},
                        modifiers={"special-dice": _with_fate_die, "locked-dice": _fate_die_locked}, option=O.CURSES))
