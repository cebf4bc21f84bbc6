"""Gigazaur's Evolution deck.

| card | kind | effect | action |
|---|---|---|---|
| detachable-tail | temporary | about to lose life: lose none, and no life for the rest of the turn | ``use:evo-detachable-tail`` (``damage``) |
| radioactive-waste | temporary | +2 energy, heal 1 life | ``use:evo-radioactive-waste`` (any time) |
| primal-bellow | temporary | every other monster loses 2 VP | ``use:evo-primal-bellow`` (any time) |
| saurian-adaptability | temporary | on your turn before your dice resolve: every die showing one face turns to one other face | ``use:evo-saurian-adaptability:<face>`` (asked at ``before-resolve``), then ``use:evo-choose:<face>`` |
| defender-of-tokyo | permanent | starting your turn in Tokyo: every other monster loses 1 VP | — |
| heat-vision | permanent | a monster whose smashes wound you loses 1 VP | — |
| gamma-breath | permanent | once per turn, after a roll and before your dice resolve: one die becomes a smash | ``use:evo-gamma-breath:<die>`` |
| tail-sweep | permanent | once per turn, after a roll and before your dice resolve: one die becomes a 1 or a 2 | ``use:evo-tail-sweep:<die>-<face>`` |

Readings: only base dice change (a special die such as the berserk die keeps its face); Saurian Adaptability is
played once the last roll is done (at the ``before-resolve`` window).
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import rules as R
from ...actions import UseCard
from ...cards import common
from ...cards.registry import CardDef
from ...dice import FACES, ONE, SMASH, TWO, die_kind
from ...phases import Window
from ...state import GameState
from . import core as C
from . import wounds
from .core import EvolutionDef, define_evolution

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO


def base_dice(s: GameState) -> list[int]:
    """Indices of the dice an Evolution may turn (special dice keep their faces)."""
    return [i for i, face in enumerate(s.dice) if die_kind(face) is None]


def set_die(ctx: Ctx, i: int, face: str, evolution: str) -> None:
    s = ctx.s
    s.dice[i] = face
    ctx.emit("die-changed", EVO, s.monsters[s.active].id, die=i + 1, face=face, evolution=evolution)


# --- Detachable Tail -----------------------------------------------------------------------------------------
wounds.define_shield("detachable-tail")


# --- Radioactive Waste, Primal Bellow ------------------------------------------------------------------------
def _radioactive_waste(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.gain_energy(seat, 2, EVO, evolution="radioactive-waste")
    ctx.heal(seat, 1, EVO, evolution="radioactive-waste")


def _primal_bellow(ctx: Ctx, seat: int, arg: str) -> None:
    for t in common.others(ctx.s, seat):
        ctx.lose_vp(t, 2, EVO, evolution="primal-bellow")


define_evolution(EvolutionDef("radioactive-waste", play=_radioactive_waste))
define_evolution(EvolutionDef("primal-bellow", play=_primal_bellow))


# --- Saurian Adaptability ------------------------------------------------------------------------------------
SAURIAN = "saurian-adaptability"
SAURIAN_FROM = "evolutions:saurian-from"  # memo: the face chosen, while its new face is asked


def _saurian_when(state: GameState, seat: int, window: str) -> bool:
    return window == Window.BEFORE_RESOLVE and state.active == seat


def _saurian_faces(state: GameState, seat: int) -> list[str]:
    shown = {state.dice[i] for i in base_dice(state)}
    return [face for face in FACES if face in shown]


def _saurian(ctx: Ctx, seat: int, face: str) -> None:
    ctx.s.memo[SAURIAN_FROM] = face
    C.ask_choice(ctx, seat, SAURIAN, [to for to in FACES if to != face], seat)


def _saurian_chosen(ctx: Ctx, chooser: int, player: int, to: str) -> None:
    face = ctx.s.memo.pop(SAURIAN_FROM)
    for i in base_dice(ctx.s):
        if ctx.s.dice[i] == face:
            set_die(ctx, i, to, SAURIAN)


define_evolution(EvolutionDef(SAURIAN, play=_saurian, when=_saurian_when, args=_saurian_faces,
                              prompt_windows=frozenset({Window.BEFORE_RESOLVE}), chosen=_saurian_chosen))


# --- Defender of Tokyo, Heat Vision --------------------------------------------------------------------------
def _defender(ctx: Ctx, owner: int, **kw: Any) -> None:
    s = ctx.s
    if s.active == owner and s.monsters[owner].in_tokyo:
        for t in common.others(s, owner):
            ctx.lose_vp(t, 1, EVO, evolution="defender-of-tokyo")


def _heat_vision(ctx: Ctx, owner: int, seat: int, by: int | None = None, rule: str = "", **kw: Any) -> None:
    if seat == owner and rule == R.SMASH and by is not None and by != owner:
        ctx.lose_vp(by, 1, EVO, evolution="heat-vision")


define_evolution(EvolutionDef("defender-of-tokyo", card=CardDef("", hooks={Window.START: _defender})))
define_evolution(EvolutionDef("heat-vision", card=CardDef("", hooks={"damaged": _heat_vision})))


# --- Gamma Breath, Tail Sweep --------------------------------------------------------------------------------
def _die_changer(evolution: str, faces: tuple[str, ...], with_face: bool) -> CardDef:
    """Once per turn, on its holder's turn after a roll and before its dice resolve: one die to one of ``faces``.
    The action's arg is the die (``"2"``), or the die and the face (``"2-1"``) when there is a choice of face."""
    action = C.piece(evolution)
    used = f"evolutions:used:{evolution}"

    def offer(state: GameState, seat: int, window: str) -> list[UseCard]:
        if (window not in (Window.AFTER_ROLL, Window.BEFORE_RESOLVE) or state.active != seat or not state.rolls_done
                or state.memo.get(used)):
            return []
        return [UseCard(action, f"{i}-{face}" if with_face else str(i))
                for i in base_dice(state) for face in faces if state.dice[i] != face]

    def use(ctx: Ctx, seat: int, a: UseCard) -> None:
        i, face = common.die_face_arg(ctx.s, a.arg) if with_face else (common.die_arg(ctx.s, a.arg), faces[0])
        ctx.s.memo[used] = True
        set_die(ctx, i, face, evolution)

    return CardDef("", offer=offer, use=use)


define_evolution(EvolutionDef("gamma-breath", card=_die_changer("gamma-breath", (SMASH,), with_face=False)))
define_evolution(EvolutionDef("tail-sweep", card=_die_changer("tail-sweep", (ONE, TWO), with_face=True)))
