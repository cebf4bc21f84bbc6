"""The Curse cards module (Anubis, option ``curses``): a curse in force whose permanent effect applies to everyone,
the die of fate rolled with every turn's dice, and the golden scarab.

Files: ``core`` (the curse deck and the scarab, ``define_curse``), ``fate`` (the die of fate), ``choices`` (the
``use:curse-…`` choices), and the curses by family: ``scarab_curses``, ``tokyo_curses``, ``dice_curses``,
``turn_curses``.

Setup table ``[setup.modules.curses]`` (every key optional):
- ``in_force``: the curse revealed at setup (default: the top of the shuffled deck);
- ``deck``: the top of the curse deck, top first (the other curses are shuffled with the seed below it);
- ``scarab``: the monster that starts with the golden scarab. Default: the last monster in turn order, i.e. the one
  seated just before the first player (on the first player's right, as the game help says). With a roll-off the
  first player is known only once it is rolled: the scarab is then placed when the first turn starts.

Readings kotguide takes (for the FAQ; the curse texts in ``content/{en,ja}/curses.toml`` say the same):
- The die of fate resolves once per turn, when the active monster resolves its dice (at the ``before-resolve``
  window, so that the choices it brings are asked first), before every other die and before the choices cards offer
  at that moment (Psychic Probe, Plot Twist…). Once resolved it keeps its face; cards that turn or reroll "a die"
  never touch it.
- The scarab never moves when its holder is eliminated; while its holder is out, nobody is the holder.
- When the curse deck runs out, the discarded curses (the one just discarded included) are shuffled into a new deck,
  as the online game does.
- A curse revealed by the Eye of Horus acts at once, for the rest of the turn (its permanent effect only: its ankh
  and snake wait for a later die of fate).
- Gifts (Khepri's Rebellion, Pharaonic Skin) come from the giver's own stock and never take its last life.

In a game that follows a physical table, ``curse:ID`` (``chance``) gives the next curse revealed: one of
``core.can_come_up`` (else ``curse-cannot-come-up``); given again before it comes up, the later one counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ... import chance
from ... import options as O
from ...actions import TableCurse
from ...errors import IllegalAction, Problems
from ...rng import shuffle
from ...setup import Setup
from ...state import GameState
from ..registry import ModuleDef, define_module
from . import choices, core, dice_curses, fate, scarab_curses, tokyo_curses, turn_curses

if TYPE_CHECKING:
    from ...ops import Ctx

__all__ = ["choices", "core", "dice_curses", "fate", "scarab_curses", "tokyo_curses", "turn_curses"]

_KEYS = ("in_force", "deck", "scarab")


def _validate(setup: Setup, table: Mapping[str, Any]) -> None:
    found, at = Problems(), ("modules", O.CURSES)
    for key in table:
        if key not in _KEYS:
            found.add("unknown-key", (*at, key), key=key, where="[setup.modules.curses]")
    ids = core.curse_ids()
    in_force = table.get("in_force")
    given = table.get("deck", ())
    if not isinstance(given, list | tuple) or not all(isinstance(c, str) for c in given):
        found.add("bad-field", (*at, "deck"), field="modules.curses.deck", reason="a list of curse ids")
        given = ()
    if in_force is not None and not isinstance(in_force, str):
        found.add("bad-field", (*at, "in_force"), field="modules.curses.in_force", reason="a curse id")
        in_force = None
    placed: list[tuple[tuple[Any, ...], Any]] = [((*at, "in_force"), in_force)] if in_force is not None else []
    placed += [((*at, "deck", i), c) for i, c in enumerate(given)]
    seen: set[str] = set()
    for path, curse in placed:
        if curse not in ids:
            found.add("unknown-curse", path, curse=curse)
        elif curse in seen:
            found.add("curse-twice", path, curse=curse)
        seen.add(curse)
    scarab = table.get("scarab")
    if scarab is not None and scarab not in [m.id for m in setup.monsters]:
        found.add("scarab-holder", (*at, "scarab"), monster=scarab)
    found.check()


def _init(ctx: Ctx, table: Mapping[str, Any]) -> None:
    s = ctx.s
    given = list(table.get("deck", ()))
    in_force = table.get("in_force")
    rest = [c for c in core.curse_ids() if c not in given and c != in_force]
    s.rng = shuffle(s.rng, rest)
    cards = given + rest
    if in_force is None:
        in_force = cards.pop(0)
    core.start_piles(s, cards)
    core.bring_into_force(ctx, in_force, "setup")
    scarab = table.get("scarab")
    if scarab is not None:
        core.place_scarab(ctx, s.monster(scarab).seat)
    elif s.setup.first_player is not None:
        core.place_scarab(ctx, core.last_before(s, s.monster(s.setup.first_player).seat))


def _invariants(s: GameState) -> list[str]:
    out: list[str] = []
    in_force = core.in_force(s)
    if in_force not in core.curse_ids():
        out.append(f"curse in force {in_force!r} is not one curse")
    places = sorted([in_force or "", *core.deck(s), *core.discarded(s)])
    if places != sorted(core.curse_ids()):
        out.append(f"curses not each in exactly one place: {places}")
    owner = core.scarab_owner(s)
    if owner is not None and owner not in [m.id for m in s.monsters]:
        out.append(f"scarab in front of {owner!r}, not a monster of the game")
    if owner is None and s.turn >= 1:
        out.append("no monster received the scarab")
    return out


def _table_refuses(s: GameState, action: TableCurse) -> IllegalAction | None:
    if action.curse in core.can_come_up(s):
        return None
    return IllegalAction("curse-cannot-come-up", action=action.code, curse=action.curse)


def _table_gives(s: GameState, action: TableCurse) -> None:
    core.give_next(s, action.curse)


chance.define_deck(TableCurse, O.CURSES, _table_refuses, _table_gives)
define_module(ModuleDef(O.CURSES, validate=_validate, init=_init, invariants=_invariants))
