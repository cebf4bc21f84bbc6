"""Keep cards that change the dice: how many, how many rolls, and dice turned or rolled again.

| card | effect | choice (``use:CARD:ARG``) |
|---|---|---|
| extra-head | one more die (two copies: 8 dice) | — |
| giant-brain | one more roll each turn | — |
| background-dweller | reroll any die showing 3, even with no rolls left | ``use:background-dweller:I`` |
| energy-drink | pay 1 energy: one more roll (repeatable) | ``use:energy-drink`` |
| smoke-cloud | arrives with 3 Smoke tokens; spend one: one more roll; discarded when empty | ``use:smoke-cloud`` |
| herd-culler | once per turn, after the last roll: turn a die into a 1 | ``use:herd-culler:I`` |
| plot-twist | after the last roll: turn a die to any face, then discard the card | ``use:plot-twist:I-FACE`` |
| stretchy | after the last roll: pay 2 energy to turn a die to any face (repeatable) | ``use:stretchy:I-FACE`` |
| psychic-probe | after another monster's last roll: reroll one of its dice; heart → discard | ``use:psychic-probe:I`` |

``I`` is the die's 0-based index (as in ``reroll:`` codes; the site shows it 1-based); ``FACE`` one of ``1 2 3 heart
energy smash``.

When offered: the extra rolls (Energy Drink, Smoke Cloud) only when the active owner has no roll left (before that
they could not matter); Background Dweller while the owner is still rolling (reroll and resolve decisions). The
"after the last roll" cards prompt at the ``before-resolve`` window, once the owner has chosen to resolve: first
the other monsters (Psychic Probe), then the active monster (Herd Culler, Plot Twist, Stretchy), so a probed die can
still be fixed. A copy carried by Mimic that must be discarded (Plot Twist used, Psychic Probe rolling a heart, the
last Smoke token spent) discards Mimic, the card acting as it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import UseCard
from ..phases import Phase, Window
from ..state import GameState
from . import choices
from . import common as C
from .registry import CardDef, define, sources

if TYPE_CHECKING:
    from ..ops import Ctx

PC = C.PC


def _plus_one(state: GameState, owner: int, value: int, **kw: object) -> int:
    return value + 1


define(CardDef("extra-head", modifiers={"dice-count": _plus_one}))
define(CardDef("giant-brain", modifiers={"rolls": _plus_one}))


def _rolling(state: GameState, seat: int) -> bool:
    """``seat`` is the active monster, has rolled, and has not chosen to resolve."""
    return state.active == seat and state.phase == Phase.ROLL and state.rolls_done > 0


def _after_last_roll(state: GameState, window: str) -> bool:
    return window == Window.BEFORE_RESOLVE and state.phase == Phase.RESOLVE


# --- Background Dweller ----------------------------------------------------------------------------------------
def _dweller_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window not in (Window.AFTER_ROLL, Window.BEFORE_RESOLVE) or not _rolling(state, seat):
        return []
    return [UseCard("background-dweller", str(i)) for i, face in enumerate(state.dice) if face == "3"]


def _dweller_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    C.reroll_die(ctx, C.die_arg(ctx.s, action.arg), "background-dweller")


define(CardDef("background-dweller", offer=_dweller_offer, use=_dweller_use, describe=choices.a_die, stack=False))


# --- one more roll ---------------------------------------------------------------------------------------------
def _out_of_rolls(state: GameState, seat: int) -> bool:
    return _rolling(state, seat) and state.rolls_left == 0


def _drink_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if _out_of_rolls(state, seat) and state.monsters[seat].energy >= 1:
        return [UseCard("energy-drink")]
    return []


def _drink_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.lose_energy(seat, 1, PC, card="energy-drink")
    ctx.s.rolls_left += 1
    ctx.emit("extra-roll", PC, ctx.s.monsters[seat].id, card="energy-drink")


define(CardDef("energy-drink", offer=_drink_offer, use=_drink_use, stack=False))

SMOKE = C.LoadedCounter("smoke-cloud", "smoke", 3, reason="smoke")


def _smoke_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if not _out_of_rolls(state, seat):
        return []
    tokens = state.monsters[seat].tokens
    if any(tokens.get(SMOKE.key(src), 0) > 0 for src in sources(state, seat, "smoke-cloud")):
        return [UseCard("smoke-cloud")]
    return []


def _smoke_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    m = s.monsters[seat]
    src = next(src for src in sources(s, seat, "smoke-cloud") if m.tokens.get(SMOKE.key(src), 0) > 0)
    left = m.tokens[SMOKE.key(src)] - 1
    C.set_tokens(s, seat, SMOKE.key(src), left)
    s.rolls_left += 1
    ctx.emit("extra-roll", PC, m.id, left, card="smoke-cloud")
    if left == 0:
        C.discard_card(ctx, seat, src, "empty")


define(CardDef("smoke-cloud", on_buy=SMOKE.arrives, on_lose=SMOKE.leaves, offer=_smoke_offer, use=_smoke_use,
               stack=False))


# --- after the last roll: dice turned ----------------------------------------------------------------------------
def _culler_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if state.active != seat or not _after_last_roll(state, window):
        return []
    if state.memo.get("herd-culler", 0) >= len(sources(state, seat, "herd-culler")):
        return []
    return [UseCard("herd-culler", str(i)) for i in C.base_dice(state) if state.dice[i] != "1"]


def _culler_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.s.memo["herd-culler"] = ctx.s.memo.get("herd-culler", 0) + 1
    C.set_die(ctx, C.die_arg(ctx.s, action.arg), "1", "herd-culler")


define(CardDef("herd-culler", offer=_culler_offer, use=_culler_use, prompt_windows=frozenset({Window.BEFORE_RESOLVE}),
               describe=choices.a_die, stack=False))


def _twist_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if state.active != seat or not _after_last_roll(state, window):
        return []
    return C.die_face_offers(state, "plot-twist")


def _twist_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    i, face = C.die_face_arg(ctx.s, action.arg)
    C.set_die(ctx, i, face, "plot-twist")
    C.discard_card(ctx, seat, sources(ctx.s, seat, "plot-twist")[0], "used")


def _twist_describe(state: GameState, seat: int, arg: str) -> dict[str, Any]:
    return {**choices.a_die_and_face(state, seat, arg), "card": "plot-twist"}


define(CardDef("plot-twist", offer=_twist_offer, use=_twist_use, prompt_windows=frozenset({Window.BEFORE_RESOLVE}),
               describe=_twist_describe, stack=False))

STRETCHY_COST = 2


def _stretchy_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if state.active != seat or not _after_last_roll(state, window):
        return []
    if state.monsters[seat].energy < STRETCHY_COST:
        return []
    return C.die_face_offers(state, "stretchy")


def _stretchy_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    i, face = C.die_face_arg(ctx.s, action.arg)
    ctx.lose_energy(seat, STRETCHY_COST, PC, card="stretchy")
    C.set_die(ctx, i, face, "stretchy")


define(CardDef("stretchy", offer=_stretchy_offer, use=_stretchy_use, prompt_windows=frozenset({Window.BEFORE_RESOLVE}),
               describe=choices.a_die_and_face, stack=False))


# --- Psychic Probe -----------------------------------------------------------------------------------------------
def _probe_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if state.active == seat or not _after_last_roll(state, window):
        return []
    used = state.memo.get(f"psychic-probe:{seat}", 0)
    if used >= len(sources(state, seat, "psychic-probe")):
        return []
    return [UseCard("psychic-probe", str(i)) for i in C.rerollable_dice(state)]


def _probe_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    key = f"psychic-probe:{seat}"
    used = s.memo.get(key, 0)
    s.memo[key] = used + 1
    face = C.reroll_die(ctx, C.die_arg(s, action.arg), "psychic-probe", by=seat)
    if face == "heart":
        srcs = sources(s, seat, "psychic-probe")
        C.discard_card(ctx, seat, srcs[min(used, len(srcs) - 1)], "heart")


def _probe_describe(state: GameState, seat: int, arg: str) -> dict[str, Any]:
    return {**choices.a_die(state, seat, arg), "monster": state.active_monster.id}  # the die of whose turn it is


define(CardDef("psychic-probe", offer=_probe_offer, use=_probe_use, prompt_windows=frozenset({Window.BEFORE_RESOLVE}),
               describe=_probe_describe, stack=False))
