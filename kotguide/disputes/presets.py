"""Ready tables for "set this up" links: the situation a card page, a module component page or an FAQ entry is
about, as a resolver prefill.

A preset is the resolver's form fields as address parameters (see `forms`): `?monsters=3&m1-monster=gigazaur&…`.
Only values that differ from the form's defaults are written, so the links stay short and readable. Every preset
must open in the sandbox (tests/test_disputes.py opens the written ones, tests/test_presets.py every page's).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from urllib.parse import urlencode

from .forms import START_LIFE, die_field, market_field, seat_field


@dataclass(frozen=True)
class M:
    """One monster of a preset (defaults as in a fresh form)."""

    id: str
    life: int = START_LIFE
    vp: int = 0
    energy: int = 0
    place: str = "outside"
    cards: tuple[str, ...] = ()
    poison: int = 0
    shrink: int = 0
    smoke: int = 0


def table(*monsters: M, turn: str, step: str = "rolled", dice: str = "", market: tuple[str, ...] = (),
          options: tuple[str, ...] = (), rerolls: int | None = None,
          modules: tuple[tuple[str, str], ...] = ()) -> tuple[tuple[str, str], ...]:
    """A preset's parameters, in form order. `dice` is the faces separated by spaces; `modules`: the expansion
    modules' fields as they are named in the form (`m2-cultist`, `curse`, `die-fate`…)."""
    out: list[tuple[str, str]] = [("monsters", str(len(monsters)))]
    for seat, m in enumerate(monsters, start=1):
        out.append((seat_field(seat, "monster"), m.id))
        for name, default in (("life", START_LIFE), ("vp", 0), ("energy", 0), ("place", "outside"),
                              ("poison", 0), ("shrink", 0), ("smoke", 0)):
            value = getattr(m, name)
            if value != default:
                out.append((seat_field(seat, name), str(value)))
        out += [(seat_field(seat, "cards"), card) for card in m.cards]
    out += [(market_field(slot), card) for slot, card in enumerate(market, start=1) if card]
    out += [("options", option) for option in options]
    out += [("turn", turn), ("step", step)]
    out += [(die_field(n), face) for n, face in enumerate(dice.split(), start=1)]
    if rerolls is not None:
        out.append(("rerolls", str(rerolls)))
    return (*out, *modules)


ATTACKER = M("gigazaur")
BYSTANDER = M("cyber-kitty")
THREE_SMASH = "smash smash smash 1 2 3"


def _occupant_hit(dice: str, **king) -> tuple[tuple[str, str], ...]:
    """Gigazaur, outside, has rolled `dice` against The King in Tokyo City (Cyber Kitty watches)."""
    return table(ATTACKER, M("the-king", place="city", **king), BYSTANDER, turn="gigazaur", dice=dice)


# Cards whose effect is easiest to argue about at the table: those that react to damage or smash, and a few more.
CARDS = {
    "armor-plating": _occupant_hit("smash 1 1 2 2 3", life=6, cards=("armor-plating",)),
    "wings": _occupant_hit(THREE_SMASH, life=3, energy=2, cards=("wings",)),
    "camouflage": _occupant_hit("smash smash 1 2 3 energy", life=5, cards=("camouflage",)),
    "it-has-a-child": _occupant_hit(THREE_SMASH, life=2, vp=7, cards=("it-has-a-child", "armor-plating")),
    "jets": _occupant_hit(THREE_SMASH, life=4, cards=("jets",)),
    "were-only-making-it-stronger": _occupant_hit(
        "smash smash 1 2 3 3", life=8, cards=("were-only-making-it-stronger",)
    ),
    "burrowing": _occupant_hit("smash smash 1 2 3 energy", life=6, cards=("burrowing",)),
    "even-bigger": table(
        M("gigazaur", cards=("even-bigger",)), M("the-king", place="city"), BYSTANDER,
        turn="gigazaur", dice="heart heart heart 1 2 3",
    ),
}

