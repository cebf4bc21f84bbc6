"""Helpers the card modules share: who is where, die arguments, counters kept on a card, a Keep card leaving its
monster, extra turns. Cards change the game only through ``Ctx`` (ops) and these helpers.

Counters on a card live in the holder's ``tokens`` under a key per physical card: ``counter_key("smoke-cloud",
"smoke-cloud", "smoke")`` is ``"smoke"`` (the Smoke tokens on Smoke Cloud); for a copy carried by Mimic it is
``"mimic-smoke"``. Monster tokens (``poison``, ``shrink``) are plain keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import rules as R
from ..actions import UseCard
from ..dice import FACE_SET, die_kind
from ..setup import OUTSIDE
from ..state import GameState
from ..supply import TokenDef, define_token
from . import registry

if TYPE_CHECKING:
    from ..ops import Ctx

PC = R.POWER_CARDS
MAX_LIFE_CAP = 12  # no monster's maximum goes above 12


def others(s: GameState, seat: int) -> list[int]:
    """The other living monsters, in seat order from the active monster."""
    return [t for t in s.seats_from_active() if t != seat and s.monsters[t].alive]


def neighbours(s: GameState, seat: int) -> list[int]:
    """The nearest living monster on each side of ``seat`` (one monster when only two are alive)."""
    n = len(s.monsters)
    out: list[int] = []
    for step in (1, -1):
        for i in range(1, n):
            t = (seat + step * i) % n
            if t != seat and s.monsters[t].alive:
                if t not in out:
                    out.append(t)
                break
    return out


def my_turn(s: GameState, seat: int) -> bool:
    return s.active == seat


# --- arguments of use:CARD:ARG -------------------------------------------------------------------------------
def die_arg(s: GameState, arg: str) -> int:
    """``"2"`` → die index 2 (0-based, as in ``reroll:`` codes)."""
    i = int(arg)
    assert 0 <= i < len(s.dice)
    return i


def die_face_arg(s: GameState, arg: str) -> tuple[int, str]:
    """``"2-heart"`` → (die index 2, face "heart")."""
    i, _, face = arg.partition("-")
    assert face in FACE_SET
    return die_arg(s, i), face


def base_dice(s: GameState) -> list[int]:
    """Indices of the active monster's base dice: cards that turn or reroll "a die" never touch a module's special
    die (the die of fate, the berserk die), whose faces are not base faces."""
    return [i for i, face in enumerate(s.dice) if die_kind(face) is None]


def locked_dice(s: GameState) -> frozenset[int]:
    """Indices of the active monster's dice that may not be rerolled now (the ``locked-dice`` modifiers: a curse
    locks smashes or 1s, and the die of fate once it has resolved)."""
    return frozenset(registry.modify(s, "locked-dice", s.active, frozenset()))


def rerollable_dice(s: GameState) -> list[int]:
    """The base dice another monster's card may reroll (Psychic Probe, the Witch): locked dice excluded."""
    locked = locked_dice(s)
    return [i for i in base_dice(s) if i not in locked]


def die_face_offers(s: GameState, card: str) -> list[UseCard]:
    """One action per base die and per face it does not show."""
    return [UseCard(card, f"{i}-{face}") for i in base_dice(s)
            for face in ("1", "2", "3", "heart", "energy", "smash") if face != s.dice[i]]


def copied_card(s: GameState, mark: str) -> tuple[int, str] | None:
    """(holder seat, card) that a copying card or tile marked in ``s.marks[mark]`` copies now (Mimic, Fluxling), or
    None when nothing is marked, or the holder or card is gone."""
    marked = s.marks.get(mark)
    if marked is None:
        return None
    holder, card = marked
    m = s.monsters[holder]
    return marked if m.alive and card in m.cards else None


def monster_card_arg(s: GameState, arg: str) -> tuple[int, str]:
    """``"the-king.extra-head"`` → (seat of the-king, "extra-head")."""
    mid, _, card = arg.partition(".")
    return s.monster(mid).seat, card


