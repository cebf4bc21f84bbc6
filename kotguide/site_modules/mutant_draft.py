"""The Mutant Evolution draft: a way of dealing the Evolution cards at game start, so a table in the middle of a game
is plain Evolution cards (each hand may hold cards of any deck at the table)."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from . import Dealt, ModuleUI, register
from .evolutions import evolution_cards

MODULE = register(ModuleUI(
    id="mutant-draft", name=pgettext_lazy("option", "Mutant Evolution draft"), editable=False,
    # the cards drafted and drawn afterwards are the evolutions module's deck entries
    dealt=Dealt("packets", gettext_lazy("Evolution card %(n)s dealt to %(monster)s"), 8,
                lambda lang, monster, at_table, slot: evolution_cards(lang, monster, at_table)),
))
