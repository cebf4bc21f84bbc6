"""What the site shows and asks of each expansion module: one file per module in this package, each registering one
`ModuleUI` (`register`). The engine's `ModuleDef` (kotguide/engine/modules/) says what a module does; its entry here
says what a reader sees and types: its name, the fields it adds per monster and for the table, its special die, the
words of its tokens and pieces, its messages for the engine's setup problems, and what the drawn table shows of it.

The table editor (kotguide/disputes/), the sandbox table (`sandbox/modules_view.py`) and the words
(`sandbox/words.py`) only iterate this registry: a new module is its engine definition plus one file here.
Django may be imported here; the engine never imports this package.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.functional import Promise

if TYPE_CHECKING:
    from kotguide.engine import Event, GameState
    from kotguide.sandbox.modules_view import Row

Choices = list[tuple[str, str]]  # (value, its name in the reader's language)


@dataclass(frozen=True)
class Counter:
    """A count on a monster, kept in its `tokens` under `token`; its bounds are the engine's (`TokenDef.most`).
    A `flag` (at most 1) is a state shown as a switch: berserk, the Beast side."""

    token: str
    label: Promise
    flag: bool = False
    help: Promise | None = None


@dataclass(frozen=True)
class Pieces:
    """Components in front of a monster, kept in its `pieces` as `<prefix><id>` (wickedness tiles, Evolutions in
    play). `choices(lang, monster, at_table)` lists what it may hold."""

    name: str  # the field's name (the prefill parameter `m<N>-<name>`)
    prefix: str
    kind: str  # the component kind (kotguide.content.components) the ids name
    label: Promise
    choices: Callable[[str, str, list[str]], Choices]


@dataclass(frozen=True)
class Hand:
    """A list per monster kept in the module's setup table: `table[key][monster id] = [ids]` (an Evolution hand)."""

    name: str
    key: str
    kind: str
    label: Promise
    choices: Callable[[str, str, list[str]], Choices]


SeatField = Counter | Pieces | Hand


@dataclass(frozen=True)
class Choice:
    """A value for the whole table, kept in the module's setup table at `path` (`("levels", "bottom")`).
    `choices(lang, monsters at the table)`; `empty` names leaving it unset (None: it always has a value, `default`)."""

    name: str  # the field's name (the prefill parameter)
    path: tuple[str, ...]
    label: Promise
    choices: Callable[[str, list[str]], Choices]
    empty: Promise | None = None
    default: str | None = None
    help: Promise | None = None
    # asked only on a table it holds for (the setup being edited: a card in play); elsewhere the value goes
    when: Callable[[Mapping[str, Any]], bool] | None = None


@dataclass(frozen=True)
class Count:
    """A count for the whole table, kept in the module's setup table at `path` (absent: 0), with labelled steppers;
    its most is the engine's (`limits(setup).modules[module id][path[-1]]`)."""

    name: str
    path: tuple[str, ...]
    label: Promise
    help: Promise | None = None
    when: Callable[[Mapping[str, Any]], bool] | None = None


TableField = Choice | Count


@dataclass(frozen=True)
class SpecialDie:
    """A die rolled after the base dice (`dice.define_die`): its faces are `"<kind>:<face>"`."""

    kind: str
    label: Promise
    faces: Mapping[str, Promise]  # face -> its name
    help: Promise | None = None


@dataclass(frozen=True)
class DieReroll:
    """A choice `use:<effect>:I` that rolls die I of the active monster once more (the Beast side's reroll): a game
    followed at the table asks which die it was and the face it now shows."""

    effect: str
    label: Promise  # what the entry is called, above its dice


@dataclass(frozen=True)
class Components:
    """The module's components that have a page (kotguide.content.components `kind`) and their "set this up" table:
    `fields` are the editor's address fields that name one in play (a whole name, or a per-monster `-suffix`);
    `in_play(id)` gives what its everyday table says beyond Gigazaur's rolled turn against The King in Tokyo City
    (the keywords of `disputes.presets.table`: `monsters` as mappings, `turn`, `step`, `dice`, `rerolls`, `modules`)."""

    kind: str
    fields: tuple[str, ...]
    in_play: Callable[[str], dict[str, Any]]


@dataclass(frozen=True)
class Dealt:
    """What the module deals at setup, entered when a game is followed at a table: `count` components per monster
    (`per_seat`) or for the table, each picked by name among `choices(lang, monster or "", monsters at the table,
    slot)`, put in the module's setup table at `key` (per monster `{monster: [ids]}`; for the table the id, or the
    list when `count` > 1). `label` may say `%(monster)s` and `%(n)s` (the slot, from 1); `when(options)`: dealt only
    with these options."""

    key: str
    label: Promise
    count: int
    choices: Callable[[str, str, list[str], int], Choices]
    per_seat: bool = True
    when: Callable[[Sequence[str]], bool] | None = None


@dataclass(frozen=True)
class TableDeck:
    """A deck of the module's own that a game followed at a table draws from during the game: `drawn(events)` says
    who drew how many cards in those events (a monster id per card, "" for a card of the whole table), `code(monster,
    id)` is the engine's chance action that gives the card drawn, `kind` the component kind (kotguide.content
    .components) whose names in either language are typed, `choices(lang, monster, monsters at the table)` the cards
    that may be named; `label` the field, which may say `%(monster)s` and `%(n)s`."""

    kind: str
    drawn: Callable[[Sequence[Event]], list[str]]
    code: Callable[[str, str], str]
    choices: Callable[[str, str, list[str]], Choices]
    label: Promise


