"""King Kong's Evolution deck (Monster Pack 02). ⚠ The source texts are drafts of the online implementation (kot-facts
§3.8, §3.3): the deck's page says so.

| card | kind | effect | action |
|---|---|---|---|
| son-of-kong-kiko | temporary | at 0 life: take 4 life, leave Tokyo, keep playing | played by itself when its holder falls to 0 |
| king-of-skull-island | temporary | as you yield Tokyo: heal up to your maximum life; you miss your next turn | ``use:evo-king-of-skull-island`` (asked at ``king-of-skull-island``) |
| islander-sacrifice | temporary | roll 6 dice: +1 energy per energy, heal 1 per heart (in Tokyo too); with fewer than 2 such results, the card comes back into your hand | ``use:evo-islander-sacrifice`` (any time) |
| monkey-leap | temporary | on another monster's turn, once yields are done: if Tokyo City is empty and its monster is about to enter, you take it instead | ``use:evo-monkey-leap`` (asked at ``monkey-leap``) |
| it-was-beauty-killed-the-beast | permanent | you take the Beauty card; at the start of each of your turns without it: you cannot reroll smashes, and your smashes hit only the monster holding Beauty | ``use:evo-it-was-beauty-killed-the-beast`` (any time) |
| jet-club | permanent | while you are in Tokyo, one more smash in your resolved rolls | — |
| eighth-wonder-of-the-world | permanent | +1 VP when your resolved roll has four or more of one face | — |
| climb-tokyo-tower | permanent | in Tokyo, when your dice resolve: +1 VP per 1; six 1s win the game at once | — |

Readings: our sources give neither the Beauty card's own text nor how it changes hands; kotguide reads that a
monster whose smashes wound the Beauty holder takes the card (so King Kong wins it back the same way), that an
eliminated holder's Beauty goes back to King Kong, and that Beauty leaves the game with the Evolution. Without Beauty,
a turn of King Kong's smashes hits only the holder among the monsters they would hit. King of Skull Island's missed
turn is the next turn the rotation gives (not an extra turn). Climb Tokyo Tower's six 1s win only in Tokyo, like its
VP.
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import events
from ... import options as O
from ... import rules as R
from ...cards import registry
from ...cards.registry import CardDef, EffectDef
from ...dice import ENERGY, FACES, HEART, ONE, SMASH
from ...phases import Window
from ...state import GameState, Outcome
from . import core as C
from .core import EvolutionDef, define_evolution

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO
events.extend("reborn", params=("reason",))
events.extend("card-rolled", params=("reason",))


# --- Son of Kong Kiko ----------------------------------------------------------------------------------------
KIKO, KIKO_LIFE = "son-of-kong-kiko", 4


def _kiko_falls(ctx: Ctx, seat: int, **kw: Any) -> None:
    s = ctx.s
    if O.EVOLUTIONS in s.options and s.monsters[seat].life == 0 and KIKO in C.hand(s, seat):
        C.play(ctx, seat, KIKO)


def _son_of_kong_kiko(ctx: Ctx, seat: int, arg: str) -> None:
    m = ctx.s.monsters[seat]
    m.life = min(KIKO_LIFE, m.max_life)
    ctx.emit("reborn", EVO, m.id, m.life, evolution=KIKO, reason="kept")
    if m.in_tokyo:
        C.leave_tokyo(ctx, seat, KIKO)


def _never(state: GameState, seat: int, window: str) -> bool:
    return False


define_evolution(EvolutionDef(KIKO, play=_son_of_kong_kiko, when=_never,
                              effects=[EffectDef("evo-son-of-kong-kiko-falls", hooks={"fallen": _kiko_falls})]))


# --- King of Skull Island ------------------------------------------------------------------------------------
SKULL = "king-of-skull-island"
SKULL_WINDOW = "king-of-skull-island"
MISSES = "evolutions:misses-turn"  # mark: seats that miss their next turn


def _skull_ask(ctx: Ctx, seat: int, **kw: Any) -> None:
    if O.EVOLUTIONS in ctx.s.options and SKULL in C.hand(ctx.s, seat):
        registry.ask(ctx, seat, SKULL_WINDOW)


def _skull_when(state: GameState, seat: int, window: str) -> bool:
    return window == SKULL_WINDOW and not state.monsters[seat].in_tokyo


def _king_of_skull_island(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    m = s.monsters[seat]
    ctx.heal(seat, m.max_life - m.life, EVO, evolution=SKULL)
    s.marks[MISSES] = (*s.marks.get(MISSES, ()), seat)


def missing_turn(s: GameState) -> tuple[int, ...]:
    """The seats that miss their next turn."""
    return tuple(s.marks.get(MISSES, ()))


def set_missing_turn(s: GameState, seats: tuple[int, ...]) -> None:
    """A setup's missed turn (King of Skull Island played before the table was set)."""
    s.marks[MISSES] = seats


