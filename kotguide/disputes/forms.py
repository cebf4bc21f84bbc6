"""The resolver's form: the table as it is, one flat form whose field names are also the prefill parameters.

Field names (the same in a POST and in a `?…` prefill address):

| name | what |
|---|---|
| `monsters` | how many monsters are still in the game, 2 to 6 |
| `m<N>-monster`, `m<N>-life`, `m<N>-vp`, `m<N>-energy`, `m<N>-place` | monster N (N = 1… in turn order) |
| `m<N>-cards` (repeated) | its Keep cards |
| `m<N>-poison`, `m<N>-shrink`, `m<N>-smoke` | its tokens (the Smoke tokens sit on its Smoke Cloud) |
| `market1` … `market5` | the face-up cards (empty: dealt from the deck; 4 and 5 with the five-card market) |
| `options` (repeated) | `two-player`, `five-card-market`, and the expansion modules (all but the Mutant draft) |
| `turn`, `step`, `rerolls` | whose turn, which step (`start`, `roll`, `rolled`), rerolls left after the roll |
| `die1` … `die8` | the faces on the table: `1 2 3 heart energy smash` |
| `die-berserk`, `die-fate` | the special dice, rolled after the base dice: `berserk:2smash`, `fate:ankh` |

Module fields exist only when their module is in `options` (a module field sent without its module is ignored):

| module | per monster | for the table |
|---|---|---|
| cultists | `m<N>-cultist` (0–15) | |
| berserk | `m<N>-berserk` (ticked: berserk) | `die-berserk` |
| transformation | `m<N>-beast` (ticked: the Beast side) | |
| wickedness | `m<N>-wickedness` (0–10), `m<N>-tiles` (repeated: tile sides held) | `tile-sides` (random/orange/green) |
| evolutions | `m<N>-hand`, `m<N>-evolutions` (repeated: its hand; permanent Evolutions in play) | |
| tokyo-tower | | `tower-bottom`, `tower-middle` (a monster, or empty: in the supply) |
| curses | | `curse` (the curse in force), `scarab` (a monster, or empty: the one that plays last), `die-fate` |
| costumes | (costumes join the Keep cards and the market) | |

The form checks each field on its own (numbers, ranges, known choices); the rules of the game (one monster per Tokyo
space, the Bay with five or more, life up to the maximum…) are the engine's, checked in `build`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django import forms
from django.urls import reverse
from django.utils.text import format_lazy
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from kotguide.content import components, library
from kotguide.engine import data
from kotguide.engine import options as O
from kotguide.engine.dice import FACES, SPECIAL
from kotguide.engine.limits import most
from kotguide.engine.modules import berserk, tokyo_tower
from kotguide.engine.modules.curses import fate
from kotguide.engine.modules.evolutions import core as evolutions
from kotguide.engine.modules.wickedness import core as wickedness
from kotguide.engine.setup import (
    LOCATIONS,
    MAX_ENERGY,
    MAX_LIFE_CAP,
    MAX_PLAYERS,
    MAX_VP,
    MIN_PLAYERS,
    OUTSIDE,
    START_LIFE,
)
from kotguide.sandbox.words import face_name, monster_name, option_name, space_name

DEFAULT_MONSTERS = 4
# the fullest table any game can show (engine.limits.most): Extra Head twice and Cyberbrain, 9 dice; Giant Brain,
# Devious and a costume, 5 rerolls
_MOST = most(O.MODULES)
MAX_DICE, MAX_REROLLS = _MOST.dice, _MOST.rerolls
MARKET_SLOTS = O.FIVE_CARD_MARKET_SIZE
TOKENS = ("poison", "shrink", "smoke")  # MonsterSetup.tokens names (engine/cards/tokens.py, dice_cards.py)
TOKEN_SUPPLY = {name: _MOST.tokens[name].most for name in TOKENS}  # what the box holds
# opening energy only changes a game's first setup; a position after the Mutant draft is plain `evolutions`
MODULES = tuple(m for m in O.MODULES if m != O.MUTANT_DRAFT)
OPTIONS = (O.TWO_PLAYER, O.FIVE_CARD_MARKET, *MODULES)
START, ROLL, ROLLED = "start", "roll", "rolled"
STEPS = (START, ROLL, ROLLED)
DEFAULT_REROLLS = 2
SEAT_FIELDS = ("monster", "place", "life", "vp", "energy", "poison", "shrink", "smoke", "cards")

# --- the expansion modules --------------------------------------------------------------------------------------
CULTIST, WICKEDNESS, BERSERK, BEAST = "cultist", wickedness.TOKEN, berserk.TOKEN, "beast"  # MonsterSetup.tokens
MAX_CULTISTS = _MOST.tokens[CULTIST].most
COUNTERS = {CULTIST: O.CULTISTS, WICKEDNESS: O.WICKEDNESS}  # counted tokens → their module
FLAGS = {BERSERK: O.BERSERK, BEAST: O.TRANSFORMATION}  # a ticked box → token 1
MODULE_TOKENS = {**COUNTERS, **FLAGS}
TILES, HAND, EVOLUTIONS = "tiles", "hand", "evolutions"  # lists per monster (pieces, the evolutions hand)
SEAT_LISTS = {TILES: O.WICKEDNESS, HAND: O.EVOLUTIONS, EVOLUTIONS: O.EVOLUTIONS}
SEAT_MODULE_FIELDS = (CULTIST, BERSERK, BEAST, WICKEDNESS, TILES, HAND, EVOLUTIONS)
TOWER_LEVELS = (tokyo_tower.BOTTOM, tokyo_tower.MIDDLE)  # the top level cannot be held: its holder has won
CURSE, SCARAB, TILE_SIDES = "curse", "scarab", "tile-sides"
SPECIAL_DICE = {berserk.DIE: O.BERSERK, fate.FATE_DIE: O.CURSES}  # die kind → its module, in die order


def tower_field(level: str) -> str:
    return f"tower-{level}"


def special_die_field(kind: str) -> str:
    return f"die-{kind}"


TABLE_MODULE_FIELDS = {  # module → its table-wide fields, in page order
    O.TOKYO_TOWER: tuple(tower_field(level) for level in TOWER_LEVELS),
    O.CURSES: (CURSE, SCARAB),
    O.WICKEDNESS: (TILE_SIDES,),
}
SIDE_LABELS = {
    wickedness.RANDOM: pgettext_lazy("tile side", "random"),
    wickedness.ORANGE: pgettext_lazy("tile side", "orange side"),
    wickedness.GREEN: pgettext_lazy("tile side", "green side"),
}

STEP_LABELS = {
    START: _("The turn begins: start-of-turn effects (such as 2 VP for starting in Tokyo) are still to come"),
    ROLL: _("Before the first roll: start-of-turn effects are already taken"),
    ROLLED: _("The dice are rolled: the faces below, ready to reroll or resolve"),
}


def _supply_message(most: int) -> str:
    return _("From 0 to %(most)s: the game has %(most)s.") % {"most": most}


def seat_field(seat: int, name: str) -> str:
    """The field name of monster `seat` (1-based): `m2-life`."""
    return f"m{seat}-{name}"


def die_field(number: int) -> str:
    return f"die{number}"


def market_field(number: int) -> str:
    return f"market{number}"


def values_of(source: Mapping | None, name: str) -> list:
    """A repeated field's values, from a QueryDict or a plain dict."""
    if not source:
        return []
    if hasattr(source, "getlist"):
        return source.getlist(name)
    value = source.get(name) or []
    return [value] if isinstance(value, str) else list(value)


