"""Berserk (Cybertooth pack, option ``berserk``): kot-facts §3.5, section ``berserk`` (狂乱モード).

- A monster whose dice resolve with 4 or more smash results goes berserk (``tokens["berserk"] = 1``). Smashes added
  by cards count (Acid Attack…), extra damage does not (Fire Breathing…), and it counts even if nobody loses life
  (no target, Wings, Armor Plating): it is the number of smash results, checked once the roll has fully resolved.
- A berserk monster rolls the berserk die (狂乱ダイス) with its dice on each of its turns, after its base dice
  (``state.dice[-1]``), kept and rerolled like them. Faces: smash, smash, 2smash, energy, 2energy, skull. Its smash
  and energy results join the roll's (so they count for going berserk and for every card that counts results).
- Skull: the monster loses 1 life when its dice resolve, after the smash step (numbers → hearts → energy → smash →
  skull): the berserk attack lands first, and the roll's own hearts cannot make up for it. It is a loss like any
  other (Armor Plating ignores it; at 0 life the monster is eliminated).
- Healing ends berserk: any gain of life, from hearts or anything else (Rapid Healing, Eternal…). Hearts that heal
  nothing (in Tokyo, at full life, spent on Poison tokens) do not end it. The monster can go berserk again, even in
  the same roll: hearts resolve before smash. A berserk die already rolled stays in this turn's roll.

Events (rule ``berserk``): ``berserk-started`` (amount: the smash results), ``berserk-ended`` (reason ``healed``),
``berserk-skull``, then the ``damaged`` event of the skull (reason ``skull``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import options as O
from .. import rules as R
from ..cards.registry import EffectDef, define_effect
from ..dice import ENERGY, SMASH, define_die
from ..state import GameState
from ..supply import TokenDef, define_token
from .registry import ModuleDef, define_module

if TYPE_CHECKING:
    from ..ops import Ctx

DIE = "berserk"
TOKEN = "berserk"
define_token(TokenDef(TOKEN, most=1, option=O.BERSERK))  # 1: the monster is berserk
THRESHOLD = 4  # smash results that make a monster berserk
SKULL = f"{DIE}:skull"
# what each face of the berserk die adds to the roll's results
RESULTS: Mapping[str, Mapping[str, int]] = {
    f"{DIE}:smash": {SMASH: 1},
    f"{DIE}:2smash": {SMASH: 2},
    f"{DIE}:energy": {ENERGY: 1},
    f"{DIE}:2energy": {ENERGY: 2},
    SKULL: {},
}
define_die(DIE, ("smash", "smash", "2smash", "energy", "2energy", "skull"))


def is_berserk(state: GameState, seat: int) -> bool:
    return state.monsters[seat].tokens.get(TOKEN, 0) > 0


def _special_dice(state: GameState, seat: int, kinds: tuple[str, ...], **kw: Any) -> tuple[str, ...]:
    if O.BERSERK in state.options and is_berserk(state, seat):
        return (*kinds, DIE)
    return kinds


def _die_results(state: GameState, seat: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    if O.BERSERK not in state.options or seat != state.active:
        return counts
    for face in state.dice:
        for result, n in RESULTS.get(face, {}).items():
            counts = {**counts, result: counts[result] + n}
    return counts


def _end_on_heal(ctx: Ctx, seat: int, **kw: Any) -> None:
    s = ctx.s
    if O.BERSERK in s.options and is_berserk(s, seat):
        del s.monsters[seat].tokens[TOKEN]
        ctx.emit("berserk-ended", R.BERSERK, s.monsters[seat].id, reason="healed")


def _resolved(ctx: Ctx, counts: Mapping[str, int], **kw: Any) -> None:
    s = ctx.s
    if O.BERSERK not in s.options:
        return
    seat = s.active
    m = s.monsters[seat]
    skulls = s.dice.count(SKULL)
    if skulls and m.alive:
        ctx.emit("berserk-skull", R.BERSERK, m.id, skulls)
        ctx.damage(seat, skulls, R.BERSERK, reason="skull")
    if m.alive and counts[SMASH] >= THRESHOLD and not is_berserk(s, seat):
        m.tokens[TOKEN] = 1
        ctx.emit("berserk-started", R.BERSERK, m.id, counts[SMASH])


define_effect(EffectDef(
    DIE,
    hooks={"healed": _end_on_heal, "resolved": _resolved},
    modifiers={"special-dice": _special_dice, "counts": _die_results}, option=O.BERSERK
))


def _invariants(state: GameState) -> list[str]:
    out: list[str] = []
    for m in state.monsters:
        if m.tokens.get(TOKEN, 1) != 1:
            out.append(f"{m.id}: berserk token {m.tokens[TOKEN]} (0 or 1)")
    rolled = [face for face in state.dice if face.startswith(f"{DIE}:")]
    if len(rolled) > 1:
        out.append(f"{len(rolled)} berserk dice rolled")
    return out


define_module(ModuleDef(id=O.BERSERK, invariants=_invariants))
