"""Chance from outside: a game that follows a physical table (``Setup.table``) takes its chance outcomes as
actions instead of drawing them from the seed, like the chance nodes of OpenSpiel.

- ``dice:F.F…`` — the faces the next dice rolled show, in die order (base faces, ``kind:face`` for a special die:
  ``dice:smash.smash.1.2.3.heart.berserk:2smash``). Give them before the action that rolls (``roll``, a reroll, a
  card that rolls): each roll takes the faces it needs from the front, base dice and each kind of special die apart;
  a roll with no faces left given is drawn from the seed as usual, and counted (``seeded_since``): the site asks
  the table for every face an entry would roll by playing it on a copy first.
- ``card:ID`` — the next Power card drawn is ``ID``; several given are drawn in the order given (a sweep's new cards,
  the cards Deep Dive looks at). Each must be able to come up at its draw: a card of the deck not given before it,
  whose order the table does not know; once the cards given use up the deck, one the reshuffle brings: a card of the
  discard pile, or one face up in the market, which a sweep or a bought Discard card puts there first. Give them
  before the buy, sweep or card that reveals them. A card given that is not there when it is drawn (a market card
  bought and kept) is passed over, and the site's top card drawn instead, counted (``seeded_cards_since``).
- ``discard:ID`` — the Power card turned up next from the shuffled discard pile is ``ID`` (a card of the discard
  pile; Miraculous Catch turns one up): give it before the action that turns it up.
- A module's own deck (``define_deck``): ``curse:ID``, the next curse to come into force (the curses module);
  ``evolution:MONSTER.ID``, the next Evolution ``MONSTER`` draws (the evolutions module). The module says which cards
  can come up at that draw (from the deck, or from the discard pile its reshuffle will make the new deck) and
  refuses any other; what it deals at setup is given by its setup table instead.

They are legal at any decision, for anyone, only in a table game, and change nothing else: the decision stays, and
a replay of the same actions is the same game. They are not among ``legal_actions`` (a player's choices), as the
outcomes of a roll are not the roller's to choose.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .actions import Chance, TableCard, TableCurse, TableDice, TableDiscard, TableEvolution
from .dice import FACE_SET, die_kind, is_special_face
from .errors import IllegalAction
from .state import GameState

QUEUE = "table:dice"  # marks: the faces given and not rolled yet, in order
FROM_DISCARD = "table:from-discard"  # marks: the card given to be turned up next from the discard pile
GIVEN_CARDS = "table:cards"  # marks: the Power cards given to be drawn next, in order

DeckDraw = TypeVar("DeckDraw", TableCurse, TableEvolution)
# per action type: (its module's option, why a card given is refused (None: it can come up), record it)
_DECKS: dict[type[Any], tuple[str, Callable[[GameState, Any], IllegalAction | None],
                              Callable[[GameState, Any], None]]] = {}


def define_deck(kind: type[DeckDraw], option: str, refused: Callable[[GameState, DeckDraw], IllegalAction | None],
                give: Callable[[GameState, DeckDraw], None]) -> None:
    """A module's hidden deck the table reveals from: ``refused`` checks the card given can come up at the next
    draw (the module is in play: checked here), ``give`` makes it the card that does."""
    _DECKS[kind] = (option, refused, give)


def why_refused(s: GameState, action: Chance) -> IllegalAction | None:
    if not s.setup.table:
        return IllegalAction("not-a-table", action=action.code)
    if s.decision is None:
        return IllegalAction("game-over", action=action.code)
    if isinstance(action, TableDice):
        bad = next((f for f in action.faces if f not in FACE_SET and not is_special_face(f)), None)
        if bad is not None:
            return IllegalAction("bad-face", action=action.code, face=bad)
    elif isinstance(action, TableCard):
        if action.card not in _can_come_up_next(s):
            return IllegalAction("card-cannot-come-up", action=action.code, card=action.card)
    elif isinstance(action, TableDiscard):
        if action.card not in s.discard:
            return IllegalAction("card-not-in-discard", action=action.code, card=action.card)
    else:
        option, refused, _give = _DECKS[type(action)]
        if option not in s.options:
            return IllegalAction("module-not-in-play", action=action.code, option=option)
        return refused(s, action)
    return None


def play(s: GameState, action: Chance) -> None:
    """Record a chance outcome (already checked by ``why_refused``)."""
    s.history.append(action)
    if isinstance(action, TableDice):
        s.marks[QUEUE] = (*s.marks.get(QUEUE, ()), *action.faces)
    elif isinstance(action, TableCard):
        s.marks[GIVEN_CARDS] = (*s.marks.get(GIVEN_CARDS, ()), action.card)
    elif isinstance(action, TableDiscard):  # a second card given before the first is turned up replaces it
        s.marks[FROM_DISCARD] = action.card
    else:
        _DECKS[type(action)][2](s, action)


def _can_come_up_next(s: GameState) -> list[str]:
    """The cards ``card:ID`` may give now: those of the deck the cards given before leave there; once they use it
    up, those the reshuffle brings (the discard pile, and the face-up cards a sweep or a buy may discard first)."""
    given: tuple[str, ...] = s.marks.get(GIVEN_CARDS, ())
    deck_left = _less(s.deck, given)
    if deck_left:
        return deck_left
    reshuffled = [card for card in [*s.discard, *s.market] if card is not None]
    return _less(reshuffled, _less(given, s.deck))


def _less(cards: list[str] | tuple[str, ...], taken: list[str] | tuple[str, ...]) -> list[str]:
    """``cards`` without one copy of each card ``taken`` (the deck holds two copies of some cards)."""
    rest = list(cards)
    for card in taken:
        if card in rest:
            rest.remove(card)
    return rest


def next_card(s: GameState) -> str | None:
    """The card the next draw takes while the deck has cards (None: it has none), without taking it: the first card
    given if it is in the deck, else the top card (a card peeked at: Made in a Lab)."""
    given: tuple[str, ...] = s.marks.get(GIVEN_CARDS, ())
    if given and given[0] in s.deck:
        return given[0]
    return s.deck[0] if s.deck else None


def take_next_card(s: GameState) -> str:
    """The next card drawn from the deck (not empty): the first card given, if it is in the deck; else the top card,
    which in a table game the site chose (counted)."""
    given: tuple[str, ...] = s.marks.pop(GIVEN_CARDS, ())
    if given[1:]:
        s.marks[GIVEN_CARDS] = given[1:]
    if given and given[0] in s.deck:
        s.deck.remove(given[0])
        return given[0]
    if s.setup.table:
        s.seeded_cards += 1
    return s.deck.pop(0)


def seeded_cards_since(before: GameState, after: GameState) -> int:
    """How many Power cards a table game drew in the site's own deck order between two of its states: the cards a
    ``card:ID`` given before each would have named."""
    return after.seeded_cards - before.seeded_cards


def turned_up_from_discard(s: GameState) -> str | None:
    """The card the table turns up from the discard pile (``discard:ID``, taken), if one was given and is still
    there; None: the rule shuffles the pile and turns up its first card."""
    card: str | None = s.marks.pop(FROM_DISCARD, None)
    return card if card in s.discard else None


def take(s: GameState, kind: str | None, n: int) -> list[str]:
    """Up to ``n`` given faces of dice of ``kind`` (None: base dice), taken from the front of the queue."""
    queued: tuple[str, ...] = s.marks.get(QUEUE, ())
    out: list[str] = []
    rest: list[str] = []
    for face in queued:
        if len(out) < n and die_kind(face) == kind:
            out.append(face)
        else:
            rest.append(face)
    if out:
        if rest:
            s.marks[QUEUE] = tuple(rest)
        else:
            del s.marks[QUEUE]
    return out


def note_seeded(s: GameState, kind: str | None, n: int) -> None:
    """``n`` dice of ``kind`` (None: base dice) drawn from the seed because the table gave no face for them."""
    s.seeded_dice = {**s.seeded_dice, kind: s.seeded_dice.get(kind, 0) + n}


def seeded_dice(s: GameState) -> Mapping[str | None, int]:
    """The dice drawn from the seed in a table game so far, per kind of die (None: base dice): none in a game whose
    table gave every face."""
    return s.seeded_dice


def seeded_since(before: GameState, after: GameState) -> list[str | None]:
    """The kind of each die drawn from the seed between two states of one table game (None: a base die), the base
    dice first, then each special kind in the order first drawn: the dice a ``dice:…`` given before would have
    shown."""
    out: list[str | None] = []
    for kind, n in sorted(after.seeded_dice.items(), key=lambda item: item[0] is not None):
        out += [kind] * (n - before.seeded_dice.get(kind, 0))
    return out
