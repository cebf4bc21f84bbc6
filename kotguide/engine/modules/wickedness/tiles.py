"""The 20 wickedness tile sides as pieces (``tile-<id>``), each a ``CardDef`` like a Keep card (kot-facts §3.7). A
tile's ``on_buy`` is its effect when taken. Events name the tile with ``tile=<id>`` (rule ``wickedness``).

| tile | effect |
|---|---|
| devious | one more roll each turn |
| eternal | start of your turn: heal 1 (in Tokyo too; it ends berserk) |
| skulking | your dice resolve with three or more 1s: +1 VP (besides the 1s' own VP) |
| tireless | start of your turn: +1 energy |
| cyberbrain | one more die |
| evil-lair | Power cards cost you 1 energy less (never below 0) |
| full-regeneration | maximum life 12 (``max-life-floor``: kept if Even Bigger leaves); when taken, heal up to it |
| widespread-panic | when taken, every other monster loses 4 VP; then discarded |
| antimatter-beam | your smash results count double (after every smash added) |
| skybeam | each base die showing energy: +1 energy; each showing a heart: +1 heart (hearts follow the usual rules) |
| barbs | your dice resolve with two or more smash results (added ones included): +1 smash |
| final-roar | reduced to 0 life with 16 VP or more: out, but the sole winner at once (not a Zombie standing at 0) |
| poison-spit | each monster that loses life to your smash gets a Poison token (as the Power card) |
| underdog | each time your smash makes a monster with more VP than you lose life, take 1 VP from it |
| defender-of-tokyo | when you enter Tokyo, and at the start of your turn in Tokyo: every other monster loses 1 VP |
| fluxling | copies any monster's Keep Power card, no costume (placed when taken; switched at your turn's start) |
| have-it-all | when taken, +1 VP per Keep card you hold (costumes too); then +1 VP for each card you buy |
| sonic-boomer | start of your turn: +1 VP |
| final-push | when taken, heal 2, +2 energy and another turn after this one; then discarded |
| starburst | when taken, +12 energy; then discarded |

Order of the ``counts`` filters: the cards that add smash (Acid Attack…, Spiked Tail), then Barbs, then Antimatter
Beam; the berserk die's results are counted before all of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ... import data
from ... import rules as R
from ...actions import UseCard
from ...cards import choices, registry
from ...cards import common as C
from ...cards.registry import CardDef, define
from ...cards.tokens import POISON, token_the_hit
from ...dice import ENERGY, HEART, ONE, SET_SIZE, SMASH
from ...ops import stands_at_zero
from ...phases import Phase, Window
from ...state import GameState, Outcome
from .core import discard, piece

if TYPE_CHECKING:
    from ...ops import Ctx

W = R.WICKEDNESS
Counts = dict[str, int]
FINAL_ROAR_VP = 16
PANIC_VP = 4
PUSH = 2
STARBURST = 12


def _tile(tile: str, **fields: Any) -> CardDef:
    return define(CardDef(piece(tile), **fields))


def _plus_one(state: GameState, owner: int, value: int, **kw: Any) -> int:
    return value + 1


def _cheaper(state: GameState, owner: int, cost: int, **kw: Any) -> int:
    return max(0, cost - 1)


_tile("devious", modifiers={"rolls": _plus_one})
_tile("cyberbrain", modifiers={"dice-count": _plus_one})
_tile("evil-lair", modifiers={"cost": _cheaper})


# --- at the start of the owner's turn ------------------------------------------------------------------------
def _each_start(tile: str, gain: Callable[[Ctx, int], Any]) -> None:
    def hook(ctx: Ctx, owner: int, **kw: Any) -> None:
        if C.my_turn(ctx.s, owner):
            gain(ctx, owner)

    _tile(tile, hooks={Window.START: hook})


_each_start("eternal", lambda ctx, seat: ctx.heal(seat, 1, W, tile="eternal"))
_each_start("tireless", lambda ctx, seat: ctx.gain_energy(seat, 1, W, tile="tireless"))
_each_start("sonic-boomer", lambda ctx, seat: ctx.gain_vp(seat, 1, W, tile="sonic-boomer"))


# --- when the owner's dice resolve ---------------------------------------------------------------------------
def _skulking(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> None:
    if C.my_turn(ctx.s, owner) and counts[ONE] >= SET_SIZE:
        ctx.gain_vp(owner, 1, W, tile="skulking")


_tile("skulking", hooks={"resolved": _skulking})


def _add_smash(ctx: Ctx, owner: int, counts: Counts, n: int, tile: str) -> Counts:
    counts[SMASH] += n
    ctx.emit("smash-added", W, ctx.s.monsters[owner].id, n, tile=tile)
    return counts


def _barbs(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> Counts:
    return _add_smash(ctx, owner, counts, 1, "barbs") if counts[SMASH] >= 2 else counts


def _antimatter(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> Counts:
    return _add_smash(ctx, owner, counts, counts[SMASH], "antimatter-beam") if counts[SMASH] else counts


def _skybeam(ctx: Ctx, owner: int, counts: Counts, **kw: Any) -> Counts:
    dice = ctx.s.dice
    counts[ENERGY] += dice.count(ENERGY)
    counts[HEART] += dice.count(HEART)
    return counts


_tile("barbs", filters={"counts": _barbs}, order=2)
_tile("antimatter-beam", filters={"counts": _antimatter}, order=3)
_tile("skybeam", filters={"counts": _skybeam})


def _poison_spit(ctx: Ctx, owner: int, **kw: Any) -> None:
    token_the_hit(ctx, owner, POISON, "poisoned", W, tile="poison-spit")


_tile("poison-spit", hooks={"resolved": _poison_spit})


def _underdog(ctx: Ctx, owner: int, seat: int, by: int | None = None, rule: str = "", **kw: Any) -> None:
    s = ctx.s
    if by == owner and rule == R.SMASH and seat != owner and s.monsters[seat].vp > s.monsters[owner].vp:
        taken = ctx.lose_vp(seat, 1, W, tile="underdog")
        ctx.gain_vp(owner, taken, W, tile="underdog")


_tile("underdog", hooks={"damaged": _underdog})


# --- Tokyo, elimination, buying ------------------------------------------------------------------------------
def _defend(ctx: Ctx, owner: int) -> None:
    for t in C.others(ctx.s, owner):
        ctx.lose_vp(t, 1, W, tile="defender-of-tokyo")


def _defender_entered(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    if seat == owner:
        _defend(ctx, owner)


def _defender_start(ctx: Ctx, owner: int, **kw: Any) -> None:
    if C.my_turn(ctx.s, owner) and ctx.s.monsters[owner].in_tokyo:
        _defend(ctx, owner)


_tile("defender-of-tokyo", hooks={"entered": _defender_entered, Window.START: _defender_start})


def _final_roar(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    s = ctx.s
    m = s.monsters[owner]
    # a monster that stands at 0 life (the Zombie costume) is not eliminated, so the tile does not act
    if (seat == owner and m.life == 0 and m.vp >= FINAL_ROAR_VP and s.outcome is None
            and not stands_at_zero(s, owner)):
        s.outcome = Outcome((m.id,), "final-roar")
        ctx.emit("final-roar", W, m.id, m.vp, tile="final-roar")
        ctx.emit("game-over", R.VICTORY, None, winners=[m.id], reason="final-roar", shared=False)


_tile("final-roar", hooks={"fallen": _final_roar})


def _have_it_all_taken(ctx: Ctx, seat: int, card: str) -> None:
    ctx.gain_vp(seat, len(ctx.s.monsters[seat].cards), W, tile="have-it-all")


def _have_it_all_bought(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    if seat == owner:
        ctx.gain_vp(owner, 1, W, tile="have-it-all")


_tile("have-it-all", on_buy=_have_it_all_taken, hooks={"bought": _have_it_all_bought})


# --- effects when taken ----------------------------------------------------------------------------------------
def _full_regeneration(ctx: Ctx, seat: int, card: str) -> None:
    m = ctx.s.monsters[seat]
    if m.max_life < C.MAX_LIFE_CAP:
        m.max_life = C.MAX_LIFE_CAP
        ctx.emit("max-life-changed", W, m.id, m.max_life, tile="full-regeneration")
    ctx.heal(seat, m.max_life - m.life, W, tile="full-regeneration")


def _twelve(state: GameState, owner: int, floor: int, **kw: Any) -> int:
    """The tile's maximum is 12 whatever raised it before: losing Even Bigger later does not lower it."""
    return max(floor, C.MAX_LIFE_CAP)


