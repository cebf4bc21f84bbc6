"""Cyber Kitty's Evolution deck.

| card | kind | effect | action |
|---|---|---|---|
| nine-lives | temporary | at 0 life: discard your Power cards and Evolutions, lose all energy and VP, leave Tokyo; then 9 life and 9 VP | played by itself when its holder falls to 0 |
| mega-purr | temporary | each other monster gives you 1 energy or 1 VP, its choice (what it has) | ``use:evo-mega-purr``; then ``use:evo-choose:energy`` / ``:vp`` |
| electro-scratch | temporary | every other monster loses 1 life | ``use:evo-electro-scratch`` (any time) |
| cat-nip | temporary | at the start of your turn: a single roll this turn, every result counts double | ``use:evo-cat-nip`` (asked at ``start``) |
| play-with-your-food | permanent | before your dice resolve you may choose: each monster in Tokyo your smash would make lose 2+ life loses 2 fewer, and gives you 1 VP and 1 energy | ``use:evo-play-with-your-food:on`` (asked at ``before-resolve``) |
| feline-motor | permanent | on another monster's turn, once yields are done: if Tokyo City is empty, its monster is about to enter and you were not in Tokyo when the turn started, you may enter it first | ``use:evo-feline-motor:enter`` (asked at ``feline-motor``) |
| mouse-hunter | permanent | +1 VP when your resolved roll has at least one 1 | — |
| meow-missile | permanent | a resolved roll with at least one 1 gets one more smash | — |

Readings: Nine Lives is played by itself (declining it could only eliminate its holder); Play with your Food is
chosen for the whole roll, before it resolves, since the engine resolves every target at once; after Feline Motor the
active monster stays outside (even with the Bay open).
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import options as O
from ... import rules as R
from ...actions import UseCard
from ...cards import common, registry
from ...cards.registry import CardDef, EffectDef
from ...dice import ONE, SMASH
from ...phases import Window
from ...state import GameState
from . import core as C
from .core import EvolutionDef, define_evolution, on_own_turn

if TYPE_CHECKING:
    from ...ops import Ctx

NINE = 9
EVO = C.EVO


# --- Nine Lives ----------------------------------------------------------------------------------------------
def _nine_lives_falls(ctx: Ctx, seat: int, **kw: Any) -> None:
    s = ctx.s
    if O.EVOLUTIONS in s.options and s.monsters[seat].life == 0 and "nine-lives" in C.hand(s, seat):
        C.play(ctx, seat, "nine-lives")


def _nine_lives(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    m = s.monsters[seat]
    for card in list(m.cards):
        common.discard_card(ctx, seat, card, "nine-lives")
    for evolution in C.in_play(s, seat):
        if C.piece(evolution) in m.pieces:  # not gone already with a card it copied (Icy Reflection)
            C.discard_piece(ctx, seat, evolution, "nine-lives")
    for evolution in C.hand(s, seat):
        C.remove_from(s, C.HAND, seat, evolution)
        C.to_discard(ctx, seat, evolution, "nine-lives")
    ctx.lose_energy(seat, m.energy, EVO, evolution="nine-lives")
    ctx.lose_vp(seat, m.vp, EVO, evolution="nine-lives")
    if m.in_tokyo:
        C.leave_tokyo(ctx, seat, "nine-lives")
    m.life = min(NINE, m.max_life)
    ctx.emit("reborn", EVO, m.id, m.life, evolution="nine-lives")
    ctx.gain_vp(seat, NINE, EVO, evolution="nine-lives")


def _never(state: GameState, seat: int, window: str) -> bool:
    return False


define_evolution(EvolutionDef("nine-lives", play=_nine_lives, when=_never,
                              effects=[EffectDef("evo-nine-lives-falls", hooks={"fallen": _nine_lives_falls})]))


# --- Mega Purr -----------------------------------------------------------------------------------------------
ENERGY, VP = "energy", "vp"


def _give(ctx: Ctx, giver: int, player: int, what: str) -> None:
    by = ctx.s.monsters[giver].id
    if what == ENERGY:
        ctx.lose_energy(giver, 1, EVO, evolution="mega-purr")
        ctx.gain_energy(player, 1, EVO, evolution="mega-purr", reason="paid", by=by)
    else:
        ctx.lose_vp(giver, 1, EVO, evolution="mega-purr")
        ctx.gain_vp(player, 1, EVO, evolution="mega-purr")


def _mega_purr(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    for t in common.others(s, seat):
        m = s.monsters[t]
        can = [what for what, amount in ((ENERGY, m.energy), (VP, m.vp)) if amount > 0]
        if len(can) == 2:
            C.ask_choice(ctx, t, "mega-purr", can, seat)
        elif can:
            _give(ctx, t, seat, can[0])


def _mega_purr_chosen(ctx: Ctx, chooser: int, player: int, option: str) -> None:
    _give(ctx, chooser, player, option)


define_evolution(EvolutionDef("mega-purr", play=_mega_purr, chosen=_mega_purr_chosen))


# --- Electro-Scratch -----------------------------------------------------------------------------------------
def _electro_scratch(ctx: Ctx, seat: int, arg: str) -> None:
    for t in common.others(ctx.s, seat):
        ctx.damage(t, 1, EVO, by=seat, evolution="electro-scratch")


define_evolution(EvolutionDef("electro-scratch", play=_electro_scratch))


# --- Cat Nip -------------------------------------------------------------------------------------------------
def _cat_nip_on(state: GameState, seat: int) -> bool:
    return O.EVOLUTIONS in state.options and seat == state.active and C.played_this_turn(state, seat, "cat-nip")


def _cat_nip_rolls(state: GameState, seat: int, value: int, **kw: Any) -> int:
    return min(value, 1) if _cat_nip_on(state, seat) else value


def _cat_nip_counts(state: GameState, seat: int, value: dict[str, int], **kw: Any) -> dict[str, int]:
    return {face: n * 2 for face, n in value.items()} if _cat_nip_on(state, seat) else value


define_evolution(EvolutionDef(
    "cat-nip", when=on_own_turn(Window.START), prompt_windows=frozenset({Window.START}),
    effects=[EffectDef("evo-cat-nip-effect", modifiers={"rolls": _cat_nip_rolls, "counts": _cat_nip_counts})]))


# --- Play with your Food -------------------------------------------------------------------------------------
FOOD = "evo-play-with-your-food"
FOOD_LOSS = 2  # the loss it needs, and how much less is lost


def _food_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != Window.BEFORE_RESOLVE or state.active != seat or state.memo.get(FOOD) == seat:
        return []
    if state.monsters[seat].in_tokyo or state.dice.count(SMASH) < FOOD_LOSS:
        return []
    return [UseCard(FOOD, "on")] if any(m.in_tokyo and m.alive for m in state.monsters) else []


def _food_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.s.memo[FOOD] = seat


def _food_damage(ctx: Ctx, seat: int, n: int, by: int | None = None, rule: str = "", **kw: Any) -> int:
    """``seat``, about to lose ``n`` life to ``by``'s smash, loses 2 fewer and gives ``by`` 1 VP and 1 energy."""
    s = ctx.s
    if rule != R.SMASH or by is None or s.memo.get(FOOD) != by or n < FOOD_LOSS or not s.monsters[seat].in_tokyo:
        return n
    if ctx.lose_vp(seat, 1, EVO, evolution="play-with-your-food"):
        ctx.gain_vp(by, 1, EVO, evolution="play-with-your-food")
    if ctx.lose_energy(seat, 1, EVO, evolution="play-with-your-food"):
        ctx.gain_energy(by, 1, EVO, evolution="play-with-your-food", reason="paid", by=s.monsters[seat].id)
    ctx.emit("damage-prevented", EVO, s.monsters[seat].id, FOOD_LOSS, evolution="play-with-your-food")
    return n - FOOD_LOSS


