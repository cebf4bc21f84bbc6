"""From the table a host typed to a sandbox position: an engine `Setup` plus the actions that reach the step.

The engine starts a game at the start of a turn, so the step is reached by replaying:

- `start`: no action; the sandbox shows the turn starting from the typed table (its start-of-turn effects, such as
  2 VP for starting in Tokyo, happen in the log).
- `roll`: no action either, but the typed numbers are *after* the start of the turn: what the start gave (the
  replayed state minus the setup) is taken off the setup, so the sandbox shows exactly the typed numbers.
- `rolled`: `roll`, with the typed faces as the scripted dice. With fewer rerolls left than the monster has, every
  die is rerolled to the same faces until the rerolls left match (the page says so); the start of the turn is
  taken off as for `roll`.

The engine is the judge of what a table may be: `Setup.from_dict` raises `InvalidSetup(code, …)` and each code is
put beside the field it is about, in the reader's language. A few facts the engine does not check at setup but the
game makes impossible are refused here too (20 VP when a turn begins, more tokens than the box has, Smoke tokens
without Smoke Cloud, dice that do not match the monster's roll).

Expansion modules: module counters (cultists, wickedness, berserk, the Beast side) are monster tokens; wickedness
tiles and permanent Evolutions in play are monster pieces (`tile-…`, `evo-…`); the rest is each module's setup table
(`content/scenarios/README.md`). The table is a position in the middle of a game, so nothing is dealt at its start:
costumes are `draft = false` (they are held as Keep cards) and every monster is named in the Evolution `hands`. The
special dice (berserk, the die of fate) are scripted after the base dice, in the order the engine rolls them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from kotguide.content import components, library
from kotguide.engine import InvalidSetup, MonsterSetup, Setup, SetupProblem, TurnStep, limits, replay
from kotguide.engine import options as O
from kotguide.engine.modules.evolutions import core as evolutions
from kotguide.engine.modules.wickedness import core as wickedness
from kotguide.engine.setup import BAY, START_LIFE
from kotguide.sandbox.position import Position
from kotguide.sandbox.words import component_name, monster_name, option_name, space_name

from .forms import (
    BERSERK,
    CURSE,
    EVOLUTIONS,
    HAND,
    MARKET_SLOTS,
    MODULE_TOKENS,
    ROLL,
    ROLLED,
    SCARAB,
    SPECIAL_DICE,
    TILES,
    TOKENS,
    TableInput,
    die_field,
    market_field,
    seat_field,
    special_die_field,
    tower_field,
)

NUMBERS = ("life", "vp", "energy")
_TOKEN_CODES = ("too-many-tokens", "token-without-card", "card-without-token")

# One message per InvalidSetup code (tests/test_disputes.py fails when the engine gains a code not listed here).
SETUP_MESSAGES = {
    "players": gettext_lazy("A game has 2 to 6 monsters."),
    "unknown-monster": gettext_lazy("Choose one of the monsters in the list."),
    "duplicate-monster": gettext_lazy(
        "%(monster)s is already at the table as monster %(seat)s: each monster plays once."
    ),
    "bad-value": gettext_lazy("This number is not possible here."),
    "bad-location": gettext_lazy("Choose outside Tokyo, Tokyo City or Tokyo Bay."),
    "space-taken": gettext_lazy("%(monster)s is already in %(space)s: only one monster fits there."),
    "bay-closed": gettext_lazy(
        "Tokyo Bay is used only with 5 or more monsters in the game; with %(count)s it is closed."
    ),
    "unknown-card": gettext_lazy("Choose a card from the list."),
    "too-many-copies": gettext_lazy("%(card)s is on the table %(count)s times, but the game has %(copies)s."),
    "not-keep": gettext_lazy("%(card)s is a Discard card: it is used when bought and never kept."),
    "market-size": gettext_lazy("The market holds %(size)s cards."),
    "unknown-option": gettext_lazy("Choose options from the list."),
    "option-players": gettext_lazy("The two-player variant needs exactly 2 monsters."),
    "first-player": gettext_lazy("%(monster)s is not at the table: choose one of the monsters above."),
    "bad-face": gettext_lazy("Choose one of the six faces."),
    "bad-field": gettext_lazy("The sandbox cannot open this table."),
    "unknown-key": gettext_lazy("The sandbox cannot open this table."),
    "bad-file": gettext_lazy("The sandbox cannot open this table."),
    # the expansion modules
    "option-requires": gettext_lazy("Tick %(needs)s too: %(option)s needs it."),
    "module-table": gettext_lazy("The sandbox cannot open this table."),
    "needs-option": gettext_lazy("%(card)s is a Halloween costume: it is in play only with the costumes module."),
    "unknown-curse": gettext_lazy("Choose a curse from the list."),
    "curse-twice": gettext_lazy("Choose a curse from the list."),
    "scarab-holder": gettext_lazy("%(monster)s is not at the table: choose one of the monsters above."),
    "unknown-tile": gettext_lazy("Choose wickedness tiles from the list."),
    "tile-twice": gettext_lazy(
        "%(tile)s is a side of tile %(number)s, which is already at the table: each tile is in one place, one side up."
    ),
    "unknown-evolution": gettext_lazy("%(card)s is not in the Evolution deck of a monster at the table."),
    "temporary-in-play": gettext_lazy(
        "%(card)s is a temporary Evolution: it is discarded when played, so it never stays in play."
    ),
    "draft-deals": gettext_lazy("The sandbox cannot open this table."),
    "no-evolution-deck": gettext_lazy(
        "%(monster)s has no Evolution deck on this site yet: seat another monster, or untick the Evolution cards."
    ),
    # the bounds of the box
    "too-high": gettext_lazy("This number is not possible here."),
    "goal-reached": gettext_lazy(
        "With 20 VP or more when this turn began, %(monster)s would already have won: the game ends at the end of the "
        "turn in which a monster reaches 20 VP."),
    "too-many-tokens": gettext_lazy("The game has only %(supply)s of these tokens, and the table has %(count)s."),
    "token-without-card": gettext_lazy("Smoke tokens sit on Smoke Cloud, which this monster does not hold."),
    "card-without-token": gettext_lazy(
        "Smoke Cloud is discarded when its last Smoke token is spent: while it is held it has 1 to 3."),
    # a position inside the turn
    "turn-step": gettext_lazy("The sandbox cannot open this table."),
    "turn-key": gettext_lazy("The sandbox cannot open this table."),
    "turn-needs-first": gettext_lazy("The sandbox cannot open this table."),
    "turn-no-dice": gettext_lazy("Choose the face of each die on the table."),
    "turn-dice": gettext_lazy("Choose the face of each die on the table."),
    "turn-rerolls": gettext_lazy("The sandbox cannot open this table."),
    "turn-kept": gettext_lazy("The sandbox cannot open this table."),
    "turn-hit": gettext_lazy("The sandbox cannot open this table."),
    "turn-setup-choices": gettext_lazy("The sandbox cannot open this table."),
    "bad-packets": gettext_lazy("The sandbox cannot open this table."),
}


@dataclass(frozen=True)
class Problem:
    field: str | None  # a form field name, or None: about the whole table
    message: str


class Refused(Exception):
    """The table cannot be opened; `problems` say why, field by field."""

    def __init__(self, *problems: Problem):
        super().__init__(problems)
        self.problems = problems


def table_problems(table: TableInput, lang: str) -> list[Problem]:
    """Everything that makes this table impossible, each beside its field (the engine reports every problem at
    once)."""
    problems = _market_problems(table)
    try:
        _checked(_setup_dict(table), table, lang)
    except Refused as refused:
        problems[0:0] = refused.problems
    return problems


def position_for(table: TableInput, lang: str) -> Position:
    """The sandbox position of this table at this step, or `Refused` with every reason found."""
    problems = table_problems(table, lang)
    if problems:
        raise Refused(*problems)
    typed = _setup_dict(table)
    setup = _checked(typed, table, lang)

    bounds = limits(setup)
    n_dice, rolls_left, specials = bounds.dice, bounds.rerolls, bounds.special_dice
    faces = [table.dice[n] for n in sorted(table.dice)]
    if table.step == ROLLED and not faces and n_dice != 0:
        raise Refused(Problem(die_field(1), _("Choose the face of each die on the table.")))
    extra = _special_faces(table, specials, scripted=bool(faces) or table.step == ROLLED, lang=lang)
    if extra and not faces and n_dice:
        raise Refused(Problem(die_field(1), _("Choose the face of each die on the table.")))
    if faces and len(faces) != n_dice:
        monster = monster_name(table.turn, lang)
        message = _("%(monster)s rolls %(n)s dice here: choose a face for each die, and leave the others at none.") % {
            "monster": monster, "n": n_dice}
        chosen = sorted(table.dice)
        at = chosen[n_dice] if len(faces) > n_dice else next(n for n in range(1, n_dice + 1) if n not in table.dice)
        raise Refused(Problem(die_field(at), message))
    if table.step == ROLLED:
        if table.rerolls > rolls_left:
            raise Refused(Problem("rerolls", _("%(monster)s has only %(n)s rerolls this turn.") % {
                "monster": monster_name(table.turn, lang), "n": rolls_left}))
        typed["turn"] = {"step": TurnStep.ROLLED, "dice": faces + extra, "rerolls": table.rerolls}
    else:
        typed["dice"] = faces + extra
        if table.step == ROLL:  # the start of the turn is taken: the typed numbers are as they stand after it
            typed["turn"] = {"step": TurnStep.ROLL}
    setup = _checked(typed, table, lang)
    try:
        played = replay(setup, [])
    except InvalidSetup as error:
        raise Refused(*(_place(p, table, lang) for p in error.problems)) from None
    if played.state.decision is None:  # pragma: no cover - a turn's start never ends the game
        raise Refused(Problem(None, _("The sandbox cannot open this table.")))
    return Position(setup=setup.to_dict(), actions=())


# --- the setup -------------------------------------------------------------------------------------------------
def _setup_dict(table: TableInput) -> dict:
    market = [table.market[s] for s in sorted(table.market)]
    on = set(table.options)

    def pieces(s) -> list[str]:
        out = [wickedness.piece(t) for t in s.tiles] if O.WICKEDNESS in on else []
        return out + ([evolutions.piece(e) for e in s.evolutions] if O.EVOLUTIONS in on else [])

    held = Setup(tuple(MonsterSetup(s.monster, cards=tuple(s.cards), pieces=tuple(pieces(s))) for s in table.seats),
                 options=tuple(table.options))
    max_life = limits(held).max_life  # what each monster holds sets its maximum (Even Bigger: 12)
    return {
        "monsters": [
            {
                "id": s.monster,
                "life": s.life,
                "max_life": max_life.get(s.monster, START_LIFE),
                "vp": s.vp,
                "energy": s.energy,
                "location": s.place,
                "cards": list(s.cards),
                "tokens": {t: n for t, n in s.tokens.items() if t not in MODULE_TOKENS or MODULE_TOKENS[t] in on},
                "pieces": pieces(s),
            }
            for s in table.seats
        ],
        "options": list(table.options),
        "first_player": table.turn,
        "market": market or None,
        "dice": [],
        "modules": _module_tables(table) or None,
    }


def _module_tables(table: TableInput) -> dict:
    """The setup table of each module in play: a position in the middle of a game, so nothing is dealt."""
    on, out = set(table.options), {}
    if O.COSTUMES in on:
        out[O.COSTUMES] = {"draft": False}  # the costumes held are Keep cards; the others wait in the deck
    if O.TOKYO_TOWER in on and table.tower:
        out[O.TOKYO_TOWER] = {"levels": dict(table.tower)}
    if O.CURSES in on:
        curses = {"in_force": table.curse, "scarab": table.scarab}
        out[O.CURSES] = {k: v for k, v in curses.items() if v is not None}
    if O.WICKEDNESS in on:
        out[O.WICKEDNESS] = {"sides": table.tile_sides}
    if O.EVOLUTIONS in on:  # every monster named: no initial draw
        out[O.EVOLUTIONS] = {"hands": {s.monster: list(s.hand) for s in table.seats}}
    return out


def _checked(raw: dict, table: TableInput, lang: str) -> Setup:
    clean = {k: v for k, v in raw.items() if v is not None}
    try:
        return Setup.from_dict(clean)
    except InvalidSetup as error:
        raise Refused(*(_place(p, table, lang) for p in error.problems)) from None


def _place(problem: SetupProblem, table: TableInput, lang: str) -> Problem:
    """The engine's reason, in the reader's language, beside the field its path names."""
    code, p, path = problem.code, problem.params, problem.path
    seats = {s.monster: n for n, s in reversed(list(enumerate(table.seats, start=1)))}  # first seat of each monster
    message = str(SETUP_MESSAGES.get(code, SETUP_MESSAGES["bad-field"]))
    if code == "players":
        return Problem("monsters", message)
    if code == "duplicate-monster":
        first = seats[p["monster"]]
        again = next(n for n, s in enumerate(table.seats, start=1) if s.monster == p["monster"] and n != first)
        words = {"monster": monster_name(p["monster"], lang), "seat": first}
        return Problem(seat_field(again, "monster"), message % words)
    if code == "unknown-monster":
        again = next((n for n, s in enumerate(table.seats, start=1) if s.monster == p["monster"]), None)
        if again is not None:
            return Problem(seat_field(again, "monster"), message)
        level = next((lv for lv, m in table.tower.items() if m == p["monster"]), None)  # a module table's monster
        words = {"monster": monster_name(str(p["monster"]), lang)}
        return Problem(tower_field(level) if level else None, SETUP_MESSAGES["scarab-holder"] % words)
    if code == "bad-value":
        seat, name = seats[p["monster"]], str(p["field"])
        if name in ("life", "max_life"):
            if str(p.get("reason", "")).startswith("above"):
                message = _("%(life)s is over the maximum life, %(max)s: a monster has 10 life at most, 12 with Even "
                            "Bigger.") % {"life": p["value"], "max": p["high"]}
            else:
                message = _("Life is at least 1: a monster at 0 life is eliminated and leaves the table.")
            return Problem(seat_field(seat, "life"), message)
        if name.startswith("tokens."):
            token = name.split(".", 1)[1]
            known = token in TOKENS or token in MODULE_TOKENS
            return Problem(seat_field(seat, token) if known else None, _("This cannot be below 0."))
        return Problem(seat_field(seat, name) if name in NUMBERS else None, _("This cannot be below 0."))
    if code in _TOKEN_CODES or code == "too-high" or code == "goal-reached":
        index, name = path[1], path[-1]
        seat, monster = int(index) + 1, table.seats[int(index)].monster
        words = {"supply": p.get("supply"), "count": p.get("count"), "monster": monster_name(monster, lang)}
        where = seat_field(seat, "life" if name == "max_life" else str(name))
        return Problem(where if str(name) in (*NUMBERS, "max_life", *TOKENS, *MODULE_TOKENS) else None,
                       message % words if "%(" in message else message)
    if code in ("turn-dice", "turn-no-dice"):
        return Problem(die_field(1), message)
    if code == "turn-rerolls":
        return Problem("rerolls", message)
    if code == "bad-location":
        return Problem(seat_field(seats[p["monster"]], "place"), message)
    if code == "space-taken":
        space = p["space"]
        holders = [n for n, s in enumerate(table.seats, start=1) if s.place == space]
        first = table.seats[holders[0] - 1].monster
        return Problem(seat_field(holders[1], "place"),
                       message % {"monster": monster_name(first, lang), "space": space_name(space)})
    if code == "bay-closed":
        seat = next(n for n, s in enumerate(table.seats, start=1) if s.place == BAY)
        return Problem(seat_field(seat, "place"), message % {"count": len(table.seats)})
    if code in ("unknown-card", "not-keep", "too-many-copies", "needs-option"):
        card = p["card"]
        where = [seat_field(n, "cards") for n, s in enumerate(table.seats, start=1) if card in s.cards]
        where += [market_field(slot) for slot in sorted(table.market) if table.market[slot] == card]
        where += _evolution_fields(table, card)
        words = {"card": _card_label(card, lang), "count": p.get("count", 0), "copies": p.get("copies", 0)}
        return Problem(where[-1] if where else None, message % words)
    if code == "market-size":
        return Problem(market_field(MARKET_SLOTS), message % {"size": p["size"]})
    if code in ("unknown-option", "option-players", "module-table", "draft-deals", "bad-packets"):
        return Problem("options", message)
    if code == "option-requires":
        return Problem("options", message % {"option": option_name(p["option"]), "needs": option_name(p["needs"])})
    if code in ("unknown-curse", "curse-twice"):
        return Problem(CURSE, message)
    if code == "scarab-holder":
        return Problem(SCARAB, message % {"monster": monster_name(str(p["monster"]), lang)})
    if code in ("unknown-tile", "tile-twice"):
        tile = p["tile"]
        where = [seat_field(n, TILES) for n, s in enumerate(table.seats, start=1) if tile in s.tiles]
        found = components.find(lang, "wickedness", tile)
        words = {"tile": found.name if found else tile, "number": p.get("number", "")}
        return Problem(where[-1] if where else None, message % words)
    if code in ("unknown-evolution", "temporary-in-play"):
        card = p["evolution"]
        where = _evolution_fields(table, card)
        return Problem(where[-1] if where else None, message % {"card": _card_label(card, lang)})
    if code == "no-evolution-deck":
        at = seats.get(p["monster"])
        words = {"monster": monster_name(str(p["monster"]), lang)}
        return Problem(seat_field(at, "monster") if at else "options", message % words)
    if code == "first-player":
        return Problem("turn", message % {"monster": monster_name(p["monster"], lang)})
    if code == "bad-face":
        at = next((n for n, face in sorted(table.dice.items()) if face == p["face"]), None)
        return Problem(die_field(at) if at else None, message)
    return Problem(None, message)


def _evolution_fields(table: TableInput, card: str) -> list[str]:
    """The fields that place Evolution `card`: hands, then Evolutions in play, in seat order."""
    out = [seat_field(n, HAND) for n, s in enumerate(table.seats, start=1) if card in s.hand]
    return out + [seat_field(n, EVOLUTIONS) for n, s in enumerate(table.seats, start=1) if card in s.evolutions]


def _card_label(card: str, lang: str) -> str:
    """A Power card, a costume or an Evolution card, by id, in the reader's language."""
    found = library.cards(lang).get(card)
    if found is not None:
        return found.name
    return component_name("evolutions", card, lang)