def _misses_turn(ctx: Ctx, seat: int, value: bool, **kw: Any) -> bool:
    s = ctx.s
    missing = s.marks.get(MISSES, ())
    if seat not in missing:
        return value
    s.marks[MISSES] = tuple(t for t in missing if t != seat)
    if not s.marks[MISSES]:
        del s.marks[MISSES]
    ctx.emit("turn-missed", EVO, s.monsters[seat].id, evolution=SKULL)
    return False


def _skull_eliminated(ctx: Ctx, seat: int, **kw: Any) -> None:
    missing = ctx.s.marks.get(MISSES, ())
    if seat in missing:
        rest = tuple(t for t in missing if t != seat)
        if rest:
            ctx.s.marks[MISSES] = rest
        else:
            del ctx.s.marks[MISSES]


define_evolution(EvolutionDef(
    SKULL, play=_king_of_skull_island, when=_skull_when, prompt_windows=frozenset({SKULL_WINDOW}),
    effects=[EffectDef("evo-king-of-skull-island-watch", hooks={"yielded": _skull_ask, "eliminated": _skull_eliminated},
                       filters={"takes-turn": _misses_turn})]))


# --- Islander Sacrifice --------------------------------------------------------------------------------------
SACRIFICE, SACRIFICE_DICE, SACRIFICE_KEEPS = "islander-sacrifice", 6, 2


def _islander_sacrifice(ctx: Ctx, seat: int, arg: str) -> None:
    s = ctx.s
    faces = ctx.roll(SACRIFICE_DICE)
    energy, hearts = faces.count(ENERGY), faces.count(HEART)
    ctx.emit("card-rolled", EVO, s.monsters[seat].id, energy + hearts, faces=faces, evolution=SACRIFICE,
             reason="sacrifice")
    ctx.gain_energy(seat, energy, EVO, evolution=SACRIFICE)
    ctx.heal(seat, hearts, EVO, evolution=SACRIFICE)
    if energy + hearts < SACRIFICE_KEEPS and s.monsters[seat].alive:
        C.remove_from(s, C.DISCARD, seat, SACRIFICE)
        C.keep(ctx, seat, SACRIFICE)


define_evolution(EvolutionDef(SACRIFICE, play=_islander_sacrifice))


# --- Monkey Leap ---------------------------------------------------------------------------------------------
LEAP = "monkey-leap"
LEAP_WINDOW = "monkey-leap"


def _leap_ask(ctx: Ctx, **kw: Any) -> None:
    C.ask_others_holding(ctx, LEAP, LEAP_WINDOW)


def _leap_when(state: GameState, seat: int, window: str) -> bool:
    return window == LEAP_WINDOW and C.may_enter_instead(state, seat)


def _monkey_leap(ctx: Ctx, seat: int, arg: str) -> None:
    C.enter_instead(ctx, seat)


define_evolution(EvolutionDef(LEAP, play=_monkey_leap, when=_leap_when, prompt_windows=frozenset({LEAP_WINDOW}),
                              effects=[EffectDef("evo-monkey-leap-ask", hooks={Window.YIELD: _leap_ask})]))


# --- It Was Beauty Killed the Beast --------------------------------------------------------------------------
BEAUTY = "it-was-beauty-killed-the-beast"
HOLDER = "evolutions:beauty"  # mark: the seat holding the Beauty card
WITHOUT = "evolutions:without-beauty"  # memo: King Kong started this turn without Beauty


def _owner(s: GameState) -> int | None:
    return next((m.seat for m in s.monsters if C.piece(BEAUTY) in m.pieces), None)


def beauty_holder(s: GameState) -> int | None:
    """The seat holding Beauty: where it moved to, else the card's owner (a setup that places the card in play);
    None once the card has left play."""
    held = beauty_moved_to(s)
    return held if held is not None else _owner(s)


def beauty_moved_to(s: GameState) -> int | None:
    """The seat Beauty moved to (or a setup gave it to); None while it stays with the card's owner."""
    held = s.marks.get(HOLDER)
    return None if held is None else int(held)


