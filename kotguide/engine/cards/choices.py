"""What a card choice (``use:CARD[:ARG]``) is about, for whoever words it: the die, face, monster, card and amount.

Values are ids and numbers (dice numbered from 1, as players count them); the site turns them into words with the
card's ``use_label`` (``content/{en,ja}/cards.toml``). The argument formats are listed in this package's docstring.
"""

from __future__ import annotations

from typing import Any

from .. import data, market
from ..dice import FACE_SET, is_special_face
from ..state import GameState


def choice_params(s: GameState, seat: int, card: str, arg: str) -> dict[str, Any]:
    """The placeholders of ``card``'s ``use_label`` for the choice ``use:card:arg`` offered to ``seat``."""
    params: dict[str, Any] = {}
    if card in ("background-dweller", "herd-culler", "psychic-probe", "beast") and arg.isdigit():
        params["die"] = int(arg) + 1
    if card in ("plot-twist", "stretchy") and "-" in arg:
        die, face = arg.split("-", 1)
        params.update(die=int(die) + 1 if die.isdigit() else die, face=face)
    if card == "plot-twist":
        params["card"] = card
    if card == "psychic-probe":
        params["monster"] = s.active_monster.id
    if card == "healing-ray":
        params["monster"] = arg
    if card in ("mimic", "parasitic-tentacles", "tile-fluxling") and "." in arg:
        owner, target = arg.split(".", 1)
        params.update(monster=owner, card=target)
        if card == "parasitic-tentacles" and target in data.cards():
            params["amount"] = market.cost(s, seat, target)
    if card == "metamorph" and arg in data.cards():
        params.update(card=arg, amount=data.cards()[arg].cost)
    if card == "opportunist" and arg.isdigit() and int(arg) < len(s.market) and s.market[int(arg)]:
        revealed = s.market[int(arg)]
        params.update(card=revealed, amount=market.cost(s, seat, revealed))
    if card == "wickedness":  # a wickedness tile to take
        params["tile"] = arg
    if card == "transform":  # the side the Transformation card turns to: "beast" or "robot"
        params.update(side=arg, amount=1)
    if card == "made-in-a-lab" and s.deck:
        params.update(card=s.deck[0], amount=market.cost(s, seat, s.deck[0]))
    if card in ("costume", "curse-discard"):  # a costume kept at setup; a Keep card discarded by a curse
        params["card"] = arg
    if card == "steal-costume" and "." in arg:
        owner, target = arg.split(".", 1)
        params.update(monster=owner, card=target)
        if target in data.cards():
            params["amount"] = market.cost(s, seat, target)
    if card == "robot" and arg.isdigit():  # the Robot costume: life not lost, 1 energy each
        params["amount"] = int(arg)
    if card == "evo-choose" and arg in FACE_SET:  # a face named for an Evolution (Freeze Ray): "1" is a face here
        params["face"] = arg
    if card == "curse-sphinx" and "." in arg:  # Gaze of the Sphinx: discard an Evolution from the hand or from play
        params.update(evolution=arg.split(".", 1)[1], option=arg.split(".", 1)[0])
    if not params and arg:
        params = _read_arg(s, arg)
    return params


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
