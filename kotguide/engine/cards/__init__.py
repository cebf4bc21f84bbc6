"""Power cards: the registry (``registry``) and the card definitions, one module per family.

Adding a card = defining it in a module here (and importing the module below); the turn loop never changes.

| module | cards |
|---|---|
| ``discard`` | the 18 Discard cards (17 names) |
| ``dice_cards`` | Extra Head, Giant Brain, Background Dweller, Energy Drink, Smoke Cloud, Herd Culler, Plot Twist, Stretchy, Psychic Probe |
| ``resolve_cards`` | Acid Attack, Burrowing, Poison Quills, Spiked Tail, Urbavore, Alpha Monster, Complete Destruction, Detritivore, Gourmet, Fire Breathing, Nova Breath, Freeze Time, Healing Ray |
| ``defense_cards`` | Armor Plating, Camouflage, Wings, Jets, Rapid Healing, Regeneration, Even Bigger, We're Only Making It Stronger!, It Has a Child! |
| ``economy_cards`` | Alien Origin, Media-Friendly, Friend of Children, Battery Monster, Metamorph, Made in a Lab, Opportunist, Parasitic Tentacles, Solar Powered, Energy Hoarder, Rooting for the Underdog, Herbivore, Eater of the Dead |
| ``tokens`` | Poison Spit, Shrink Ray, and the Poison and Shrink tokens |
| ``mimic`` | Mimic |

Choices (``use:CARD[:ARG]``) and how the site fills the ``use_label`` of ``content/{en,ja}/cards.toml``:

| card | ARG | placeholders |
|---|---|---|
| background-dweller, herd-culler | die index ``I`` (0-based) | ``{die}`` = I + 1 |
| plot-twist, stretchy | ``I-FACE`` (``2-heart``) | ``{die}`` = I + 1, ``{face}``; plot-twist ``{card}`` = its own name |
| psychic-probe | die index ``I`` of the active monster | ``{die}`` = I + 1, ``{monster}`` = the active monster |
| healing-ray | monster id to heal | ``{monster}`` |
| mimic | ``MONSTER.CARD`` (``the-king.extra-head``) | ``{monster}``, ``{card}`` |
| parasitic-tentacles | ``MONSTER.CARD`` | ``{monster}``, ``{card}``, ``{amount}`` = its cost to the buyer (``market.cost``) |
| metamorph | card id held | ``{card}``, ``{amount}`` = its printed cost |
| opportunist | market slot (0-based) | ``{card}`` = the card in that slot, ``{amount}`` = its cost to the monster |
| made-in-a-lab | — | ``{card}`` = the top of the deck (``chance.next_card``: at a table, the card given), ``{amount}`` = its cost to the monster |
| energy-drink, smoke-cloud, rapid-healing, wings, jets | — | — |

The prompt windows (``Decision.window`` of a ``card`` decision): ``start`` (Mimic), ``before-resolve`` (Herd Culler,
Plot Twist, Stretchy, Healing Ray; Psychic Probe for the other monsters, asked first), ``end`` (Metamorph),
``damage`` (Wings, Jets, Rapid Healing: a monster about to lose life), ``revealed`` (Opportunist), ``mimic`` (placing
the Mimic token right after buying it).
"""  # noqa: E501

from __future__ import annotations

from . import (
           common,
           defense_cards,
           dice_cards,
           discard,
           economy_cards,
           mimic,
           registry,  # noqa: I001 - the registry first, then the cards
           resolve_cards,
           tokens,
)

__all__ = ["common", "defense_cards", "dice_cards", "discard", "economy_cards", "mimic", "registry",
           "resolve_cards", "tokens"]
