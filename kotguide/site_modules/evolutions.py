"""Evolution cards: each monster's hand (in the module's setup table) and its permanent Evolutions in play (pieces),
and the state some cards leave on the table (Beauty's holder, the energy on Bamboo Supply, a missed turn); the drawn
table shows the hand of the monster deciding, that state, and each deck's size."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from kotguide.engine import options as O
from kotguide.engine.modules.evolutions import core as evolutions
from kotguide.engine.modules.evolutions import king_kong, meka_dragon, pandakai, pumpkin_jack

from . import Choice, Components, Count, Dealt, Hand, ModuleUI, Pieces, TableDeck, register

if TYPE_CHECKING:
    from kotguide.engine import Event, GameState
    from kotguide.sandbox.modules_view import Row

KIND = "evolutions"  # the component kind of the Evolution cards
# energy from the bank kept on an Evolution in play (not its holder's to spend)
STORED_ENERGY = ((pandakai.SUPPLY, pandakai.supply_energy), (pumpkin_jack.SCYTHE, pumpkin_jack.scythe_energy))


def evolution_cards(lang: str, monster: str, at_table: list[str], *,
                    permanent_only: bool = False) -> list[tuple[str, str]]:
    """The Evolution cards of the decks at the table, the monster's own deck first (after the Mutant draft a hand
    may hold cards of any deck at the table)."""
    from kotguide.content import components
    from kotguide.sandbox.words import monster_name

    decks = components.evolution_decks(lang)
    owners = ([monster] if monster in at_table else []) + [m for m in at_table if m != monster]
    return [
        (c.id, c.name if owner == monster else _("%(card)s (%(monster)s)") % {
            "card": c.name, "monster": monster_name(owner, lang)})
        for owner in owners for c in decks.get(owner, ())
        if not permanent_only or c.data["kind"] == evolutions.PERMANENT
    ]


def _drawn(events: Sequence[Event]) -> list[str]:
    """The monster that draws, once per card, for each draw the events make (3 hearts, Gaze of the Sphinx…)."""
    return [e.monster for e in events if e.kind == "evolutions-drawn" and e.monster for _ in range(e.amount)]


def _monster_rows(state: GameState, seat: int, lang: str, show_hands: bool) -> list[Row]:
    from kotguide.sandbox.modules_view import Row, component_item
    from kotguide.sandbox.words import component_name

    rows = []
    m = state.monsters[seat]
    hand = evolutions.hand(state, seat)
    deciding = state.decision is not None and state.decision.seat == seat
    if hand and (show_hands or deciding):
        rows.append(Row(_("Evolution hand"), tuple(component_item(KIND, e, lang) for e in hand)))
    elif hand:
        n = len(hand)
        label = ngettext("Evolution hand: %(count)s hidden card", "Evolution hand: %(count)s hidden cards", n)
        rows.append(Row(label % {"count": n}, ()))
    for evolution, stored in STORED_ENERGY:
        n = stored(state)
        if n and evolutions.piece(evolution) in m.pieces:
            label = ngettext("%(count)s energy on %(card)s", "%(count)s energy on %(card)s", n)
            rows.append(Row(label % {"count": n, "card": component_name(KIND, evolution, lang)}, ()))
    if king_kong.beauty_holder(state) == seat:
        rows.append(Row(_("Holds the Beauty card"), ()))
    if seat in king_kong.missing_turn(state):
        rows.append(Row(_("Misses its next turn"), (component_item(KIND, king_kong.SKULL, lang),)))
    n = len(evolutions.pile(state, evolutions.DECK, seat))
    rows.append(Row(ngettext("Evolution deck: %(count)s card", "Evolution deck: %(count)s cards", n) % {"count": n},
                    ()))
    return rows


def _in_play(card: str) -> dict[str, Any]:
    """Its monster's turn: the card in its hand, or in play if it is permanent; The King (else Gigazaur) in Tokyo."""
    from kotguide.content import components

    data = components.components("en", KIND)[card].data
    owner = data["monster"]
    other = "the-king" if owner != "the-king" else "gigazaur"
    where = "evolutions" if data["kind"] == evolutions.PERMANENT else "hand"
    return {"monsters": ({"id": owner}, {"id": other, "place": "city"}), "turn": owner,
            "modules": ((f"m1-{where}", card),)}


def _in_play_on(setup: Mapping[str, Any], evolution: str) -> bool:
    return any(evolutions.piece(evolution) in m.get("pieces", ()) for m in setup.get("monsters", ()))


