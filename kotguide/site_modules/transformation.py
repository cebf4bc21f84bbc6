"""The Transformation card: each monster shows its Robot or its Beast side; the Beast side rerolls one die once more."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from kotguide.engine.modules import transformation

from . import Counter, DieReroll, ModuleUI, register

MODULE = register(ModuleUI(
    id="transformation",
    name=pgettext_lazy("option", "Transformation card"),
    seat=(Counter(transformation.TOKEN, pgettext_lazy("token", "Beast side"), flag=True,
                  help=gettext_lazy("Not ticked: the Robot side.")),),
    die_rerolls=(DieReroll(transformation.BEAST_REROLL, gettext_lazy("The Beast side's reroll: one die once more")),),
))