# --- dice --------------------------------------------------------------------------------------------------
def set_die(ctx: Ctx, i: int, face: str, card: str, rule: str = PC) -> None:
    s = ctx.s
    s.dice[i] = face
    ctx.emit("die-changed", rule, s.monsters[s.active].id, die=i + 1, face=face, card=card)


def reroll_die(ctx: Ctx, i: int, card: str, by: int | None = None, rule: str = PC) -> str:
    s = ctx.s
    face = ctx.roll(1)[0]
    s.dice[i] = face
    s.kept[i] = False
    data: dict[str, Any] = {"by": s.monsters[by].id, "reason": "other"} if by is not None else {}
    ctx.emit("die-rerolled", rule, s.monsters[s.active].id, die=i + 1, face=face, card=card, **data)
    return face


# --- counters on cards -------------------------------------------------------------------------------------
def counter_key(card: str, source: str, name: str) -> str:
    """The ``tokens`` key of counter ``name`` of ``card`` carried by the physical card ``source``."""
    return name if source == card else f"{source}-{name}"


def set_tokens(s: GameState, seat: int, key: str, n: int) -> None:
    tokens = s.monsters[seat].tokens
    if n > 0:
        tokens[key] = n
    else:
        tokens.pop(key, None)


@dataclass(frozen=True, slots=True)
class LoadedCounter:
    """A card that arrives loaded with ``amount`` of something (Smoke tokens, Battery energy) and loses the rest when
    it leaves: its ``arrives``/``leaves`` are the card's ``on_buy``/``on_lose``."""

    card: str
    name: str
    amount: int
    reason: str  # the `card-loaded` event's reason

    def __post_init__(self) -> None:  # held with 1 to ``amount`` left; the card goes with the last one
        define_token(TokenDef(self.name, most=self.amount, supply=self.amount, card=self.card, low=1))

    def key(self, source: str) -> str:
        return counter_key(self.card, source, self.name)

    def arrives(self, ctx: Ctx, seat: int, card: str) -> None:
        set_tokens(ctx.s, seat, self.key(card), self.amount)
        ctx.emit("card-loaded", PC, ctx.s.monsters[seat].id, self.amount, card=card, reason=self.reason)

    def leaves(self, ctx: Ctx, seat: int, card: str) -> None:
        set_tokens(ctx.s, seat, self.key(card), 0)


# --- a Keep card leaves its monster --------------------------------------------------------------------------
def discard_card(ctx: Ctx, seat: int, card: str, reason: str) -> None:
    """``seat``'s Keep card ``card`` goes to the discard pile (its lasting effects end); a piece carrying a copy
    leaves play."""
    m = ctx.s.monsters[seat]
    if card in m.pieces:  # a module piece carrying a copy (Fluxling): its module says where it goes ("card-lost")
        m.pieces.remove(card)
    else:
        m.cards.remove(card)
        ctx.s.discard.append(card)
        ctx.emit("card-discarded", PC, m.id, card=card, reason=reason)
    _lost(ctx, seat, card, None)


def move_card(ctx: Ctx, seat: int, card: str, to: int) -> None:
    """``seat``'s Keep card ``card`` leaves it for monster ``to`` (the caller gives it to ``to``)."""
    ctx.s.monsters[seat].cards.remove(card)
    _lost(ctx, seat, card, to)


def _lost(ctx: Ctx, seat: int, card: str, to: int | None) -> None:
    d = registry.get(card)
    if d is not None and d.on_lose is not None:
        d.on_lose(ctx, seat, card)
    registry.fire(ctx, "card-lost", seat=seat, card=card, to=to)


# --- turns and Tokyo ---------------------------------------------------------------------------------------
def grant_extra_turn(ctx: Ctx, seat: int, card: str) -> None:
    """``seat`` takes another turn after the current one (after any granted before)."""
    ctx.s.extra_turns.append((seat, card))
    ctx.emit("extra-turn", PC, ctx.s.monsters[seat].id, card=card)


def leave_tokyo(ctx: Ctx, seat: int, card: str) -> None:
    """``seat`` must leave Tokyo because of ``card`` (not a yield)."""
    m = ctx.s.monsters[seat]
    space = m.location
    m.location = OUTSIDE
    ctx.emit("tokyo-left", PC, m.id, space=space, card=card)