def _holds(evolution: str) -> Callable[[Mapping[str, Any]], bool]:
    return lambda setup: _in_play_on(setup, evolution)


def _at_table(lang: str, at_table: list[str]) -> list[tuple[str, str]]:
    from kotguide.sandbox.words import monster_name

    return [(m, monster_name(m, lang)) for m in at_table]


def _skull_in_game(setup: Mapping[str, Any]) -> bool:
    """King of Skull Island is in a deck at the table (after a Mutant draft, any monster may have played it)."""
    return any(king_kong.SKULL in evolutions.deck_of(m["id"]) for m in setup.get("monsters", ()))


def _read_table(state: GameState) -> dict[str, Any]:
    """The hands, and the state of the cards in play: Beauty's holder, Bamboo Supply's energy, a missed turn."""
    out: dict[str, Any] = {"hands": {m.id: list(evolutions.hand(state, m.seat)) for m in state.monsters if m.alive}}
    holder = king_kong.beauty_moved_to(state)
    if holder is not None and state.monsters[holder].alive:
        out["beauty"] = state.monsters[holder].id
    if pandakai.supply_energy(state):
        out["bamboo_supply"] = pandakai.supply_energy(state)
    missing = [state.monsters[seat].id for seat in king_kong.missing_turn(state) if state.monsters[seat].alive]
    if missing:
        out["misses_turn"] = missing[0]
    return out


MODULE = register(ModuleUI(
    components=Components(KIND, ("-hand", "-evolutions"), _in_play),
    id="evolutions",
    name=pgettext_lazy("option", "Evolution cards"),
    dealt=Dealt("decks", gettext_lazy("Evolution card %(n)s that %(monster)s drew before the first turn"), 2,
                lambda lang, monster, at_table, slot: evolution_cards(lang, monster, [monster]),
                when=lambda options: O.MUTANT_DRAFT not in options),  # the draft deals every card itself
    deck=TableDeck(KIND, _drawn, lambda monster, card: f"evolution:{monster}.{card}", evolution_cards,
                   gettext_lazy("Evolution card %(n)s that %(monster)s drew")),
    seat=(
        Hand("hand", "hands", KIND, gettext_lazy("Evolution cards in hand"), evolution_cards),
        Pieces("evolutions", evolutions.piece(""), KIND, gettext_lazy("Permanent Evolution cards in play"),
               lambda lang, monster, at_table: evolution_cards(lang, monster, at_table, permanent_only=True)),
    ),
    table=(
        Choice("evo-beauty", ("beauty",), gettext_lazy("Beauty card held by"), _at_table,
               empty=gettext_lazy("the holder of It Was Beauty Killed the Beast"), when=_holds(king_kong.BEAUTY),
               help=gettext_lazy("Whoever wounds its holder with smashes takes it.")),
        Count("evo-bamboo-supply", ("bamboo_supply",), gettext_lazy("Energy on Bamboo Supply"),
              when=_holds(pandakai.SUPPLY)),
        Choice("evo-misses-turn", ("misses_turn",), gettext_lazy("Misses its next turn (King of Skull Island)"),
               _at_table, empty=pgettext_lazy("missed turn", "nobody"), when=_skull_in_game),
    ),
    tokens={meka_dragon.TARGET_TOKEN: pgettext_lazy("token", "Target")},
    messages={
        "unknown-evolution": gettext_lazy("%(card)s is not in the Evolution deck of a monster at the table."),
        "temporary-in-play": gettext_lazy(
            "%(card)s is a temporary Evolution: it is discarded when played, so it never stays in play."),
        "evolution-holder": gettext_lazy("%(monster)s is not at the table: choose one of the monsters above."),
        "evolution-not-in-play": gettext_lazy("%(card)s is not in play: put it in front of its monster first."),
        "misses-without-card": gettext_lazy(
            "No monster at the table has %(card)s in its Evolution deck: nobody can have played it."),
        "misses-own-turn": gettext_lazy(
            "It is the turn of %(monster)s: %(card)s is played on another monster's turn, and the next turn of "
            "%(monster)s is the one it misses."),
        "misses-card-in-hand": gettext_lazy(
            "%(monster)s still holds %(card)s: nobody misses a turn before it is played."),
        "bad-value": gettext_lazy("The energy on Bamboo Supply is a count from 0 up."),
        "no-evolution-deck": gettext_lazy(
            "%(monster)s has no Evolution deck on this site yet: seat another monster, or untick the Evolution "
            "cards."),
    },
    monster_rows=_monster_rows,
    read_table=_read_table,
))
