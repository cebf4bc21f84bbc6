"""How many random games the property tests play.

By default a few per option set, derandomized, so that every option set is covered in a few minutes and a run is the
same on every machine; ``make soak`` sets ``KOTGUIDE_SOAK=1`` for the full counts (the long search for rare bugs).
"""

import os

SOAK = bool(os.environ.get("KOTGUIDE_SOAK"))


def games(default: int, soak: int) -> int:
    """``default`` random games in the normal suite, ``soak`` under ``make soak``."""
    return soak if SOAK else default
