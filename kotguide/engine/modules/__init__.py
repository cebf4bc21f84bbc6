"""Expansion modules, one file (or package) each; importing this package defines them all (see ``registry``)."""

from . import (  # each registers its ModuleDef and its effects on import
    berserk,
    costumes,
    cultists,
    curses,
    evolutions,
    registry,
    tokyo_tower,
    transformation,
    wickedness,
)
from .registry import ModuleDef, define_module

__all__ = [
    "ModuleDef", "berserk", "costumes", "cultists", "curses", "define_module", "evolutions", "registry",
    "tokyo_tower", "transformation", "wickedness",
]
