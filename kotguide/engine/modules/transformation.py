"""Transformation (変形カード, option ``transformation``): kot-facts §3.6(a), section ``transformation``.

- Every monster has a two-sided Transformation card, Robot side (ロボット) up at the start. The side is
  ``tokens["beast"]``: absent on the Robot side, 1 on the Beast side (ビースト).
- Flipping: at the start of its buy step, before it buys or sweeps anything, the active monster may pay 1 energy to
  turn the card over, either way (``use:transform:beast``, ``use:transform:robot``); once per turn.
- Beast side: once per turn, while rolling (after a roll, before resolving, even with no roll left), the monster may
  reroll one of its dice an extra time (``use:beast:I``, ``I`` the 0-based die index; a special die stays that kind of
  die). It buys nothing while on that side: no ``buy``, no ``sweep``, and no card that buys otherwise (Made in a Lab,
  Parasitic Tentacles, Opportunist, on any turn), through the ``may-buy`` modifier.

Events (rule ``transformation``): ``transformed`` (reason ``beast`` or ``robot``: the side now up, after the
``energy-lost`` of the payment), ``beast-rerolled`` (die 1-based, face).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import options as O
from .. import rules as R
from ..actions import UseCard
from ..cards import choices
from ..cards.registry import EffectDef, define_effect
from ..dice import die_kind
from ..ops import draw_die
from ..phases import Phase, Window
from ..state import GameState
from ..supply import TokenDef, define_token
from .registry import ModuleDef, define_module

if TYPE_CHECKING:
    from ..ops import Ctx

TOKEN = "beast"
define_token(TokenDef(TOKEN, most=1, option=O.TRANSFORMATION))  # 1: the monster shows its Beast side
BEAST, ROBOT = "beast", "robot"
FLIP_COST = 1
TRANSFORM = "transform"  # the flip's action: use:transform:beast | use:transform:robot
BEAST_REROLL = "beast"  # the Beast's reroll: use:beast:I
OPEN = "transform:open"  # memo: the active monster's buy step has begun and it has not shopped nor flipped yet
REROLLED = "transform:rerolled"  # memo: the Beast reroll was used this turn


def is_beast(state: GameState, seat: int) -> bool:
    return state.monsters[seat].tokens.get(TOKEN, 0) > 0


def _on(state: GameState) -> bool:
    return O.TRANSFORMATION in state.options


# --- flipping ------------------------------------------------------------------------------------------------
def _buy_step_opens(ctx: Ctx, **kw: Any) -> None:
    if _on(ctx.s):
        ctx.s.memo[OPEN] = True


def _shopped(ctx: Ctx, seat: int | None = None, **kw: Any) -> None:
    """A purchase by the active monster or a market refill in its buy step: too late to flip."""
    s = ctx.s
    if _on(s) and s.phase == Phase.BUY and (seat is None or seat == s.active):
        s.memo.pop(OPEN, None)


def _flip_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if (not _on(state) or window != Window.BUY or state.phase != Phase.BUY or state.active != seat
            or OPEN not in state.memo or state.monsters[seat].energy < FLIP_COST):
        return []
    return [UseCard(TRANSFORM, ROBOT if is_beast(state, seat) else BEAST)]


def _flip(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    m = s.monsters[seat]
    s.memo.pop(OPEN, None)
    ctx.lose_energy(seat, FLIP_COST, R.TRANSFORMATION)
    if action.arg == BEAST:
        m.tokens[TOKEN] = 1
    else:
        m.tokens.pop(TOKEN, None)
    ctx.emit("transformed", R.TRANSFORMATION, m.id, reason=action.arg)


def _bought(ctx: Ctx, seat: int, **kw: Any) -> None:
    _shopped(ctx, seat)


def _revealed(ctx: Ctx, **kw: Any) -> None:
    _shopped(ctx)


define_effect(EffectDef(
    TRANSFORM, offer=_flip_offer, use=_flip, describe=lambda state, seat, arg: {"side": arg, "amount": FLIP_COST},
    hooks={Window.BUY: _buy_step_opens, "bought": _bought, "revealed": _revealed}, option=O.TRANSFORMATION,
    offer_windows=frozenset({Window.BUY}),
))


# --- the Beast side ------------------------------------------------------------------------------------------
def _may_buy(state: GameState, seat: int, value: bool, **kw: Any) -> bool:
    return value and not (_on(state) and is_beast(state, seat))


def _reroll_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if (not _on(state) or window not in (Window.AFTER_ROLL, Window.BEFORE_RESOLVE) or state.active != seat
            or state.phase != Phase.ROLL or state.rolls_done == 0 or REROLLED in state.memo
            or not is_beast(state, seat)):
        return []
    return [UseCard(BEAST_REROLL, str(i)) for i in range(len(state.dice))]


def _reroll(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    i = int(action.arg)
    s.memo[REROLLED] = True
    face = draw_die(s, die_kind(s.dice[i]))
    s.dice[i] = face
    s.kept[i] = False
    ctx.emit("beast-rerolled", R.TRANSFORMATION, s.monsters[seat].id, die=i + 1, face=face)


define_effect(EffectDef(BEAST_REROLL, offer=_reroll_offer, use=_reroll, modifiers={"may-buy": _may_buy},
                        describe=choices.a_die, option=O.TRANSFORMATION,
                        offer_windows=frozenset({Window.AFTER_ROLL, Window.BEFORE_RESOLVE})))


def _invariants(state: GameState) -> list[str]:
    return [f"{m.id}: beast token {m.tokens[TOKEN]} (0 or 1)" for m in state.monsters
            if m.tokens.get(TOKEN, 1) != 1]


define_module(ModuleDef(id=O.TRANSFORMATION, invariants=_invariants))