# FAQ entries about one moment of a turn.
FAQ = {
    "heal-in-tokyo": table(
        M("the-king", life=4, vp=5, place="city"), ATTACKER, BYSTANDER, turn="the-king", dice="heart heart heart 1 2 3"
    ),
    "life-maximum": table(
        M("gigazaur", life=9), M("the-king", place="city"), turn="gigazaur", dice="heart heart 1 2 3 3"
    ),
    "enter-without-smash": table(ATTACKER, M("the-king"), BYSTANDER, turn="gigazaur", dice="1 1 2 2 3 energy"),
    "yield-still-damaged": _occupant_hit("smash smash smash 1 1 2", life=5),
    "yield-needs-lost-life": _occupant_hit("smash 1 1 2 2 3", life=6, cards=("armor-plating",)),
    "card-damage-no-yield": table(
        M("gigazaur", energy=6), M("the-king", life=5, place="city"), BYSTANDER,
        market=("gas-refinery",), turn="gigazaur", dice="1 1 2 2 3 3",
    ),
    "bay-closes-at-four": table(
        ATTACKER, M("the-king", life=2, place="city"), M("cyber-kitty", life=8, place="bay"), M("space-penguin"),
        M("alienoid"), turn="gigazaur", dice=THREE_SMASH,
    ),
    "leave-tokyo-on-your-own": _occupant_hit("smash smash smash 1 1 2", life=5),
    "occupant-eliminated": _occupant_hit("smash smash smash 1 1 2", life=3),
    "twenty-and-eliminated": table(
        M("gigazaur", life=3, vp=16, energy=4), M("the-king", place="city"), market=("tank",), turn="gigazaur",
        dice="1 1 2 2 3 3",
    ),
    "armor-plating-several-losses": table(
        M("gigazaur", cards=("acid-attack",)), M("the-king", life=6, place="city", cards=("armor-plating",)),
        BYSTANDER, turn="gigazaur", dice="smash 1 1 2 2 3",
    ),
    "it-has-a-child-what-stays": table(
        ATTACKER, M("the-king", life=2, vp=12, energy=5, place="city", cards=("it-has-a-child",)),
        M("cyber-kitty", cards=("eater-of-the-dead",)), turn="gigazaur", dice="smash smash smash 1 1 2",
    ),
    "poison-shrink-tokens": table(
        ATTACKER, M("the-king", place="city"), M("cyber-kitty", life=6, poison=2), turn="cyber-kitty",
        dice="heart 1 1 2 2 3",
    ),
    # the examples of the FAQ's answers, each as the table it describes
    "reroll-kept-dice": table(ATTACKER, M("the-king", place="city"), BYSTANDER, turn="gigazaur",
                              dice="smash smash 3 3 1 2"),
    "final-faces-only": table(ATTACKER, M("the-king", place="city"), BYSTANDER, turn="gigazaur",
                              dice="energy energy 1 2 3 heart"),
    "pair-of-numbers": table(ATTACKER, M("the-king", place="city"), turn="gigazaur", dice="1 1 1 3 3 3"),
    "dice-resolution-order": table(M("gigazaur", life=7), M("the-king", place="city"), BYSTANDER, turn="gigazaur",
                                   dice="1 1 1 heart energy smash"),
    "both-occupants-hit": table(
        ATTACKER, M("the-king", place="city"), M("cyber-kitty", place="bay"), M("space-penguin"), M("alienoid"),
        turn="gigazaur", dice=THREE_SMASH,
    ),
    "card-empties-tokyo": table(
        M("gigazaur", energy=6), M("the-king", life=3, place="city"), BYSTANDER, market=("gas-refinery",),
        turn="gigazaur", dice="1 1 2 2 3 3",
    ),
    "opportunist-order": table(
        M("space-penguin", energy=3), M("alienoid"), M("cyber-kitty", energy=6, cards=("opportunist",)),
        M("the-king", place="city"), turn="space-penguin", dice="1 1 2 2 3 energy",
    ),
    "fire-breathing-two-players": table(
        M("gigazaur", cards=("fire-breathing",)), M("the-king", place="city"), turn="gigazaur",
        dice="smash smash 1 1 2 3",
    ),
    "metamorph-refund": table(
        M("gigazaur", cards=("alien-origin", "wings", "metamorph")), M("the-king", place="city"), turn="gigazaur",
        dice="1 1 2 2 3 3",
    ),
    "win-check-timing": table(
        M("gigazaur", life=2, vp=17, poison=2), M("the-king", place="city"), BYSTANDER, turn="gigazaur",
        dice="3 3 3 1 1 2",
    ),
    "everyone-eliminated": table(
        M("gigazaur", life=3, energy=4), M("the-king", life=2, place="city"), M("cyber-kitty", life=3),
        market=("high-altitude-bombing",), turn="gigazaur", dice="1 1 2 2 3 3",
    ),
    "shared-win": table(
        M("gigazaur", vp=17), M("the-king", life=3, place="city"),
        M("cyber-kitty", vp=17, cards=("eater-of-the-dead",)),
        turn="gigazaur", dice="3 3 3 smash smash smash",
    ),
    "eliminated-in-own-turn": table(
        M("gigazaur", life=4, energy=5), M("the-king", place="city"), BYSTANDER, market=("jet-fighters",),
        turn="gigazaur", dice="1 1 2 2 3 3",
    ),
    "choose-not-to-enter": table(M("gigazaur", life=2), M("the-king"), BYSTANDER, turn="gigazaur",
                                 dice="1 1 2 2 3 energy"),
    "heal-before-damage": _occupant_hit(THREE_SMASH, life=2, energy=4, cards=("wings", "rapid-healing")),
    "friend-of-children-gains": table(
        M("gigazaur", cards=("friend-of-children", "solar-powered")), M("the-king", place="city"), BYSTANDER,
        turn="gigazaur", dice="1 1 2 2 3 3",
    ),
    "buy-on-another-turn": table(
        M("the-king", energy=3, place="city"), ATTACKER, M("cyber-kitty", energy=6, cards=("opportunist",)),
        turn="the-king", dice="1 1 2 2 3 energy",
    ),
    "energy-this-turn": table(
        M("gigazaur", energy=1), M("the-king", place="city"), BYSTANDER, market=("armor-plating",), turn="gigazaur",
        dice="energy energy energy 1 2 3",
    ),
    "yield-own-turn-or-poison": table(
        M("the-king", life=5, place="city", poison=2), ATTACKER, BYSTANDER, turn="the-king", dice="1 1 2 2 3 energy",
    ),
    # the expansion modules' examples
    "die-of-fate-first": table(
        ATTACKER, M("the-king", place="city"), turn="gigazaur", dice="3 3 3 1 2 smash", options=("curses",),
        modules=(("curse", "hotep-peace"), ("die-fate", "fate:horus")),
    ),
    "die-of-fate-eye-of-horus": table(
        ATTACKER, M("the-king", place="city"), turn="gigazaur", dice="2 2 2 1 3 smash", options=("curses",),
        modules=(("curse", "tutankhamun-curse"), ("scarab", "the-king"), ("die-fate", "fate:horus")),
    ),
    "scarab-holder-eliminated": table(
        ATTACKER, M("the-king", life=2, place="city"), BYSTANDER, turn="gigazaur", dice=THREE_SMASH,
        options=("curses",),
        modules=(("curse", "forbidden-library"), ("scarab", "the-king"), ("die-fate", "fate:river")),
    ),
    "costume-stealing": table(
        M("gigazaur", cards=("fire-breathing",)), M("the-king", place="city", cards=("princess",)), BYSTANDER,
        turn="gigazaur", dice="smash smash 1 1 2 3", options=("costumes",),
    ),
    "costume-steal-price": table(
        M("gigazaur", energy=7, cards=("alien-origin",)), M("the-king", place="city", cards=("princess",)),
        M("cyber-kitty", place="bay", cards=("clown",)), M("space-penguin"), M("alienoid"), turn="gigazaur",
        dice=THREE_SMASH, options=("costumes",),
    ),
    "costume-robot-rate": table(
        ATTACKER, M("the-king", energy=2, place="city", cards=("robot",)), BYSTANDER, turn="gigazaur",
        dice=THREE_SMASH, options=("costumes",),
    ),
    "costume-zombie-zero": table(
        ATTACKER, M("the-king", life=2, place="city", cards=("zombie",)), BYSTANDER, turn="gigazaur",
        dice=THREE_SMASH, options=("costumes",),
    ),
    "costume-astronaut-shared-win": table(
        M("gigazaur", vp=14, cards=("astronaut",)), M("alienoid", life=1, place="city"),
        M("the-king", vp=17, cards=("eater-of-the-dead",)), turn="gigazaur", dice="3 3 3 smash 1 2",
        options=("costumes",),
    ),
    "evolution-hearts-in-tokyo": table(
        M("space-penguin", life=4, place="city"), ATTACKER, turn="space-penguin", dice="heart heart heart 1 2 3",
        options=("evolutions",),
    ),
    "evolution-draw-one-or-two": table(
        M("space-penguin", life=7), M("the-king", place="city"), turn="space-penguin", dice="heart heart heart 1 2 3",
        options=("evolutions",),
    ),
    "icy-reflection-freeze-ray": table(
        M("space-penguin"), M("gigazaur", place="city"), turn="space-penguin", dice="1 1 2 2 3 3",
        options=("evolutions",),
        modules=(("m1-evolutions", "freeze-ray"), ("m1-evolutions", "icy-reflection"),
                 ("m2-evolutions", "gamma-breath")),
    ),
    "nine-lives-automatic": table(
        ATTACKER, M("cyber-kitty", life=2, vp=12, energy=4, place="city", cards=("it-has-a-child",)),
        turn="gigazaur", dice=THREE_SMASH, options=("evolutions",), modules=(("m2-hand", "nine-lives"),),
    ),
    "play-with-your-food-once-per-roll": table(
        M("cyber-kitty"), M("the-king", place="city", cards=("camouflage",)), turn="cyber-kitty",
        dice="smash smash smash 1 2 3", options=("evolutions",), modules=(("m1-hand", "play-with-your-food"),),
    ),
    "superior-alien-technology-optional": table(
        M("alienoid", energy=5), M("the-king", place="city"), market=("giant-brain",), turn="alienoid",
        dice="1 1 2 2 3 3", options=("evolutions",), modules=(("m1-evolutions", "superior-alien-technology"),),
    ),
    "mutant-draft-other-monsters": table(
        M("cyber-kitty", life=6), M("the-king", place="city"), turn="cyber-kitty", dice="1 1 2 2 3 3",
        options=("evolutions",), modules=(("m1-hand", "giant-banana"),),
    ),
    "tower-level-from-another": table(
        M("gigazaur", place="city"), M("meka-dragon"), turn="gigazaur",
        dice="1 1 1 1 2 3", options=("tokyo-tower",),
        modules=(("tower-bottom", "meka-dragon"), ("tower-middle", "meka-dragon")),
    ),
    "tokyo-tower-top-level-win": table(
        M("gigazaur", place="city"), M("alienoid", life=2, place="bay"),
        M("the-king", vp=17, cards=("eater-of-the-dead",)),
        M("cyber-kitty"), M("space-penguin"), turn="gigazaur", dice="1 1 1 1 smash smash", options=("tokyo-tower",),
        modules=(("tower-bottom", "gigazaur"), ("tower-middle", "gigazaur")),
    ),
    "cultists-for-everyone": table(
        M("gigazaur", life=4, place="city"), M("the-king"), turn="gigazaur", dice="smash smash smash smash 1 2",
        options=("cultists",),
    ),
    "berserk-ends": table(
        M("gigazaur"), M("the-king", place="city"), turn="gigazaur", dice="heart heart smash 1 2 3",
        options=("berserk",), modules=(("m1-berserk", "on"), ("die-berserk", "berserk:smash")),
    ),
    "berserk-skull-timing": table(
        M("gigazaur"), M("the-king", place="city"), turn="gigazaur", dice="heart smash smash smash smash 2",
        options=("berserk",), modules=(("m1-berserk", "on"), ("die-berserk", "berserk:skull")),
    ),
    "beast-cannot-buy": table(
        M("gigazaur", energy=5), M("the-king", place="city"), market=("jets",), turn="gigazaur", dice="1 1 2 2 3 3",
        options=("transformation",), modules=(("m1-beast", "on"),),
    ),
    "wickedness-per-set": table(
        ATTACKER, M("the-king", place="city"), turn="gigazaur", dice="1 1 1 1 2 2", options=("wickedness",),
    ),
    "wickedness-tile-same-roll": table(
        ATTACKER, M("the-king", place="city"), turn="gigazaur", dice="1 1 1 energy energy smash",
        options=("wickedness",), modules=(("m1-wickedness", "8"),),
    ),
    "modules-combine": table(
        M("gigazaur", place="city"), M("the-king"), turn="gigazaur", dice="1 1 1 1 2 3",
        options=("cultists", "tokyo-tower", "wickedness"),
    ),
}
FAQ["tokyo-bay-closing"] = FAQ["bay-closes-at-four"]

