"""A new game from scratch: choose the monsters and the options (variants and expansion modules), and the sandbox
opens its first turn. The game is a stored position (its setup has a seed), so it can be shared like any other."""

from __future__ import annotations

import secrets

from django import forms
from django.utils.translation import gettext_lazy as _

from kotguide.engine import InvalidSetup, Setup, data
from kotguide.engine import options as O

from .position import Position
from .words import monster_name, option_name

MAX_SEED = 2**32 - 1


class NewGameForm(forms.Form):
    monsters = forms.MultipleChoiceField(
        label=_("Monsters (they play in the order of this list)"),
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": _("Choose 2 to 6 monsters."),
            "invalid_choice": _("Choose monsters from the list."),
        },
    )
    options = forms.MultipleChoiceField(
        label=_("Variants and expansion modules"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        error_messages={"invalid_choice": _("Choose options from the list.")},
    )
    seed = forms.IntegerField(
        label=_("Seed (optional: the same seed deals and rolls the same game)"),
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "size": 10}),
        error_messages={
            "invalid": _("Enter a whole number, such as 3."),
            "min_value": _("Enter a number from 0 to 4294967295."),
            "max_value": _("Enter a number from 0 to 4294967295."),
        },
    )

    def __init__(self, *args, lang: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lang = lang
        self.fields["monsters"].choices = [(m, monster_name(m, lang)) for m in data.monsters()]
        self.fields["options"].choices = [(o, option_name(o)) for o in O.ALL]

    def clean(self) -> dict:
        cleaned = super().clean()
        monsters, options = cleaned.get("monsters"), cleaned.get("options", [])
        if monsters is None or self.errors:
            return cleaned
        seed = cleaned.get("seed")
        setup = {
            "monsters": list(monsters),
            "options": [o for o in O.ALL if o in options],
            "seed": seed if seed is not None else secrets.randbelow(MAX_SEED + 1),
        }
        try:
            Setup.from_dict(setup)
        except InvalidSetup as error:
            field, message = ERRORS.get(error.code, ERRORS["players"])
            words = {"monster": monster_name(str(error.params.get("monster", "")), self.lang)}
            self.add_error(field, str(message) % words if "%(" in str(message) else message)
        cleaned["setup"] = setup
        return cleaned

    def position(self) -> Position:
        """The new game as a position with no action yet (after ``is_valid``)."""
        return Position(setup=self.cleaned_data["setup"])


# What a player can get wrong here, by the engine's InvalidSetup code: (field, message)
ERRORS = {
    "players": ("monsters", _("Choose 2 to 6 monsters.")),
    "option-players": ("options", _("The two-player variant needs exactly 2 monsters.")),
    "option-requires": ("options", _("The Mutant Evolution draft needs the Evolution cards module.")),
    "no-evolution-deck": ("monsters", _(
        "%(monster)s has no Evolution deck on this site yet: choose another monster, or untick the Evolution cards."
    )),
}
