"""The King's Evolution deck.

| card | kind | effect | action |
|---|---|---|---|
| monkey-rush | temporary | on another monster's turn, once yields are done: a Tokyo space whose occupant at the start of the turn has left it (yield, elimination…) is empty: you enter it instead of the active monster | ``use:evo-monkey-rush:city`` / ``:bay`` (asked at ``monkey-rush``) |
| simian-scamper | temporary | in Tokyo, about to be smashed: yield now, lose no life to that attack nor for the rest of the turn | ``use:evo-simian-scamper`` (``damage``) |
| jungle-frenzy | temporary | at the end of your entry step, outside Tokyo, having wounded a monster in Tokyo: another turn after this one | ``use:evo-jungle-frenzy`` (asked at ``enter``) |
| giant-banana | temporary | heal 2 life | ``use:evo-giant-banana`` (any time) |
| chest-thumping | permanent | once the yields are done, each monster your smashes wounded in Tokyo that is still there may be forced to yield | ``use:evo-chest-thumping:<monster>`` (asked at ``chest-thumping``) |
| alpha-male | permanent | +1 VP when your dice resolve if your smashes wounded at least one monster | — |
| i-am-the-king | permanent | +1 VP each time you enter Tokyo and each time you start your turn there | — |
| twas-beauty-killed-the-beast | permanent | played in Tokyo; +1 VP at the end of every turn; leaving Tokyo discards it and you lose all your VP | ``use:evo-twas-beauty-killed-the-beast`` (in Tokyo) |

Readings: Simian Scamper is played at the ``damage`` window, before the smash lands (the engine takes life before the
yield decision, so "the attack that made you yield" can only be stopped there), exactly like Jets; Chest Thumping
is asked after the wounded monsters chose to stay or yield (it forces those that stayed); Monkey Rush sees a space
as freed when the monster that held it at the start of the turn is gone from it (the Bay closing removes the space:
not freed).
"""  # noqa: E501

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import guards, tokyo
from ... import options as O
from ...actions import UseCard
from ...cards import registry
from ...cards.registry import CardDef, EffectDef
from ...phases import Window
from ...setup import BAY
from ...state import GameState
from . import core as C
from . import wounds
from .core import EvolutionDef, define_evolution

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = C.EVO


def _holds(s: GameState, seat: int, evolution: str) -> bool:
    return C.piece(evolution) in s.monsters[seat].pieces


# --- Monkey Rush ---------------------------------------------------------------------------------------------
RUSH = "monkey-rush"
RUSH_WINDOW = "monkey-rush"
SPACES_AT_START = "evolutions:spaces-at-start"  # memo: (space, seat) of each Tokyo occupant when the turn started


def _record_spaces(ctx: Ctx, **kw: Any) -> None:
    s = ctx.s
    if O.EVOLUTIONS in s.options:
        s.memo[SPACES_AT_START] = tuple((m.location, m.seat) for m in s.monsters if m.in_tokyo)


def freed_spaces(s: GameState) -> list[str]:
    """Tokyo spaces left empty this turn by the monster that held them when the turn started (a closed Bay is gone,
    not freed)."""
    return [space for space, _ in s.memo.get(SPACES_AT_START, ())
            if s.occupant(space) is None and (space != BAY or tokyo.bay_open(s))]


def _rush_ask(ctx: Ctx, **kw: Any) -> None:
    C.ask_others_holding(ctx, RUSH, RUSH_WINDOW)


def _rush_when(state: GameState, seat: int, window: str) -> bool:
    return window == RUSH_WINDOW and seat != state.active and not state.monsters[seat].in_tokyo


def _monkey_rush(ctx: Ctx, seat: int, space: str) -> None:
    tokyo.enter(ctx, seat, space)


define_evolution(EvolutionDef(
    RUSH, play=_monkey_rush, when=_rush_when, args=lambda s, seat: freed_spaces(s),
    prompt_windows=frozenset({RUSH_WINDOW}),
    effects=[EffectDef("evo-monkey-rush-watch", hooks={Window.START: _record_spaces, Window.YIELD: _rush_ask})]))


# --- Simian Scamper ------------------------------------------------------------------------------------------
SCAMPER = "simian-scamper"


def _scamper_ready(state: GameState, seat: int) -> bool:
    m = state.monsters[seat]
    return (O.EVOLUTIONS in state.options and SCAMPER in C.hand(state, seat) and m.in_tokyo
            and state.active != seat and tokyo.may_yield(state, seat))


def _scamper_when(state: GameState, seat: int, window: str) -> bool:
    entry = guards.threat(state, seat) if wounds.about_to_lose_life(state, seat, window) else None
    return entry is not None and entry[3] and _scamper_ready(state, seat)


def _simian_scamper(ctx: Ctx, seat: int, arg: str) -> None:
    wounds.protect(ctx, seat, SCAMPER)
    tokyo.yield_tokyo(ctx, seat, evolution=SCAMPER)