def modules_of(source: Mapping | None) -> tuple[str, ...]:
    """The modules ticked in `options` (known ones only, in the engine's order)."""
    ticked = set(values_of(source, "options"))
    return tuple(m for m in MODULES if m in ticked)


def seat_count(source: Mapping | None) -> int:
    """How many monster blocks to show: the `monsters` value if it is a number from 2 to 6, else the default."""
    raw = (source or {}).get("monsters")
    try:
        count = int(str(raw))
    except ValueError:
        return DEFAULT_MONSTERS
    return count if MIN_PLAYERS <= count <= MAX_PLAYERS else DEFAULT_MONSTERS


def _number(label, low: int, high: int, message, *, required: bool = True) -> forms.IntegerField:
    """A whole number typed as text (no browser-side check: the server says what is wrong, in the reader's
    language, and keeps what was typed)."""
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        required=required,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "size": 4}),
        error_messages={
            "required": _("Enter a number."),
            "invalid": _("Enter a whole number, such as 3."),
            "min_value": message,
            "max_value": message,
        },
    )


def _choice(label, choices, *, required: bool = True, widget=None) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=label,
        choices=choices,
        required=required,
        widget=widget or forms.Select,
        error_messages={"required": _("Choose one."), "invalid_choice": _("Choose one of the listed values.")},
    )


