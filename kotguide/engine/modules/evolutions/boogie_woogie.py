"""Boogie Woogie's Evolution deck (Halloween). ⚠ The source texts are drafts of the online implementation (kot-facts
§3.8): the deck's page says so.

| card | kind | effect | action |
|---|---|---|---|
| boo | temporary | on your turn, when a monster your smashes wounded chooses to stay in Tokyo: it yields after all; in your buy step, pay 1 energy to take the card back from your discard pile | ``use:evo-boo:<monster>`` (asked at ``boo``); ``use:evo-boo:back`` (buy) |
| worst-nightmare | gift | its holder, at the start of its turn: gives the card's owner 1 energy, or loses 1 life | ``use:evo-choose:pay-energy`` / ``:lose-life`` |
| i-live-under-your-bed | gift | its holder rolls one die fewer | — |
| boogie-dance | permanent | your resolved roll with four or more of one face: +1 energy or heal 1 | ``use:evo-choose:energy`` / ``:heart`` |
| well-of-shadow | temporary | heal 2 life | ``use:evo-well-of-shadow`` (any time) |
| worm-invaders | temporary | every other monster loses 2 life (card damage) | ``use:evo-worm-invaders`` (any time) |
| nightlife | permanent | heal 1 each time you enter Tokyo | — |
| dusk-ritual | temporary | in your buy step, after buying a Keep card: heal 2, +2 energy | ``use:evo-dusk-ritual`` (buy) |

Gift cards are given with ``use:evo-<id>:<monster>`` (``core``, window ``evolution-gift``).

Readings: Worst Nightmare asks nothing of a holder without energy (it loses the life); Boogie Dance counts the
faces of the resolved roll (cards' added smashes included), once per turn; Boo! makes the monster leave as a yield
(the active monster then enters the empty space as usual).
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import data, tokyo
from ...actions import UseCard
from ...cards import common, registry
from ...cards.registry import CardDef, EffectDef
from ...dice import HEART
from ...phases import Window
from ...state import GameState
from . import core as C
from .core import EvolutionDef, define_evolution

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO


# --- Boo! ----------------------------------------------------------------------------------------------------
BOO, BOO_WINDOW, BOO_PRICE = "boo", "boo", 1
STAYED = "evolutions:stayed"  # memo: monsters wounded by the active monster that chose to stay, not yet booed


def _stayed(ctx: Ctx, seat: int, **kw: Any) -> None:
    s = ctx.s
    if seat in s.hit and BOO in C.hand(s, s.active):
        s.memo[STAYED] = (*s.memo.get(STAYED, ()), seat)
        registry.ask(ctx, s.active, BOO_WINDOW)


def _boo_when(state: GameState, seat: int, window: str) -> bool:
    return window == BOO_WINDOW and state.active == seat


def _boo_targets(state: GameState, seat: int) -> list[str]:
    return [state.monsters[t].id for t in state.memo.get(STAYED, ())
            if state.monsters[t].alive and state.monsters[t].in_tokyo]


def _boo(ctx: Ctx, seat: int, monster: str) -> None:
    s = ctx.s
    target = s.monster(monster).seat
    s.memo[STAYED] = tuple(t for t in s.memo.get(STAYED, ()) if t != target)
    tokyo.yield_tokyo(ctx, target, evolution=BOO)


def _boo_passed(ctx: Ctx, seat: int, window: str, **kw: Any) -> None:
    if window == BOO_WINDOW:
        ctx.s.memo.pop(STAYED, None)


def _take_back_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if (window != Window.BUY or state.active != seat or BOO not in C.pile(state, C.DISCARD, seat)
            or state.monsters[seat].energy < BOO_PRICE):
        return []
    return [UseCard(C.piece(BOO), C.TAKE_BACK)]


def _take_back(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    ctx.lose_energy(seat, BOO_PRICE, EVO, evolution=BOO)
    C.remove_from(s, C.DISCARD, seat, BOO)
    C.keep(ctx, seat, BOO)


define_evolution(EvolutionDef(BOO, play=_boo, when=_boo_when, args=_boo_targets,
                              prompt_windows=frozenset({BOO_WINDOW}), take_back=(_take_back_offer, _take_back),
                              effects=[EffectDef("evo-boo-stayed", hooks={"stayed": _stayed, "passed": _boo_passed})]))


# --- Worst Nightmare, I Live Under Your Bed (gifts) ------------------------------------------------------------
NIGHTMARE = "worst-nightmare"


def _nightmare_start(ctx: Ctx, holder: int, **kw: Any) -> None:
    owner = C.gift_owner(ctx.s, holder, NIGHTMARE)
    if ctx.s.active == holder and owner is not None:
        C.demand_energy(ctx, holder, owner, NIGHTMARE, "lose-life")


define_evolution(EvolutionDef(NIGHTMARE, chosen=C.demand_chosen(NIGHTMARE),
                              card=CardDef("", hooks={Window.START: _nightmare_start})))


def _one_die_fewer(state: GameState, holder: int, value: int, **kw: Any) -> int:
    return value - 1


define_evolution(EvolutionDef("i-live-under-your-bed", card=CardDef("", modifiers={"dice-count": _one_die_fewer})))


# --- Boogie Dance --------------------------------------------------------------------------------------------
DANCE, ENERGY = "boogie-dance", "energy"


def _dance(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> None:
    if ctx.s.active == owner and any(n >= 4 for n in counts.values()):
        C.ask_choice(ctx, owner, DANCE, [ENERGY, HEART], owner)


def _dance_chosen(ctx: Ctx, chooser: int, player: int, option: str) -> None:
    if option == ENERGY:
        ctx.gain_energy(chooser, 1, EVO, evolution=DANCE)
    else:
        ctx.heal(chooser, 1, EVO, evolution=DANCE)


define_evolution(EvolutionDef(DANCE, chosen=_dance_chosen, card=CardDef("", hooks={"resolved": _dance})))


# --- Well of Shadow, Worm Invaders, Nightlife! ---------------------------------------------------------------
def _well_of_shadow(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.heal(seat, 2, EVO, evolution="well-of-shadow")


def _worm_invaders(ctx: Ctx, seat: int, arg: str) -> None:
    for t in common.others(ctx.s, seat):
        ctx.damage(t, 2, EVO, by=seat, evolution="worm-invaders")


define_evolution(EvolutionDef("well-of-shadow", play=_well_of_shadow))
define_evolution(EvolutionDef("worm-invaders", play=_worm_invaders))
define_evolution(EvolutionDef("nightlife", card=C.heal_on_entering("nightlife")))


# --- Dusk Ritual ---------------------------------------------------------------------------------------------
RITUAL = "dusk-ritual"
BOUGHT_KEEP = "evolutions:bought-keep"  # memo: the active monster bought a Keep card this turn


def _bought(ctx: Ctx, seat: int, card: str, **kw: Any) -> None:
    if seat == ctx.s.active and card in data.cards() and data.cards()[card].type == "keep":
        ctx.s.memo[BOUGHT_KEEP] = True


def _ritual_when(state: GameState, seat: int, window: str) -> bool:
    return window == Window.BUY and state.active == seat and bool(state.memo.get(BOUGHT_KEEP))


def _dusk_ritual(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.heal(seat, 2, EVO, evolution=RITUAL)
    ctx.gain_energy(seat, 2, EVO, evolution=RITUAL)


define_evolution(EvolutionDef(RITUAL, play=_dusk_ritual, when=_ritual_when,
                              effects=[EffectDef("evo-dusk-ritual-bought", hooks={"bought": _bought})]))
