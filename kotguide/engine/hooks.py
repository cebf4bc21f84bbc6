"""The catalogue of the names cards and effects hook into (what ``events.KINDS`` is for events).

Three kinds of point, each a ``Point`` with its name, when it runs, the keyword arguments it passes and what its
functions return:

- ``HOOKS``: moments; ``hooks[name](ctx, owner, **args)`` on a ``CardDef``, ``hooks[name](ctx, **args)`` on an
  ``EffectDef``; they return nothing.
- ``MODIFIERS``: values folded through the cards of one monster, then the effects:
  ``modifiers[name](state, seat, value, **args) -> value``.
- ``FILTERS``: like modifiers, with the step's ``Ctx`` (they may emit events and roll dice):
  ``filters[name](ctx, seat, value, **args) -> value``; a falsy value stops the fold.

``registry.define`` and ``define_effect`` refuse a name that is not here, so a misspelt hook fails at import instead
of never running; ``tests/engine/test_hooks.py`` fails when the engine fires a name that is not here, or never fires
one that is. A module that adds a moment of its own lists it here with the module named in ``when``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .phases import Window


@dataclass(frozen=True, slots=True)
class Point:
    name: str
    when: str
    args: tuple[str, ...] = ()
    returns: str = ""  # modifiers and filters: what the value is


def _catalogue(*points: Point) -> dict[str, Point]:
    return {p.name: p for p in points}


_WINDOW = "the turn reaches the window (every living owner, in seat order from the active monster)"

HOOKS: dict[str, Point] = _catalogue(
    Point(Window.START, f"start of a turn, after the Tokyo reward: {_WINDOW}"),
    Point(Window.BEFORE_ROLL, "before each roll and reroll of the active monster"),
    Point(Window.AFTER_ROLL, "after each roll and reroll, before the roll's prompts"),
    Point(Window.BEFORE_RESOLVE, "the dice are final, before they resolve"),
    Point(Window.YIELD, "after the smashed occupants who may yield are asked"),
    Point(Window.ENTER, "after the active monster entered Tokyo, or did not"),
    Point(Window.BUY, "the buy step of the active monster opens"),
    Point(Window.END, "end of the active monster's turn (while it is alive), before the win check"),
    Point("resolved", "after the dice resolved", ("counts",)),
    Point("damaged", "a monster lost life", ("seat", "amount", "by", "rule")),
    Point("fallen", "a monster reached 0 life, before it is eliminated (a hook may save it)", ("seat",)),
    Point("healed", "a monster gained life", ("seat", "amount", "card")),
    Point("energy-gained", "a monster gained energy", ("seat", "amount", "card", "reason")),
    Point("entered", "a monster entered Tokyo City or Tokyo Bay", ("seat", "space")),
    Point("yielded", "a monster left Tokyo", ("seat", "space")),
    Point("stayed", "a smashed occupant chose to stay", ("seat", "space")),
    Point("bought", "a monster got a card it paid for", ("seat", "card")),
    Point("revealed", "a card was revealed in the market", ("slot", "card")),
    Point("eliminated", "a monster was eliminated", ("seat",)),
    Point("card-lost", "a Keep card (or a copy) left a monster while it lives", ("seat", "card", "to")),
    Point("passed", "a card decision ended without being used", ("seat", "window")),
    Point("fate-resolved", "curses module: the die of fate resolved", ("face",)),
    Point("evolution-left", "evolutions module: an Evolution in play left it", ("seat", "evolution")),
)

MODIFIERS: dict[str, Point] = _catalogue(
    Point("dice-count", "the first roll of a turn", returns="how many base dice the active monster rolls (6)"),
    Point("special-dice", "the first roll of a turn",
          returns="the kinds of special dice rolled with the base dice (a tuple)"),
    Point("rolls", "the roll phase opens", returns="rolls in the turn, the first included (3)"),
    Point("locked-dice", "a reroll is chosen or checked", returns="indices of the dice that may not be rerolled"),
    Point("counts", "the dice resolve, before the filters", returns="face -> number of results"),
    Point("heal-in-tokyo", "hearts resolve for a monster in Tokyo", returns="whether the hearts heal (False)"),
    Point("targets", "the active monster's smash resolves", returns="the seats the smash hits"),
    Point("may-yield", "a smashed occupant would be asked", returns="whether it may yield (True)"),
    Point("may-enter", "the enter step", returns="whether the active monster may enter Tokyo (True)"),
    Point("may-buy", "buying or sweeping is offered or checked", ("sweep", "card"),
          returns="whether the monster may buy (``sweep``: sweep; ``card``: buy that card) now (True)"),
    Point("cost", "a Power card is priced for a monster", ("card",), returns="the energy it costs"),
    Point("damage", "a monster is about to lose life", ("by", "rule"), returns="the life it loses"),
    Point("heal", "a monster is about to gain life", returns="the life it gains"),
    Point("max-life", "a monster's maximum life is read", returns="the maximum life now"),
    Point("max-life-floor", "a card that raised the maximum life leaves", returns="the maximum life it may not "
          "fall below"),
    Point("setup-max-life", "``limits`` reads the bounds of a setup (a form being filled in)",
          returns="the highest maximum life the monster may start with (10; Even Bigger raises it)"),
    Point("stands-at-zero", "a monster is at 0 life after its fallen hooks", returns="whether it stays in the game"),
    Point("goal", "a monster's VP are checked against the goal", returns="the VP it needs to win (20)"),
)

FILTERS: dict[str, Point] = _catalogue(
    Point("counts", "the dice resolve, after the modifiers", returns="face -> number of results"),
    Point("hearts", "hearts resolve for a monster outside Tokyo", returns="the hearts that heal"),
    Point("damage", "a monster is about to lose life, after the modifiers", ("by", "rule"),
          returns="the life it loses"),
    Point("buying", "the active monster chose to buy the market card in ``slot`` (a ``buy`` action), before it "
          "pays", ("slot",), returns="whether the purchase goes ahead now (True); a filter that holds it back "
          "finishes or cancels it later (Bamboozle)"),
    Point("takes-turn", "the rotation reaches a monster (not an extra turn)", returns="whether it plays the turn "
          "(True); falsy: it misses the turn and the rotation goes on (King of Skull Island)"),
    Point("gain-vp", "a monster is about to gain VP", ("rule",), returns="the VP it gains"),
    Point("gain-energy", "a monster is about to gain energy", ("rule",), returns="the energy it gains"),
    Point("gain-life", "a monster is about to gain life, after the heal modifiers", ("rule",),
          returns="the life it gains"),
)

KINDS: dict[str, dict[str, Point]] = {"hooks": HOOKS, "modifiers": MODIFIERS, "filters": FILTERS}


def unknown(kind: str, names: object) -> list[str]:
    """The names of ``names`` that are not points of ``kind`` ("hooks", "modifiers", "filters")."""
    return sorted(n for n in names if n not in KINDS[kind])  # type: ignore[attr-defined]
