"""Choices the curses ask for: ``use:<kind>:ARG`` actions of one monster at one window.

A curse asks with ``ask(ctx, seat, kind, curse, required, uses)``: the request waits in ``memo["curses:choices"]``
(tuples ``(seat, kind, curse, window, uses left)``) and the monster gets a ``card`` decision at once, at the window
``curse`` (required: no ``pass``) or ``curse-option`` (it may pass). Curses ask at the start of a turn (Khepri's
Rebellion) and when the die of fate resolves, before the other dice.

| kind | curse (effect) | ARG | required |
|---|---|---|---|
| ``curse-face`` | Raging Flood (ankh): an extra die showing the chosen face | a face ``1 2 3 heart energy smash`` | no |
| ``curse-drop`` | Raging Flood (snake): discard one die | die index ``I`` (0-based) | yes |
| ``curse-scarab`` | Khepri's Rebellion (ankh): hand the scarab to any monster, yourself included (pass: keep it) | monster id | no |
| ``curse-give`` | Khepri's Rebellion (permanent, 1), Pharaonic Skin (snake, 2): give hearts/energy/VP | units joined by ``.``: ``heart``, ``energy.vp`` | yes |
| ``curse-discard`` | Inadequate Offering, Forbidden Library (snake): discard one of your Keep cards | card id | yes |
| ``curse-reroll`` | Confused Senses (permanent: up to 2 dice), False Blessing (snake: 2 dice) | ``I`` or ``I.J`` | False Blessing only |
| ``curse-bless`` | False Blessing (ankh): up to 2 of your dice, each rerolled or discarded | ``I-reroll`` / ``I-discard`` | no |
| ``curse-sphinx`` | Gaze of the Sphinx with Evolutions in play (ankh: draw one or 3 energy; snake: discard one or lose 3 energy) | ``evolution``, ``energy``, ``hand.ID``, ``play.ID`` | yes |
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING

from ... import options as O
from ...actions import UseCard
from ...cards import common as C
from ...cards import registry
from ...cards.registry import EffectDef, define_effect
from ...dice import FACES
from ...state import GameState
from . import core

if TYPE_CHECKING:
    from ...ops import Ctx

CHOICES = "curses:choices"
MUST, MAY = "curse", "curse-option"  # the windows of a required and of an optional curse choice
Record = tuple[int, str, str, str, int]  # seat, kind, curse, window, uses left
registry.require_choice(MUST)


def ask(ctx: Ctx, seat: int, kind: str, curse: str, required: bool, uses: int = 1) -> None:
    """Ask ``seat`` at once for a ``kind`` choice (nothing happens if it has nothing to choose from)."""
    s = ctx.s
    if not s.monsters[seat].alive:
        return
    window = MUST if required else MAY
    record: Record = (seat, kind, curse, window, uses)
    if _OPTIONS[kind](s, seat, record):
        s.memo[CHOICES] = (*s.memo.get(CHOICES, ()), record)
        registry.ask(ctx, seat, window)


def pending(s: GameState, seat: int, kind: str) -> Record | None:
    records: tuple[Record, ...] = s.memo.get(CHOICES, ())
    for record in records:
        if record[0] == seat and record[1] == kind:
            return record
    return None


def _used(s: GameState, record: Record) -> None:
    rest = [r for r in s.memo.get(CHOICES, ()) if r is not record]
    if record[4] > 1:
        rest.append((*record[:4], record[4] - 1))
    s.memo[CHOICES] = tuple(rest)


# --- what each kind offers and does ---------------------------------------------------------------------------
Options = Callable[[GameState, int, Record], list[str]]
Apply = Callable[["Ctx", int, str, Record], None]
_OPTIONS: dict[str, Options] = {}


def define_kind(kind: str, options: Options, apply: Apply, describe: registry.Describe | None = None) -> None:
    """Register a choice kind as an effect whose offers are the waiting request's options (``describe``: what an
    option is about, for the site's words)."""

    def offer(state: GameState, seat: int, window: str) -> list[UseCard]:
        if window not in (MUST, MAY) or not core.on(state):
            return []
        record = pending(state, seat, kind)
        if record is None or record[3] != window:
            return []
        return [UseCard(kind, arg) for arg in options(state, seat, record)]

    def use(ctx: Ctx, seat: int, action: UseCard) -> None:
        record = pending(ctx.s, seat, kind)
        assert record is not None
        _used(ctx.s, record)
        apply(ctx, seat, action.arg, record)

    def passed(ctx: Ctx, seat: int, window: str, **kw: object) -> None:
        s = ctx.s
        if window == MAY and core.on(s):
            s.memo[CHOICES] = tuple(r for r in s.memo.get(CHOICES, ()) if not (r[0] == seat and r[1] == kind))

    _OPTIONS[kind] = options
    define_effect(EffectDef(kind, hooks={"passed": passed}, offer=offer, use=use, describe=describe,
                            prompt_windows=frozenset({MUST, MAY}), offer_windows=frozenset({MUST, MAY}),
                            option=O.CURSES))


