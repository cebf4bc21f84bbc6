"""Curses about the dice: how many, how many rolls, which may be rerolled, which faces count.

| curse | permanent | ankh | snake |
|---|---|---|---|
| buried-in-sand | one roll fewer (never below 1) | one more roll (back to rolling) | your smashes do nothing this turn |
| raging-flood | one die fewer | an extra die showing the face you choose | discard one die (your choice) |
| vengeance-of-horus | smashes may not be rerolled | +1 VP per smash rolled | lose 1 life per smash rolled |
| body-spirit-and-ka | only smash, heart and energy faces count | the curse does nothing this turn | only number faces count this turn |
| false-blessing | 2 more dice and 1 more roll; after resolving, lose 1 life per different face | up to 2 of your dice, each rerolled or discarded | the next monster in turn order (on your left) picks 2 of your dice: you reroll them |
| scribe-perseverance | 1s may not be rerolled | +1 energy per 1 rolled | discard one of your 1s |

"Rolled" means the final dice when the die of fate resolves. Dice added or discarded by a curse are base dice; the
die of fate stays after them. Locked dice (smashes, 1s) may still be changed by cards (Plot Twist…) and rerolled
by other monsters' effects (Psychic Probe, Confused Senses).
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import common as C
from ...dice import FACES, NUMBER_FACES, ONE, SMASH, die_kind
from ...phases import Phase
from ...state import GameState
from . import choices, core
from .core import ANKH, RULE, SNAKE, define_curse

if TYPE_CHECKING:
    from ...ops import Ctx


# --- Buried in Sand ------------------------------------------------------------------------------------------------
def _one_roll_fewer(state: GameState, seat: int, value: int, **kw: Any) -> int:
    return max(1, value - 1)


def _buried_ankh(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    s.phase = Phase.ROLL
    s.rolls_left = 1  # it had chosen to stop rolling: exactly one more roll
    ctx.emit("curse-extra-roll", RULE, s.monsters[seat].id, curse="buried-in-sand")


def _buried_counts(ctx: Ctx, seat: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    if counts[SMASH] and core.fate_is(ctx.s, SNAKE, "buried-in-sand"):
        core.blocked(ctx, seat, "buried-in-sand", "smash", counts[SMASH])
        return {**counts, SMASH: 0}
    return counts


define_curse("buried-in-sand", ankh=_buried_ankh, snake=core.nothing,
             modifiers={"rolls": _one_roll_fewer}, filters={"counts": _buried_counts})


# --- Raging Flood ---------------------------------------------------------------------------------------------------
def _one_die_fewer(state: GameState, seat: int, value: int, **kw: Any) -> int:
    return max(0, value - 1)


def _ask(kind: str, curse: str, required: bool) -> core.FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        choices.ask(ctx, seat, kind, curse, required)
    return effect


define_curse("raging-flood", ankh=_ask("curse-face", "raging-flood", False),
             snake=_ask("curse-drop", "raging-flood", True), modifiers={"dice-count": _one_die_fewer})


# --- locked faces: Vengeance of Horus, Scribe's Perseverance --------------------------------------------------------
def _locking(face: str) -> Any:
    def locked(state: GameState, seat: int, value: frozenset[int], **kw: Any) -> frozenset[int]:
        return value | {i for i, f in enumerate(state.dice) if f == face}
    return locked


def _per_smash(gain: bool) -> core.FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        n = core.rolled(ctx.s, SMASH)
        if gain:
            ctx.gain_vp(seat, n, RULE, curse="vengeance-of-horus")
        else:
            ctx.damage(seat, n, RULE, curse="vengeance-of-horus")
    return effect


define_curse("vengeance-of-horus", ankh=_per_smash(True), snake=_per_smash(False),
             modifiers={"locked-dice": _locking(SMASH)})


def _scribe_ankh(ctx: Ctx, seat: int) -> None:
    ctx.gain_energy(seat, core.rolled(ctx.s, ONE), RULE, curse="scribe-perseverance")


def _scribe_snake(ctx: Ctx, seat: int) -> None:
    if ONE in ctx.s.dice:
        choices.remove_die(ctx, ctx.s.dice.index(ONE), "scribe-perseverance")


define_curse("scribe-perseverance", ankh=_scribe_ankh, snake=_scribe_snake, modifiers={"locked-dice": _locking(ONE)})


# --- Body, Spirit and Ka --------------------------------------------------------------------------------------------
def _ka_counts(ctx: Ctx, seat: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    s = ctx.s
    if core.fate_is(s, ANKH, "body-spirit-and-ka"):
        return counts
    unused = [f for f in FACES if f not in NUMBER_FACES] if core.fate_is(s, SNAKE, "body-spirit-and-ka") \
        else list(NUMBER_FACES)
    n = sum(counts[f] for f in unused)
    if not n:
        return counts
    core.blocked(ctx, seat, "body-spirit-and-ka", "faces", n)
    return {**counts, **dict.fromkeys(unused, 0)}


define_curse("body-spirit-and-ka", ankh=core.nothing, snake=core.nothing, filters={"counts": _ka_counts})


# --- False Blessing -------------------------------------------------------------------------------------------------
def _two_more(state: GameState, seat: int, value: int, **kw: Any) -> int:
    return value + 2


def _one_more(state: GameState, seat: int, value: int, **kw: Any) -> int:
    return value + 1


def _false_blessing_resolved(ctx: Ctx, **kw: Any) -> None:
    s = ctx.s
    faces = {f for f in s.dice if die_kind(f) is None}
    ctx.damage(s.active, len(faces), RULE, curse="false-blessing")


def _bless(ctx: Ctx, seat: int) -> None:
    choices.ask(ctx, seat, "curse-bless", "false-blessing", required=False, uses=2)


def _left_picks(ctx: Ctx, seat: int) -> None:
    others = C.others(ctx.s, seat)
    if others:
        choices.ask(ctx, others[0], "curse-reroll", "false-blessing", required=True)


define_curse("false-blessing", ankh=_bless, snake=_left_picks,
             modifiers={"dice-count": _two_more, "rolls": _one_more}, hooks={"resolved": _false_blessing_resolved})
