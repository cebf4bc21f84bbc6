"""Cultists (Monster Pack 01 Cthulhu, option ``cultists``).

- Resolving a roll with four or more of the same face gives the active monster one cultist per face that reaches four
  (counted after the cards that add results, e.g. Acid Attack's smash); no stock limit. ``tokens["cultist"]``.
- A monster discards one cultist at any of its decisions, on any monster's turn, for one of:
  ``use:cultist:heart`` (heal 1, in Tokyo too, never above its maximum: offered only while it is hurt),
  ``use:cultist:energy`` (+1 energy), or ``use:cultist:reroll`` (one more roll: on its own turn while it is rolling,
  i.e. at its reroll or resolve decision).
- Like Rapid Healing, a hurt monster with a cultist is asked before a loss that would take all its life (the
  ``damage`` window: only the heart is offered there).
- Eliminated, a monster loses its cultists with its other tokens.

No setup table: monsters start without cultists (a scenario gives some with ``tokens = { cultist = 2 }``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import guards
from .. import options as O
from .. import rules as R
from ..actions import UseCard
from ..cards import common as C
from ..cards.registry import EffectDef, define_effect
from ..dice import FACES
from ..phases import Phase, Window
from ..state import GameState
from ..supply import TokenDef, define_token
from .registry import ModuleDef, define_module

if TYPE_CHECKING:
    from ..ops import Ctx

CULTIST = "cultist"  # the tokens key, and the effect's id (use:cultist:…)
CULTIST_TILES = 15  # the box holds 15 Cultist tiles (kot-facts §3.2)
define_token(TokenDef(CULTIST, most=CULTIST_TILES, option=O.CULTISTS))  # no stock limit (BGA-JA)
SAME_FACES = 4  # four of the same face give a cultist
HEART, ENERGY, REROLL = "heart", "energy", "reroll"


def cultists(state: GameState, seat: int) -> int:
    return state.monsters[seat].tokens.get(CULTIST, 0)


def _resolved(ctx: Ctx, counts: dict[str, int], **kw: Any) -> None:
    s = ctx.s
    if O.CULTISTS not in s.options:
        return
    m = s.monsters[s.active]
    faces = [face for face in FACES if counts[face] >= SAME_FACES]
    if faces and m.alive:
        m.tokens[CULTIST] = m.tokens.get(CULTIST, 0) + len(faces)
        ctx.emit("cultist-gained", R.CULTISTS, m.id, len(faces), faces=faces)


def _hurt(state: GameState, seat: int) -> bool:
    m = state.monsters[seat]
    return m.life < m.max_life


def _guard(state: GameState, seat: int) -> bool:
    return O.CULTISTS in state.options and cultists(state, seat) > 0 and _hurt(state, seat)


def _offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if O.CULTISTS not in state.options or cultists(state, seat) <= 0:
        return []
    if window == Window.DAMAGE:
        entry = guards.threat(state, seat)
        return [UseCard(CULTIST, HEART)] if entry is not None and entry[2] and _hurt(state, seat) else []
    out = [UseCard(CULTIST, HEART)] if _hurt(state, seat) else []
    out.append(UseCard(CULTIST, ENERGY))
    if state.active == seat and state.phase == Phase.ROLL and state.rolls_done > 0:
        out.append(UseCard(CULTIST, REROLL))
    return out


def _use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    m = s.monsters[seat]
    C.set_tokens(s, seat, CULTIST, cultists(s, seat) - 1)
    ctx.emit("cultist-used", R.CULTISTS, m.id, cultists(s, seat), reason=action.arg)
    if action.arg == HEART:
        ctx.heal(seat, 1, R.CULTISTS)
    elif action.arg == ENERGY:
        ctx.gain_energy(seat, 1, R.CULTISTS)
    else:
        s.rolls_left += 1  # the cultist-used event (reason "reroll") says so


define_effect(EffectDef(CULTIST, hooks={"resolved": _resolved}, offer=_offer, use=_use, guard=_guard,
                        prompt_windows=frozenset({Window.DAMAGE}), option=O.CULTISTS))


def invariants(state: GameState) -> list[str]:
    out = []
    for m in state.monsters:
        n = m.tokens.get(CULTIST, 0)
        if n < 0:
            out.append(f"{m.id}: {n} cultists")
        if n and not m.alive:
            out.append(f"{m.id}: eliminated with {n} cultists")
    return out


define_module(ModuleDef(O.CULTISTS, invariants=invariants))