def set_beauty_holder(s: GameState, seat: int, *, turn_began_without: bool) -> None:
    """A setup's Beauty holder; `turn_began_without`: the active King Kong's turn opened past its start without it
    (the start hook that notes it does not run there)."""
    s.marks[HOLDER] = seat
    if turn_began_without:
        s.memo[WITHOUT] = True


def _beauty_to(ctx: Ctx, seat: int, giver: int | None = None, reason: str = "") -> None:
    s = ctx.s
    s.marks[HOLDER] = seat
    data: dict[str, Any] = {"by": s.monsters[giver].id, "reason": reason} if giver is not None else {}
    ctx.emit("beauty-taken", EVO, s.monsters[seat].id, evolution=BEAUTY, **data)


def _beauty_played(ctx: Ctx, seat: int, arg: str) -> None:
    _beauty_to(ctx, seat)


def _beauty_start(ctx: Ctx, owner: int, **kw: Any) -> None:
    s = ctx.s
    if s.active == owner and beauty_holder(s) not in (None, owner):
        s.memo[WITHOUT] = True


def _without(state: GameState, owner: int) -> bool:
    return state.active == owner and bool(state.memo.get(WITHOUT))


def _smashes_locked(state: GameState, owner: int, value: frozenset[int], **kw: Any) -> frozenset[int]:
    if not _without(state, owner):
        return value
    return value | {i for i, face in enumerate(state.dice) if face == SMASH}


def _only_the_holder(state: GameState, owner: int, value: list[int], **kw: Any) -> list[int]:
    return [t for t in value if t == beauty_holder(state)] if _without(state, owner) else value


def _beauty_wounded(ctx: Ctx, seat: int, amount: int = 0, by: int | None = None, rule: str = "", **kw: Any) -> None:
    """A monster whose smashes wound the Beauty holder takes the card."""
    s = ctx.s
    if (rule == R.SMASH and by is not None and by != seat and seat == beauty_holder(s) and amount > 0
            and s.monsters[by].alive):
        _beauty_to(ctx, by, seat, "wounded")


def _holder_eliminated(ctx: Ctx, seat: int, **kw: Any) -> None:
    s = ctx.s
    owner = _owner(s)
    if seat == beauty_holder(s) and owner is not None and s.monsters[owner].alive and owner != seat:
        _beauty_to(ctx, owner, seat, "returned")


def _beauty_left(ctx: Ctx, seat: int, evolution: str, **kw: Any) -> None:
    if evolution == BEAUTY:
        ctx.s.marks.pop(HOLDER, None)


define_evolution(EvolutionDef(BEAUTY, play=_beauty_played, card=CardDef(
    "", hooks={Window.START: _beauty_start},
    modifiers={"locked-dice": _smashes_locked, "targets": _only_the_holder}),
    effects=[EffectDef("evo-beauty-moves", hooks={"damaged": _beauty_wounded, "eliminated": _holder_eliminated,
                                                  C.LEFT_PLAY: _beauty_left})]))


# --- Jet Club, 8th Wonder of the World, Climb Tokyo Tower ----------------------------------------------------
CLIMB, CLIMB_WIN = "climb-tokyo-tower", 6


def _jet_club(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> dict[str, int]:
    s = ctx.s
    if s.active != owner or not s.monsters[owner].in_tokyo:
        return counts
    ctx.emit("smash-added", EVO, s.monsters[owner].id, 1, evolution="jet-club")
    return {**counts, SMASH: counts[SMASH] + 1}


def _eighth_wonder(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> None:
    if ctx.s.active == owner and any(counts.get(face, 0) >= 4 for face in FACES):
        ctx.gain_vp(owner, 1, EVO, evolution="eighth-wonder-of-the-world")


def _climb(ctx: Ctx, owner: int, counts: dict[str, int], **kw: Any) -> None:
    s = ctx.s
    m = s.monsters[owner]
    ones = counts.get(ONE, 0)
    if s.active != owner or not m.in_tokyo or not ones or s.outcome is not None:
        return
    ctx.gain_vp(owner, ones, EVO, evolution=CLIMB)
    if ones >= CLIMB_WIN and m.alive:
        s.outcome = Outcome((m.id,), CLIMB)
        ctx.emit("game-over", R.VICTORY, None, winners=[m.id], reason=CLIMB, shared=False)


define_evolution(EvolutionDef("jet-club", card=CardDef("", filters={"counts": _jet_club})))
define_evolution(EvolutionDef("eighth-wonder-of-the-world", card=CardDef("", hooks={"resolved": _eighth_wonder})))
define_evolution(EvolutionDef(CLIMB, card=CardDef("", hooks={"resolved": _climb})))