# --- helpers for the kinds ------------------------------------------------------------------------------------------
def dice_sets(s: GameState, sizes: tuple[int, ...]) -> list[str]:
    """Sets of base dice of the given sizes, as ``I.J`` args."""
    dice = C.base_dice(s)
    return [".".join(map(str, c)) for n in sizes for c in combinations(dice, n)]


def remove_die(ctx: Ctx, i: int, curse: str) -> None:
    s = ctx.s
    face = s.dice.pop(i)
    s.kept.pop(i)
    ctx.emit("die-discarded", core.RULE, s.monsters[s.active].id, die=i + 1, face=face, curse=curse)


def reroll_dice(ctx: Ctx, dice: list[int], curse: str, by: int) -> None:
    s = ctx.s
    for i in dice:
        face = ctx.roll(1)[0]
        s.dice[i] = face
        s.kept[i] = False
        ctx.emit("die-rerolled-curse", core.RULE, s.monsters[s.active].id, die=i + 1, face=face, curse=curse,
                 by=s.monsters[by].id)


GIFTS = ("heart", "energy", "vp")


def gift_options(s: GameState, giver: int, most: int) -> list[str]:
    """The mixes of ``most`` units (fewer when it cannot give that many) ``giver`` can give; never its last heart."""
    m = s.monsters[giver]
    stock = {"heart": m.life - 1, "energy": m.energy, "vp": m.vp}
    for n in range(most, 0, -1):
        mixes = [".".join(mix) for mix in combinations_with_replacement(GIFTS, n)
                 if all(mix.count(g) <= stock[g] for g in GIFTS)]
        if mixes:
            return mixes
    return []


def give(ctx: Ctx, giver: int, taker: int, mix: str, curse: str) -> None:
    """``giver`` hands ``taker`` the units of ``mix`` from its own stock."""
    s = ctx.s
    units = mix.split(".")
    g = s.monsters[giver]
    for unit in GIFTS:
        n = units.count(unit)
        if not n:
            continue
        ctx.emit("curse-gift", core.RULE, g.id, n, to=s.monsters[taker].id, reason=unit, curse=curse)
        if unit == "heart":
            g.life -= n
            ctx.heal(taker, n, core.RULE, curse=curse)
        elif unit == "energy":
            g.energy -= n
            ctx.gain_energy(taker, n, core.RULE, curse=curse)
        else:
            g.vp -= n
            ctx.gain_vp(taker, n, core.RULE, curse=curse)


def _faces(s: GameState, seat: int, r: Record) -> list[str]:
    return list(FACES)


