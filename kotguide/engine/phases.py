"""The named steps of a turn (``GameState.phase``) and the kinds of decision (``Decision.kind``).

Phases, in turn order; each is also a *window* where cards may act or offer choices (see ``cards.registry``):

| phase | what happens | decision |
|---|---|---|
| ``setup`` | before the first turn, while the modules' setup choices wait (a costume kept…) | — (card prompts only) |
| ``start`` | turn begins; start-of-turn reward (2 VP in Tokyo) | — (card prompts only) |
| ``roll`` | first roll, up to 2 rerolls (windows ``before-roll``, ``after-roll``) | ``roll``/``reroll``/``resolve`` |
| ``resolve`` | window ``before-resolve``, then numbers → hearts → energy → smash | — |
| ``yield`` | each smashed living occupant, in seat order from the active monster, stays or yields | ``yield`` |
| ``enter`` | an outside active monster enters an empty City (or the Bay) | — |
| ``buy`` | buy cards, sweep, end | ``buy`` |
| ``end`` | end-of-turn effects; the win check; next monster | — |
| ``over`` | the game has ended (``decision`` is None) | — |
"""

from __future__ import annotations

START, ROLL, RESOLVE, YIELD, ENTER, BUY, END, OVER = "start", "roll", "resolve", "yield", "enter", "buy", "end", "over"
SETUP = "setup"  # only before the first turn, while setup choices wait
PHASES: tuple[str, ...] = (SETUP, START, ROLL, RESOLVE, YIELD, ENTER, BUY, END, OVER)

# Windows that fire around the roll, in addition to each phase name
BEFORE_ROLL, AFTER_ROLL, BEFORE_RESOLVE = "before-roll", "after-roll", "before-resolve"
WINDOWS: tuple[str, ...] = (START, BEFORE_ROLL, AFTER_ROLL, BEFORE_RESOLVE, YIELD, ENTER, BUY, END)
# A prompt-only window: monsters about to lose life choose first (Wings…), see ``flow``
DAMAGE = "damage"

# Decision kinds
D_ROLL = "roll"  # before the first roll: ``roll``
D_REROLL = "reroll"  # rolls left: ``reroll:…`` or ``resolve``
D_RESOLVE = "resolve"  # no rolls left: ``resolve``
D_YIELD = "yield"  # a smashed occupant: ``stay`` or ``yield``
D_BUY = "buy"  # ``buy:N``, ``sweep``, ``end``
D_CARD = "card"  # a card offers choices at a window: ``use:…`` or ``pass``
DECISIONS: tuple[str, ...] = (D_ROLL, D_REROLL, D_RESOLVE, D_YIELD, D_BUY, D_CARD)
