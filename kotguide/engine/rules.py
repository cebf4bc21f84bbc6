"""Rule ids: the one place the engine names a rule section of ``content/sections.toml``.

Every event carries one of these ids (``Event.rule``); the site links the event to the rule page with it.
``tests/engine/test_rules_registry.py`` fails if this list and ``content/sections.toml`` drift apart.
"""

from __future__ import annotations

GOAL = "goal"
SETUP = "setup"
FIRST_PLAYER = "first-player"
TURN_OVERVIEW = "turn-overview"
ROLLING = "rolling"
RESOLVING = "resolving"
NUMBERS = "numbers"
HEAL = "heal"
ENERGY = "energy"
SMASH = "smash"
TOKYO = "tokyo"
ENTERING = "entering"
YIELDING = "yielding"
TOKYO_BAY = "tokyo-bay"
BUYING = "buying"
SWEEPING = "sweeping"
POWER_CARDS = "power-cards"
END_OF_TURN = "end-of-turn"
VICTORY = "victory"
ELIMINATION = "elimination"
TWO_PLAYER = "two-player"
HOUSE_VARIANTS = "house-variants"
MODULES = "modules"
COSTUMES = "costumes"
CULTISTS = "cultists"
TOKYO_TOWER = "tokyo-tower"
BERSERK = "berserk"
TRANSFORMATION = "transformation"
WICKEDNESS = "wickedness"
CURSES = "curses"
EVOLUTIONS = "evolutions"
MUTANT_DRAFT = "mutant-draft"

ALL: tuple[str, ...] = (
    GOAL, SETUP, FIRST_PLAYER, TURN_OVERVIEW, ROLLING, RESOLVING, NUMBERS, HEAL, ENERGY, SMASH, TOKYO, ENTERING,
    YIELDING, TOKYO_BAY, BUYING, SWEEPING, POWER_CARDS, END_OF_TURN, VICTORY, ELIMINATION, TWO_PLAYER, HOUSE_VARIANTS,
    MODULES, COSTUMES, CULTISTS, TOKYO_TOWER, BERSERK, TRANSFORMATION, WICKEDNESS, CURSES, EVOLUTIONS, MUTANT_DRAFT,
)
