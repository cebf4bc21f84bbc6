"""What a computer opponent would do, said in the reader's language (the game lesson's hints)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from kotguide.engine import GameState
from kotguide.engine import bots as B
from kotguide.engine.events import ParamType
from kotguide.sandbox import render
from kotguide.sandbox.table import action_label

REASONS = {
    B.ROLL: gettext_lazy("Roll the dice: every turn starts with a roll of all six dice."),
    B.RESOLVE_KEPT: gettext_lazy("Resolve the dice now: every die is worth keeping."),
    B.RESOLVE_LAST: gettext_lazy("Resolve the dice: no rerolls are left."),
    B.YIELD_LOW: gettext_lazy(
        "Yield Tokyo: with 4 life or less, the next smashes could eliminate you, and you cannot heal in Tokyo."
    ),
    B.STAY: gettext_lazy(
        "Stay in Tokyo: with more than 4 life you can take another round of smashes, and Tokyo pays you at the "
        "start of your turn."
    ),
    B.SWEEP: gettext_lazy("Sweep the market: nothing in it is worth buying, and you have energy to spare."),
    B.END: gettext_lazy("End the turn: nothing in the market is worth its price to you now."),
    B.PASS: gettext_lazy("Pass."),
}
KEPT = {
    B.K_NUMBERS: gettext_lazy("Three or more of a number score victory points."),
    B.K_PAIR: gettext_lazy("A pair of 3s or 2s can still become a set."),
    B.K_ENERGY: gettext_lazy("Energy buys Power cards."),
    B.K_HEARTS: gettext_lazy("Hearts heal you outside Tokyo."),
    B.K_SMASH: gettext_lazy("Smashes make the monsters you hit lose life."),
}
BOUGHT = {
    B.B_VP: gettext_lazy("It gives victory points."),
    B.B_LIFE: gettext_lazy("It heals you."),
    B.B_ENERGY: gettext_lazy("It gives energy."),
    B.B_ATTACK: gettext_lazy("It hurts the other monsters."),
    B.B_KEEP: gettext_lazy("It stays with you and keeps helping."),
}


@dataclass(frozen=True)
class Hint:
    text: str  # one or a few sentences
    keep: frozenset[int] = frozenset()  # a reroll: the dice it keeps (marked on the table)


def hint(state: GameState, lang: str) -> Hint:
    """The bot's choice for the monster holding the decision, and why."""
    choice = B.advise(state)
    sep = "" if lang == "ja" else " "
    if choice.reason == B.REROLL:
        if choice.kept:
            faces = render.word(ParamType.FACES, [state.dice[i] for i in choice.kept], lang)
            head = _("Keep %(faces)s and reroll the other dice.") % {"faces": faces}
        else:
            head = _("Reroll all the dice: none of them is worth keeping.")
        return Hint(sep.join([head, *(str(KEPT[k]) for k in choice.why)]), frozenset(choice.kept))
    if choice.reason == B.BUY:
        head = _("Buy %(card)s.") % {"card": render.word(ParamType.CARD, choice.card, lang)}
        return Hint(sep.join([head, *(str(BOUGHT[k]) for k in choice.why)]))
    text = REASONS.get(choice.reason)
    return Hint(str(text) if text else action_label(choice.action.code, lang))
