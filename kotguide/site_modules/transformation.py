"""The Transformation card: each monster shows its Robot or its Beast side."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from kotguide.engine.modules import transformation

from . import Counter, ModuleUI, register

MODULE = register(ModuleUI(
    id="transformation",
    name=pgettext_lazy("option", "Transformation card"),
    table_chance=gettext_lazy("the new face of a die the Beast side rerolls"),
    seat=(Counter(transformation.TOKEN, pgettext_lazy("token", "Beast side"), flag=True,
                  help=gettext_lazy("Not ticked: the Robot side.")),),
))
