"""The start of a followed game: the monsters in seat order, the first player and the market's cards as revealed
(typed by name in either language). The game is a position whose setup follows a physical table (`table = true`):
every roll and every card revealed afterwards is entered, none is drawn by the site."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from kotguide.engine import InvalidSetup, Setup, data
from kotguide.engine.setup import MAX_PLAYERS, MIN_PLAYERS

from ..sandbox.position import Position
from .entries import Refused, Tampered, typed_card

MARKET = 3  # the base game's market


@dataclass
class StartForm:
    seats: list[str] = field(default_factory=lambda: [""] * MAX_PLAYERS)
    first: int = 1  # the seat number (1-based) of the first player
    market: list[str] = field(default_factory=lambda: [""] * MARKET)  # as typed
    errors: list[str] = field(default_factory=list)
    suggestions: list[tuple[str, str, str]] = field(default_factory=list)


def read(post) -> StartForm:
    """The form as sent (Tampered for values no form of ours offers)."""
    known = set(data.monsters())
    seats = [post.get(f"seat-{n}", "") for n in range(1, MAX_PLAYERS + 1)]
    if any(s and s not in known for s in seats):
        raise Tampered("seat")
    first = post.get("first", "1")
    if not (first.isascii() and first.isdigit() and 1 <= int(first) <= MAX_PLAYERS):
        raise Tampered("first")
    return StartForm(seats, int(first), [post.get(f"market-{n}", "")[:80] for n in range(1, MARKET + 1)])


def position(form: StartForm, lang: str) -> Position | None:
    """The new game, or None with `form.errors` said in the reader's language."""
    chosen = [s for s in form.seats if s]
    if not MIN_PLAYERS <= len(chosen) <= MAX_PLAYERS:
        form.errors.append(_("Choose 2 to 6 monsters."))
    elif len(set(chosen)) != len(chosen):
        form.errors.append(_("Each monster sits at the table once: choose a different monster for each seat."))
    if not form.seats[form.first - 1]:
        form.errors.append(_("The first player must be a seat with a monster."))
    market = []
    for typed in form.market:
        try:
            market.append(typed_card(typed, lang))
        except Refused as refused:
            form.errors.append(refused.message)
            form.suggestions.extend(refused.suggestions)
    if form.errors:
        return None
    setup = {"monsters": chosen, "first_player": form.seats[form.first - 1], "market": market, "table": True,
             "seed": 0}
    try:
        Setup.from_dict(setup)
    except InvalidSetup:  # the one left: more copies of a card than the game has
        form.errors.append(_("The market holds a card more often than the game has copies of it."))
        return None
    return Position(setup=setup)
