"""Tokyo Tower: which monster holds its bottom and middle levels (the top level's holder has won)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from kotguide.engine.modules import tokyo_tower

from . import Choice, ModuleUI, register

if TYPE_CHECKING:
    from kotguide.engine import GameState
    from kotguide.sandbox.modules_view import Row

LEVELS = {
    tokyo_tower.BOTTOM: pgettext_lazy("tower level", "Bottom level"),
    tokyo_tower.MIDDLE: pgettext_lazy("tower level", "Middle level"),
    tokyo_tower.TOP: pgettext_lazy("tower level", "Top level"),
}


def _monsters(lang: str, at_table: list[str]) -> list[tuple[str, str]]:
    from kotguide.sandbox.words import monster_name

    return [(m, monster_name(m, lang)) for m in at_table]


def _panel(state: GameState, lang: str) -> tuple[Row, ...]:
    from kotguide.sandbox.modules_view import Item, Row
    from kotguide.sandbox.words import monster_name

    return tuple(
        Row(str(LEVELS[level]), (Item(monster_name(holder, lang) if holder else _("in the supply")),))
        for level, holder in tokyo_tower.holders(state).items()
    )


MODULE = register(ModuleUI(
    id="tokyo-tower",
    name=pgettext_lazy("option", "Tokyo Tower"),
    table=tuple(
        Choice(f"tower-{level}", ("levels", level), LEVELS[level], _monsters, empty=gettext_lazy("in the supply"),
               help=gettext_lazy("Whoever takes the top level wins at once.") if level == tokyo_tower.MIDDLE else None)
        for level in (tokyo_tower.BOTTOM, tokyo_tower.MIDDLE)  # the top level cannot be held: its holder has won
    ),
    panel=_panel,
    read_table=lambda state: {"levels": {level: holder for level, holder in tokyo_tower.holders(state).items()
                                         if holder and level != tokyo_tower.TOP}},
))