define_evolution(EvolutionDef(
    "play-with-your-food",
    card=CardDef("", offer=_food_offer, use=_food_use, prompt_windows=frozenset({Window.BEFORE_RESOLVE})),
    effects=[EffectDef("evo-play-with-your-food-effect", filters={"damage": _food_damage})]))


# --- Mouse Hunter, Meow Missile ------------------------------------------------------------------------------
def _mouse_hunter(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> None:
    if ctx.s.active == owner and counts[ONE] >= 1:
        ctx.gain_vp(owner, 1, EVO, evolution="mouse-hunter")


def _meow_missile(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    if ctx.s.active != owner or counts[ONE] < 1:
        return counts
    ctx.emit("smash-added", EVO, ctx.s.monsters[owner].id, 1, evolution="meow-missile")
    return {**counts, SMASH: counts[SMASH] + 1}


define_evolution(EvolutionDef("mouse-hunter", card=CardDef("", hooks={"resolved": _mouse_hunter})))
define_evolution(EvolutionDef("meow-missile", card=CardDef("", filters={"counts": _meow_missile})))


# --- Feline Motor --------------------------------------------------------------------------------------------
FELINE = "evo-feline-motor"
FELINE_WINDOW = "feline-motor"
TOKYO_AT_START = "evolutions:tokyo-at-start"


def _record_tokyo(ctx: Ctx, **kw: Any) -> None:
    s = ctx.s
    if O.EVOLUTIONS in s.options:
        s.memo[TOKYO_AT_START] = tuple(m.seat for m in s.monsters if m.in_tokyo)


def _feline_ask(ctx: Ctx, owner: int, **kw: Any) -> None:
    if ctx.s.active != owner:
        registry.ask(ctx, owner, FELINE_WINDOW)


def _feline_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != FELINE_WINDOW or not C.may_enter_instead(state, seat):
        return []
    return [] if seat in state.memo.get(TOKYO_AT_START, ()) else [UseCard(FELINE, "enter")]


def _feline_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    C.enter_instead(ctx, seat)


define_evolution(EvolutionDef(
    "feline-motor",
    card=CardDef("", hooks={Window.YIELD: _feline_ask}, offer=_feline_offer, use=_feline_use,
                 prompt_windows=frozenset({FELINE_WINDOW})),
    effects=[EffectDef("evo-feline-motor-start", hooks={Window.START: _record_tokyo})]))
