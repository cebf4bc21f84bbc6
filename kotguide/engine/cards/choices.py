"""What a card choice (``use:CARD[:ARG]``) is about, for whoever words it: the die, face, monster, card and amount.

Values are ids and numbers (dice numbered from 1, as players count them); the site turns them into words with the
card's ``use_label`` (``content/{en,ja}/cards.toml``). The argument formats are listed in this package's docstring.
"""

from __future__ import annotations

from typing import Any

from .. import data, market
from ..state import GameState


def choice_params(s: GameState, seat: int, card: str, arg: str) -> dict[str, Any]:
    """The placeholders of ``card``'s ``use_label`` for the choice ``use:card:arg`` offered to ``seat``."""
    params: dict[str, Any] = {}
    if card in ("background-dweller", "herd-culler", "psychic-probe") and arg.isdigit():
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
    if card in ("mimic", "parasitic-tentacles") and "." in arg:
        owner, target = arg.split(".", 1)
        params.update(monster=owner, card=target)
        if card == "parasitic-tentacles" and target in data.cards():
            params["amount"] = market.cost(s, seat, target)
    if card == "metamorph" and arg in data.cards():
        params.update(card=arg, amount=data.cards()[arg].cost)
    if card == "opportunist" and arg.isdigit() and int(arg) < len(s.market) and s.market[int(arg)]:
        revealed = s.market[int(arg)]
        params.update(card=revealed, amount=market.cost(s, seat, revealed))
    if card == "made-in-a-lab" and s.deck:
        params.update(card=s.deck[0], amount=market.cost(s, seat, s.deck[0]))
    return params
