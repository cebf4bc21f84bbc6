"""Curses that strike at the start of each turn, and curses about life and Power cards.

| curse | permanent | ankh | snake |
|---|---|---|---|
| set-storm | the active monster loses 1 life at the start of its turn | +2 life | lose 1 life |
| builders-uprising | the active monster loses 2 VP at the start of its turn | outside Tokyo: an extra turn after this one, without the die of fate | lose 2 VP |
| ordeal-of-the-mighty | start of each turn: the monster(s) with the most life lose 1 life | +2 life | the monster(s) with the most life lose 1 life |
| ordeal-of-the-wealthy | start of each turn: the monster(s) with the most VP lose 1 VP | +2 VP | the monster(s) with the most VP lose 1 VP |
| ordeal-of-the-spiritual | start of each turn: the monster(s) with the most energy lose 1 energy | +2 energy | the monster(s) with the most energy lose 1 energy |
| bow-before-ra | maximum life 8 (life above 8 drops to 8 when it is revealed) | +2 life | lose 2 life |
| inadequate-offering | Power cards cost 2 energy more | take the top card of the deck for free | discard one of your Keep cards |
| gaze-of-the-sphinx | Keep cards (and pieces other than wickedness tiles: permanent Evolutions) have no effect: Even Bigger's raise is off, a monster kept at 0 life by the Zombie is out when it is revealed | +3 energy (with Evolutions: or draw an Evolution) | lose 3 energy (with Evolutions: or discard one of yours, in hand or in play) |

Start-of-turn losses come after the Tokyo reward and the cards' start-of-turn effects. "The most" is among the
living monsters, ties all lose, and nobody loses when the most is 0. A card taken from the deck is not bought
(Keep: to the monster, arrival effect included; Discard: its effect, then the discard pile).
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import events, market
from ... import options as O
from ...cards.defense_cards import raised_max_life
from ...cards.registry import silence
from ...ops import max_life, stands_at_zero
from ...phases import Window
from ...state import GameState
from ..evolutions import core as EC
from . import choices, core
from .core import RULE, define_curse
from .scarab_curses import discard_a_keep_card

if TYPE_CHECKING:
    from ...ops import Ctx

BOW_MAX_LIFE = 8


def _at_start(effect: core.FateEffect) -> Any:
    def hook(ctx: Ctx, **kw: Any) -> None:
        effect(ctx, ctx.s.active)
    return hook


define_curse("set-storm", ankh=core.heal("set-storm", 2), snake=core.lose_life("set-storm", 1),
             hooks={Window.START: _at_start(core.lose_life("set-storm", 1))})


def _builders_ankh(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    if not s.monsters[seat].in_tokyo:
        s.extra_turns.append((seat, "builders-uprising"))
        ctx.emit("curse-extra-turn", RULE, s.monsters[seat].id, curse="builders-uprising")


define_curse("builders-uprising", ankh=_builders_ankh, snake=core.lose_vp("builders-uprising", 2),
             hooks={Window.START: _at_start(core.lose_vp("builders-uprising", 2))})


# --- the ordeals ----------------------------------------------------------------------------------------------------
def _ordeal(curse: str, stat: str, lose: Any) -> core.FateEffect:
    def effect(ctx: Ctx, seat: int) -> None:
        s = ctx.s
        alive = [m for m in s.monsters if m.alive]
        most = max(getattr(m, stat) for m in alive)
        if most > 0:
            for m in alive:
                if getattr(m, stat) == most:
                    lose(ctx, m.seat)
    return effect


for _curse, _stat, _lose, _bonus in (
    ("ordeal-of-the-mighty", "life", core.lose_life, core.heal),
    ("ordeal-of-the-wealthy", "vp", core.lose_vp, core.gain_vp),
    ("ordeal-of-the-spiritual", "energy", core.lose_energy, core.gain_energy),
):
    _strike = _ordeal(_curse, _stat, _lose(_curse, 1))
    define_curse(_curse, ankh=_bonus(_curse, 2), snake=_strike, hooks={Window.START: _at_start(_strike)})


# --- life and Power cards -------------------------------------------------------------------------------------------
def _at_most_eight(state: GameState, seat: int, value: int, **kw: Any) -> int:
    return min(value, BOW_MAX_LIFE)


def cap_life(curse: str) -> Any:
    """When the curse comes into force, life above the new maximum drops to it."""
    def revealed(ctx: Ctx) -> None:
        for m in ctx.s.monsters:
            top = max_life(ctx.s, m.seat)
            if m.alive and m.life > top:
                m.life = top
                ctx.emit("life-capped", RULE, m.id, top, curse=curse)
    return revealed


define_curse("bow-before-ra", ankh=core.heal("bow-before-ra", 2), snake=core.lose_life("bow-before-ra", 2),
             modifiers={"max-life": _at_most_eight}, revealed=cap_life("bow-before-ra"))


def _dearer(state: GameState, seat: int, cost: int, **kw: Any) -> int:
    return cost + 2


def _free_card(ctx: Ctx, seat: int) -> None:
    card = market.draw(ctx)
    if card is not None:
        ctx.emit("curse-card-drawn", RULE, ctx.s.monsters[seat].id, card=card, curse="inadequate-offering")
        market.take(ctx, seat, card, bought=False)  # drawn free: not a purchase (Media-Friendly gives nothing)


define_curse("inadequate-offering", ankh=_free_card, snake=discard_a_keep_card("inadequate-offering"),
             modifiers={"cost": _dearer})

# --- Gaze of the Sphinx ----------------------------------------------------------------------------------------------
SPHINX = "gaze-of-the-sphinx"
SPHINX_ENERGY = 3
SPHINX_DRAW = "sphinx"  # the reason of its evolutions-drawn event (what a table game gives as evolution:M.ID)
events.extend("evolutions-drawn", rules=(RULE,))


def _sphinx_revealed(ctx: Ctx) -> None:
    """Keep cards stop working: life above a maximum raised by Even Bigger drops, and a monster kept in the game at 0
    life by a Keep card (the Zombie costume) is out."""
    cap_life(SPHINX)(ctx)
    s = ctx.s
    for m in s.monsters:
        if m.alive and m.life == 0 and not stands_at_zero(s, m.seat):
            ctx.eliminate(m.seat)


def _unraised(state: GameState, seat: int, value: int, **kw: Any) -> int:
    return value - raised_max_life(state, seat)


def _sphinx_ankh(ctx: Ctx, seat: int) -> None:
    if O.EVOLUTIONS in ctx.s.options:
        choices.ask(ctx, seat, "curse-sphinx", SPHINX, required=True)
    else:
        ctx.gain_energy(seat, SPHINX_ENERGY, RULE, curse=SPHINX)


def _sphinx_snake(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    if O.EVOLUTIONS in s.options and (EC.hand(s, seat) or EC.in_play(s, seat)):
        choices.ask(ctx, seat, "curse-sphinx", SPHINX, required=True)
    else:
        ctx.lose_energy(seat, SPHINX_ENERGY, RULE, curse=SPHINX)


def _sphinx_options(s: GameState, seat: int, r: choices.Record) -> list[str]:
    """With Evolutions in play: the ankh draws an Evolution or gives 3 energy; the snake discards one of your
    Evolutions (``hand.ID`` or ``play.ID``) or costs 3 energy."""
    if core.fate_is(s, core.ANKH, SPHINX):
        return ["evolution", "energy"]
    return ["energy", *(f"hand.{e}" for e in dict.fromkeys(EC.hand(s, seat))),
            *(f"play.{e}" for e in EC.in_play(s, seat))]


def _sphinx_choice(ctx: Ctx, seat: int, arg: str, r: choices.Record) -> None:
    s = ctx.s
    where, _, evolution = arg.partition(".")
    if arg == "energy" and core.fate_is(s, core.ANKH, SPHINX):
        ctx.gain_energy(seat, SPHINX_ENERGY, RULE, curse=SPHINX)
    elif arg == "energy":
        ctx.lose_energy(seat, SPHINX_ENERGY, RULE, curse=SPHINX)
    elif arg == "evolution":
        drawn = EC.draw_one(ctx, seat)
        ctx.emit("evolutions-drawn", RULE, s.monsters[seat].id, 0 if drawn is None else 1, reason=SPHINX_DRAW)
        if drawn is not None:
            EC.keep(ctx, seat, drawn)
    elif where == "hand":
        EC.remove_from(s, EC.HAND, seat, evolution)
        EC.to_discard(ctx, seat, evolution, "curse")
    else:
        EC.discard_piece(ctx, seat, evolution, "curse")


def _sphinx_describe(state: GameState, seat: int, arg: str) -> dict[str, Any]:
    """``hand.EVOLUTION`` or ``play.EVOLUTION``: an Evolution to discard from the hand or from play."""
    where, sep, evolution = arg.partition(".")
    return {"evolution": evolution, "option": where} if sep else {}


choices.define_kind("curse-sphinx", _sphinx_options, _sphinx_choice, _sphinx_describe)
define_curse(SPHINX, ankh=_sphinx_ankh, snake=_sphinx_snake, revealed=_sphinx_revealed,
             modifiers={"max-life": _unraised})


def _not_a_tile(card: str) -> bool:
    return not card.startswith("tile-")


def _sphinx_gaze(state: GameState) -> Any:
    # the module being on needs no check: the silencer is registered for the curses option only
    if core.in_force(state) == SPHINX:
        return _not_a_tile
    return None


silence(_sphinx_gaze, option=O.CURSES, settled=True)  # the curse in force changes in core.bring_into_force only
