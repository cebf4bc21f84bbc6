"""Question templates: a position, what happens from it, and one question the engine answers.

A template builds its puzzles' positions (`variants`: each a setup in `Setup.to_dict` form and the actions played
from it) and says what the answer is, asked of the engine's replay (`right`). Its `mistakes` are the wrong answers
people give (`../shared/reviews/rules-questions.md` and the rules' usual slips), each with the id of its explanation
in `content/<lang>/practice.toml`. The site never states an answer of its own: every right answer is read off the
engine's state or events after the actions; the tests compare it with answers worked out by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from kotguide.engine import Replay

# answer kinds: how the reader answers
NUMBER = "number"  # tap a number
MONSTER = "monster"  # tap a monster (or "nobody")
YES_NO = "yes-no"
SPACE = "space"  # tap Tokyo City, Tokyo Bay or "outside Tokyo"
DIE = "die"  # tap a die on the table
CARD = "card"  # tap a card of the market

NOBODY = "nobody"
YES, NO = "yes", "no"
SPACES = ("city", "bay", "outside")
STATS = ("life", "vp", "energy")


@dataclass(frozen=True)
class Variant:
    """One position of a template: the setup, the actions played from it, and what the question is about."""

    setup: dict[str, Any]
    actions: tuple[str, ...]
    subject: str  # the monster the question names
    stat: str = ""  # for number questions: life, vp or energy
    card: str = ""  # the card the question is about (card and component templates)
    module: str = ""  # the module the puzzle is labelled with
    source: str = ""  # the scenario it was made from, if any
    extra_rules: tuple[str, ...] = ()
    key: str = ""  # the puzzle's id when the template does not number its positions


@dataclass(frozen=True)
class Template:
    id: str
    kind: str
    rules: tuple[str, ...]  # the rule sections the question is about (the events add the ones that take part)
    variants: Callable[[], Iterator[Variant]]
    right: Callable[[Replay, Variant], frozenset[str]]  # every answer the rules accept
    mistakes: Callable[[Replay, Variant], dict[str, str]] = field(default=lambda replay, v: {})  # answer -> id
    # a question about how the game begins: no table is drawn (it would show the answer: who plays first, the
    # stock each monster has); the page says who sits at it, the variants, and the start's rolls
    at_game_start: bool = False


# ----------------------------------------------------------------------------------------------------------------
# helpers that build positions
# ----------------------------------------------------------------------------------------------------------------
def monster(mid: str, **fields: Any) -> dict[str, Any]:
    return {"id": mid, **fields}


def rolled(monsters: list[dict[str, Any]], dice: list[str], options: tuple[str, ...] = (), **extra: Any) -> dict:
    """A position with the first monster's final dice on the table, no reroll left: resolving comes next."""
    setup: dict[str, Any] = {"monsters": monsters, "first_player": monsters[0]["id"],
                             "turn": {"step": "rolled", "dice": dice, "rerolls": 0}, **extra}
    if options:
        setup["options"] = list(options)
    return setup


def at_buy(monsters: list[dict[str, Any]], market: list[str], options: tuple[str, ...] = ()) -> dict:
    setup: dict[str, Any] = {"monsters": monsters, "first_player": monsters[0]["id"], "market": market,
                             "turn": {"step": "buy"}}
    if options:
        setup["options"] = list(options)
    return setup


def final(replay: Replay, who: str):
    return replay.state.monster(who)


def number(n: int) -> frozenset[str]:
    return frozenset({str(n)})


def stat_of(replay: Replay, v: Variant) -> frozenset[str]:
    m = final(replay, v.subject)
    return number(getattr(m, v.stat))


def city_occupant(replay: Replay, v: Variant) -> frozenset[str]:
    found = replay.state.occupant("city")
    return frozenset({found.id if found is not None else NOBODY})


def start_value(v: Variant, key: str, default: int) -> int:
    for m in v.setup["monsters"]:
        if isinstance(m, dict) and m["id"] == v.subject:
            return int(m.get(key, default))
    return default


def dice_of(v: Variant) -> list[str]:
    return list(v.setup["turn"]["dice"])


def only_if(wrong: dict[str, str], right: frozenset[str]) -> dict[str, str]:
    """The mistakes that give a different answer from the right one (a slip that happens to land right is no
    distractor)."""
    return {answer: why for answer, why in wrong.items() if answer not in right}