_tile("full-regeneration", on_buy=_full_regeneration, modifiers={"max-life-floor": _twelve})


def _one_shot(tile: str, effect: Callable[[Ctx, int], object]) -> None:
    def taken(ctx: Ctx, seat: int, card: str) -> None:
        effect(ctx, seat)
        discard(ctx, seat, tile, "used")

    _tile(tile, on_buy=taken)


def _panic(ctx: Ctx, seat: int) -> None:
    for t in C.others(ctx.s, seat):
        ctx.lose_vp(t, PANIC_VP, W, tile="widespread-panic")


def _push(ctx: Ctx, seat: int) -> None:
    ctx.heal(seat, PUSH, W, tile="final-push")
    ctx.gain_energy(seat, PUSH, W, tile="final-push")
    ctx.s.extra_turns.append((seat, piece("final-push")))
    ctx.emit("extra-turn", W, ctx.s.monsters[seat].id, tile="final-push")


_one_shot("widespread-panic", _panic)
_one_shot("final-push", _push)
_one_shot("starburst", lambda ctx, seat: ctx.gain_energy(seat, STARBURST, W, tile="starburst"))


# --- Fluxling: a copy of a Keep card, like Mimic (cards/mimic.py) but on a tile and free to switch -----------------
FLUXLING = piece("fluxling")
FLUX_MARK = "wickedness:fluxling"  # marks: (holder seat, card id) of the Keep card the Fluxling copies
FLUX_PLACE = "fluxling"  # the window where a monster that has just taken the tile places it
FLUX_FREE = "fluxling:place"  # memo: the seat placing its Fluxling now
FLUX_MOVED = "fluxling:moved"  # memo: the copy was switched at this turn's start (once per turn)


