"""Berserk: a monster is berserk or not, and a berserk monster rolls the berserk die after its dice."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from kotguide.engine.modules import berserk

from . import Counter, ModuleUI, SpecialDie, register

MODULE = register(ModuleUI(
    id="berserk",
    name=pgettext_lazy("option", "Berserk"),
    seat=(Counter(berserk.TOKEN, pgettext_lazy("token", "Berserk"), flag=True),),
    die=SpecialDie(berserk.DIE, gettext_lazy("Berserk die"), {
        "berserk:smash": pgettext_lazy("die face", "berserk smash"),
        "berserk:2smash": pgettext_lazy("die face", "berserk double smash"),
        "berserk:energy": pgettext_lazy("die face", "berserk energy"),
        "berserk:2energy": pgettext_lazy("die face", "berserk double energy"),
        "berserk:skull": pgettext_lazy("die face", "berserk skull"),
    }, help=gettext_lazy("Rolled after the other dice, only by a berserk monster.")),
))