PRESETS = {"card": CARDS, "faq": FAQ}
# kinds of page that have a preset: a card page, an FAQ entry, a module component page (by its kind's slug)
COMPONENT_KINDS = ("curses", "wickedness", "evolutions")
# the form fields that name a component, per kind (an FAQ table with one is that component's situation too)
COMPONENT_FIELDS = {"curses": ("curse",), "wickedness": ("-tiles",), "evolutions": ("-hand", "-evolutions")}


def _named(params: tuple[tuple[str, str], ...], kind: str) -> set[str]:
    """The cards (kind "card") or components a preset's table has in play."""
    if kind == "card":
        return {value for name, value in params if name.endswith("-cards") or name.startswith("market")}
    return {value for name, value in params if name.endswith(COMPONENT_FIELDS[kind])}


# cards and components that change the dice: their everyday table shows as many dice, or as many rerolls
EVERYDAY_DICE = {"extra-head": "smash smash 1 2 3 heart energy", "cyberbrain": "smash smash 1 2 3 heart energy"}
EVERYDAY_REROLLS = {"buried-in-sand": 1}
ROLL_FIRST = {"raging-flood", "false-blessing"}  # curses that change how many dice are rolled: the table before it
BOUGHT = {"battery-monster"}  # a Keep card whose effect starts as it is bought: its table has it in the market
LOADED = {"smoke-cloud": M("gigazaur", cards=("smoke-cloud",), smoke=3)}  # held with its tokens on it


