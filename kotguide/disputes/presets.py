"""Ready tables for "set this up" links: the situation a card page, a module component page or an FAQ entry is
about, opened in the table editor.

The tables are data (`content/presets.toml`); a preset is the editor's prefill address parameters
(`editor.from_prefill` reads them): `?monsters=3&m1-monster=gigazaur&…`. Only values that differ from a fresh
table are written, so the links stay short and readable. A page with no table of its own gets an FAQ table that has
its card or component in play, else its everyday table: Gigazaur's rolled turn against The King in Tokyo City, the
card held (or in the market, for a Discard card), a component as its module's entry (`kotguide.site_modules`) puts
it in play. Every preset must open in the editor and then in the sandbox (tests/test_editor.py opens the written
ones, tests/test_presets.py every page's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urlencode

from kotguide import site_modules
from kotguide.content import library
from kotguide.engine.setup import START_LIFE

from .editor import die_field, market_field, seat_field

Params = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class M:
    """One monster of a preset (defaults as in a fresh table)."""

    id: str
    life: int = START_LIFE
    vp: int = 0
    energy: int = 0
    place: str = "outside"
    cards: tuple[str, ...] = ()
    poison: int = 0
    shrink: int = 0
    smoke: int = 0


def monster(data: Mapping[str, Any]) -> M:
    return M(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


def table(*monsters: M, turn: str, step: str = "rolled", dice: str = "", market: Iterable[str] = (),
          options: Iterable[str] = (), rerolls: int | None = None, modules: Iterable[Iterable[str]] = ()) -> Params:
    """A preset's parameters, in the editor's order. `dice` is the faces separated by spaces; `modules`: the
    expansion modules' fields as the editor's address names them (`m2-cultist`, `curse`, `die-fate`…)."""
    out: list[tuple[str, str]] = [("monsters", str(len(monsters)))]
    for seat, m in enumerate(monsters, start=1):
        out.append((seat_field(seat, "monster"), m.id))
        for name, default in (("life", START_LIFE), ("vp", 0), ("energy", 0), ("place", "outside"),
                              ("poison", 0), ("shrink", 0), ("smoke", 0)):
            value = getattr(m, name)
            if value != default:
                out.append((seat_field(seat, name), str(value)))
        out += [(seat_field(seat, "cards"), card) for card in m.cards]
    out += [(market_field(slot), card) for slot, card in enumerate(market, start=1) if card]
    out += [("options", option) for option in options]
    out += [("turn", turn), ("step", step)]
    out += [(die_field(n), face) for n, face in enumerate(dice.split(), start=1)]
    if rerolls is not None:
        out.append(("rerolls", str(rerolls)))
    return (*out, *((field, value) for field, value in modules))


def _from_data(entry: Mapping[str, Any]) -> Params:
    spec = dict(entry)
    return table(*(monster(m) for m in spec.pop("monsters")), **spec)


def _tables(group: str) -> dict[str, Params]:
    entries = library.load_toml("presets.toml")[group]
    tables = {key: _from_data(entry) for key, entry in entries.items() if "same_as" not in entry}
    tables.update({key: tables[entry["same_as"]] for key, entry in entries.items() if "same_as" in entry})
    return tables


CARDS = _tables("card")  # cards whose effect is easiest to argue about at the table
FAQ = _tables("faq")  # the examples of the FAQ's answers, each as the table it describes
PRESETS = {"card": CARDS, "faq": FAQ}
# kinds of module component page that have a preset (by its kind's slug), and the module that puts one in play
COMPONENT_MODULES = {m.components.kind: m for m in site_modules.every() if m.components}
COMPONENT_KINDS = tuple(COMPONENT_MODULES)
EVERYDAY = library.load_toml("presets.toml")["everyday"]
EVERYDAY_DICE = "smash smash 1 2 3 heart"


def _named(params: Params, kind: str) -> set[str]:
    """The cards (kind "card") or components a preset's table has in play."""
    if kind == "card":
        return {value for name, value in params if name.endswith("-cards") or name.startswith("market")}
    fields = COMPONENT_MODULES[kind].components.fields  # type: ignore[union-attr]
    return {value for name, value in params if name in fields or name.endswith(tuple(f for f in fields if f[0] == "-"))}


def everyday(kind: str, key: str) -> Params | None:
    """The table of a card or component that no FAQ example shows (see the module docstring)."""
    from kotguide.content import components  # read when asked: the content is loaded once per process

    king, bystander = M("the-king", place="city"), M("cyber-kitty")
    usual: dict[str, Any] = {"turn": "gigazaur", "dice": EVERYDAY["dice"].get(key, EVERYDAY_DICE)}
    if kind == "card":
        card = library.cards("en").get(key)
        if card is None:
            return None
        options = [m.id for m in site_modules.every() if card.kind in m.card_kinds]
        if card.type == "discard" or key in EVERYDAY["bought"]:
            return table(M("gigazaur", energy=card.cost), king, bystander, market=(key,), options=options, **usual)
        holder = monster({"id": "gigazaur", "cards": [key], **EVERYDAY["loaded"].get(key, {})})
        return table(holder, king, bystander, options=options, **usual)
    module = COMPONENT_MODULES.get(kind)
    if module is None or key not in components.components("en", kind):
        return None
    spec = {**usual, **module.components.in_play(key)}  # type: ignore[union-attr]
    monsters = [monster(m) for m in spec.pop("monsters", ({"id": "gigazaur"}, {"id": "the-king", "place": "city"},
                                                          {"id": "cyber-kitty"}))]
    return table(*monsters, options=(module.id,), **spec)


MOST_ASKED = 8  # the cards an empty card field offers: one tap each, before anything is typed


@cache
def _asked_order(lang: str) -> tuple[str, ...]:
    held = Counter(card for entry in library.load_toml("presets.toml")["faq"].values() if "same_as" not in entry
                   for m in entry["monsters"] for card in m.get("cards", ()))
    cards = library.cards(lang)
    return tuple(sorted(held, key=lambda c: (-held[c], cards[c].sort_key)))


def cards_asked_about(lang: str, held: Iterable[str] = ()) -> list[tuple[str, str, str]]:
    """The Keep cards the FAQ's tables have a monster hold, the most often held first, less the ones `held`: (id,
    name in the reader's language, name in the other). A dispute at the table is most often about one of them, so
    an empty card field offers them."""
    other = "en" if lang == "ja" else "ja"
    held = set(held)
    return [(c, library.cards(lang)[c].name, library.cards(other)[c].name)
            for c in _asked_order(lang) if c not in held][:MOST_ASKED]


@cache
def preset(kind: str, key: str) -> Params | None:
    """The table a page's "set this up" opens: its own preset, else an FAQ example's table that has the card or
    component in play, else its everyday table (cards and components); None for a page with no situation."""
    own = PRESETS.get(kind, {}).get(key)
    if own is not None or kind == "faq":
        return own
    shown = next((params for params in FAQ.values() if key in _named(params, kind)), None)
    return shown or everyday(kind, key)


@cache
def query(kind: str, key: str) -> str:
    """The prefill address parameters (`?…`) of a page's situation, or "" if it has none."""
    params = preset(kind, key)
    return "?" + urlencode(params) if params else ""
