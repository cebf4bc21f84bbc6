"""kotguide's King of Tokyo rules engine (2016 base edition): pure, deterministic, replayable, no Django.

>>> from kotguide.engine import Setup, replay
>>> setup = Setup.from_dict({"monsters": ["gigazaur", "the-king"], "first_player": "gigazaur",
...                          "dice": ["3", "3", "3", "heart", "energy", "smash"]})
>>> game = replay(setup, "roll resolve")
>>> game.state.monster("gigazaur").vp   # three 3s, then +1 for entering Tokyo City
4
"""

# ruff: noqa: E402 - the engine's modules are imported after ``compiled.choose()``, which picks where they load from

from __future__ import annotations

from . import compiled

compiled.choose()

from . import rules
from .actions import (
    Action,
    Buy,
    End,
    Pass,
    Reroll,
    Resolve,
    Roll,
    Stay,
    Sweep,
    UseCard,
    Yield,
    decode,
    encode,
    parse_action,
)
from .errors import EngineError, IllegalAction, InvalidSetup, SetupProblem
from .events import KINDS, Event, EventKind
from .flow import Replay, apply, apply_in_place, check_outcome, is_legal, legal_actions, replay, start, why_illegal
from .limits import Limits, limits
from .setup import MonsterSetup, Setup, TurnSetup, TurnStep
from .state import Decision, GameState, Monster, Outcome

__all__ = [
    "KINDS", "Action", "Buy", "Decision", "End", "EngineError", "Event", "EventKind", "GameState", "IllegalAction",
    "InvalidSetup", "Monster", "MonsterSetup", "Outcome", "Pass", "Replay", "Reroll", "Resolve", "Roll", "Setup",
    "Stay", "Sweep", "UseCard", "Yield", "apply", "apply_in_place", "check_outcome", "decode", "encode", "is_legal",
    "legal_actions", "parse_action", "replay", "rules", "start", "Limits", "limits", "SetupProblem", "TurnSetup",
    "TurnStep", "why_illegal",
]
