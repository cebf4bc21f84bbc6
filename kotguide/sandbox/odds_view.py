"""What the dice-odds partial (``sandbox/_odds.html``) shows for a sandbox game: exact chances from the engine's
``odds`` module for the dice on the table, in the reader's language. Shown only while the active monster is rolling
(decision ``roll`` or ``reroll``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from django.utils.translation import get_language

from kotguide.engine import GameState
from kotguide.engine.cards import registry
from kotguide.engine.dice import DICE_PER_ROLL, die_kind
from kotguide.engine.odds import COUNTS_SHOWN, POINTS_SHOWN, odds
from kotguide.engine.phases import DecisionKind

from .game import Game
from .words import face_name

_SCALE = 10_000  # a probability in hundredths of a percent


@dataclass(frozen=True)
class Chance:
    value: Fraction
    text: str  # "49.98%"; "0%" / "100%": impossible / certain; "<0.01%" / ">99.99%": neither, but rounds to it


@dataclass(frozen=True)
class FaceRow:
    face: str
    name: str
    chances: tuple[Chance, ...]  # one per ``OddsView.counts``


@dataclass(frozen=True)
class PointsRow:
    vp: int
    chance: Chance


@dataclass(frozen=True)
class OddsView:
    dice: int
    rolls_left: int  # rolls still to make, the first roll included
    first_roll: bool  # nothing rolled yet this turn
    counts: tuple[int, ...]
    faces: tuple[FaceRow, ...]
    points: tuple[PointsRow, ...]


def percent(p: Fraction) -> str:
    """A chance as a percentage with two decimals, rounded half up; "0%" and "100%" only when impossible or certain,
    "<0.01%" and ">99.99%" for a chance that is neither but rounds to it."""
    if p in (0, 1):
        return f"{int(p) * 100}%"
    hundredths = int(p * _SCALE + Fraction(1, 2))  # floor(x + 1/2) of a non-negative value
    if hundredths == 0:
        return "<0.01%"
    if hundredths == _SCALE:
        return ">99.99%"
    whole, part = divmod(hundredths, 100)
    return f"{whole}.{part:02d}%"


def _chance(p: Fraction) -> Chance:
    return Chance(p, percent(p))


def odds_for_state(state: GameState) -> OddsView | None:
    """The odds for the active monster's dice, or None when nobody is rolling (or no roll is left)."""
    decision = state.decision
    if decision is None or decision.kind not in (DecisionKind.ROLL, DecisionKind.REROLL) or state.rolls_left < 1:
        return None
    first = decision.kind == DecisionKind.ROLL
    # the base dice only: a special die (berserk, fate) has faces of its own, which the odds do not cover
    faces = () if first else tuple(f for f in state.dice if die_kind(f) is None)
    dice = int(registry.modify(state, "dice-count", state.active, DICE_PER_ROLL)) if first else len(faces)
    return _view(faces, state.rolls_left, dice, first, get_language())


@lru_cache(maxsize=1024)
def _view(faces: tuple[str, ...], rolls_left: int, dice: int, first: bool, lang: str) -> OddsView:
    """The odds in words, worked out once per process for each dice, rolls and language (`lang`: the face names)."""
    table = odds(faces, rolls_left, dice=dice, counts=COUNTS_SHOWN, vps=POINTS_SHOWN)
    return OddsView(
        dice=table.dice,
        rolls_left=table.rolls_left,
        first_roll=first,
        counts=table.counts,
        faces=tuple(FaceRow(face, face_name(face), tuple(_chance(p) for p in row)) for face, row in table.faces),
        points=tuple(PointsRow(vp, _chance(p)) for vp, p in zip(table.vps, table.points, strict=True)),
    )


def odds_for(game: Game) -> OddsView | None:
    """What ``sandbox/_odds.html`` needs as ``odds`` for a sandbox game (None: the partial shows nothing)."""
    return odds_for_state(game.state)