@dataclass(frozen=True)
class ModuleUI:
    id: str  # an option id of the engine's `options.MODULES`
    name: Promise
    seat: tuple[SeatField, ...] = ()
    table: tuple[TableField, ...] = ()
    # what a table in the middle of a game always says in this module's setup table (nothing is dealt again)
    mid_game: Mapping[str, Any] = field(default_factory=dict)
    die: SpecialDie | None = None
    die_rerolls: tuple[DieReroll, ...] = ()
    card_kinds: frozenset[str] = frozenset()  # kinds of Power cards in play only with this module (costumes)
    tokens: Mapping[str, Promise] = field(default_factory=dict)  # other tokens it puts on monsters, by name
    messages: Mapping[str, Promise] = field(default_factory=dict)  # engine setup problem code -> the reader's words
    rule: str = ""  # the rule section of its panel (empty: the section named like the module)
    panel: Callable[[GameState, str], tuple[Row, ...]] | None = None  # the drawn table's panel: its shared state
    monster_rows: Callable[[GameState, int, str, bool], list[Row]] | None = None  # per monster (hands shown?)
    # its setup table as a game stands (a sandbox position opened in the editor)
    read_table: Callable[[GameState], dict[str, Any]] | None = None
    editable: bool = True  # the editor offers it (a rule of dealing only, such as the Mutant draft, is not)
    components: Components | None = None  # its components with a page of their own, and their everyday table
    dealt: Dealt | None = None  # what it deals at setup, entered at the start of a followed game
    deck: TableDeck | None = None  # its own deck, drawn from during a followed game

    def deals(self, options: Sequence[str]) -> Dealt | None:
        """What it deals at setup with these options (None: nothing to enter)."""
        d = self.dealt
        return d if d is not None and (d.when is None or d.when(options)) else None

    @property
    def counters(self) -> tuple[Counter, ...]:
        return tuple(f for f in self.seat if isinstance(f, Counter))

    def asked(self, setup: Mapping[str, Any]) -> tuple[TableField, ...]:
        """Its table fields that hold for `setup` (a setup dict)."""
        return tuple(f for f in self.table if f.when is None or f.when(setup))

    @property
    def lists(self) -> tuple[Pieces | Hand, ...]:
        return tuple(f for f in self.seat if not isinstance(f, Counter))


_REGISTRY: dict[str, ModuleUI] = {}


def register(module: ModuleUI) -> ModuleUI:
    _REGISTRY[module.id] = module
    return module


def unregister(module_id: str) -> None:
    """Take a module out (tests that register one of their own)."""
    _REGISTRY.pop(module_id, None)


def every() -> tuple[ModuleUI, ...]:
    """Every module the site knows, in the engine's order (`options.MODULES`), then any other registered."""
    _load()
    from kotguide.engine import options as O

    order = {m: i for i, m in enumerate(O.MODULES)}
    return tuple(sorted(_REGISTRY.values(), key=lambda m: order.get(m.id, len(order))))


def editable() -> tuple[ModuleUI, ...]:
    return tuple(m for m in every() if m.editable)


def in_play(options: Iterable[str]) -> tuple[ModuleUI, ...]:
    on = set(options)
    return tuple(m for m in every() if m.id in on)


def get(module_id: str) -> ModuleUI | None:
    _load()
    return _REGISTRY.get(module_id)


def special_faces() -> dict[str, Promise]:
    """Every special die face of every module: `"berserk:smash"` -> its name."""
    return {face: name for m in every() if m.die for face, name in m.die.faces.items()}


def special_die(kind: str) -> SpecialDie | None:
    """The special die of `kind` ("berserk"), from the module that adds it."""
    return next((m.die for m in every() if m.die and m.die.kind == kind), None)


def die_rerolls(options: Iterable[str]) -> tuple[DieReroll, ...]:
    """The one-die rerolls of the modules in play."""
    return tuple(reroll for m in in_play(options) for reroll in m.die_rerolls)


def piece_kinds() -> dict[str, str]:
    """`Monster.pieces` prefix -> component kind."""
    return {f.prefix: f.kind for m in every() for f in m.seat if isinstance(f, Pieces)}


def token_words() -> dict[str, tuple[Promise, bool]]:
    """Module token name -> (its name, whether it is a state rather than a count)."""
    out: dict[str, tuple[Promise, bool]] = {}
    for m in every():
        out.update({name: (label, False) for name, label in m.tokens.items()})
        out.update({c.token: (c.label, c.flag) for c in m.counters})
    return out


def messages() -> dict[str, Promise]:
    return {code: text for m in every() for code, text in m.messages.items()}


_loaded = False


def _load() -> None:
    """Import the module files (each registers itself) once."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    from . import (  # noqa: F401
        berserk,
        costumes,
        cultists,
        curses,
        evolutions,
        mutant_draft,
        tokyo_tower,
        transformation,
        wickedness,
    )
