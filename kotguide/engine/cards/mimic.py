"""Mimic: its owner has the effects of one other Keep card that some monster holds, as if it had just bought it.

- When bought: put the Mimic token on a Keep card (not Mimic, not a costume) any monster holds, for free (a ``card``
  decision at the ``mimic`` window right after the purchase; ``pass`` leaves it unplaced). The copy starts as if newly
  bought: its arrival effect runs for the Mimic owner (Smoke Cloud: 3 Smoke tokens on Mimic, ``tokens["mimic-smoke"]``;
  Battery Monster: 6 energy on Mimic; Even Bigger: +2 maximum and +2 life, never above 12).
- At the start of its owner's turn, before rolling: pay 1 energy to put the token on another Keep card (or on one at
  all, if it came back), once per turn: the old copy ends, the new one starts.
- The copy ends when the copied card leaves play (discarded, sold, its holder eliminated): its lasting effects
  end and the token comes back to Mimic (event ``mimic-returned``). If the copied card is bought away with Parasitic
  Tentacles, the token stays on it (the card is still in play).
- A copy that would discard itself (Plot Twist used, Psychic Probe rolling a heart, last Smoke token, empty
  Battery) discards Mimic. Losing Mimic ends the copy.

Choice: ``use:mimic:MONSTER.CARD`` — put the token on ``CARD`` held by ``MONSTER`` (``the-king.extra-head``).
Where the token sits: ``state.marks["mimic"] = (holder seat, card id)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import data
from ..actions import UseCard
from ..phases import Phase, Window
from ..state import GameState
from . import choices, registry
from . import common as C
from .registry import CardDef, ask, define

if TYPE_CHECKING:
    from ..ops import Ctx

PC = C.PC
MIMIC = "mimic"
MOVE_COST = 1
FREE = "mimic-free"  # memo: the seat that has just bought Mimic and places the token for free
MOVED = "mimic-moved"  # memo: the token was moved at this turn's start (once per turn)


def _target(state: GameState) -> tuple[int, str] | None:
    return C.copied_card(state, MIMIC)


def _copies(state: GameState, seat: int) -> str | None:
    mark = _target(state)
    return None if mark is None else mark[1]


def _candidates(state: GameState, seat: int) -> list[str]:
    current = _target(state)
    out = []
    for t in state.seats_from_active():
        m = state.monsters[t]
        if not m.alive:
            continue
        for card in dict.fromkeys(m.cards):
            if card != MIMIC and data.is_power_card(card) and data.cards()[card].type == data.KEEP \
                    and (t, card) != current:
                out.append(f"{m.id}.{card}")
    return out


def _end_copy(ctx: Ctx, seat: int, returned: bool) -> None:
    """The copy stops: its lasting effects on ``seat`` end, the token comes back."""
    s = ctx.s
    mark = s.marks.pop(MIMIC, None)
    if mark is None:
        return
    card = mark[1]
    d = registry.get(card)
    if d is not None and d.on_lose is not None:
        d.on_lose(ctx, seat, MIMIC)
    for key in [k for k in s.monsters[seat].tokens if k.startswith(MIMIC + "-")]:
        del s.monsters[seat].tokens[key]
    if returned:
        ctx.emit("mimic-returned", PC, s.monsters[seat].id, card=card)


def _bought(ctx: Ctx, seat: int, card: str) -> None:
    ctx.s.marks.pop(MIMIC, None)
    if _candidates(ctx.s, seat):
        ctx.s.memo[FREE] = seat
        ask(ctx, seat, MIMIC)


def _lost(ctx: Ctx, seat: int, card: str) -> None:
    _end_copy(ctx, seat, returned=False)


def _offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window == MIMIC and state.memo.get(FREE) == seat:
        return [UseCard(MIMIC, c) for c in _candidates(state, seat)]
    if (window == Window.START and state.phase == Phase.START and state.active == seat and MOVED not in state.memo
            and state.monsters[seat].energy >= MOVE_COST):
        return [UseCard(MIMIC, c) for c in _candidates(state, seat)]
    return []


def _use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    holder, card = C.monster_card_arg(s, action.arg)
    free = s.memo.get(FREE) == seat
    s.memo.pop(FREE, None)
    if not free:
        ctx.lose_energy(seat, MOVE_COST, PC, card=MIMIC)
        s.memo[MOVED] = True
    _end_copy(ctx, seat, returned=False)
    s.marks[MIMIC] = (holder, card)
    ctx.emit("mimic-placed", PC, s.monsters[seat].id, 0 if free else MOVE_COST, card=card, by=s.monsters[holder].id)
    d = registry.get(card)
    if d is not None and d.on_buy is not None:
        d.on_buy(ctx, seat, MIMIC)


def _card_lost(ctx: Ctx, owner: int, seat: int, card: str, to: int | None = None, **kw: Any) -> None:
    mark = ctx.s.marks.get(MIMIC)
    if mark != (seat, card) or card in ctx.s.monsters[seat].cards:
        return
    if to is not None:
        ctx.s.marks[MIMIC] = (to, card)  # bought away: the token stays on the card
    else:
        _end_copy(ctx, owner, returned=True)


def _eliminated(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    mark = ctx.s.marks.get(MIMIC)
    if mark is not None and mark[0] == seat:
        _end_copy(ctx, owner, returned=True)


def _passed(ctx: Ctx, owner: int, seat: int, window: str, **kw: Any) -> None:
    if seat == owner and window == MIMIC:
        ctx.s.memo.pop(FREE, None)


define(CardDef(MIMIC, on_buy=_bought, on_lose=_lost, copies=_copies, offer=_offer, use=_use,
               prompt_windows=frozenset({Window.START, MIMIC}), describe=choices.a_monsters_card,
               hooks={"card-lost": _card_lost, "eliminated": _eliminated, "passed": _passed}))
