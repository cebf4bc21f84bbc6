"""Power cards: the registry (``registry``) and the card definitions, one module per family.

Adding a card = defining it in a module here (and importing the module below); the turn loop never changes.
"""

from __future__ import annotations

from . import discard, registry

__all__ = ["discard", "registry"]
