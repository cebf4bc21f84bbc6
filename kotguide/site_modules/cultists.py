"""Cthulhu's cultists: a count on each monster."""

from django.utils.translation import pgettext_lazy

from kotguide.engine.modules import cultists

from . import Counter, ModuleUI, register

MODULE = register(ModuleUI(
    id="cultists",
    name=pgettext_lazy("option", "Cthulhu's cultists"),
    seat=(Counter(cultists.CULTIST, pgettext_lazy("token", "Cultists")),),
))