def _add_die(ctx: Ctx, seat: int, face: str, r: Record) -> None:
    s = ctx.s
    assert face in FACES
    at = len(C.base_dice(s))  # base dice come before the special dice
    s.dice.insert(at, face)
    s.kept.insert(at, True)
    ctx.emit("die-added", core.RULE, s.monsters[seat].id, die=at + 1, face=face, curse=r[2])


def _droppable(s: GameState, seat: int, r: Record) -> list[str]:
    return [str(i) for i in C.base_dice(s)]


def _drop_die(ctx: Ctx, seat: int, arg: str, r: Record) -> None:
    remove_die(ctx, C.die_arg(ctx.s, arg), r[2])


def _monsters(s: GameState, seat: int, r: Record) -> list[str]:
    return [s.monsters[t].id for t in s.seats_from_active() if s.monsters[t].alive]


def _hand_scarab(ctx: Ctx, seat: int, arg: str, r: Record) -> None:
    core.take_scarab(ctx, ctx.s.monster(arg).seat, r[2], by=seat)


def _gifts(s: GameState, seat: int, r: Record) -> list[str]:
    return gift_options(s, seat, GIFT_SIZE[r[2]])


def _give(ctx: Ctx, seat: int, arg: str, r: Record) -> None:
    taker = ctx.s.active if r[2] == "khepri-rebellion" else core.holder(ctx.s)
    if taker is not None and ctx.s.monsters[taker].alive:
        give(ctx, seat, taker, arg, r[2])


GIFT_SIZE = {"khepri-rebellion": 1, "pharaonic-skin": 2}


def _keep_cards(s: GameState, seat: int, r: Record) -> list[str]:
    return list(dict.fromkeys(s.monsters[seat].cards))


def _discard(ctx: Ctx, seat: int, card: str, r: Record) -> None:
    discard_keep(ctx, seat, card, r[2])


def discard_keep(ctx: Ctx, seat: int, card: str, curse: str) -> None:
    ctx.emit("curse-card-discarded", core.RULE, ctx.s.monsters[seat].id, card=card, curse=curse)
    C.discard_card(ctx, seat, card, "curse")


def _reroll_sets(s: GameState, seat: int, r: Record) -> list[str]:
    if r[2] == "false-blessing":
        n = min(2, len(C.base_dice(s)))
        return dice_sets(s, (n,)) if n else []
    return dice_sets(s, (1, 2))


def _reroll(ctx: Ctx, seat: int, arg: str, r: Record) -> None:
    reroll_dice(ctx, [C.die_arg(ctx.s, p) for p in arg.split(".")], r[2], by=seat)


BLESSED_DICE = "curses:blessed-dice"  # memo: the dice a blessing rerolled this turn (each die once)


def _blessings(s: GameState, seat: int, r: Record) -> list[str]:
    touched = s.memo.get(BLESSED_DICE, ())
    return [f"{i}-{how}" for i in C.base_dice(s) if i not in touched for how in ("reroll", "discard")]


def _bless(ctx: Ctx, seat: int, arg: str, r: Record) -> None:
    s = ctx.s
    i_text, _, how = arg.partition("-")
    i = C.die_arg(s, i_text)
    touched = s.memo.get(BLESSED_DICE, ())
    if how == "reroll":
        s.memo[BLESSED_DICE] = (*touched, i)
        reroll_dice(ctx, [i], r[2], by=seat)
    else:
        assert how == "discard"
        s.memo[BLESSED_DICE] = tuple(t - 1 if t > i else t for t in touched)
        remove_die(ctx, i, r[2])


define_kind("curse-face", _faces, _add_die)
define_kind("curse-drop", _droppable, _drop_die)
define_kind("curse-scarab", _monsters, _hand_scarab)
define_kind("curse-give", _gifts, _give)
define_kind("curse-discard", _keep_cards, _discard, lambda s, seat, arg: {"card": arg})  # a Keep card
define_kind("curse-reroll", _reroll_sets, _reroll)
define_kind("curse-bless", _blessings, _bless)