def _flux_target(state: GameState) -> tuple[int, str] | None:
    return C.copied_card(state, FLUX_MARK)


def _flux_copies(state: GameState, seat: int) -> str | None:
    mark = _flux_target(state)
    return None if mark is None else mark[1]


def _flux_candidates(state: GameState) -> list[str]:
    current = _flux_target(state)
    return [f"{m.id}.{card}" for t in state.seats_from_active() if (m := state.monsters[t]).alive
            for card in dict.fromkeys(m.cards)
            if card != "mimic" and data.is_power_card(card) and data.cards()[card].type == data.KEEP
            and (t, card) != current]  # like Mimic: Keep Power cards only, no costume


def _flux_end(ctx: Ctx, seat: int) -> None:
    """The copy stops: its lasting effects on ``seat`` end."""
    s = ctx.s
    mark = s.marks.pop(FLUX_MARK, None)
    if mark is None:
        return
    d = registry.get(mark[1])
    if d is not None and d.on_lose is not None:
        d.on_lose(ctx, seat, FLUXLING)
    for key in [k for k in s.monsters[seat].tokens if k.startswith(FLUXLING + "-")]:
        del s.monsters[seat].tokens[key]


def _flux_taken(ctx: Ctx, seat: int, card: str) -> None:
    if _flux_candidates(ctx.s):
        ctx.s.memo[FLUX_FREE] = seat
        registry.ask(ctx, seat, FLUX_PLACE)


def _flux_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    placing = window == FLUX_PLACE and state.memo.get(FLUX_FREE) == seat
    switching = (window == Window.START and state.phase == Phase.START and C.my_turn(state, seat)
                 and FLUX_MOVED not in state.memo)
    if placing or switching:
        return [UseCard(FLUXLING, c) for c in _flux_candidates(state)]
    return []


def _flux_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    holder, card = C.monster_card_arg(s, action.arg)
    if s.memo.pop(FLUX_FREE, None) is None:
        s.memo[FLUX_MOVED] = True
    _flux_end(ctx, seat)
    s.marks[FLUX_MARK] = (holder, card)
    ctx.emit("tile-copied", W, s.monsters[seat].id, tile="fluxling", card=card, by=s.monsters[holder].id)
    d = registry.get(card)
    if d is not None and d.on_buy is not None:
        d.on_buy(ctx, seat, FLUXLING)


def _flux_lost(ctx: Ctx, seat: int, card: str) -> None:
    _flux_end(ctx, seat)


def _flux_card_lost(ctx: Ctx, owner: int, seat: int, card: str, to: int | None = None, **kw: Any) -> None:
    mark = ctx.s.marks.get(FLUX_MARK)
    if mark != (seat, card) or card in ctx.s.monsters[seat].cards:
        return
    if to is not None:
        ctx.s.marks[FLUX_MARK] = (to, card)  # bought away: the copy follows the card
    else:
        _flux_end(ctx, owner)


def _flux_eliminated(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    mark = ctx.s.marks.get(FLUX_MARK)
    if mark is not None and mark[0] == seat:
        _flux_end(ctx, owner)


def _flux_passed(ctx: Ctx, owner: int, seat: int, window: str, **kw: Any) -> None:
    if seat == owner and window == FLUX_PLACE:
        ctx.s.memo.pop(FLUX_FREE, None)


_tile("fluxling", on_buy=_flux_taken, on_lose=_flux_lost, copies=_flux_copies, offer=_flux_offer, use=_flux_use,
      prompt_windows=frozenset({Window.START, FLUX_PLACE}), describe=choices.a_monsters_card,
      hooks={"card-lost": _flux_card_lost, "eliminated": _flux_eliminated, "passed": _flux_passed})
