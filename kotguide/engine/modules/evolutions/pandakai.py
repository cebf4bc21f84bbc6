"""Pandakaï's Evolution deck (the monster of the original Power Up!).

| card | kind | effect | action |
|---|---|---|---|
| panda-monium | temporary | +6 energy; every other monster +3 energy | ``use:evo-panda-monium`` (any time) |
| eats-shoots-and-leaves | temporary | on your turn, after you entered Tokyo: every monster outside Tokyo loses 2 life (card damage); +1 energy; you leave Tokyo and nobody takes your place | ``use:evo-eats-shoots-and-leaves`` (asked at ``enter``) |
| bamboozle | temporary | another monster buys a market card: the purchase is cancelled (no energy spent; that card is off limits to it this turn) and you pick another market card it can afford, which it must buy | ``use:evo-bamboozle:<card>``, or ``:none`` when it can afford no other (asked at ``bamboozle``) |
| bear-necessities | temporary | −1 VP, +2 energy, heal 2 | ``use:evo-bear-necessities`` (any time) |
| panda-express | permanent | your resolved roll shows all six faces: +2 VP and another turn after this one | — |
| bamboo-supply | permanent | at the start of your turn: put 1 energy from the bank on this card, or take all the energy on it | ``use:evo-bamboo-supply:add`` / ``:take`` (asked at ``start``) |
| pandarwinism | permanent | your resolved roll with three or more hearts: +1 VP, and +1 VP per heart beyond three | — |
| yin-yang | permanent | on your turn, before your dice resolve: turn every die to its opposite face (1↔3, 2↔heart, smash↔energy) | ``use:evo-yin-yang:flip`` (asked at ``before-resolve``) |

Readings: Bamboozle stops a ``buy`` from the market (the buyer's decision waits while its holder chooses; a pass
lets the purchase go ahead); the card it imposes is bought at its usual price and cannot be bamboozled again.
Eats, Shoots and Leaves hits the monsters outside Tokyo when it is played (its player is still in Tokyo then).
Yin & Yang turns the base dice only (not the special dice), once per turn. The energy on Bamboo Supply is not its
holder's until taken, and goes back to the bank when the card leaves play.
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import market
from ... import options as O
from ...actions import UseCard
from ...cards import common, registry
from ...cards.common import base_dice
from ...cards.registry import CardDef, EffectDef
from ...dice import ENERGY, FACES, HEART, ONE, SMASH, THREE, TWO
from ...phases import Window
from ...state import GameState
from . import core as C
from .core import EvolutionDef, define_evolution
from .kraken import just_entered

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO


# --- Panda-Monium, Bear Necessities --------------------------------------------------------------------------
def _panda_monium(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.gain_energy(seat, 6, EVO, evolution="panda-monium")
    for t in common.others(ctx.s, seat):
        ctx.gain_energy(t, 3, EVO, evolution="panda-monium")


def _bear_necessities(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.lose_vp(seat, 1, EVO, evolution="bear-necessities")
    ctx.gain_energy(seat, 2, EVO, evolution="bear-necessities")
    ctx.heal(seat, 2, EVO, evolution="bear-necessities")


define_evolution(EvolutionDef("panda-monium", play=_panda_monium))
define_evolution(EvolutionDef("bear-necessities", play=_bear_necessities))


# --- Eats, Shoots and Leaves ---------------------------------------------------------------------------------
LEAVES = "eats-shoots-and-leaves"


def _eats_shoots_and_leaves(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    for t in [t for t in common.others(s, seat) if not s.monsters[t].in_tokyo]:
        ctx.damage(t, 2, EVO, by=seat, evolution=LEAVES)
    ctx.gain_energy(seat, 1, EVO, evolution=LEAVES)
    if s.monsters[seat].alive and s.monsters[seat].in_tokyo:
        C.leave_tokyo(ctx, seat, LEAVES)


define_evolution(EvolutionDef(LEAVES, play=_eats_shoots_and_leaves, when=just_entered,
                              prompt_windows=frozenset({Window.ENTER})))


# --- Bamboozle -----------------------------------------------------------------------------------------------
BAMBOOZLE = "bamboozle"
BAMBOOZLE_WINDOW = "bamboozle"
HELD = "evolutions:bamboozle-held"  # memo: (buyer, slot) of the purchase waiting for the holder's choice
BARRED = "evolutions:bamboozle-barred"  # memo: (buyer, card) the buyer may not buy for the rest of the turn
NONE = "none"


def _holders(s: GameState, buyer: int) -> list[int]:
    return [t for t in common.others(s, buyer) if BAMBOOZLE in C.hand(s, t)]


def _hold_purchase(ctx: Ctx, seat: int, value: bool, slot: int = 0, **kw: Any) -> bool:
    """A purchase from the market waits while a monster holding Bamboozle chooses (not the purchase it imposes)."""
    s = ctx.s
    if O.EVOLUTIONS not in s.options or HELD in s.memo:
        return value
    holders = _holders(s, seat)
    if not holders:
        return value
    s.memo[HELD] = (seat, slot)
    for holder in holders:
        registry.ask(ctx, holder, BAMBOOZLE_WINDOW)
    return False


def _affordable_others(s: GameState, buyer: int, slot: int) -> dict[str, int]:
    """The other face-up cards ``buyer`` can afford, each with its slot."""
    energy = s.monsters[buyer].energy
    out: dict[str, int] = {}
    for i, card in enumerate(s.market):
        if i != slot and card is not None and card not in out and market.cost(s, buyer, card) <= energy:
            out[card] = i
    return out


def _bamboozle_when(state: GameState, seat: int, window: str) -> bool:
    return window == BAMBOOZLE_WINDOW and HELD in state.memo and state.memo[HELD][0] != seat


def _bamboozle_args(state: GameState, seat: int) -> list[str]:
    buyer, slot = state.memo[HELD]
    return list(_affordable_others(state, buyer, slot)) or [NONE]


def _bamboozle(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    buyer, slot = s.memo[HELD]
    card = s.market[slot]
    assert card is not None
    s.memo[BARRED] = (*s.memo.get(BARRED, ()), (buyer, card))
    ctx.emit("purchase-cancelled", EVO, s.monsters[buyer].id, card=card, by=s.monsters[seat].id, evolution=BAMBOOZLE)
    if arg != NONE:
        imposed = _affordable_others(s, buyer, slot)[arg]
        market.buy(ctx, buyer, imposed, evolution=BAMBOOZLE, reason="imposed")
    del s.memo[HELD]  # after the imposed purchase: it cannot be held back in turn


def _purchase_goes_ahead(ctx: Ctx, seat: int, window: str, **kw: Any) -> None:
    """The holder let the purchase be: it is made (if still possible; the buyer may have lost energy meanwhile)."""
    s = ctx.s
    if window != BAMBOOZLE_WINDOW or HELD not in s.memo:
        return
    if any(d.window == BAMBOOZLE_WINDOW for d in s.pending):
        return  # another holder still chooses (two Bamboozles, after a Mutant draft: not possible; kept safe)
    buyer, slot = s.memo[HELD]
    card = s.market[slot]
    if card is not None and market.cost(s, buyer, card) <= s.monsters[buyer].energy:
        market.buy(ctx, buyer, slot)
    del s.memo[HELD]


def _barred(state: GameState, seat: int, value: bool, card: str | None = None, **kw: Any) -> bool:
    return value and (seat, card) not in state.memo.get(BARRED, ())


define_evolution(EvolutionDef(
    BAMBOOZLE, play=_bamboozle, when=_bamboozle_when, args=_bamboozle_args,
    prompt_windows=frozenset({BAMBOOZLE_WINDOW}),
    effects=[EffectDef("evo-bamboozle-watch", filters={"buying": _hold_purchase},
                       hooks={"passed": _purchase_goes_ahead}, modifiers={"may-buy": _barred})]))


# --- Panda Express, Pandarwinism -----------------------------------------------------------------------------
def _panda_express(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> None:
    s = ctx.s
    if s.active == owner and all(counts.get(face, 0) >= 1 for face in FACES):
        ctx.gain_vp(owner, 2, EVO, evolution="panda-express")
        s.extra_turns.append((owner, C.piece("panda-express")))
        ctx.emit("extra-turn", EVO, s.monsters[owner].id, evolution="panda-express")


def _pandarwinism(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> None:
    hearts = counts.get(HEART, 0)
    if ctx.s.active == owner and hearts >= 3:
        ctx.gain_vp(owner, hearts - 2, EVO, evolution="pandarwinism")  # 1 for three, 1 more per heart beyond


define_evolution(EvolutionDef("panda-express", card=CardDef("", hooks={"resolved": _panda_express})))
define_evolution(EvolutionDef("pandarwinism", card=CardDef("", hooks={"resolved": _pandarwinism})))


# --- Bamboo Supply -------------------------------------------------------------------------------------------
SUPPLY = "bamboo-supply"
SUPPLY_ENERGY = "evolutions:bamboo-supply"  # mark: the energy on the card
SUPPLY_USED = "evolutions:bamboo-supply-used"  # memo: used this turn
ADD, TAKE = "add", "take"


def supply_energy(s: GameState) -> int:
    return int(s.marks.get(SUPPLY_ENERGY, 0))


def set_supply_energy(s: GameState, energy: int) -> None:
    """A setup's energy on Bamboo Supply."""
    s.marks[SUPPLY_ENERGY] = energy


