"""Chance from outside: a game that follows a physical table (``Setup.table``) takes its chance outcomes as
actions instead of drawing them from the seed, like the chance nodes of OpenSpiel.

- ``dice:F.F…`` — the faces the next dice rolled show, in die order (base faces, ``kind:face`` for a special die:
  ``dice:smash.smash.1.2.3.heart.berserk:2smash``). Give them before the action that rolls (``roll``, a reroll, a
  card that rolls): each roll takes the faces it needs from the front, base dice and each kind of special die apart;
  a roll with no faces left given is drawn from the seed as usual.
- ``card:ID`` — the next card drawn from the deck is ``ID`` (a card still in the deck, whose order the table does not
  know): give it before the buy or sweep that reveals it.

They are legal at any decision, for anyone, only in a table game, and change nothing else: the decision stays, and
a replay of the same actions is the same game. They are not among ``legal_actions`` (a player's choices), as the
outcomes of a roll are not the roller's to choose.
"""

from __future__ import annotations

from .actions import Chance, TableCard, TableDice
from .dice import FACE_SET, die_kind, is_special_face
from .errors import IllegalAction
from .state import GameState

QUEUE = "table:dice"  # marks: the faces given and not rolled yet, in order


def why_refused(s: GameState, action: Chance) -> IllegalAction | None:
    if not s.setup.table:
        return IllegalAction("not-a-table", action=action.code)
    if s.decision is None:
        return IllegalAction("game-over", action=action.code)
    if isinstance(action, TableDice):
        bad = next((f for f in action.faces if f not in FACE_SET and not is_special_face(f)), None)
        if bad is not None:
            return IllegalAction("bad-face", action=action.code, face=bad)
    elif action.card not in s.deck:
        return IllegalAction("card-not-in-deck", action=action.code, card=action.card)
    return None


def play(s: GameState, action: Chance) -> None:
    """Record a chance outcome (already checked by ``why_refused``)."""
    s.history.append(action)
    if isinstance(action, TableDice):
        s.marks[QUEUE] = (*s.marks.get(QUEUE, ()), *action.faces)
    else:
        assert isinstance(action, TableCard)
        s.deck.remove(action.card)
        s.deck.insert(0, action.card)


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
