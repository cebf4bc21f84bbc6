"""Meka Dragon's Evolution deck.

| card | kind | effect | action |
|---|---|---|---|
| mecha-blast | temporary | this turn, each monster your smashes hit loses 2 more life (added before its reductions) | ``use:evo-mecha-blast`` (your turn, before your dice resolve; asked at ``before-resolve``) |
| destructive-analysis | temporary | when your dice resolve this turn: +1 energy per die showing a smash | ``use:evo-destructive-analysis`` (same timing) |
| programmed-to-destroy | permanent | another monster reaches 0 life: +3 VP, +2 energy (even if it is saved) | — |
| tune-up | temporary | before your first roll, outside Tokyo: heal 4, +2 energy, the turn goes straight to its end | ``use:evo-tune-up`` (``before-roll``) |
| breath-of-doom | permanent | your smashes wound a monster in Tokyo: every other monster outside Tokyo loses 1 life (card damage) | — |
| lightning-armor | permanent | on another monster's turn, after you lose life: you may roll one die per life lost; the active monster loses 1 life per smash | ``use:evo-lightning-armor:roll`` (asked at ``lightning-armor``) |
| claws-of-steel | permanent | on your turn, a monster your smashes would make lose 3+ life loses 1 more (before its reductions) | — |
| target-acquired | permanent | a monster wounds you: you may give it the Target token; its holder loses 1 more life each time you make it lose life | ``use:evo-target-acquired:<monster>`` (asked at ``target-acquired``) |

The extra losses are added to the loss in one ``damage`` modifier, in this order: Mecha Blast (+2), Target Acquired
(+1), then Claws of Steel (+1 if the loss is now 3 or more); the target's own reductions (Armor Plating…) come after.
The Target token is ``tokens["target"]`` on the monster that has it (one in the game).

Readings: Destructive Analysis counts the dice showing a smash as they resolve (smashes added by cards do not
count; a die whose face counts for nothing does not either); Tune-Up skips rolling, resolving, entering and buying:
the end-of-turn effects and prompts still happen.
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import options as O
from ... import rules as R
from ...actions import UseCard
from ...cards import common, registry
from ...cards.registry import CardDef, EffectDef, define_effect
from ...dice import SMASH
from ...phases import Window
from ...state import GameState
from . import core as C
from . import wounds
from .core import EvolutionDef, define_evolution, on_own_turn

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO
BEFORE_DICE_RESOLVE = on_own_turn(Window.START, Window.BEFORE_ROLL, Window.AFTER_ROLL, Window.BEFORE_RESOLVE)
MECHA_BLAST, ANALYSIS, TARGET, CLAWS = "mecha-blast", "destructive-analysis", "target-acquired", "claws-of-steel"
MECHA_EXTRA, CLAWS_AT, TARGET_TOKEN = 2, 3, "target"


def _holds(s: GameState, seat: int, evolution: str) -> bool:
    return s.monsters[seat].alive and C.piece(evolution) in s.monsters[seat].pieces


# --- the extra losses: Mecha Blast, Target Acquired, Claws of Steel --------------------------------------------
def _extra_loss(state: GameState, seat: int, n: int, by: int | None = None, rule: str = "", **kw: Any) -> int:
    if O.EVOLUTIONS not in state.options or by is None or by == seat:
        return n
    own_smash = rule == R.SMASH and by == state.active
    if own_smash and C.played_this_turn(state, by, MECHA_BLAST):
        n += MECHA_EXTRA
    if state.monsters[seat].tokens.get(TARGET_TOKEN) and _holds(state, by, TARGET):
        n += 1
    if own_smash and n >= CLAWS_AT and _holds(state, by, CLAWS):
        n += 1
    return n


define_effect(EffectDef("evo-meka-extra-loss", modifiers={"damage": _extra_loss}, option=O.EVOLUTIONS))
define_evolution(EvolutionDef(MECHA_BLAST, when=BEFORE_DICE_RESOLVE, prompt_windows=frozenset({Window.BEFORE_RESOLVE})))
define_evolution(EvolutionDef(CLAWS, card=CardDef("")))


# --- Destructive Analysis ------------------------------------------------------------------------------------
def _analysis(ctx: Ctx, counts: dict[str, int], **kw: Any) -> None:
    s = ctx.s
    if O.EVOLUTIONS in s.options and C.played_this_turn(s, s.active, ANALYSIS):
        ctx.gain_energy(s.active, min(s.dice.count(SMASH), counts[SMASH]), EVO, evolution=ANALYSIS)


define_evolution(EvolutionDef(ANALYSIS, when=BEFORE_DICE_RESOLVE, prompt_windows=frozenset({Window.BEFORE_RESOLVE}),
                              effects=[EffectDef("evo-destructive-analysis-effect", hooks={"resolved": _analysis})]))


# --- Programmed To Destroy -----------------------------------------------------------------------------------
def _programmed(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    if seat != owner:
        ctx.gain_vp(owner, 3, EVO, evolution="programmed-to-destroy")
        ctx.gain_energy(owner, 2, EVO, evolution="programmed-to-destroy")


define_evolution(EvolutionDef("programmed-to-destroy", card=CardDef("", hooks={"fallen": _programmed})))


# --- Tune-Up -------------------------------------------------------------------------------------------------
def _tune_up_when(state: GameState, seat: int, window: str) -> bool:
    return (window == Window.BEFORE_ROLL and state.active == seat and not state.rolls_done
            and not state.monsters[seat].in_tokyo)


def _tune_up(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.heal(seat, 4, EVO, evolution="tune-up")
    ctx.gain_energy(seat, 2, EVO, evolution="tune-up")
    C.skip_to_end(ctx, seat, "tune-up")


define_evolution(EvolutionDef("tune-up", play=_tune_up, when=_tune_up_when))


# --- Breath of Doom ------------------------------------------------------------------------------------------
def _breath_of_doom(ctx: Ctx, owner: int, **kw: Any) -> None:
    s = ctx.s
    if s.active != owner or not wounds.wounded_in_tokyo(s):
        return
    for t in common.others(s, owner):
        if not s.monsters[t].in_tokyo:
            ctx.damage(t, 1, EVO, by=owner, evolution="breath-of-doom")


define_evolution(EvolutionDef("breath-of-doom", card=CardDef("", hooks={"resolved": _breath_of_doom})))


# --- Lightning Armor -----------------------------------------------------------------------------------------
ARMOR = "lightning-armor"
ARMOR_WINDOW = "lightning-armor"
ARMOR_LOST = "evolutions:lightning-armor"  # memo: life lost by the holder since it was last asked


def _armor_damaged(ctx: Ctx, owner: int, seat: int, amount: int, **kw: Any) -> None:
    s = ctx.s
    if seat == owner and s.active != owner:
        s.memo[ARMOR_LOST] = s.memo.get(ARMOR_LOST, 0) + amount
        registry.ask(ctx, owner, ARMOR_WINDOW)


def _armor_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != ARMOR_WINDOW or not state.memo.get(ARMOR_LOST) or not state.monsters[state.active].alive:
        return []
    return [UseCard(C.piece(ARMOR), "roll")]


def _armor_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    faces = ctx.roll(s.memo.pop(ARMOR_LOST))
    smashes = faces.count(SMASH)
    ctx.emit("card-rolled", EVO, s.monsters[seat].id, smashes, faces=faces, evolution=ARMOR)
    ctx.damage(s.active, smashes, EVO, by=seat, evolution=ARMOR)


def _armor_passed(ctx: Ctx, owner: int, seat: int, window: str, **kw: Any) -> None:
    if seat == owner and window == ARMOR_WINDOW:
        ctx.s.memo.pop(ARMOR_LOST, None)


define_evolution(EvolutionDef(ARMOR, card=CardDef(
    "", hooks={"damaged": _armor_damaged, "passed": _armor_passed}, offer=_armor_offer, use=_armor_use,
    prompt_windows=frozenset({ARMOR_WINDOW}))))


# --- Target Acquired -----------------------------------------------------------------------------------------
TARGET_WINDOW = "target-acquired"
WOUNDED_BY = "evolutions:target-candidates"  # memo: seats that wounded the holder since it was last asked


def _target_damaged(ctx: Ctx, owner: int, seat: int, by: int | None = None, rule: str = "", **kw: Any) -> None:
    s = ctx.s
    if seat == owner and rule == R.SMASH and by is not None and by != owner:
        candidates = s.memo.get(WOUNDED_BY, ())
        if by not in candidates:
            s.memo[WOUNDED_BY] = (*candidates, by)
        registry.ask(ctx, owner, TARGET_WINDOW)


def _target_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != TARGET_WINDOW:
        return []
    return [UseCard(C.piece(TARGET), state.monsters[t].id) for t in state.memo.get(WOUNDED_BY, ())
            if state.monsters[t].alive and not state.monsters[t].tokens.get(TARGET_TOKEN)]


def _target_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    s.memo.pop(WOUNDED_BY, None)
    for m in s.monsters:
        m.tokens.pop(TARGET_TOKEN, None)
    s.monster(action.arg).tokens[TARGET_TOKEN] = 1
    ctx.emit("target-given", EVO, s.monsters[seat].id, to=action.arg, evolution=TARGET)


def _target_passed(ctx: Ctx, owner: int, seat: int, window: str, **kw: Any) -> None:
    if seat == owner and window == TARGET_WINDOW:
        ctx.s.memo.pop(WOUNDED_BY, None)


def _target_gone(ctx: Ctx, **kw: Any) -> None:
    """Once no monster has Target Acquired in play any more, the Target token leaves the game."""
    s = ctx.s
    if O.EVOLUTIONS in s.options and not any(_holds(s, m.seat, TARGET) for m in s.monsters):
        for m in s.monsters:
            m.tokens.pop(TARGET_TOKEN, None)


define_evolution(EvolutionDef(
    TARGET, card=CardDef("", hooks={"damaged": _target_damaged, "passed": _target_passed}, offer=_target_offer,
                         use=_target_use, prompt_windows=frozenset({TARGET_WINDOW})),
    effects=[EffectDef("evo-target-acquired-gone", hooks={"eliminated": _target_gone})]))