define_evolution(EvolutionDef(SCAMPER, play=_simian_scamper, when=_scamper_when,
                              prompt_windows=frozenset({Window.DAMAGE}),
                              effects=[C.hand_guard(SCAMPER, _scamper_ready)]))


# --- Jungle Frenzy -------------------------------------------------------------------------------------------
FRENZY = "jungle-frenzy"


def _frenzy_when(state: GameState, seat: int, window: str) -> bool:
    return (window == Window.ENTER and state.active == seat and not state.monsters[seat].in_tokyo
            and bool(wounds.wounded_in_tokyo(state)))


def _jungle_frenzy(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.s.extra_turns.append((seat, C.piece(FRENZY)))
    ctx.emit("extra-turn", EVO, ctx.s.monsters[seat].id, evolution=FRENZY)


define_evolution(EvolutionDef(FRENZY, play=_jungle_frenzy, when=_frenzy_when, prompt_windows=frozenset({Window.ENTER})))


# --- Giant Banana --------------------------------------------------------------------------------------------
BANANA_LIFE = 2


def _giant_banana(ctx: Ctx, seat: int, arg: str) -> None:
    ctx.heal(seat, BANANA_LIFE, EVO, evolution="giant-banana")


define_evolution(EvolutionDef("giant-banana", play=_giant_banana))


# --- Chest Thumping ------------------------------------------------------------------------------------------
CHEST = "chest-thumping"
CHEST_WINDOW = "chest-thumping"


def _chest_ask(ctx: Ctx, owner: int, **kw: Any) -> None:
    if ctx.s.active == owner:
        registry.ask(ctx, owner, CHEST_WINDOW)


def _chest_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != CHEST_WINDOW or state.active != seat:
        return []
    return [UseCard(C.piece(CHEST), state.monsters[t].id) for t in wounds.wounded_in_tokyo(state)
            if state.monsters[t].alive and state.monsters[t].in_tokyo and tokyo.may_yield(state, t)]


def _chest_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    tokyo.yield_tokyo(ctx, ctx.s.monster(action.arg).seat, evolution=CHEST)


define_evolution(EvolutionDef(CHEST, card=CardDef("", hooks={Window.YIELD: _chest_ask}, offer=_chest_offer,
                                                 use=_chest_use, prompt_windows=frozenset({CHEST_WINDOW}))))


# --- Alpha Male, I Am the King! ------------------------------------------------------------------------------
def _alpha_male(ctx: Ctx, owner: int, **kw: Any) -> None:
    if ctx.s.active == owner and ctx.s.hit:
        ctx.gain_vp(owner, 1, EVO, evolution="alpha-male")


def _king_entered(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    if seat == owner:
        ctx.gain_vp(owner, 1, EVO, evolution="i-am-the-king")


def _king_start(ctx: Ctx, owner: int, **kw: Any) -> None:
    if ctx.s.active == owner and ctx.s.monsters[owner].in_tokyo:
        ctx.gain_vp(owner, 1, EVO, evolution="i-am-the-king")


define_evolution(EvolutionDef("alpha-male", card=CardDef("", hooks={"resolved": _alpha_male})))
define_evolution(EvolutionDef("i-am-the-king", card=CardDef("", hooks={"entered": _king_entered,
                                                                         Window.START: _king_start})))


# --- Twas Beauty Killed the Beast ----------------------------------------------------------------------------
BEAUTY = "twas-beauty-killed-the-beast"
# the moments after which a monster may have left Tokyo (yield, elimination and the Bay closing, It Has a Child…)
BEAUTY_CHECKS = ("yielded", "eliminated", "fallen", "damaged", "entered", "resolved", "card-lost", Window.START,
                 Window.YIELD, Window.ENTER, Window.BUY, Window.END)


def _beauty_when(state: GameState, seat: int, window: str) -> bool:
    return window in C.ANYTIME and state.monsters[seat].in_tokyo


def _beauty_end(ctx: Ctx, owner: int, **kw: Any) -> None:
    if ctx.s.monsters[owner].in_tokyo:
        ctx.gain_vp(owner, 1, EVO, evolution=BEAUTY)


def _beauty_left(ctx: Ctx, **kw: Any) -> None:
    """A holder out of Tokyo, however it left: the card is discarded and it loses all its VP."""
    s = ctx.s
    if O.EVOLUTIONS not in s.options:
        return
    for m in s.monsters:
        if m.alive and not m.in_tokyo and _holds(s, m.seat, BEAUTY):
            C.discard_piece(ctx, m.seat, BEAUTY, "left-tokyo")
            ctx.lose_vp(m.seat, m.vp, EVO, evolution=BEAUTY)


define_evolution(EvolutionDef(
    BEAUTY, when=_beauty_when, card=CardDef("", hooks={Window.END: _beauty_end}),
    effects=[EffectDef("evo-twas-beauty-left-tokyo", hooks=dict.fromkeys(BEAUTY_CHECKS, _beauty_left))]))
