"""Setup options: the official two-player variant, the house variants and the expansion modules."""

from __future__ import annotations

from . import rules as R

TWO_PLAYER = "two-player"  # official: Tokyo rewards give 1 energy instead of VP; exactly 2 monsters
FIVE_CARD_MARKET = "five-card-market"  # house: 5 face-up cards
OPENING_ENERGY = "opening-energy"  # house: 3 energy each at setup

# Expansion modules (kotguide/engine/modules/): each combines with every other option.
COSTUMES = "costumes"
CULTISTS = "cultists"
TOKYO_TOWER = "tokyo-tower"
BERSERK = "berserk"
TRANSFORMATION = "transformation"
WICKEDNESS = "wickedness"
CURSES = "curses"
EVOLUTIONS = "evolutions"
MUTANT_DRAFT = "mutant-draft"  # the Mutant Evolution draft: needs evolutions

MODULES: tuple[str, ...] = (
    COSTUMES, CULTISTS, TOKYO_TOWER, BERSERK, TRANSFORMATION, WICKEDNESS, CURSES, EVOLUTIONS, MUTANT_DRAFT,
)
ALL: tuple[str, ...] = (TWO_PLAYER, FIVE_CARD_MARKET, OPENING_ENERGY, *MODULES)
RULE: dict[str, str] = {
    TWO_PLAYER: R.TWO_PLAYER, FIVE_CARD_MARKET: R.HOUSE_VARIANTS, OPENING_ENERGY: R.HOUSE_VARIANTS,
    **dict.fromkeys(MODULES, R.MODULES),
}
HOUSE: frozenset[str] = frozenset({FIVE_CARD_MARKET, OPENING_ENERGY})
REQUIRES: dict[str, str] = {MUTANT_DRAFT: EVOLUTIONS}

OPENING_ENERGY_AMOUNT = 3
MARKET_SIZE = 3
FIVE_CARD_MARKET_SIZE = 5


def market_size(options: frozenset[str] | tuple[str, ...]) -> int:
    return FIVE_CARD_MARKET_SIZE if FIVE_CARD_MARKET in options else MARKET_SIZE
