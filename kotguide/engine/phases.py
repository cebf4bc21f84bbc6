"""The named steps of a turn (``Phase``, in ``GameState.phase``), the moments cards act at (``Window``) and the kinds
of decision (``DecisionKind``, in ``Decision.kind``). Each is a ``StrEnum``: its members are the plain strings they
name, so they serialize, compare and hash as those strings (``Phase.ROLL == "roll"``).

Phases, in turn order:

| phase | what happens | decision |
|---|---|---|
| ``setup`` | before the first turn, while the modules' setup choices wait (a costume kept…) | — (card prompts only) |
| ``start`` | turn begins; start-of-turn reward (2 VP in Tokyo) | — (card prompts only) |
| ``roll`` | first roll, up to 2 rerolls (windows ``before-roll``, ``after-roll``) | ``roll``/``reroll``/``resolve`` |
| ``resolve`` | window ``before-resolve``, then numbers → hearts → energy → smash | — |
| ``yield`` | each smashed living occupant, in seat order from the active monster, stays or yields | ``yield`` |
| ``enter`` | an outside active monster enters an empty City (or the Bay) | — |
| ``buy`` | buy cards, sweep, end | ``buy`` |
| ``end`` | end-of-turn effects; the win check; next monster | — |
| ``over`` | the game has ended (``decision`` is None) | — |
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    SETUP = "setup"  # only before the first turn, while setup choices wait
    START = "start"
    ROLL = "roll"
    RESOLVE = "resolve"
    YIELD = "yield"
    ENTER = "enter"
    BUY = "buy"
    END = "end"
    OVER = "over"


class Window(StrEnum):
    """Where cards act (hooks) and offer choices (a ``card`` decision's ``window``)."""

    START = "start"
    BEFORE_ROLL = "before-roll"
    AFTER_ROLL = "after-roll"
    BEFORE_RESOLVE = "before-resolve"
    YIELD = "yield"
    ENTER = "enter"
    BUY = "buy"
    END = "end"
    # prompt only: monsters about to lose life choose first (Wings…), see ``flow``
    DAMAGE = "damage"


# the windows every turn passes through, in order (each fires its hooks)
TURN_WINDOWS: tuple[Window, ...] = tuple(w for w in Window if w is not Window.DAMAGE)


class DecisionKind(StrEnum):
    ROLL = "roll"  # before the first roll: ``roll``
    REROLL = "reroll"  # rolls left: ``reroll:…`` or ``resolve``
    RESOLVE = "resolve"  # no rolls left: ``resolve``
    YIELD = "yield"  # a smashed occupant: ``stay`` or ``yield``
    BUY = "buy"  # ``buy:N``, ``sweep``, ``end``
    CARD = "card"  # a card offers choices at a window: ``use:…`` or ``pass``


# The members again as plain class attributes, for the turn loop's hot paths: Python 3.11 reads an enum member
# through its class in about 0.2 µs (``EnumType.__getattr__``), ten times a plain class attribute, and the loop
# compares against them a dozen times an action. The values are the members themselves (tests/engine/test_phases.py).
class Phases:
    SETUP, START, ROLL, RESOLVE, YIELD = Phase.SETUP, Phase.START, Phase.ROLL, Phase.RESOLVE, Phase.YIELD
    ENTER, BUY, END, OVER = Phase.ENTER, Phase.BUY, Phase.END, Phase.OVER


class Windows:
    START, BEFORE_ROLL, AFTER_ROLL = Window.START, Window.BEFORE_ROLL, Window.AFTER_ROLL
    BEFORE_RESOLVE, YIELD, ENTER = Window.BEFORE_RESOLVE, Window.YIELD, Window.ENTER
    BUY, END, DAMAGE = Window.BUY, Window.END, Window.DAMAGE


class Kinds:
    ROLL, REROLL, RESOLVE = DecisionKind.ROLL, DecisionKind.REROLL, DecisionKind.RESOLVE
    YIELD, BUY, CARD = DecisionKind.YIELD, DecisionKind.BUY, DecisionKind.CARD