def everyday(kind: str, key: str) -> tuple[tuple[str, str], ...] | None:
    """The table of a card or component that no FAQ example shows: in play on Gigazaur's turn, the dice rolled,
    The King in Tokyo City. A Keep card or costume is held by Gigazaur; a Discard card waits in the market with the
    energy to buy it; a curse is in force; a tile or an Evolution is its holder's (an Evolution in its monster's
    hand, or in play if it is permanent)."""
    from kotguide.content import components, library  # read when asked: the content is loaded once per process

    dice = EVERYDAY_DICE.get(key, "smash smash 1 2 3 heart")
    rerolls = EVERYDAY_REROLLS.get(key)
    if kind == "card":
        card = library.cards("en").get(key)
        if card is None:
            return None
        costume = ("costumes",) if card.kind == "costume" else ()
        if card.type == "discard" or key in BOUGHT:
            return table(M("gigazaur", energy=card.cost), M("the-king", place="city"), BYSTANDER, market=(key,),
                         turn="gigazaur", dice=dice, options=costume)
        return table(LOADED.get(key, M("gigazaur", cards=(key,))), M("the-king", place="city"), BYSTANDER,
                     turn="gigazaur", dice=dice, options=costume)
    component = components.components("en", kind).get(key) if kind in COMPONENT_KINDS else None
    if component is None:
        return None
    if kind == "curses":
        if key in ROLL_FIRST:
            return table(ATTACKER, M("the-king", place="city"), BYSTANDER, turn="gigazaur", step="roll",
                         options=("curses",), modules=(("curse", key),))
        return table(ATTACKER, M("the-king", place="city"), BYSTANDER, turn="gigazaur", dice=dice, options=("curses",),
                     rerolls=rerolls, modules=(("curse", key), ("die-fate", "fate:river")))
    if kind == "wickedness":
        return table(ATTACKER, M("the-king", place="city"), BYSTANDER, turn="gigazaur", dice=dice,
                     options=("wickedness",), modules=(("m1-tiles", key),))
    owner = component.data["monster"]
    other = "the-king" if owner != "the-king" else "gigazaur"
    where = "evolutions" if component.data["kind"] == "permanent" else "hand"
    return table(M(owner), M(other, place="city"), turn=owner, dice=dice, options=("evolutions",),
                 modules=((f"m1-{where}", key),))


@cache
def preset(kind: str, key: str) -> tuple[tuple[str, str], ...] | None:
    """The table a page's "set this up" opens: its own preset, else an FAQ example's table that has the card or
    component in play, else its everyday table (cards and components); None for a page with no situation."""
    own = PRESETS.get(kind, {}).get(key)
    if own is not None or kind == "faq":
        return own
    shown = next((params for params in FAQ.values() if key in _named(params, kind)), None)
    return shown or everyday(kind, key)


@cache
def query(kind: str, key: str) -> str:
    """The prefill address parameters (`?…`) of a page's situation, or "" if it has none."""
    params = preset(kind, key)
    return "?" + urlencode(params) if params else ""
