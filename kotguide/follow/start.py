"""The start of a followed game: the monsters in seat order, the first player, the variants and expansion modules
(the modules from the site registry, `kotguide.site_modules`) and the market's cards as revealed (typed by name in
either language). The game is a position whose setup follows a physical table (`table = true`): every roll and every
card revealed afterwards is entered; only what a module's entry says the table cannot enter yet (`table_chance`) is
drawn by the site, and the pages say so."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from kotguide import site_modules
from kotguide.disputes.board import message
from kotguide.engine import InvalidSetup, Setup, data
from kotguide.engine import options as O
from kotguide.engine.setup import MAX_PLAYERS, MIN_PLAYERS

from ..sandbox.position import Position
from ..sandbox.words import option_name
from .entries import Refused, Tampered, typed_card

MARKET = O.FIVE_CARD_MARKET_SIZE  # the fields offered: the largest market a variant deals


def offered() -> list[str]:
    """The options the start offers: the variants, then every module the site registry knows."""
    return [o for o in O.ALL if o not in O.MODULES] + [m.id for m in site_modules.every()]


def option_choices() -> list[tuple[str, str, str]]:
    """(option, its name, what the site draws for it that the table cannot enter yet, or "")."""
    out = []
    for option in offered():
        module = site_modules.get(option)
        out.append((option, option_name(option), str(module.table_chance) if module and module.table_chance else ""))
    return out


def drawn_by_site(options) -> list[tuple[str, str]]:
    """(module name, what the site draws) for each module in play whose chance the table cannot enter yet."""
    return [(str(m.name), str(m.table_chance)) for m in site_modules.in_play(options) if m.table_chance]


@dataclass
class StartForm:
    seats: list[str] = field(default_factory=lambda: [""] * MAX_PLAYERS)
    first: int = 1  # the seat number (1-based) of the first player
    options: list[str] = field(default_factory=list)
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
    options = post.getlist("options")
    if not set(options) <= set(offered()):
        raise Tampered("options")
    return StartForm(seats, int(first), [o for o in offered() if o in options],
                     [post.get(f"market-{n}", "")[:80] for n in range(1, MARKET + 1)])


def position(form: StartForm, lang: str) -> Position | None:
    """The new game, or None with `form.errors` said in the reader's language."""
    chosen = [s for s in form.seats if s]
    if not MIN_PLAYERS <= len(chosen) <= MAX_PLAYERS:
        form.errors.append(_("Choose 2 to 6 monsters."))
    elif len(set(chosen)) != len(chosen):
        form.errors.append(_("Each monster sits at the table once: choose a different monster for each seat."))
    if not form.seats[form.first - 1]:
        form.errors.append(_("The first player must be a seat with a monster."))
    size = O.market_size(form.options)
    if any(typed.strip() for typed in form.market[size:]):
        form.errors.append(_("This market holds %(size)s cards: leave the fields after card %(size)s empty.")
                           % {"size": size})
    market = []
    for typed in form.market[:size]:
        try:
            market.append(typed_card(typed, lang))
        except Refused as refused:
            form.errors.append(refused.message)
            form.suggestions.extend(refused.suggestions)
    if form.errors:
        return None
    setup = {"monsters": chosen, "options": form.options, "first_player": form.seats[form.first - 1],
             "market": market, "table": True, "seed": 0}
    try:
        Setup.from_dict(setup)
    except InvalidSetup as error:  # what the options ask of the table, or more copies of a card than the game has
        form.errors.extend(dict.fromkeys(message(problem, setup, lang) for problem in error.problems))
        return None
    return Position(setup=setup)
