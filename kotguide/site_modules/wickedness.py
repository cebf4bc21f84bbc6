"""Wickedness tiles: a gauge on each monster, the tiles it holds, and the side the tiles on the board show."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from kotguide.engine.modules.wickedness import core as wickedness

from . import Choice, Components, Counter, Dealt, ModuleUI, Pieces, register

if TYPE_CHECKING:
    from kotguide.engine import GameState
    from kotguide.sandbox.modules_view import Row

KIND = "wickedness"  # the component kind of the tiles
SIDES = {
    wickedness.RANDOM: pgettext_lazy("tile side", "random"),
    wickedness.ORANGE: pgettext_lazy("tile side", "orange side"),
    wickedness.GREEN: pgettext_lazy("tile side", "green side"),
}


def _tiles(lang: str, monster: str, at_table: list[str]) -> list[tuple[str, str]]:
    from kotguide.content import components

    return [(t.id, _("%(tile)s (%(side)s)") % {"tile": t.name, "side": SIDES[t.data["side"]]})
            for t in components.components(lang, KIND).values()]


def _sides_of(lang: str, monster: str, at_table: list[str], slot: int) -> list[tuple[str, str]]:
    """The two sides of tile number `slot` + 1."""
    return [(t, name) for t, name in _tiles(lang, monster, at_table) if wickedness.tiles()[t].tile == slot + 1]


def _panel(state: GameState, lang: str) -> tuple[Row, ...]:
    from kotguide.sandbox.modules_view import Row, component_item

    items = tuple(component_item(KIND, t, lang) for t in wickedness.board(state))
    return (Row(_("Face-up wickedness tiles"), items),) if items else (Row(_("No wickedness tile left"), ()),)


def _in_play(tile: str) -> dict[str, Any]:
    """The first monster holds the tile."""
    return {"modules": (("m1-tiles", tile),)}


MODULE = register(ModuleUI(
    components=Components(KIND, ("-tiles",), _in_play),
    id="wickedness",
    name=pgettext_lazy("option", "Wickedness tiles"),
    dealt=Dealt("tiles", gettext_lazy("Tile %(n)s, face up"), len({t.tile for t in wickedness.tiles().values()}),
                _sides_of, per_seat=False),
    seat=(
        Counter(wickedness.TOKEN, pgettext_lazy("token", "Wickedness")),
        Pieces("tiles", wickedness.piece(""), KIND, gettext_lazy("Wickedness tiles held"), _tiles),
    ),
    table=(Choice("tile-sides", ("sides",), gettext_lazy("Tiles on the board"),
                  lambda lang, at_table: [(k, str(v)) for k, v in SIDES.items()], default=wickedness.RANDOM,
                  help=gettext_lazy("The face-up side of each tile that no monster holds.")),),
    messages={
        "unknown-tile": gettext_lazy("Choose wickedness tiles from the list."),
        "tile-twice": gettext_lazy("%(tile)s is a side of tile %(number)s, which is already at the table: each tile "
                                   "is in one place, one side up."),
    },
    panel=_panel,
))
