"""Ready tables for "set this up" links: the situation a card page or an FAQ entry is about, as a resolver prefill.

A preset is the resolver's field names as address parameters (`editor.from_prefill` reads them):
`?monsters=3&m1-monster=gigazaur&…`.
Only values that differ from the form's defaults are written, so the links stay short and readable. Every preset
must open in the editor and then in the sandbox (tests/test_editor.py opens each one).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from urllib.parse import urlencode

from kotguide.engine.setup import START_LIFE

from .editor import die_field, market_field, seat_field


@dataclass(frozen=True)
class M:
    """One monster of a preset (defaults as in a fresh form)."""

    id: str
    life: int = START_LIFE
    vp: int = 0
    energy: int = 0
    place: str = "outside"
    cards: tuple[str, ...] = ()
    poison: int = 0
    shrink: int = 0
    smoke: int = 0


def table(*monsters: M, turn: str, step: str = "rolled", dice: str = "", market: tuple[str, ...] = (),
          options: tuple[str, ...] = (), rerolls: int | None = None) -> tuple[tuple[str, str], ...]:
    """A preset's parameters, in form order. `dice` is the faces separated by spaces."""
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
    return tuple(out)


ATTACKER = M("gigazaur")
BYSTANDER = M("cyber-kitty")
THREE_SMASH = "smash smash smash 1 2 3"


def _occupant_hit(dice: str, **king) -> tuple[tuple[str, str], ...]:
    """Gigazaur, outside, has rolled `dice` against The King in Tokyo City (Cyber Kitty watches)."""
    return table(ATTACKER, M("the-king", place="city", **king), BYSTANDER, turn="gigazaur", dice=dice)


# Cards whose effect is easiest to argue about at the table: those that react to damage or smash, and a few more.
CARDS = {
    "armor-plating": _occupant_hit("smash 1 1 2 2 3", life=6, cards=("armor-plating",)),
    "wings": _occupant_hit(THREE_SMASH, life=3, energy=2, cards=("wings",)),
    "camouflage": _occupant_hit("smash smash 1 2 3 energy", life=5, cards=("camouflage",)),
    "it-has-a-child": _occupant_hit(THREE_SMASH, life=2, vp=7, cards=("it-has-a-child", "armor-plating")),
    "jets": _occupant_hit(THREE_SMASH, life=4, cards=("jets",)),
    "were-only-making-it-stronger": _occupant_hit(
        "smash smash 1 2 3 3", life=8, cards=("were-only-making-it-stronger",)
    ),
    "burrowing": _occupant_hit("smash smash 1 2 3 energy", life=6, cards=("burrowing",)),
    "even-bigger": table(
        M("gigazaur", cards=("even-bigger",)), M("the-king", place="city"), BYSTANDER,
        turn="gigazaur", dice="heart heart heart 1 2 3",
    ),
}

# FAQ entries about one moment of a turn.
FAQ = {
    "heal-in-tokyo": table(
        M("the-king", life=4, vp=5, place="city"), ATTACKER, BYSTANDER, turn="the-king", dice="heart heart heart 1 2 3"
    ),
    "life-maximum": table(
        M("gigazaur", life=9), M("the-king", place="city"), turn="gigazaur", dice="heart heart 1 2 3 3"
    ),
    "enter-without-smash": table(ATTACKER, M("the-king"), BYSTANDER, turn="gigazaur", dice="1 1 2 2 3 energy"),
    "yield-still-damaged": _occupant_hit("smash smash smash 1 1 2", life=5),
    "yield-needs-lost-life": _occupant_hit("smash 1 1 2 2 3", life=6, cards=("armor-plating",)),
    "card-damage-no-yield": table(
        M("gigazaur", energy=6), M("the-king", life=5, place="city"), BYSTANDER,
        market=("gas-refinery",), turn="gigazaur", dice="1 1 2 2 3 3",
    ),
    "bay-closes-at-four": table(
        ATTACKER, M("the-king", life=2, place="city"), M("cyber-kitty", life=8, place="bay"), M("space-penguin"),
        M("alienoid"), turn="gigazaur", dice=THREE_SMASH,
    ),
}
FAQ["tokyo-bay-closing"] = FAQ["bay-closes-at-four"]

PRESETS = {"card": CARDS, "faq": FAQ}


@cache
def query(kind: str, key: str) -> str:
    """The prefill address parameters (`?…`) of a card's or an FAQ entry's situation, or "" if it has none."""
    params = PRESETS.get(kind, {}).get(key)
    return "?" + urlencode(params) if params else ""