def _checks(label, choices, message) -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        label=label,
        choices=choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"invalid_choice": message},
    )


@dataclass(frozen=True)
class SeatInput:
    monster: str
    life: int
    vp: int
    energy: int
    place: str
    cards: tuple[str, ...] = ()
    tokens: dict[str, int] = field(default_factory=dict)  # base tokens and module counters (cultist, berserk…)
    tiles: tuple[str, ...] = ()  # wickedness tile sides held
    hand: tuple[str, ...] = ()  # its Evolution hand (evolutions module)
    evolutions: tuple[str, ...] = ()  # permanent Evolutions in play


@dataclass(frozen=True)
class TableInput:
    """What the form says, checked field by field: the input of `build.position_for`."""

    seats: tuple[SeatInput, ...]
    market: dict[int, str]  # slot number (1-based) → card id, filled slots only
    options: tuple[str, ...]
    turn: str
    step: str
    dice: dict[int, str]  # die number (1-based) → face, chosen dice only
    rerolls: int
    tower: dict[str, str] = field(default_factory=dict)  # Tokyo Tower level → the monster holding it
    curse: str | None = None  # the curse in force
    scarab: str | None = None  # the golden scarab's holder (None: the monster that plays last)
    tile_sides: str = wickedness.RANDOM  # the face-up sides of the tiles on the board
    special: dict[str, str] = field(default_factory=dict)  # special die kind → its face, chosen dice only


