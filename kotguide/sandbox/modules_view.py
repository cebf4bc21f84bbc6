"""What the sandbox table shows of the expansion modules in play, in the reader's language: per monster its module
counters (cultists, wickedness…), its pieces (wickedness tiles, evolutions in play) and its evolution hand; for the
table, each module's shared state (the curse in force, the golden scarab, the Tokyo Tower levels).

Evolution hands are hidden except the hand of the monster that holds the current decision, unless the reader asks
for every hand: a display choice (anyone with the position can replay it), not secrecy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from kotguide.engine import GameState
from kotguide.engine import options as O
from kotguide.engine.modules import tokyo_tower
from kotguide.engine.modules.curses import core as curses
from kotguide.engine.modules.evolutions import core as evolutions
from kotguide.engine.modules.evolutions import king_kong, pandakai, pumpkin_jack
from kotguide.engine.modules.wickedness import core as wickedness

from .words import PIECE_KINDS, component_name, monster_name

# module counters kept in Monster.tokens, by token name (the base Poison, Shrink and Smoke tokens included)
TOKENS = {
    "poison": pgettext_lazy("token", "Poison"),
    "shrink": pgettext_lazy("token", "Shrink"),
    "smoke": pgettext_lazy("token", "Smoke"),
    "cultist": pgettext_lazy("token", "Cultists"),
    "wickedness": pgettext_lazy("token", "Wickedness"),
    "target": pgettext_lazy("token", "Target"),
}
LEVELS = {
    tokyo_tower.BOTTOM: pgettext_lazy("tower level", "Bottom level"),
    tokyo_tower.MIDDLE: pgettext_lazy("tower level", "Middle level"),
    tokyo_tower.TOP: pgettext_lazy("tower level", "Top level"),
}
FLAGS = {  # tokens that are a state, not a count
    "berserk": pgettext_lazy("token", "Berserk"),
    "beast": pgettext_lazy("token", "Beast side"),
}


# energy from the bank kept on an Evolution in play (not its holder's to spend)
STORED_ENERGY = ((pandakai.SUPPLY, pandakai.supply_energy), (pumpkin_jack.SCYTHE, pumpkin_jack.scythe_energy))


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


def _component(kind: str, component_id: str, lang: str) -> Item:
    return Item(component_name(kind, component_id, lang), reverse("components:detail", args=[kind, component_id]))


def token_rows(tokens: dict[str, int]) -> tuple[tuple[str, int | None], ...]:
    out: list[tuple[str, int | None]] = []
    for name, count in sorted(tokens.items()):
        if not count:
            continue
        if name in FLAGS:
            out.append((str(FLAGS[name]), None))
        else:
            out.append((str(TOKENS.get(name, name)), count))
    return tuple(out)


def monster_extras(state: GameState, seat: int, lang: str, show_hands: bool) -> MonsterExtras:
    m = state.monsters[seat]
    rows: list[Row] = []
    pieces = [p for p in m.pieces if p.startswith(tuple(PIECE_KINDS))]
    if pieces:
        items = []
        for piece in pieces:
            prefix = next(p for p in PIECE_KINDS if piece.startswith(p))
            items.append(_component(PIECE_KINDS[prefix], piece[len(prefix):], lang))
        rows.append(Row(_("In play"), tuple(items)))
    if O.EVOLUTIONS in state.options:
        hand = evolutions.hand(state, seat)
        deciding = state.decision is not None and state.decision.seat == seat
        if hand and (show_hands or deciding):
            rows.append(Row(_("Evolution hand"), tuple(_component("evolutions", e, lang) for e in hand)))
        elif hand:
            n = len(hand)
            label = ngettext("Evolution hand: %(count)s hidden card", "Evolution hand: %(count)s hidden cards", n)
            rows.append(Row(label % {"count": n}, ()))
        for evolution, stored in STORED_ENERGY:
            n = stored(state)
            if n and evolutions.piece(evolution) in m.pieces:
                label = ngettext("%(count)s energy on %(card)s", "%(count)s energy on %(card)s", n)
                rows.append(Row(label % {"count": n, "card": component_name("evolutions", evolution, lang)}, ()))
        if king_kong.beauty_holder(state) == seat:
            rows.append(Row(_("Holds the Beauty card"), ()))
        n = len(evolutions.pile(state, evolutions.DECK, seat))
        rows.append(Row(ngettext("Evolution deck: %(count)s card", "Evolution deck: %(count)s cards", n) % {"count": n},
                        ()))
    return MonsterExtras(token_rows(m.tokens), tuple(rows))


def panels(state: GameState, lang: str) -> tuple[Panel, ...]:
    out: list[Panel] = []
    if O.CURSES in state.options:
        rows = []
        in_force = curses.in_force(state)
        if in_force:
            rows.append(Row(_("Curse in force"), (_component("curses", in_force, lang),)))
        owner = curses.scarab_owner(state)
        rows.append(Row(_("Golden scarab"), (Item(monster_name(owner, lang) if owner else _("nobody")),)))
        n = len(curses.deck(state))
        rows.append(Row(ngettext("Curse deck: %(count)s card", "Curse deck: %(count)s cards", n) % {"count": n}, ()))
        out.append(Panel(_("Curse cards"), "curses", tuple(rows)))
    if O.TOKYO_TOWER in state.options:
        rows = [
            Row(str(LEVELS[level]), (Item(monster_name(holder, lang) if holder else _("in the supply")),))
            for level, holder in tokyo_tower.holders(state).items()
        ]
        out.append(Panel(_("Tokyo Tower"), "tokyo-tower", tuple(rows)))
    if O.WICKEDNESS in state.options:
        face_up = wickedness.board(state)
        items = tuple(_component("wickedness", t, lang) for t in face_up)
        rows = [Row(_("Face-up wickedness tiles"), items)] if items else [Row(_("No wickedness tile left"), ())]
        out.append(Panel(_("Wickedness tiles"), "wickedness", tuple(rows)))
    return tuple(out)