def _supply_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != Window.START or state.active != seat or state.memo.get(SUPPLY_USED):
        return []
    return [UseCard(C.piece(SUPPLY), ADD)] + ([UseCard(C.piece(SUPPLY), TAKE)] if supply_energy(state) else [])


def _supply_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    s.memo[SUPPLY_USED] = True
    if action.arg == ADD:
        s.marks[SUPPLY_ENERGY] = supply_energy(s) + 1
        ctx.emit("card-loaded", EVO, s.monsters[seat].id, 1, evolution=SUPPLY, reason="energy")
    else:
        stored = s.marks.pop(SUPPLY_ENERGY)
        ctx.gain_energy(seat, stored, EVO, evolution=SUPPLY)


def _supply_left(ctx: Ctx, seat: int, evolution: str, **kw: Any) -> None:
    if evolution == SUPPLY:
        ctx.s.marks.pop(SUPPLY_ENERGY, None)


define_evolution(EvolutionDef(SUPPLY, card=CardDef("", offer=_supply_offer, use=_supply_use,
                                                   prompt_windows=frozenset({Window.START})),
                              effects=[EffectDef("evo-bamboo-supply-left", hooks={C.LEFT_PLAY: _supply_left})]))


# --- Yin & Yang ----------------------------------------------------------------------------------------------
YIN_YANG = "yin-yang"
YIN_YANG_USED = "evolutions:yin-yang-used"
OPPOSITE = {ONE: THREE, THREE: ONE, TWO: HEART, HEART: TWO, SMASH: ENERGY, ENERGY: SMASH}


def _yin_yang_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != Window.BEFORE_RESOLVE or state.active != seat or state.memo.get(YIN_YANG_USED):
        return []
    return [UseCard(C.piece(YIN_YANG), "flip")] if base_dice(state) else []


def _yin_yang_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    s.memo[YIN_YANG_USED] = True
    for i in base_dice(s):
        s.dice[i] = OPPOSITE[s.dice[i]]
        ctx.emit("die-changed", EVO, s.monsters[seat].id, die=i + 1, face=s.dice[i], evolution=YIN_YANG)


define_evolution(EvolutionDef(YIN_YANG, card=CardDef("", offer=_yin_yang_offer, use=_yin_yang_use,
                                                     prompt_windows=frozenset({Window.BEFORE_RESOLVE}))))
