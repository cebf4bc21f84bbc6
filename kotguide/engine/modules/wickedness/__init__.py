"""The wickedness module (邪悪タイル, "Even More Wicked!", option ``wickedness``): ``core`` (the gauge, the tiles on
the board, taking one, the setup table) and ``tiles`` (the 20 tile sides' effects as pieces)."""

from . import core, tiles

__all__ = ["core", "tiles"]
