"""The Mutant Evolution draft: a way of dealing the Evolution cards at game start, so a table in the middle of a game
is plain Evolution cards (each hand may hold cards of any deck at the table)."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from . import ModuleUI, register

MODULE = register(ModuleUI(id="mutant-draft", name=pgettext_lazy("option", "Mutant Evolution draft"), editable=False,
                            table_chance=gettext_lazy("the Evolution cards of each draft packet")))
