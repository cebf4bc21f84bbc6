"""The Mutant Evolution draft (option ``mutant-draft``): before the first turn, the Evolution decks of the monsters in
play are shuffled together and dealt 8 to each monster; each picks one card and passes the rest to its left (the
next seat), 8 times. The 8 cards a monster picked, shuffled, are its Evolution deck; then the usual initial draw
(2, keep 1). A monster may so hold and play other monsters' Evolutions.

Marks: ``evolutions:packets`` (the packets, a tuple of tuples: packet ``p`` starts with seat ``p`` and moves one
seat on each round), ``evolutions:picks:<monster>`` (the cards picked so far, in order). Picks are asked round by
round, in seat order (window ``evolution-draft``, action ``use:evo-pick:<id>``, no pass); the picks of one round
are simultaneous at the table, which the engine plays one after the other (nobody sees another's pick).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ... import options as O
from ...actions import UseCard
from ...cards.registry import EffectDef, define_effect, require_choice
from ...phases import DecisionKind
from ...rng import shuffle
from ...state import Decision, GameState
from . import core as C

if TYPE_CHECKING:
    from ...ops import Ctx

DRAFT_WINDOW = "evolution-draft"
PICK = "evo-pick"
PACKETS = "evolutions:packets"
PICKS = "picks"
PACKET_SIZE = 8


def packets(s: GameState) -> tuple[tuple[str, ...], ...]:
    """The packets still being drafted, one per monster in seat order (none once the draft is over)."""
    dealt: tuple[tuple[str, ...], ...] = s.marks.get(PACKETS, ())
    return dealt


def pool(s: GameState) -> list[str]:
    """Every Evolution of the monsters in play, deck after deck in seat order."""
    return [c for m in s.monsters for c in C.deck_of(m.id)]


def start(ctx: Ctx, dealt: Mapping[str, Sequence[str]]) -> None:
    """Deal the packets (``dealt``: monster id → its 8 cards, from the setup table; else shuffled and dealt) and
    queue the picks."""
    s = ctx.s
    if dealt:
        packets = [tuple(dealt[m.id]) for m in s.monsters]
    else:
        cards = pool(s)
        s.rng = shuffle(s.rng, cards)
        packets = [tuple(cards[i * PACKET_SIZE:(i + 1) * PACKET_SIZE]) for i in range(len(s.monsters))]
    s.marks[PACKETS] = tuple(packets)
    ctx.emit("evolutions-pooled", C.DRAFT_RULE, None, len(s.monsters) * PACKET_SIZE)
    for _ in range(PACKET_SIZE):
        for m in s.monsters:
            s.pending.append(Decision(m.seat, m.id, DecisionKind.CARD, DRAFT_WINDOW))


def packet_of(s: GameState, seat: int) -> int:
    """The packet ``seat`` holds now: it started with packet ``seat`` and receives from its right each round."""
    return (seat - len(C.pile(s, PICKS, seat))) % len(s.monsters)


def sure_picks(s: GameState, seat: int) -> tuple[str, ...]:
    """The cards sure to be in ``seat``'s deck when the draft ends: its picks, and in the last round the one card
    left in the packet it holds, which it must pick."""
    picks = C.pile(s, PICKS, seat)
    if len(picks) < PACKET_SIZE and PACKETS in s.marks:
        held = s.marks[PACKETS][packet_of(s, seat)]
        if len(held) == 1:
            return (*picks, *held)
    return picks


def _picks_made(s: GameState) -> int:
    return sum(len(C.pile(s, PICKS, m.seat)) for m in s.monsters)


def _pick_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    """Only the seat whose pick is next (round by round, in seat order) may pick."""
    if window != DRAFT_WINDOW or PACKETS not in state.marks or _picks_made(state) % len(state.monsters) != seat:
        return []
    return [UseCard(PICK, c) for c in state.marks[PACKETS][packet_of(state, seat)]]


def _pick_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    packets = list(s.marks[PACKETS])
    p = packet_of(s, seat)
    packets[p] = tuple(c for c in packets[p] if c != action.arg)
    C.add_to(s, PICKS, seat, action.arg)
    ctx.emit("evolution-picked", C.DRAFT_RULE, s.monsters[seat].id, evolution=action.arg,
             round=len(C.pile(s, PICKS, seat)))
    if any(packets):
        s.marks[PACKETS] = tuple(packets)
        return
    del s.marks[PACKETS]
    _finish(ctx)


def _finish(ctx: Ctx) -> None:
    """Every monster's picks, shuffled, become its deck; then each draws 2 and keeps 1, in seat order (asked right
    after the last pick)."""
    s = ctx.s
    choices: list[Decision] = []
    for m in s.monsters:
        deck = list(C.pile(s, PICKS, m.seat))
        C.drop_pile(s, PICKS, m.seat)
        s.rng = shuffle(s.rng, deck)
        C.set_pile(s, C.DECK, m.seat, deck)
        choice = C.draw_and_choose(ctx, m.seat, "start")
        if choice is not None:
            choices.append(choice)
    s.pending[1:1] = choices  # pending[0] is the last pick, about to be taken off


require_choice(DRAFT_WINDOW)
define_effect(EffectDef(PICK, offer=_pick_offer, use=_pick_use, prompt_windows=frozenset({DRAFT_WINDOW}),
                        offer_windows=frozenset({DRAFT_WINDOW}), option=O.MUTANT_DRAFT))