def _market_problems(table: TableInput) -> list[Problem]:
    if O.FIVE_CARD_MARKET in table.options:
        return []
    extra = [slot for slot in sorted(table.market) if slot > O.MARKET_SIZE]
    if not extra:
        return []
    return [Problem(market_field(extra[0]), _("Slots 4 and 5 are used only with the five-card market."))]


# --- reaching the step -----------------------------------------------------------------------------------------
def _special_faces(table: TableInput, specials: tuple[str, ...], *, scripted: bool, lang: str) -> list[str]:
    """The faces of the special dice the roll has, in die order (empty when no die is scripted). A special die
    chosen but not rolled, or rolled but not chosen while the other dice are, is refused beside its field."""
    monster = monster_name(table.turn, lang)
    for kind in SPECIAL_DICE:
        if kind in table.special and kind not in specials:
            if kind == BERSERK:
                message = _("Only a berserk monster rolls the berserk die: tick Berserk for %(monster)s, or leave "
                            "this die at none.") % {"monster": monster}
            else:
                message = _("%(monster)s rolls no die of fate here: leave it at none.") % {"monster": monster}
            raise Refused(Problem(special_die_field(kind), message))
    if not scripted and not table.special:
        return []
    for kind in specials:
        if kind not in table.special:
            if kind == BERSERK:
                message = _("%(monster)s is berserk: choose the face of the berserk die too.") % {"monster": monster}
            else:
                message = _("The die of fate is rolled with the dice every turn: choose its face too.")
            raise Refused(Problem(special_die_field(kind), message))
    return [table.special[kind] for kind in specials]
