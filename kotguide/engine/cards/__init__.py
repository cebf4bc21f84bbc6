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
