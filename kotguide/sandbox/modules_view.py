"""What the sandbox table shows of the expansion modules in play, in the reader's language: per monster its module
counters (cultists, wickedness…), its pieces (wickedness tiles, evolutions in play) and what else its module shows of
it (an evolution hand); for the table, each module's panel (the curse in force, the golden scarab, the Tokyo Tower
levels). What each module shows is its entry in `kotguide.site_modules`; this file only iterates them.

Evolution hands are hidden except the hand of the monster that holds the current decision, unless the reader asks
for every hand: a display choice (anyone with the position can replay it), not secrecy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from kotguide import site_modules
from kotguide.engine import GameState

from .words import component_name, piece_kinds

# the base game's tokens kept in Monster.tokens (the modules' own are in their site_modules entry)
TOKENS = {
    "poison": pgettext_lazy("token", "Poison"),
    "shrink": pgettext_lazy("token", "Shrink"),
    "smoke": pgettext_lazy("token", "Smoke"),
}


@dataclass(frozen=True)
class Item:
    name: str
    url: str | None = None


@dataclass(frozen=True)
class Row:
    label: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class MonsterExtras:
    tokens: tuple[tuple[str, int | None], ...]  # (label, count; None for a state such as Berserk)
    rows: tuple[Row, ...]  # pieces, hand…


@dataclass(frozen=True)
class Panel:
    title: str
    rule: str
    rows: tuple[Row, ...] = field(default=())


def component_item(kind: str, component_id: str, lang: str) -> Item:
    return Item(component_name(kind, component_id, lang), reverse("components:detail", args=[kind, component_id]))


def token_rows(tokens: dict[str, int]) -> tuple[tuple[str, int | None], ...]:
    words = site_modules.token_words()
    out: list[tuple[str, int | None]] = []
    for name, count in sorted(tokens.items()):
        if not count:
            continue
        label, flag = words.get(name, (TOKENS.get(name, name), False))
        out.append((str(label), None if flag else count))
    return tuple(out)


def monster_extras(state: GameState, seat: int, lang: str, show_hands: bool) -> MonsterExtras:
    m = state.monsters[seat]
    rows: list[Row] = []
    kinds = piece_kinds()
    items = []
    for piece in m.pieces:
        prefix = next((p for p in kinds if piece.startswith(p)), None)
        if prefix is not None:
            items.append(component_item(kinds[prefix], piece[len(prefix):], lang))
    if items:
        rows.append(Row(_("In play"), tuple(items)))
    for module in site_modules.in_play(state.options):
        if module.monster_rows is not None:
            rows += module.monster_rows(state, seat, lang, show_hands)
    return MonsterExtras(token_rows(m.tokens), tuple(rows))


def panels(state: GameState, lang: str) -> tuple[Panel, ...]:
    """Each module in play with a panel: its shared state (the curse in force, the Tokyo Tower levels…)."""
    return tuple(Panel(str(m.name), m.rule or m.id, m.panel(state, lang))
                 for m in site_modules.in_play(state.options) if m.panel is not None)
