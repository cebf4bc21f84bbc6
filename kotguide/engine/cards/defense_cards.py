"""Keep cards about life: losing less of it, healing more, a higher maximum, coming back from 0.

| card | effect | choice |
|---|---|---|
| armor-plating | a loss of exactly 1 life (one source) is ignored | — |
| camouflage | about to lose life: roll one die per life; each heart cancels 1 | — |
| wings | pay 2 energy: lose no life for the rest of this turn | ``use:wings`` (``damage``) |
| jets | in Tokyo, about to be smashed: yield now, lose no life to that attack | ``use:jets`` (``damage``) |
| rapid-healing | pay 2 energy: heal 1 life, any time (also just before reaching 0) | ``use:rapid-healing`` |
| regeneration | each time you heal, heal 1 more | — |
| even-bigger | when bought +2 life; maximum life +2 while held (at most 12; ``max-life-floor`` on leaving) | — |
| were-only-making-it-stronger | each time you lose 2 or more life at once, gain 1 energy | — |
| it-has-a-child | at 0 life: discard all your cards, lose all VP, leave Tokyo, back to 10 life; keep energy | — |

The ``damage`` window: when a monster would lose life (the engine tries the action on a copy first), it is asked
before the action takes effect, but only if it can use one of these: Wings (2 energy, not yet used this turn), Jets
(in Tokyo and smashed by the active monster), Rapid Healing (only when the loss would take all its life and it is
below its maximum). Rapid Healing is also offered at every decision of its owner while it is hurt and has 2 energy.

Order of the filters on one loss: Wings and Jets (nothing is lost), then Armor Plating (the loss as dealt is 1), then
Camouflage (roll for what is left). Camouflage rolls use the scripted dice, then the seeded RNG, like every roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import guards, tokyo
from .. import rules as R
from ..actions import UseCard
from ..dice import HEART
from ..phases import Window
from ..setup import START_LIFE
from ..state import GameState
from . import common as C
from . import registry
from .registry import CardDef, define, sources

if TYPE_CHECKING:
    from ..ops import Ctx

PC = C.PC
GUARD_COST = 2  # Wings and Rapid Healing


def _prevent(ctx: Ctx, seat: int, amount: int, card: str) -> int:
    ctx.emit("damage-prevented", PC, ctx.s.monsters[seat].id, amount, card=card)
    return 0


# --- Armor Plating, Camouflage -------------------------------------------------------------------------------------
def _armor(ctx: Ctx, owner: int, n: int, **kw: Any) -> int:
    return _prevent(ctx, owner, n, "armor-plating") if n == 1 else n


def _camouflage(ctx: Ctx, owner: int, n: int, **kw: Any) -> int:
    faces = ctx.roll(n)
    saved = min(n, faces.count(HEART))
    ctx.emit("card-rolled", PC, ctx.s.monsters[owner].id, saved, card="camouflage", faces=faces)
    return n - saved


define(CardDef("armor-plating", filters={"damage": _armor}, stack=False, order=1))
define(CardDef("camouflage", filters={"damage": _camouflage}, stack=False, order=2))


# --- Wings -------------------------------------------------------------------------------------------------------
def _shielded(state: GameState, seat: int) -> bool:
    return seat in state.memo.get("wings", ())


def _wings_ready(state: GameState, seat: int) -> bool:
    return state.monsters[seat].energy >= GUARD_COST and not _shielded(state, seat)


def _wings_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window == Window.DAMAGE and guards.threat(state, seat) and _wings_ready(state, seat):
        return [UseCard("wings")]
    return []


def _wings_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.lose_energy(seat, GUARD_COST, PC, card="wings")
    ctx.s.memo["wings"] = (*ctx.s.memo.get("wings", ()), seat)
    ctx.emit("shielded", PC, ctx.s.monsters[seat].id, card="wings")


def _wings_filter(ctx: Ctx, owner: int, n: int, **kw: Any) -> int:
    return _prevent(ctx, owner, n, "wings") if _shielded(ctx.s, owner) else n


define(CardDef("wings", offer=_wings_offer, use=_wings_use, guard=_wings_ready, filters={"damage": _wings_filter},
               prompt_windows=frozenset({Window.DAMAGE}), stack=False))


# --- Jets --------------------------------------------------------------------------------------------------------
def _jets_ready(state: GameState, seat: int) -> bool:
    return state.monsters[seat].in_tokyo and state.active != seat and tokyo.may_yield(state, seat)


def _jets_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    entry = guards.threat(state, seat)
    if window == Window.DAMAGE and entry is not None and entry[3] and _jets_ready(state, seat):
        return [UseCard("jets")]
    return []


def _jets_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.s.memo["jets"] = (*ctx.s.memo.get("jets", ()), seat)
    tokyo.yield_tokyo(ctx, seat, card="jets")


def _jets_filter(ctx: Ctx, owner: int, n: int, rule: str = "", **kw: Any) -> int:
    if rule == R.SMASH and owner in ctx.s.memo.get("jets", ()):
        return _prevent(ctx, owner, n, "jets")
    return n


define(CardDef("jets", offer=_jets_offer, use=_jets_use, guard=_jets_ready, filters={"damage": _jets_filter},
               prompt_windows=frozenset({Window.DAMAGE}), stack=False))


# --- Rapid Healing, Regeneration -----------------------------------------------------------------------------------
def _rapid_ready(state: GameState, seat: int) -> bool:
    m = state.monsters[seat]
    return m.energy >= GUARD_COST and m.life < m.max_life


def _rapid_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if not _rapid_ready(state, seat):
        return []
    if window == Window.DAMAGE:
        entry = guards.threat(state, seat)
        if entry is None or not entry[2]:
            return []
    return [UseCard("rapid-healing")]


def _rapid_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.lose_energy(seat, GUARD_COST, PC, card="rapid-healing")
    ctx.heal(seat, 1, PC, card="rapid-healing")


define(CardDef("rapid-healing", offer=_rapid_offer, use=_rapid_use, guard=_rapid_ready,
               prompt_windows=frozenset({Window.DAMAGE}), stack=False))


def _regeneration(ctx: Ctx, owner: int, seat: int, card: str | None = None, **kw: Any) -> None:
    m = ctx.s.monsters[owner]
    if seat == owner and card != "regeneration" and m.life < m.max_life:
        ctx.heal(owner, 1, PC, card="regeneration")


define(CardDef("regeneration", hooks={"healed": _regeneration}))


# --- Even Bigger -------------------------------------------------------------------------------------------------
EVEN_BIGGER = 2


def _raise_key(seat: int, card: str) -> str:
    return f"even-bigger:{seat}:{card}"


def raised_max_life(state: GameState, seat: int) -> int:
    """How much ``seat``'s Even Bigger cards (a copy by Mimic included) raise its maximum life now (a curse that
    silences Keep cards takes it back off)."""
    m = state.monsters[seat]
    default = min(EVEN_BIGGER, max(0, m.max_life - START_LIFE))  # held from the setup: assume it raised the maximum
    return sum(state.marks.get(_raise_key(seat, card), default) for card in sources(state, seat, "even-bigger"))


def _bigger_arrives(ctx: Ctx, seat: int, card: str) -> None:
    m = ctx.s.monsters[seat]
    new = min(C.MAX_LIFE_CAP, m.max_life + EVEN_BIGGER)
    ctx.s.marks[_raise_key(seat, card)] = new - m.max_life
    if new != m.max_life:
        m.max_life = new
        ctx.emit("max-life-changed", PC, m.id, new, card="even-bigger")
    ctx.heal(seat, EVEN_BIGGER, PC, card="even-bigger")


def _bigger_leaves(ctx: Ctx, seat: int, card: str) -> None:
    m = ctx.s.monsters[seat]
    default = min(EVEN_BIGGER, max(0, m.max_life - START_LIFE))  # held from the setup: assume it raised the maximum
    raised = ctx.s.marks.pop(_raise_key(seat, card), default)
    # an effect may hold the maximum up (the Full Regeneration wickedness tile: 12)
    raised = min(raised, max(0, m.max_life - registry.modify(ctx.s, "max-life-floor", seat, 0)))
    if raised:
        m.max_life -= raised
        m.life = min(m.life, m.max_life)
        ctx.emit("max-life-changed", PC, m.id, m.max_life, card="even-bigger")


def _bigger_setup(state: GameState, owner: int, value: int, **kw: object) -> int:
    """The maximum life a monster holding it can have in a setup (``limits``): 2 more, at most 12."""
    return min(C.MAX_LIFE_CAP, value + EVEN_BIGGER)


define(CardDef("even-bigger", on_buy=_bigger_arrives, on_lose=_bigger_leaves,
               modifiers={"setup-max-life": _bigger_setup}))


# --- We're Only Making It Stronger! --------------------------------------------------------------------------------
def _stronger(ctx: Ctx, owner: int, seat: int, amount: int, **kw: Any) -> None:
    if seat == owner and amount >= 2:
        ctx.gain_energy(owner, 1, PC, card="were-only-making-it-stronger")


define(CardDef("were-only-making-it-stronger", hooks={"damaged": _stronger}))


# --- It Has a Child! ---------------------------------------------------------------------------------------------
def _child(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    s = ctx.s
    m = s.monsters[owner]
    if seat != owner or m.life > 0 or registry.modify(s, "stands-at-zero", owner, False):
        return  # not at 0, or it stays in the game at 0 (the Zombie costume): no child
    for card in list(m.cards):
        if card in m.cards:
            C.discard_card(ctx, owner, card, "child")
    ctx.lose_vp(owner, m.vp, PC, card="it-has-a-child")
    if m.in_tokyo:
        C.leave_tokyo(ctx, owner, "it-has-a-child")
    m.life = min(START_LIFE, m.max_life)
    ctx.emit("reborn", PC, m.id, m.life, card="it-has-a-child")


define(CardDef("it-has-a-child", hooks={"fallen": _child}, stack=False))

