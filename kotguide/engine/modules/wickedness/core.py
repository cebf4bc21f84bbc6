"""Wickedness tiles (邪悪タイル, the "Even More Wicked!" module, option ``wickedness``): kot-facts §3.7, section
``wickedness``. The tiles' own effects are in ``tiles``.

- The gauge (邪悪トラック): ``tokens["wickedness"]``, 0 to 10. When a monster's dice resolve, each full set of three
  1s moves its marker 2 spaces and each full set of three 2s one space (six 1s: 4 spaces), counted on the resolved
  results, after the numbers scored; the marker stops at 10.
- Reaching or passing 3, 6 and 10 lets the monster take one of the face-up tiles left at that level (levels hold 4,
  4 and 2 tiles): a ``card`` decision at the ``wickedness`` window, ``use:wickedness:TILE`` or ``pass`` (it may
  decline). Passing several levels at once gives one choice per level, lowest first. No tile left at a level: nothing
  (event ``no-tile``). The choice comes right after the roll resolves, before smashed monsters choose to yield.
- A taken tile is the piece ``tile-<id>`` in front of its monster and works from then on (the roll that earned it is
  already resolved). Widespread Panic, Final Push and Starburst act when taken and are then discarded. An eliminated
  monster's tiles leave the game.
- Each tile is two-sided; the setup shows one side of each (10 tiles face up). Setup table
  ``[setup.modules.wickedness]``: ``sides = "random"`` (default: each tile's side drawn from the seed, so any game
  can meet all 20 sides), ``"orange"`` or ``"green"``; or ``tiles = [...]``: exactly these sides are face up (the
  other tiles are not in this game; at most one side per tile). Tiles held from the start go in the monsters'
  ``pieces`` (``"tile-barbs"``) and are then not on the board.

State: ``marks["wickedness:board"]`` the face-up tile ids (data order); ``marks["wickedness:gone"]`` tiles used or
lost; ``marks["wickedness:due"]`` ((seat, level), …) the levels whose tile a monster may still take.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ... import options as O
from ... import rules as R
from ...actions import UseCard
from ...cards import registry
from ...cards.registry import EffectDef, define_effect
from ...data import CONTENT_DIR
from ...dice import ONE, SET_SIZE, TWO
from ...errors import Problems
from ...phases import DecisionKind
from ...rng import below
from ...state import Decision, GameState
from ...supply import TokenDef, define_token
from ..registry import ModuleDef, define_module

if TYPE_CHECKING:
    from ...ops import Ctx
    from ...setup import Setup

TOKEN = "wickedness"
GAUGE_MAX = 10
define_token(TokenDef(TOKEN, most=GAUGE_MAX, option=O.WICKEDNESS))  # the marker on the gauge, 0 to 10
LEVELS: tuple[int, ...] = (3, 6, 10)
STEPS: Mapping[str, int] = {ONE: 2, TWO: 1}  # marker spaces per full set of three of the face
WINDOW = "wickedness"  # the choice of a tile; its action is use:wickedness:TILE
PREFIX = "tile-"
ORANGE, GREEN, RANDOM = "orange", "green", "random"
SIDES = (ORANGE, GREEN, RANDOM)
BOARD, GONE, DUE = "wickedness:board", "wickedness:gone", "wickedness:due"


@dataclass(frozen=True, slots=True)
class TileData:
    id: str
    name_en: str
    tile: int  # the tile's number, 1-10, the same on both sides
    side: str  # "orange" or "green"
    level: int  # 3, 6 or 10
    once: bool  # discarded after its effect


@cache
def tiles() -> dict[str, TileData]:
    """Every tile side by id, in file order (``content/cards/wickedness-tiles.toml``)."""
    raw = tomllib.loads((CONTENT_DIR / "cards" / "wickedness-tiles.toml").read_text(encoding="utf-8"))
    return {t["id"]: TileData(t["id"], t["name_en"], int(t["tile"]), t["side"], int(t["level"]),
                              bool(t.get("once", False))) for t in raw["tile"]}


def piece(tile: str) -> str:
    return PREFIX + tile


def tile_of(piece_id: str) -> str | None:
    """The tile id of a held piece (None for another module's piece)."""
    return piece_id.removeprefix(PREFIX) if piece_id.startswith(PREFIX) else None


def held_tiles(state: GameState, seat: int) -> list[str]:
    return [t for p in state.monsters[seat].pieces if (t := tile_of(p)) is not None]


def board(state: GameState) -> tuple[str, ...]:
    tiles: tuple[str, ...] = state.marks.get(BOARD, ())
    return tiles


# --- setup ---------------------------------------------------------------------------------------------------
def _validate(setup: Setup, table: Mapping[str, Any]) -> None:
    found, at = Problems(), ("modules", O.WICKEDNESS)
    for key in table:
        if key not in ("sides", "tiles"):
            found.add("unknown-key", (*at, key), key=key, where="the wickedness table")
    if table.get("sides", RANDOM) not in SIDES:
        found.add("bad-field", (*at, "sides"), field="sides", reason="orange, green or random")
    shown = table.get("tiles", ())
    if not isinstance(shown, list | tuple) or not all(isinstance(t, str) for t in shown):
        found.add("bad-field", (*at, "tiles"), field="tiles", reason="a list of tile ids")
        shown = ()
    placed: list[tuple[tuple[str | int, ...], str]] = [((*at, "tiles", i), t) for i, t in enumerate(shown)]
    for i, m in enumerate(setup.monsters):
        placed.extend((("monsters", i, "pieces", j), t) for j, p in enumerate(m.pieces) if (t := tile_of(p)))
    numbers: set[int] = set()
    for path, tile in placed:
        if tile not in tiles():
            found.add("unknown-tile", path, tile=tile)
        elif tiles()[tile].tile in numbers:
            found.add("tile-twice", path, tile=tile, number=tiles()[tile].tile)
        else:
            numbers.add(tiles()[tile].tile)
    found.check()


def _init(ctx: Ctx, table: Mapping[str, Any]) -> None:
    s = ctx.s
    held = {tiles()[t].tile for m in s.monsters for t in held_tiles(s, m.seat)}
    if "tiles" in table:
        shown = [t for t in tiles() if t in table["tiles"]]
    else:
        sides = table.get("sides", RANDOM)
        shown = []
        for number in sorted({t.tile for t in tiles().values()} - held):
            side = sides
            if side == RANDOM:
                s.rng, k = below(s.rng, 2)
                side = (ORANGE, GREEN)[k]
            shown.append(next(t.id for t in tiles().values() if t.tile == number and t.side == side))
        shown.sort(key=list(tiles()).index)
    s.marks[BOARD] = tuple(shown)
    ctx.emit("tiles-revealed", R.WICKEDNESS, None, tiles=list(shown))


# --- the gauge -----------------------------------------------------------------------------------------------
def _due(state: GameState, seat: int) -> list[int]:
    return sorted(level for t, level in state.marks.get(DUE, ()) if t == seat)


def _set_due(state: GameState, seat: int, levels: list[int]) -> None:
    rest = tuple(entry for entry in state.marks.get(DUE, ()) if entry[0] != seat)
    state.marks[DUE] = rest + tuple((seat, level) for level in levels)


def _at_level(state: GameState, level: int) -> list[str]:
    return [t for t in board(state) if tiles()[t].level == level]


def gain(ctx: Ctx, seat: int, steps: int) -> None:
    """Move ``seat``'s marker ``steps`` spaces (never past 10); each level reached or passed offers its tiles."""
    s = ctx.s
    m = s.monsters[seat]
    old = m.tokens.get(TOKEN, 0)
    new = min(GAUGE_MAX, old + steps)
    if new <= old:
        return
    m.tokens[TOKEN] = new
    ctx.emit("wickedness-gained", R.WICKEDNESS, m.id, new - old, total=new)
    due = _due(s, seat)
    for level in LEVELS:
        if old < level <= new:
            if _at_level(s, level):
                due.append(level)
            else:
                ctx.emit("no-tile", R.WICKEDNESS, m.id, level=level)
    if due:
        _set_due(s, seat, due)
        _ask_first(ctx, seat)


def _ask_first(ctx: Ctx, seat: int) -> None:
    """Ask ``seat`` to choose a tile before anything else waiting."""
    s = ctx.s
    d = Decision(seat, s.monsters[seat].id, DecisionKind.CARD, WINDOW)
    if d not in s.pending:
        s.pending.insert(0, d)


def _resolved(ctx: Ctx, counts: Mapping[str, int], **kw: Any) -> None:
    s = ctx.s
    if O.WICKEDNESS not in s.options or not s.monsters[s.active].alive:
        return
    steps = sum(per * (counts[face] // SET_SIZE) for face, per in STEPS.items())
    if steps:
        gain(ctx, s.active, steps)


# --- taking a tile -------------------------------------------------------------------------------------------
def _offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != WINDOW or O.WICKEDNESS not in state.options:
        return []
    due = _due(state, seat)
    return [UseCard(WINDOW, t) for t in _at_level(state, due[0])] if due else []


def _take(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    tile = action.arg
    level = tiles()[tile].level
    _set_due(s, seat, _due(s, seat)[1:])
    s.marks[BOARD] = tuple(t for t in board(s) if t != tile)
    s.monsters[seat].pieces.append(piece(tile))
    ctx.emit("tile-taken", R.WICKEDNESS, s.monsters[seat].id, level=level, tile=tile)
    d = registry.get(piece(tile))
    if d is not None and d.on_buy is not None:  # the tile's effect on arrival
        d.on_buy(ctx, seat, piece(tile))


def _passed(ctx: Ctx, seat: int, window: str, **kw: Any) -> None:
    """A monster that passes gives up the lowest level's tile; it is asked again for the next level due."""
    s = ctx.s
    if window != WINDOW or O.WICKEDNESS not in s.options:
        return
    due = _due(s, seat)[1:]
    _set_due(s, seat, due)
    if due:
        _ask_first(ctx, seat)


def discard(ctx: Ctx, seat: int, tile: str, reason: str) -> None:
    """``seat``'s tile leaves the game (its lasting effects end)."""
    ctx.s.monsters[seat].pieces.remove(piece(tile))
    _gone(ctx, seat, tile, reason)
    d = registry.get(piece(tile))
    if d is not None and d.on_lose is not None:
        d.on_lose(ctx, seat, piece(tile))


def _gone(ctx: Ctx, seat: int, tile: str, reason: str) -> None:
    s = ctx.s
    s.marks[GONE] = (*s.marks.get(GONE, ()), tile)
    ctx.emit("tile-discarded", R.WICKEDNESS, s.monsters[seat].id, tile=tile, reason=reason)


def _card_lost(ctx: Ctx, seat: int, card: str, to: int | None = None, **kw: Any) -> None:
    """A tile carrying a copy that discards itself (Fluxling as Plot Twist) has left its monster: it is used up."""
    tile = tile_of(card)
    if tile is not None and to is None and O.WICKEDNESS in ctx.s.options:
        _gone(ctx, seat, tile, "used")


def _eliminated(ctx: Ctx, seat: int, **kw: Any) -> None:
    s = ctx.s
    if O.WICKEDNESS not in s.options:
        return
    _set_due(s, seat, [])
    for tile in held_tiles(s, seat):
        discard(ctx, seat, tile, "eliminated")


define_effect(EffectDef(
    WINDOW, offer=_offer, use=_take, prompt_windows=frozenset({WINDOW}), offer_windows=frozenset({WINDOW}),
    describe=lambda s, seat, arg: {"tile": arg},
    hooks={"resolved": _resolved, "passed": _passed, "eliminated": _eliminated, "card-lost": _card_lost},
    option=O.WICKEDNESS,
))


# --- invariants ----------------------------------------------------------------------------------------------
def _invariants(state: GameState) -> list[str]:
    out: list[str] = []
    places = list(board(state)) + list(state.marks.get(GONE, ()))
    for m in state.monsters:
        level = m.tokens.get(TOKEN, 0)
        if not 0 <= level <= GAUGE_MAX:
            out.append(f"{m.id}: wickedness {level} outside 0..{GAUGE_MAX}")
        mine = held_tiles(state, m.seat)
        if mine and not m.alive:
            out.append(f"{m.id}: eliminated but holds tiles {mine}")
        places.extend(mine)
    unknown = [t for t in places if t not in tiles()]
    if unknown:
        out.append(f"unknown tiles {unknown}")
    numbers = [tiles()[t].tile for t in places if t in tiles()]
    if len(numbers) != len(set(numbers)):
        out.append(f"a tile is in two places: {sorted(places)}")
    for seat, level in state.marks.get(DUE, ()):
        if not state.monsters[seat].alive or level not in LEVELS:
            out.append(f"tile due to {state.monsters[seat].id} at level {level}")
    return out


define_module(ModuleDef(id=O.WICKEDNESS, validate=_validate, init=_init, invariants=_invariants))
