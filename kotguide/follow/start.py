"""The start of a followed game: the monsters in seat order, the first player, the variants and expansion modules
(the modules from the site registry, `kotguide.site_modules`) and the market's cards as revealed (typed by name in
either language); then, when the modules chosen deal something at setup (`ModuleUI.dealt`: the costumes drawn, the
curse revealed, the Evolutions drawn, the draft packets, the tiles' sides), a second step asks for it, each card
picked by name, the first step's answers carried along in hidden fields. The game is a position whose setup follows a
physical table (`table = true`): every roll and every card revealed or drawn afterwards is entered."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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


def option_choices() -> list[tuple[str, str]]:
    """(option, its name) for each option the start offers."""
    return [(option, option_name(option)) for option in offered()]


@dataclass(frozen=True)
class DealtField:
    """One card dealt at setup, picked by name: its form field, its module and monster ("" for the table), its
    label and what may be picked."""

    name: str
    module: site_modules.ModuleUI
    monster: str
    label: str
    choices: list[tuple[str, str]]


@dataclass
class StartForm:
    seats: list[str] = field(default_factory=lambda: [""] * MAX_PLAYERS)
    first: int = 1  # the seat number (1-based) of the first player
    options: list[str] = field(default_factory=list)
    market: list[str] = field(default_factory=lambda: [""] * MARKET)  # as typed
    errors: list[str] = field(default_factory=list)
    suggestions: list[tuple[str, str, str]] = field(default_factory=list)
    dealt: dict[str, str] | None = None  # the second step's picks by field (None: not sent yet)
    dealing: bool = False  # the second step is what the page asks now

    @property
    def chosen(self) -> list[str]:
        return [s for s in self.seats if s]


def dealt_fields(monsters: list[str], options: list[str], lang: str) -> list[DealtField]:
    """What the modules chosen deal at setup, one field per card."""
    from ..sandbox.words import monster_name

    out = []
    for module in site_modules.in_play(options):
        dealt = module.deals(options)
        if dealt is None:
            continue
        for monster in monsters if dealt.per_seat else [""]:
            for slot in range(dealt.count):
                name = "-".join(p for p in ("deal", module.id, monster, str(slot + 1)) if p)
                words = {"monster": monster_name(monster, lang) if monster else "", "n": slot + 1}
                out.append(DealtField(name, module, monster, str(dealt.label) % words,
                                      dealt.choices(lang, monster, monsters, slot)))
    return out


def _read_dealt(post, form: StartForm) -> dict[str, str]:
    """The second step's picks: each a card its field offers, or "" (Tampered for any other field or value)."""
    fields = {f.name: f for f in dealt_fields(form.chosen, form.options, "en")}
    if any(key.startswith("deal-") and key not in fields for key in post):
        raise Tampered("deal")
    picks = {name: post.get(name, "") for name in fields}
    if any(value and value not in dict(fields[name].choices) for name, value in picks.items()):
        raise Tampered("deal")
    return picks


def _tables(form: StartForm) -> dict[str, dict[str, Any]]:
    """The modules' setup tables from the second step's picks."""
    assert form.dealt is not None
    tables: dict[str, dict[str, Any]] = {}
    for f in dealt_fields(form.chosen, form.options, "en"):
        dealt = f.module.deals(form.options)
        assert dealt is not None
        table = tables.setdefault(f.module.id, {})
        card = form.dealt[f.name]
        if dealt.per_seat:
            table.setdefault(dealt.key, {}).setdefault(f.monster, []).append(card)
        elif dealt.count == 1:
            table[dealt.key] = card
        else:
            table.setdefault(dealt.key, []).append(card)
    return tables


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
    form = StartForm(seats, int(first), [o for o in offered() if o in options],
                     [post.get(f"market-{n}", "")[:80] for n in range(1, MARKET + 1)])
    if post.get("step") == "dealt":
        form.dealt = _read_dealt(post, form)
    return form


def position(form: StartForm, lang: str) -> Position | None:
    """The new game, or None with `form.errors` said in the reader's language."""
    chosen = form.chosen
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
    if not _valid(setup, form, lang):  # what the first step chose, before anything dealt is asked
        return None
    if dealt_fields(chosen, form.options, lang):
        form.dealing = True  # the second step: what the modules dealt
        if form.dealt is None:
            return None
        if not all(form.dealt.values()):
            form.errors.append(_("Choose every card dealt at the start."))
            return None
        setup["modules"] = _tables(form)
        if not _valid(setup, form, lang):
            return None
    return Position(setup=setup)


def _valid(setup: dict[str, Any], form: StartForm, lang: str) -> bool:
    try:
        Setup.from_dict(setup)
    except InvalidSetup as error:  # what the options ask of the table, or more copies of a card than the game has
        form.errors.extend(dict.fromkeys(message(problem, setup, lang) for problem in error.problems))
        return False
    return True
