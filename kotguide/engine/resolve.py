"""Resolving the final dice: numbers → hearts → energy → smash (kotguide's fixed order, as the online game does).

Card hook points: the ``counts`` modifiers and filters (results added by cards), the ``heal-in-tokyo`` modifiers
(hearts that heal in Tokyo too, and only heal there), the ``hearts`` filters outside Tokyo (hearts spent otherwise:
tokens removed, hearts given away), the ``targets`` modifiers (who the smash hits), then ``resolved`` with the
counts. The die of fate (curses module) resolves before this, at the ``before-resolve`` window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rules as R
from .cards import registry
from .dice import ENERGY, HEART, NUMBER_FACES, SMASH, count, number_points

if TYPE_CHECKING:
    from .ops import Ctx


def resolve_dice(ctx: Ctx) -> None:
    s = ctx.s
    seat = s.active
    m = s.monsters[seat]
    ctx.emit("dice-resolved", R.RESOLVING, m.id, faces=list(s.dice))
    counts = registry.filter_value(ctx, "counts", seat, registry.modify(s, "counts", seat, count(s.dice)))
    # numbers: three or more of a number score it, +1 per extra die; sets add up
    for face in NUMBER_FACES:
        points = number_points(face, counts[face])
        if points:
            ctx.gain_vp(seat, points, R.NUMBERS, face=face, count=counts[face])
    # hearts heal outside Tokyo only, up to the maximum
    hearts = counts[HEART]
    if hearts and m.alive:
        if m.in_tokyo and not registry.modify(s, "heal-in-tokyo", seat, False):
            ctx.emit("not-healed", R.HEAL, m.id, hearts, reason="tokyo")
        else:
            if not m.in_tokyo:  # hearts that heal in Tokyo (a curse) only heal
                hearts = registry.filter_value(ctx, "hearts", seat, hearts)
            if hearts:
                ctx.heal(seat, hearts, R.HEAL)
    # energy: 1 per lightning
    ctx.gain_energy(seat, counts[ENERGY], R.ENERGY)
    # smash: from outside every monster in Tokyo, from inside every monster outside
    smashes = counts[SMASH]
    if smashes and m.alive:
        inside = m.in_tokyo
        targets = [t for t in s.turn_order[1:]
                   if s.monsters[t].alive and s.monsters[t].in_tokyo != inside]
        targets = registry.modify(s, "targets", seat, targets)
        ctx.emit("smashed", R.SMASH, m.id, smashes, targets=[s.monsters[t].id for t in targets])
        for t in targets:
            if ctx.damage(t, smashes, R.SMASH, by=seat):
                s.hit.append(t)
    registry.fire(ctx, "resolved", counts=counts)
