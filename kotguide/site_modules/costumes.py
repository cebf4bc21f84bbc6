"""Halloween costumes: Keep cards of their own kind, in play (held or in the market) only with this module."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from kotguide.engine import data

from . import ModuleUI, register

MODULE = register(ModuleUI(
    id="costumes",
    name=pgettext_lazy("option", "Halloween costumes"),
    table_chance=gettext_lazy("the costume cards each monster draws at the start"),
    mid_game={"draft": False},  # the costumes held are Keep cards; the others wait in the deck
    card_kinds=frozenset({data.COSTUME}),
    messages={"needs-option": gettext_lazy(
        "%(card)s is a Halloween costume: it is in play only with the costumes module.")},
))