class TableForm(forms.Form):
    """The table as it is. Its monster blocks follow `monsters`, its module fields the modules ticked in `options`
    (in the data, else the initial values)."""

    def __init__(self, data: Mapping | None = None, *, initial: Mapping | None = None):
        super().__init__(data, initial=initial, auto_id="f-%s", label_suffix="")
        self.count = seat_count(data if data is not None else initial)
        if data is None:
            self.initial = complete_initial(initial or {}, self.count)
        source = data if data is not None else self.initial
        self.modules = modules_of(source)
        lang = get_language()
        monsters = [(m, monster_name(m, lang)) for m in data_monsters()]
        places = [(p, space_name(p)) for p in LOCATIONS]
        cards = sorted(library.cards(lang).values(), key=lambda c: c.sort_key)
        costumes = O.COSTUMES in self.modules  # costumes are Keep cards, in play only with their module
        keep = [(c.id, c.name) for c in cards if c.type == "keep" and (costumes or c.kind != "costume")]
        discard = [(c.id, c.name) for c in cards if c.type == "discard"]
        count_choices = [(str(n), str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
        f = self.fields
        f["monsters"] = _choice(_("Monsters still in the game"), count_choices)
        f["monsters"].help_text = _("Monster 1 is the first in turn order; the others follow clockwise.")
        redraw = {  # with JavaScript, changing these redraws the form at once (without, the "Update" button does)
            "hx-post": reverse("resolve:form"),
            "hx-trigger": "change",
            "hx-target": "#resolve-form",
            "hx-swap": "outerHTML",
            "hx-vals": '{"update": "1"}',
        }
        f["monsters"].widget.attrs.update(redraw)
        seated = [source.get(seat_field(s, "monster")) for s in range(1, self.count + 1)]
        at_table = [m for m in dict.fromkeys(seated) if m in data_monsters()]
        for seat in range(1, self.count + 1):
            f[seat_field(seat, "monster")] = _choice(_("Monster"), monsters)
            if O.EVOLUTIONS in self.modules:  # its Evolution choices follow the monster
                f[seat_field(seat, "monster")].widget.attrs.update(redraw)
            f[seat_field(seat, "place")] = _choice(_("Place"), places)
            f[seat_field(seat, "life")] = _number(
                _("Life"), 1, MAX_LIFE_CAP, _("Life is from 1 to the maximum: %(start)s, or %(most)s with Even Bigger.")
                % {"start": START_LIFE, "most": MAX_LIFE_CAP}
            )
            f[seat_field(seat, "vp")] = _number(_("VP"), 0, MAX_VP, _("VP are from 0 to %(most)s.") % {"most": MAX_VP})
            f[seat_field(seat, "energy")] = _number(
                _("Energy"), 0, MAX_ENERGY, _("Energy is from 0 to %(most)s.") % {"most": MAX_ENERGY})
            f[seat_field(seat, "poison")] = _number(
                _("Poison tokens"), 0, TOKEN_SUPPLY["poison"], _supply_message(TOKEN_SUPPLY["poison"]), required=False
            )
            f[seat_field(seat, "shrink")] = _number(
                _("Shrink tokens"), 0, TOKEN_SUPPLY["shrink"], _supply_message(TOKEN_SUPPLY["shrink"]), required=False
            )
            f[seat_field(seat, "smoke")] = _number(
                _("Smoke tokens"), 0, TOKEN_SUPPLY["smoke"],
                _("From 0 to %(most)s: Smoke Cloud comes with %(most)s.") % {"most": TOKEN_SUPPLY["smoke"]},
                required=False,
            )
            f[seat_field(seat, "cards")] = forms.MultipleChoiceField(
                label=_("Keep cards held"),
                choices=keep,
                required=False,
                widget=forms.CheckboxSelectMultiple,
                error_messages={"invalid_choice": _("Choose Keep cards from the list.")},
            )
            self._add_seat_modules(seat, seated[seat - 1], at_table, lang)
        market_choices = [
            ("", _("(dealt from the deck)")),
            (_("Keep cards"), keep),
            (_("Discard cards"), discard),
        ]
        for slot in range(1, MARKET_SLOTS + 1):
            f[market_field(slot)] = _choice(_("Slot %(n)s") % {"n": slot}, market_choices, required=False)
        f["options"] = forms.MultipleChoiceField(
            label=_("Options"),
            choices=[(o, option_name(o)) for o in OPTIONS],
            required=False,
            widget=forms.CheckboxSelectMultiple,
            help_text=format_lazy(
                "{} {}",
                _("The opening-energy house rule only changes how a game is set up, so it does not matter here."),
                _("After the Mutant Evolution draft, tick Evolution cards: each monster's hand and Evolution cards in "
                  "play may come from any deck of the table."),
            ),
            error_messages={"invalid_choice": _("Choose options from the list.")},
        )
        f["options"].widget.attrs.update(redraw)
        self._add_table_modules(monsters, lang)
        f["turn"] = _choice(_("Whose turn"), monsters)
        f["step"] = _choice(_("Which step"), [(s, STEP_LABELS[s]) for s in STEPS], widget=forms.RadioSelect)
        faces = [("", _("none")), *((face, face_name(face)) for face in FACES)]
        for number in range(1, MAX_DICE + 1):
            f[die_field(number)] = _choice(_("Die %(n)s") % {"n": number}, faces, required=False)
        self._add_special_dice()
        f["rerolls"] = _choice(
            _("Rerolls left"), [(str(n), str(n)) for n in range(MAX_REROLLS + 1)], required=False
        )
        f["rerolls"].help_text = _(
            "After this roll: 2 in a usual turn, more with Giant Brain and some expansion pieces, 0 when this was "
            "the last roll."
        )

    def _add_seat_modules(self, seat: int, monster: str | None, at_table: list[str], lang: str) -> None:
        f, on = self.fields, self.modules
        if O.CULTISTS in on:
            f[seat_field(seat, CULTIST)] = _number(
                pgettext_lazy("token", "Cultists"), 0, MAX_CULTISTS,
                _("Cultists are from 0 to %(most)s.") % {"most": MAX_CULTISTS}, required=False,
            )
        if O.BERSERK in on:
            f[seat_field(seat, BERSERK)] = forms.BooleanField(label=pgettext_lazy("token", "Berserk"), required=False)
        if O.TRANSFORMATION in on:
            f[seat_field(seat, BEAST)] = forms.BooleanField(
                label=pgettext_lazy("token", "Beast side"), required=False, help_text=_("Not ticked: the Robot side.")
            )
        if O.WICKEDNESS in on:
            f[seat_field(seat, WICKEDNESS)] = _number(
                pgettext_lazy("token", "Wickedness"), 0, wickedness.GAUGE_MAX,
                _("Wickedness is from 0 to %(most)s.") % {"most": wickedness.GAUGE_MAX},
                required=False,
            )
            tiles = components.components(lang, "wickedness").values()
            f[seat_field(seat, TILES)] = _checks(
                _("Wickedness tiles held"),
                [(t.id, _("%(tile)s (%(side)s)") % {"tile": t.name, "side": SIDE_LABELS[t.data["side"]]})
                 for t in tiles],
                _("Choose wickedness tiles from the list."),
            )
        if O.EVOLUTIONS in on:
            decks = components.evolution_decks(lang)
            owners = ([monster] if monster in at_table else []) + [m for m in at_table if m != monster]
            cards = [
                (c.id, c.name if owner == monster else _("%(card)s (%(monster)s)") % {
                    "card": c.name, "monster": monster_name(owner, lang)}, c.data["kind"])
                for owner in owners for c in decks.get(owner, ())
            ]
            message = _("Choose Evolution cards from the list.")
            f[seat_field(seat, HAND)] = _checks(
                _("Evolution cards in hand"), [(c, name) for c, name, _kind in cards], message
            )
            f[seat_field(seat, EVOLUTIONS)] = _checks(
                _("Permanent Evolution cards in play"),
                [(c, name) for c, name, kind in cards if kind == evolutions.PERMANENT],
                message,
            )

    def _add_table_modules(self, monsters: list[tuple[str, str]], lang: str) -> None:
        f, on = self.fields, self.modules
        if O.TOKYO_TOWER in on:
            labels = {tokyo_tower.BOTTOM: _("Bottom level"), tokyo_tower.MIDDLE: _("Middle level")}
            for level in TOWER_LEVELS:
                f[tower_field(level)] = _choice(labels[level], [("", _("in the supply")), *monsters], required=False)
            f[tower_field(tokyo_tower.MIDDLE)].help_text = _("Whoever takes the top level wins at once.")
        if O.CURSES in on:
            curses = [(c.id, c.name) for c in components.components(lang, "curses").values()]
            f[CURSE] = _choice(_("Curse in force"), [("", "—"), *curses])
            f[SCARAB] = _choice(
                _("Golden scarab"), [("", _("the monster that plays last")), *monsters], required=False
            )
        if O.WICKEDNESS in on:
            f[TILE_SIDES] = _choice(_("Tiles on the board"), list(SIDE_LABELS.items()))
            f[TILE_SIDES].help_text = _("The face-up side of each tile that no monster holds.")

    def _add_special_dice(self) -> None:
        help_texts = {
            berserk.DIE: _("Rolled after the other dice, only by a berserk monster."),
            fate.FATE_DIE: _("Rolled after the other dice, every turn."),
        }
        labels = {berserk.DIE: _("Berserk die"), fate.FATE_DIE: _("Die of fate")}
        for kind, module in SPECIAL_DICE.items():
            if module in self.modules:
                faces = [("", _("none")), *((face, face_name(face)) for face in SPECIAL[kind])]
                name = special_die_field(kind)
                self.fields[name] = _choice(labels[kind], faces, required=False)
                self.fields[name].help_text = help_texts[kind]

    # --- what the template shows ------------------------------------------------------------------------------
    def seats(self) -> list[dict]:
        out = []
        for seat in range(1, self.count + 1):
            bound = {name: self[seat_field(seat, name)] for name in SEAT_FIELDS}
            held = self._value(seat_field(seat, "cards"), many=True)
            present = [n for n in SEAT_MODULE_FIELDS if seat_field(seat, n) in self.fields]
            out.append({
                "number": seat, "held": len(held), **bound,
                "module_fields": [self[seat_field(seat, n)] for n in present if n not in SEAT_LISTS],
                "module_lists": [
                    {"field": self[seat_field(seat, n)], "count": len(self._value(seat_field(seat, n), many=True))}
                    for n in present if n in SEAT_LISTS
                ],
            })
        return out

    def module_groups(self) -> list[dict]:
        """The table-wide fields of the ticked modules, one group per module."""
        return [
            {"title": option_name(module), "fields": [self[name] for name in names]}
            for module, names in TABLE_MODULE_FIELDS.items() if module in self.modules
        ]

    def market_fields(self):
        five = O.FIVE_CARD_MARKET in self._value("options", many=True)
        shown = MARKET_SLOTS if five else O.MARKET_SIZE
        out = [self[market_field(slot)] for slot in range(1, MARKET_SLOTS + 1)]
        return [b for i, b in enumerate(out) if i < shown or b.value() or b.errors]

    def dice_fields(self):
        return [self[die_field(n)] for n in range(1, MAX_DICE + 1)]

    def special_dice_fields(self):
        return [self[special_die_field(k)] for k in SPECIAL_DICE if special_die_field(k) in self.fields]

    def problems(self) -> list[tuple[str | None, str, str]]:
        """Every error, in page order, for the summary at the top: (field id or None, field label, message)."""
        out = [(None, "", str(message)) for message in self.non_field_errors()]
        for name, bound in self._ordered_fields():
            for message in bound.errors:
                target = bound.id_for_label or (f"{bound.auto_id}_0" if bound.use_fieldset else bound.auto_id)
                out.append((target, self._label_of(name), str(message)))
        return out

    def _ordered_fields(self):
        names = ["monsters"]
        for seat in range(1, self.count + 1):
            names += [seat_field(seat, n) for n in (*SEAT_FIELDS, *SEAT_MODULE_FIELDS)]
        names += [market_field(s) for s in range(1, MARKET_SLOTS + 1)]
        names.append("options")
        names += [n for fields in TABLE_MODULE_FIELDS.values() for n in fields]
        names += ["turn", "step"]
        names += [die_field(n) for n in range(1, MAX_DICE + 1)]
        names += [special_die_field(k) for k in SPECIAL_DICE]
        names.append("rerolls")
        return [(n, self[n]) for n in dict.fromkeys(names) if n in self.fields]

    def _label_of(self, name: str) -> str:
        label = str(self.fields[name].label)
        if name.startswith("m") and "-" in name:
            seat = name[1 : name.index("-")]
            return _("Monster %(n)s") % {"n": seat} + " · " + label
        if name.startswith("market"):
            return str(_("Market")) + " · " + label
        module = next((m for m, names in TABLE_MODULE_FIELDS.items() if name in names), None)
        if module is not None:
            return option_name(module) + " · " + label
        return label

    def _value(self, name: str, *, many: bool = False):
        if self.is_bound:
            if many:
                return values_of(self.data, name)
            return self.data.get(name, "")
        value = self.initial.get(name, [] if many else "")
        return list(value) if many else value

    # --- what the form says ----------------------------------------------------------------------------------
    def table(self) -> TableInput:
        """The checked input (call after `is_valid()`)."""
        return self._table(self.cleaned_data)

    def partial_table(self) -> TableInput | None:
        """After `is_valid()` failed: the input with a neutral value in each field that has an error, so that the
        rules of the game can still be checked on the rest (None if the monsters themselves are unknown)."""
        c = dict(self.cleaned_data)
        seats = range(1, self.count + 1)
        if "monsters" in self.errors or any(seat_field(s, "monster") in self.errors for s in seats):
            return None
        for s in seats:
            for name, neutral in (("place", OUTSIDE), ("life", 1), ("vp", 0), ("energy", 0), ("poison", 0),
                                  ("shrink", 0), ("smoke", 0), ("cards", [])):
                c.setdefault(seat_field(s, name), neutral)
        c.setdefault("options", [])
        c.setdefault("turn", c[seat_field(1, "monster")])
        c.setdefault("step", START)
        return self._table(c)

    def _table(self, c: Mapping) -> TableInput:
        def tokens(s: int) -> dict[str, int]:
            out = {t: c[seat_field(s, t)] for t in TOKENS if c.get(seat_field(s, t))}
            out.update({t: int(c[seat_field(s, t)]) for t in MODULE_TOKENS if c.get(seat_field(s, t))})
            return out

        seats = tuple(
            SeatInput(
                monster=c[seat_field(s, "monster")],
                life=c[seat_field(s, "life")],
                vp=c[seat_field(s, "vp")],
                energy=c[seat_field(s, "energy")],
                place=c[seat_field(s, "place")],
                cards=tuple(c[seat_field(s, "cards")]),
                tokens=tokens(s),
                tiles=tuple(c.get(seat_field(s, TILES)) or ()),
                hand=tuple(c.get(seat_field(s, HAND)) or ()),
                evolutions=tuple(c.get(seat_field(s, EVOLUTIONS)) or ()),
            )
            for s in range(1, self.count + 1)
        )
        return TableInput(
            seats=seats,
            market={s: c[market_field(s)] for s in range(1, MARKET_SLOTS + 1) if c.get(market_field(s))},
            options=tuple(c["options"]),
            turn=c["turn"],
            step=c["step"],
            dice={n: c[die_field(n)] for n in range(1, MAX_DICE + 1) if c.get(die_field(n))},
            rerolls=int(c["rerolls"]) if c.get("rerolls") not in (None, "") else DEFAULT_REROLLS,
            tower={level: c[tower_field(level)] for level in TOWER_LEVELS if c.get(tower_field(level))},
            curse=c.get(CURSE) or None,
            scarab=c.get(SCARAB) or None,
            tile_sides=c.get(TILE_SIDES) or wickedness.RANDOM,
            special={k: c[special_die_field(k)] for k in SPECIAL_DICE if c.get(special_die_field(k))},
        )


def data_monsters() -> list[str]:
    return list(data.monsters())


def complete_initial(given: Mapping, count: int) -> dict:
    """The values a fresh form shows: what a prefill gave, and defaults for the rest (monsters in box order, not
    repeating a monster already chosen; full life; nothing in Tokyo)."""
    out = dict(given)
    out["monsters"] = str(count)
    chosen = {out.get(seat_field(s, "monster")) for s in range(1, count + 1)}
    spare = [m for m in data_monsters() if m not in chosen]
    for seat in range(1, count + 1):
        name = seat_field(seat, "monster")
        if out.get(name) not in data.monsters():
            out[name] = spare.pop(0)
        out.setdefault(seat_field(seat, "place"), OUTSIDE)
        out.setdefault(seat_field(seat, "life"), str(START_LIFE))
        out.setdefault(seat_field(seat, "vp"), "0")
        out.setdefault(seat_field(seat, "energy"), "0")
        for token in TOKENS:
            out.setdefault(seat_field(seat, token), "0")
        out.setdefault(seat_field(seat, "cards"), [])
        for name in (CULTIST, WICKEDNESS):
            out.setdefault(seat_field(seat, name), "0")
        for name in SEAT_LISTS:
            out.setdefault(seat_field(seat, name), [])
    out.setdefault("options", [])
    out.setdefault(TILE_SIDES, wickedness.RANDOM)
    out.setdefault("turn", out[seat_field(1, "monster")])
    out.setdefault("step", START)
    out.setdefault("rerolls", str(DEFAULT_REROLLS))
    return out


def initial_from(query: Mapping) -> dict:
    """A prefill (the GET parameters, or a POST being re-shown to change the number of monsters) as initial values:
    shown as they are, without errors, until the form is sent."""
    form = TableForm(initial={"monsters": query.get("monsters"), "options": values_of(query, "options")})
    out: dict = {}
    for name, f in form.fields.items():
        if isinstance(f, forms.MultipleChoiceField):
            values = values_of(query, name)
            if values:
                out[name] = values
        elif query.get(name) not in (None, ""):
            out[name] = query.get(name)
    return out

