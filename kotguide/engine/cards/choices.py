"""What a card choice (``use:CARD[:ARG]``) is about, for whoever words it: the die, face, monster, card and amount,
each placeholder of a type declared in ``TYPES``.

Values are ids and numbers (dice numbered from 1, as players count them); the site turns them into words with the
card's ``use_label`` (``content/{en,ja}/cards.toml``). Each card or effect says what its argument means in its own
definition (``describe``, most often one of the describers below); an argument without one is read by its form.
"""

from __future__ import annotations

from typing import Any

from .. import data, market
from ..dice import FACE_SET, is_special_face
from ..events import ParamType
from ..state import GameState
from . import registry

# what each placeholder of a choice holds (as ``events.KINDS`` types an event's params): the site words it by its type
TYPES: dict[str, ParamType] = {
    "die": ParamType.NUMBER, "dice": ParamType.NUMBERS, "face": ParamType.FACE, "monster": ParamType.MONSTER,
    "card": ParamType.CARD, "evolution": ParamType.EVOLUTION, "tile": ParamType.TILE, "curse": ParamType.CURSE,
    "amount": ParamType.NUMBER, "side": ParamType.CHOICE, "option": ParamType.CHOICE,
}


def choice_params(s: GameState, seat: int, card: str, arg: str) -> dict[str, Any]:
    """The placeholders of ``card``'s ``use_label`` for the choice ``use:card:arg`` offered to ``seat``: what the
    card or effect's ``describe`` says (its definition knows its argument), else what the argument names."""
    d = registry.get(card) or registry.effect(card)
    params = d.describe(s, seat, arg) if d is not None and d.describe is not None else {}
    if not params and arg:
        params = _read_arg(s, arg)
    return params


# Describers for the usual argument formats (a card's ``describe``) ----------------------------------------------
def a_die(s: GameState, seat: int, arg: str) -> dict[str, Any]:
    """``I``: a die, numbered from 1 for the reader."""
    return {"die": int(arg) + 1} if arg.isdigit() else {}


def a_die_and_face(s: GameState, seat: int, arg: str) -> dict[str, Any]:
    """``I-FACE``: a die and the face it is turned to."""
    if "-" not in arg:
        return {}
    die, face = arg.split("-", 1)
    return {"die": int(die) + 1 if die.isdigit() else die, "face": face}


def a_monster(s: GameState, seat: int, arg: str) -> dict[str, Any]:
    return {"monster": arg}


def a_card(s: GameState, seat: int, arg: str) -> dict[str, Any]:
    return {"card": arg}


def a_face(s: GameState, seat: int, arg: str) -> dict[str, Any]:
    return {"face": arg} if arg in FACE_SET else {}


def a_monsters_card(s: GameState, seat: int, arg: str) -> dict[str, Any]:
    """``MONSTER.CARD``: a card in front of a monster."""
    if "." not in arg:
        return {}
    owner, target = arg.split(".", 1)
    return {"monster": owner, "card": target}


def a_monsters_card_priced(s: GameState, seat: int, arg: str) -> dict[str, Any]:
    """``MONSTER.CARD`` and what the card costs ``seat`` (a card bought from another monster)."""
    params = a_monsters_card(s, seat, arg)
    if params.get("card") in data.cards():
        params["amount"] = market.cost(s, seat, params["card"])
    return params


def a_card_priced(s: GameState, seat: int, card: str) -> dict[str, Any]:
    """A card and what it costs ``seat``."""
    return {"card": card, "amount": market.cost(s, seat, card)}


def _read_arg(s: GameState, arg: str) -> dict[str, Any]:
    """What an argument names when its action has no rule above (module choices): dice numbers ("2", "1.4"),
    a die and a face or a word ("2-smash", "0-reroll"), a face, a monster, a card, an evolution, a monster's card
    ("gigazaur.mimic"), else a plain word (``option``) the site words itself."""
    parts = arg.split(".")
    if all(p.isdigit() for p in parts):
        return {"die": int(arg) + 1} if len(parts) == 1 else {"dice": [int(p) + 1 for p in parts]}
    die, sep, rest = arg.partition("-")
    if sep and die.isdigit():
        out: dict[str, Any] = {"die": int(die) + 1}
        out.update({"face": rest} if rest in FACE_SET else {"option": rest})
        return out
    if arg in FACE_SET or is_special_face(arg):
        return {"face": arg}
    if any(m.id == arg for m in s.monsters):
        return {"monster": arg}
    if arg in data.cards():
        return {"card": arg}
    from ..modules.evolutions.core import evolutions  # the modules build on this package: import when asked

    if arg in evolutions():
        return {"evolution": arg}
    owner, sep, target = arg.partition(".")
    if sep and any(m.id == owner for m in s.monsters):
        return {"monster": owner, "card": target}
    return {"option": arg}
