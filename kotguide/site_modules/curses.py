"""Curse cards: the curse in force, the golden scarab's holder, and the die of fate rolled after the dice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from kotguide.engine.modules.curses import core as curses
from kotguide.engine.modules.curses import fate

from . import Choice, Components, Dealt, ModuleUI, SpecialDie, TableDeck, register

if TYPE_CHECKING:
    from collections.abc import Sequence

    from kotguide.engine import Event, GameState
    from kotguide.sandbox.modules_view import Row

KIND = "curses"  # the component kind of the curse cards


def _curses(lang: str, at_table: list[str]) -> list[tuple[str, str]]:
    from kotguide.content import components

    return [(c.id, c.name) for c in components.components(lang, KIND).values()]


def _revealed(events: Sequence[Event]) -> list[str]:
    """A curse for the whole table for each one revealed after the setup (the Eye of Horus)."""
    return ["" for e in events if e.kind == "curse-revealed" and e.data.get("reason") != "setup"]


def _monsters(lang: str, at_table: list[str]) -> list[tuple[str, str]]:
    from kotguide.sandbox.words import monster_name

    return [(m, monster_name(m, lang)) for m in at_table]


def _panel(state: GameState, lang: str) -> tuple[Row, ...]:
    from kotguide.sandbox.modules_view import Item, Row, component_item
    from kotguide.sandbox.words import monster_name

    rows = []
    in_force = curses.in_force(state)
    if in_force:
        rows.append(Row(_("Curse in force"), (component_item(KIND, in_force, lang),)))
    owner = curses.scarab_owner(state)
    rows.append(Row(_("Golden scarab"), (Item(monster_name(owner, lang) if owner else _("nobody")),)))
    n = len(curses.deck(state))
    rows.append(Row(ngettext("Curse deck: %(count)s card", "Curse deck: %(count)s cards", n) % {"count": n}, ()))
    return tuple(rows)


# curses that change how many dice are rolled: their table stands before the roll
ROLL_FIRST = {"raging-flood", "false-blessing"}
REROLLS = {"buried-in-sand": 1}  # a curse about rerolls: its table has one left


def _in_play(curse: str) -> dict[str, Any]:
    """A curse in force on an everyday turn; the die of fate shows the river (it does nothing)."""
    if curse in ROLL_FIRST:
        return {"step": "roll", "dice": "", "modules": (("curse", curse),)}
    return {"rerolls": REROLLS.get(curse), "modules": (("curse", curse), ("die-fate", "fate:river"))}


MODULE = register(ModuleUI(
    components=Components(KIND, ("curse",), _in_play),
    id="curses",
    name=pgettext_lazy("option", "Curse cards"),
    dealt=Dealt("in_force", gettext_lazy("The curse revealed at the start"), 1,
                lambda lang, monster, at_table, slot: _curses(lang, at_table), per_seat=False),
    deck=TableDeck(KIND, _revealed, lambda monster, curse: f"curse:{curse}",
                   lambda lang, monster, at_table: _curses(lang, at_table), gettext_lazy("The curse revealed")),
    table=(
        Choice("curse", ("in_force",), gettext_lazy("Curse in force"), _curses, empty=gettext_lazy("none")),
        Choice("scarab", ("scarab",), gettext_lazy("Golden scarab"), _monsters,
               empty=gettext_lazy("the monster that plays last")),
    ),
    die=SpecialDie(fate.FATE_DIE, gettext_lazy("Die of fate"), {
        "fate:horus": pgettext_lazy("die face", "fate: eye of Horus"),
        "fate:ankh": pgettext_lazy("die face", "fate: ankh"),
        "fate:snake": pgettext_lazy("die face", "fate: snake"),
        "fate:river": pgettext_lazy("die face", "fate: river"),
    }, help=gettext_lazy("Rolled after the other dice, every turn.")),
    messages={
        "unknown-curse": gettext_lazy("Choose a curse from the list."),
        "curse-twice": gettext_lazy("Choose a curse from the list."),
        "scarab-holder": gettext_lazy("%(monster)s is not at the table: choose one of the monsters above."),
    },
    panel=_panel,
    read_table=lambda state: {key: value for key, value in (("in_force", curses.in_force(state)),
                                                             ("scarab", curses.scarab_owner(state))) if value},
))
