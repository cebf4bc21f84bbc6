"""The Mutant Evolution draft: which card may a monster pick now? (The packets pass to the left each round.)

Each monster is dealt its own monster's 8 Evolution cards, so a card's deck tells which packet it began in. After
some rounds of picks the question asks for a card the named monster may pick now; the engine answers with the picks
it offers. The wrong choices are cards of the packet the monster began with (packets move on every round) and, with
three or more monsters, of the packet its other neighbour holds (passing goes to the left only).
"""

from __future__ import annotations

from collections.abc import Iterator

from kotguide.engine import Replay, Setup, legal_actions, replay
from kotguide.engine.modules.evolutions.core import deck_of

from .questions import Template, Variant, only_if

EVOLUTION = "evolution"  # the answer kind: tap an Evolution card
PICK = "use:evo-pick:"
SHOWN_PER_PACKET = 3  # cards shown of each wrong packet


def _draft(monsters: list[str], rounds: int) -> Variant:
    """The draft after `rounds` rounds, every monster always picking the first card of the packet it holds."""
    setup = {"monsters": monsters, "first_player": monsters[0], "options": ["evolutions", "mutant-draft"],
             "modules": {"mutant-draft": {"packets": {m: list(deck_of(m)) for m in monsters}}}}
    game = replay(Setup.from_dict(setup), ())
    actions: list[str] = []
    for _ in range(rounds * len(monsters)):
        first = next(a.code for a in legal_actions(game.state) if a.code.startswith(PICK))
        game.play(first, len(actions))
        actions.append(first)
    return Variant(setup, tuple(actions), monsters[0], module="evolutions")


def _variants() -> Iterator[Variant]:
    yield _draft(["space-penguin", "alienoid"], 1)
    yield _draft(["space-penguin", "alienoid", "the-king"], 1)
    yield _draft(["gigazaur", "cyber-kitty", "meka-dragon"], 2)
    yield _draft(["the-king", "gigazaur", "alienoid", "kraken"], 1)


def _right(result: Replay, v: Variant) -> frozenset[str]:
    s = result.state
    return frozenset(f"evolution:{a.code.removeprefix(PICK)}" for a in legal_actions(s)
                     if a.code.startswith(PICK) and s.decision is not None and s.decision.monster == v.subject)


def _picked(v: Variant) -> set[str]:
    return {code.removeprefix(PICK) for code in v.actions}


def _mistakes(result: Replay, v: Variant) -> dict[str, str]:
    monsters = [m if isinstance(m, str) else m["id"] for m in v.setup["monsters"]]
    seat = monsters.index(v.subject)
    gone = _picked(v)
    wrong = {f"evolution:{c}": "draft-keeps-packet" for c in deck_of(v.subject) if c not in gone}
    if len(monsters) > 2:  # the packet it would hold had the packets gone round the other way
        rounds = len(v.actions) // len(monsters)
        wrong_way = monsters[(seat + rounds) % len(monsters)]
        wrong.update({f"evolution:{c}": "draft-wrong-way" for c in deck_of(wrong_way) if c not in gone})
    return only_if(wrong, _right(result, v))


def shown(values: list[str], right: frozenset[str], wrong: dict[str, str]) -> list[str]:
    """Every card it may pick, and a few of each mistake's packet."""
    picked: list[str] = [v for v in values if v in right]
    for reason in dict.fromkeys(wrong.values()):
        picked += [v for v in values if wrong.get(v) == reason][:SHOWN_PER_PACKET]
    return sorted(picked)


TEMPLATES: tuple[Template, ...] = (
    Template("draft-pick", EVOLUTION, ("mutant-draft", "evolutions"), _variants, _right, _mistakes),
)
