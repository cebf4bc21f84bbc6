"""Tokyo Tower (Monster Pack 02 King Kong, option ``tokyo-tower``).

The Tower has three levels (bottom, middle, top), shared pieces held by at most one monster each.

- A monster in Tokyo whose resolved roll has four or more 1s takes the lowest level it does not hold, from the supply
  or from the monster holding it (one level per roll, however many 1s).
- At the start of its turn a monster gains, for each level it holds: bottom 1 heart; middle 1 heart and 1 energy
  (both: 2 hearts and 1 energy), in Tokyo too (these hearts are not dice), never above its maximum.
- Taking the top level wins the game at once (outcome reason ``tokyo-tower``): the game ends there, the rest of the
  turn and the end-of-turn win check are not played, even if another monster has 20 VP.
- An eliminated monster's levels go back to the supply.

Kotguide's reading (decisions.md): the bottom level gives 1 heart, as the online implementation and its English help
say; the Japanese help gives 1 energy for it.

Where the levels are: ``state.marks["tokyo-tower:levels"]``, a tuple (bottom, middle, top) of seats or None; the site
reads ``holders(state)``. Setup table ``[setup.modules.tokyo-tower]``: ``levels = { bottom = "the-king", middle =
"gigazaur" }`` (monster ids of the game; the top level cannot be given: its holder would have won).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import options as O
from .. import rules as R
from ..cards.registry import EffectDef, define_effect
from ..errors import InvalidSetup, Problems
from ..phases import Window
from ..state import GameState, Outcome
from .registry import ModuleDef, define_module

if TYPE_CHECKING:
    from ..ops import Ctx
    from ..setup import Setup

BOTTOM, MIDDLE, TOP = "bottom", "middle", "top"
LEVELS: tuple[str, ...] = (BOTTOM, MIDDLE, TOP)
MARK = "tokyo-tower:levels"
ONES = 4  # four 1s take a level
WIN_REASON = "tokyo-tower"
Holders = tuple[int | None, ...]
_EMPTY: Holders = (None, None, None)


def _holders(state: GameState) -> Holders:
    held: Holders = state.marks.get(MARK, _EMPTY)
    return held


def holders(state: GameState) -> dict[str, str | None]:
    """Each level and the id of the monster holding it (None: in the supply)."""
    return {level: None if seat is None else state.monsters[seat].id
            for level, seat in zip(LEVELS, _holders(state), strict=True)}


def levels_of(state: GameState, seat: int) -> list[str]:
    return [level for level, holder in zip(LEVELS, _holders(state), strict=True) if holder == seat]


def _which(levels: list[str]) -> str:
    """The events' ``reason``: "bottom", "middle" or "both" (the levels a monster can hold while the game goes on)."""
    return levels[0] if len(levels) == 1 else "both"


# --- setup -------------------------------------------------------------------------------------------------------
def _given(table: Mapping[str, Any]) -> Mapping[str, Any]:
    raw = table.get("levels", {})
    if not isinstance(raw, Mapping):
        raise InvalidSetup("bad-field", field="levels", reason="a table of level = monster id")
    return raw


def validate(setup: Setup, table: Mapping[str, Any]) -> None:
    found, at = Problems(), ("modules", O.TOKYO_TOWER)
    for key in table:
        if key != "levels":
            found.add("unknown-key", (*at, key), key=key, where="the tokyo-tower table")
    ids = {m.id for m in setup.monsters}
    for level, monster in _given(table).items():
        if level not in (BOTTOM, MIDDLE):
            found.add("bad-field", (*at, "levels", level), field=f"levels.{level}",
                      reason="a level is bottom or middle (whoever holds the top has won)")
        elif not isinstance(monster, str) or monster not in ids:
            found.add("unknown-monster", (*at, "levels", level), monster=str(monster)[:40])
    found.check()


def init(ctx: Ctx, table: Mapping[str, Any]) -> None:
    s = ctx.s
    given = _given(table)
    if given:
        seats = {m.id: m.seat for m in s.monsters}
        s.marks[MARK] = tuple(seats[given[level]] if level in given else None for level in LEVELS)


# --- taking a level ------------------------------------------------------------------------------------------------
def _resolved(ctx: Ctx, counts: dict[str, int], **kw: Any) -> None:
    s = ctx.s
    if O.TOKYO_TOWER not in s.options:
        return
    seat = s.active
    m = s.monsters[seat]
    if not m.alive or not m.in_tokyo or counts["1"] < ONES:
        return
    held = _holders(s)
    level = next(i for i, holder in enumerate(held) if holder != seat)  # the top is never held: its taker won
    before = held[level]
    s.marks[MARK] = (*held[:level], seat, *held[level + 1:])
    data: dict[str, Any] = {}
    if before is not None:
        data["by"] = s.monsters[before].id
        ctx.emit("tower-level-lost", R.TOKYO_TOWER, data["by"], reason=LEVELS[level], by=m.id)
    ctx.emit("tower-level-taken", R.TOKYO_TOWER, m.id, reason=LEVELS[level], **data)
    if LEVELS[level] == TOP:
        s.outcome = Outcome((m.id,), WIN_REASON)
        ctx.emit("game-over", R.VICTORY, None, winners=[m.id], reason=WIN_REASON, shared=False)


# --- the bonus at the start of the turn ------------------------------------------------------------------------
def _start(ctx: Ctx, **kw: Any) -> None:
    s = ctx.s
    if O.TOKYO_TOWER not in s.options:
        return
    seat = s.active
    mine = levels_of(s, seat)
    if not mine or not s.monsters[seat].alive:
        return
    ctx.emit("tower-bonus", R.TOKYO_TOWER, s.monsters[seat].id, reason=_which(mine))
    ctx.heal(seat, len(mine), R.TOKYO_TOWER)  # bottom and middle: 1 heart each
    if MIDDLE in mine:
        ctx.gain_energy(seat, 1, R.TOKYO_TOWER)


# --- elimination -----------------------------------------------------------------------------------------------
def _eliminated(ctx: Ctx, seat: int, **kw: Any) -> None:
    s = ctx.s
    if O.TOKYO_TOWER not in s.options:
        return
    mine = levels_of(s, seat)
    if mine:
        s.marks[MARK] = tuple(None if holder == seat else holder for holder in _holders(s))
        ctx.emit("tower-levels-returned", R.TOKYO_TOWER, s.monsters[seat].id, reason=_which(mine))


define_effect(EffectDef("tokyo-tower", hooks={"resolved": _resolved, Window.START: _start, "eliminated": _eliminated},
                        option=O.TOKYO_TOWER))


def invariants(state: GameState) -> list[str]:
    out = []
    held = _holders(state)
    if len(held) != len(LEVELS):
        return [f"Tokyo Tower: {held!r} is not one holder per level"]
    for level, seat in zip(LEVELS, held, strict=True):
        if seat is not None and not state.monsters[seat].alive:
            out.append(f"Tokyo Tower: eliminated {state.monsters[seat].id} holds the {level} level")
    won = state.outcome is not None and state.outcome.reason == WIN_REASON
    if won != (held[-1] is not None):
        out.append("Tokyo Tower: the top level is held but the game goes on, or the Tower won without it")
    return out


define_module(ModuleDef(O.TOKYO_TOWER, validate=validate, init=init, invariants=invariants))
