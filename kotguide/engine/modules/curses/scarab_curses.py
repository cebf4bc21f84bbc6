"""Curses about the golden scarab: only its holder gains or acts, it is protected, or it gives and receives.

| curse | permanent | ankh | snake |
|---|---|---|---|
| isis-disgrace | only the holder gains life | take the scarab | lose 1 life |
| thot-blindness | only the holder gains energy | take the scarab | lose 2 energy |
| tutankhamun-curse | only the holder gains VP | take the scarab | lose 2 VP |
| hotep-peace | only the holder's smashes count | take the scarab | lose 1 energy per smash rolled |
| forbidden-library | only the holder may buy Power cards (the others may still sweep) | take the scarab | discard one of your Keep cards |
| confused-senses | after the die of fate, the holder may make the active monster reroll up to 2 dice it picks (not on its own turn) | take the scarab | this turn, the holder gets the life and energy the active monster would gain |
| pharaonic-skin | the holder loses no life | take the scarab | give the holder 2 in any mix of life, energy and VP |
| khepri-rebellion | at the start of each turn the holder gives the active monster 1 life, energy or VP | take the scarab, then hand it to any monster | take the scarab |

A holder that is eliminated holds nothing any more (``core.holder`` is None): "only the holder" then means nobody,
and effects that give to the holder or ask it give and ask nothing. Gifts come from the giver's own stock and never
its last life (so a gift never eliminates); a giver with nothing to give gives nothing.
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...dice import SMASH
from ...phases import Window
from ...state import GameState
from . import choices, core
from .core import RULE, define_curse

if TYPE_CHECKING:
    from ...ops import Ctx

REDIRECT = "curses:redirect"  # memo: Confused Senses' snake this turn


def _only_holder(curse: str, what: str) -> Any:
    def only(ctx: Ctx, seat: int, n: int, **kw: Any) -> int:
        if seat == core.holder(ctx.s):
            return n
        core.blocked(ctx, seat, curse, what, n)
        return 0
    return only


for _curse, _name, _what, _snake in (
    ("isis-disgrace", "gain-life", "life", core.lose_life("isis-disgrace", 1)),
    ("thot-blindness", "gain-energy", "energy", core.lose_energy("thot-blindness", 2)),
    ("tutankhamun-curse", "gain-vp", "vp", core.lose_vp("tutankhamun-curse", 2)),
):
    define_curse(_curse, ankh=core.take(_curse), snake=_snake, filters={_name: _only_holder(_curse, _what)})


# --- Hotep's Peace --------------------------------------------------------------------------------------------------
def _hotep_counts(ctx: Ctx, seat: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    if counts[SMASH] and seat != core.holder(ctx.s):
        core.blocked(ctx, seat, "hotep-peace", "smash", counts[SMASH])
        return {**counts, SMASH: 0}
    return counts


def _hotep_snake(ctx: Ctx, seat: int) -> None:
    ctx.lose_energy(seat, core.rolled(ctx.s, SMASH), RULE, curse="hotep-peace")


define_curse("hotep-peace", ankh=core.take("hotep-peace"), snake=_hotep_snake, filters={"counts": _hotep_counts})


# --- Forbidden Library ----------------------------------------------------------------------------------------------
def discard_a_keep_card(curse: str) -> core.FateEffect:
    """"Discard one of your Keep cards": the monster chooses among its different cards (one kind: no choice)."""
    def effect(ctx: Ctx, seat: int) -> None:
        kinds = list(dict.fromkeys(ctx.s.monsters[seat].cards))
        if len(kinds) == 1:
            choices.discard_keep(ctx, seat, kinds[0], curse)
        elif kinds:
            choices.ask(ctx, seat, "curse-discard", curse, required=True)
    return effect


def _library_may_buy(state: GameState, seat: int, value: bool, sweep: bool = False, **kw: Any) -> bool:
    return value and (sweep or seat == core.holder(state))


define_curse("forbidden-library", ankh=core.take("forbidden-library"), snake=discard_a_keep_card("forbidden-library"),
             modifiers={"may-buy": _library_may_buy})


# --- Confused Senses ------------------------------------------------------------------------------------------------
def _confused_after_fate(ctx: Ctx, **kw: Any) -> None:
    holder = core.holder(ctx.s)
    if holder is not None and holder != ctx.s.active:  # not on the holder's own turn
        choices.ask(ctx, holder, "curse-reroll", "confused-senses", required=False)


def _confused_snake(ctx: Ctx, seat: int) -> None:
    ctx.s.memo[REDIRECT] = True


def _redirected(gain: str) -> Any:
    def redirect(ctx: Ctx, seat: int, n: int, **kw: Any) -> int:
        s = ctx.s
        holder = core.holder(s)
        if not s.memo.get(REDIRECT) or seat != s.active or holder is None or holder == seat:
            return n
        ctx.emit("curse-redirected", RULE, s.monsters[holder].id, n, by=s.monsters[seat].id, reason=gain,
                 curse="confused-senses")
        if gain == "life":
            ctx.heal(holder, n, RULE, curse="confused-senses")
        else:
            ctx.gain_energy(holder, n, RULE, curse="confused-senses")
        return 0
    return redirect


define_curse("confused-senses", ankh=core.take("confused-senses"), snake=_confused_snake,
             hooks={"fate-resolved": _confused_after_fate},
             filters={"gain-life": _redirected("life"), "gain-energy": _redirected("energy")})


# --- Pharaonic Skin -------------------------------------------------------------------------------------------------
def _skin(ctx: Ctx, seat: int, n: int, **kw: Any) -> int:
    if seat == core.holder(ctx.s):
        core.blocked(ctx, seat, "pharaonic-skin", "damage", n)
        return 0
    return n


def _skin_snake(ctx: Ctx, seat: int) -> None:
    holder = core.holder(ctx.s)
    if holder is not None and holder != seat:
        choices.ask(ctx, seat, "curse-give", "pharaonic-skin", required=True)


define_curse("pharaonic-skin", ankh=core.take("pharaonic-skin"), snake=_skin_snake, filters={"damage": _skin})


# --- Khepri's Rebellion ---------------------------------------------------------------------------------------------
def _khepri_start(ctx: Ctx, **kw: Any) -> None:
    holder = core.holder(ctx.s)
    if holder is not None and holder != ctx.s.active:
        choices.ask(ctx, holder, "curse-give", "khepri-rebellion", required=True)


def _khepri_ankh(ctx: Ctx, seat: int) -> None:
    core.take_scarab(ctx, seat, "khepri-rebellion")
    choices.ask(ctx, seat, "curse-scarab", "khepri-rebellion", required=False)


define_curse("khepri-rebellion", ankh=_khepri_ankh, snake=core.take("khepri-rebellion"),
             hooks={Window.START: _khepri_start})
