"""Halloween costumes: Keep cards of their own kind, in play (held or in the market) only with this module."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from kotguide.engine import data

from . import Dealt, ModuleUI, register


def _costumes(lang: str, monster: str, at_table: list[str], slot: int) -> list[tuple[str, str]]:
    from kotguide.sandbox.words import card_name

    return [(c, card_name(c, lang)) for c in data.costumes()]


MODULE = register(ModuleUI(
    id="costumes",
    name=pgettext_lazy("option", "Halloween costumes"),
    dealt=Dealt("deal", gettext_lazy("Costume %(n)s that %(monster)s drew"), 2, _costumes),
    mid_game={"draft": False},  # the costumes held are Keep cards; the others wait in the deck
    card_kinds=frozenset({data.COSTUME}),
    messages={"needs-option": gettext_lazy(
        "%(card)s is a Halloween costume: it is in play only with the costumes module.")},
))
