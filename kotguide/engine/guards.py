"""The guard protocol: asking the monsters whose cards could keep them from losing life before an action hurts them.

Some cards and effects act on a loss of life that has not happened yet (Wings, Jets, Rapid Healing, Robot, a
cultist, an Evolution held in the hand…). Each declares a ``guard(state, seat) -> bool`` (``registry``): whether it
could protect ``seat`` now. While any guard is ready (``registry.guards_ready``), the loop plays each action this way:

1. **Trial.** The action is played on the real state, a copy of the state before it kept aside (``hold``). The
   trial's ``damaged`` events say who would lose life, how much, and whether by a smash.
2. **No one to ask.** If no monster not yet asked about this action would lose life, or none of their cards offers
   anything at the ``damage`` window, the trial *is* the play: the same dice and the same events, nothing is redone.
3. **Hold.** Otherwise the trial is undone (the copy comes back, its events are dropped), ``state.control.threat``
   records ``(seat, life it would lose, whether that is all its life, whether by a smash)`` for each threatened
   monster (cards read it with ``threat``), those whose cards prompt at ``damage`` are asked first (card decisions at
   the front of ``state.pending``, in seat order from the active monster; remembered in
   ``state.control.guard_asked``), and the action waits in ``state.deferred`` with its decision.
4. **Resume.** Once no ``damage`` decision is at the front of ``pending`` any more, the loop calls
   ``play_deferred``: the held action is played if it is still legal (a guard may have changed the position: its
   monster decides again otherwise), going through 1–3 again for monsters not yet asked; then the threat and the
   asked seats are cleared.

Everything is deterministic: the trial and the real play draw the same dice from the same state. The loop owns the
moves (``execute`` plays an action, ``advance`` runs on to the next decision, ``validate`` checks legality): it hands
them to these functions, so this module needs nothing from ``flow``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

from . import rules as R
from .actions import Action
from .cards import registry
from .errors import IllegalAction
from .ops import Ctx
from .phases import Kinds, Windows
from .state import Decision, GameState, Threat

Play = Callable[[Ctx, Action, Decision], None]


def threat(s: GameState, seat: int) -> Threat | None:
    """At the ``damage`` window: (seat, life about to be lost, whether that is all its life, whether by a smash)."""
    for entry in s.control.threat:
        if entry[0] == seat:
            return entry
    return None


def hold(ctx: Ctx, action: Action, d: Decision, play: Play) -> bool:
    """Play ``action`` as a trial (``play``: execute it and run on), a copy kept aside. If monsters not yet asked
    would lose life and their cards offer something at the ``damage`` window, the copy comes back, they are asked
    first and the action is held back (True). Otherwise the trial is the real play (same dice, same events): False,
    the action played."""
    s = ctx.s
    before = s.clone(share_history=True)  # the trial adds no action
    events = ctx.events
    first_event = len(events)
    play(ctx, action, d)
    trial, s = s, before  # what follows reads the state before the trial, as the monsters decide from it
    asked = s.control.guard_asked
    lost: dict[int, int] = {}
    smashed: set[int] = set()
    ids: dict[str, int] = {}  # filled at the first loss: most trials hurt nobody
    for e in events[first_event:]:
        if e.kind == "damaged" and e.monster is not None:
            if not ids:
                ids = {m.id: m.seat for m in s.monsters}
            seat = ids[e.monster]
            lost[seat] = lost.get(seat, 0) + (e.amount or 0)
            if e.rule == R.SMASH:
                smashed.add(seat)
    if not lost:
        return False
    threatened = [seat for seat in s.turn_order if seat in lost and seat not in asked and s.monsters[seat].alive]
    if threatened:
        s.control.threat = tuple((seat, lost[seat], lost[seat] >= s.monsters[seat].life, seat in smashed)
                                 for seat in threatened)
        asks = [Decision(seat, s.monsters[seat].id, Kinds.CARD, Windows.DAMAGE) for seat in threatened
                if registry.prompting(s, seat, Windows.DAMAGE)]
        if asks:
            s.control.guard_asked = asked | {a.seat for a in asks}
            s.pending[0:0] = asks
            s.deferred = (action, d)
            del events[first_event:]
            _adopt(trial, s)  # the trial is undone: the state is the copy of before it
            return True
    return False


def play_deferred(ctx: Ctx, validate: Callable[[GameState, Action], None], execute: Play, play: Play) -> None:
    """The threatened monsters have chosen: play the held-back action if it is still legal (``validate`` raises
    ``IllegalAction`` if not; then it is dropped and its monster decides again). ``execute`` plays an action alone,
    ``play`` plays it and runs on (for a new trial, when guards are still ready)."""
    s = ctx.s
    assert s.deferred is not None
    action, d = s.deferred
    s.deferred = None
    s.decision = d
    try:
        validate(s, action)
        legal = s.monsters[d.seat].alive
    except IllegalAction:
        legal = False
    if legal:
        if registry.guards_ready(s):
            if hold(ctx, action, d, play):
                return  # more monsters to ask first
        else:
            execute(ctx, action, d)
    s.control.threat = ()
    s.control.guard_asked = frozenset()


def _adopt(s: GameState, other: GameState) -> None:
    """``s`` takes every part of ``other`` (which is not used again)."""
    for f in fields(GameState):
        setattr(s, f.name, getattr(other, f.name))
