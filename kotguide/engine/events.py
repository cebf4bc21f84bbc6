"""Events: what happened, as values. The engine holds no prose.

``Event(kind, rule, monster, amount, data)``: ``kind`` names a template in ``content/{ja,en}/events.toml``;
``rule`` is the section id of ``content/sections.toml`` that caused it; ``monster`` is a monster id (or None);
``amount`` an int (or None); ``data`` holds the other named params, JSON-safe. ``Event.params()`` merges them all
for a template: ``"{monster} gains {amount} VP for {count}×{face}"``.

Every kind, its params and the rules it may carry are listed in ``KINDS`` (the tests check every emitted event
against it with ``mismatches``). Kinds are stable: add new ones, never rename.

Each param has a type (``ParamType``: a monster id, a list of them, a card id, a die face, a Tokyo space, a number…),
so whoever words an event renders each value by its type, never by guessing from its name. A param's type is the
one its name has everywhere in the catalogue (``USUAL``); a kind declares ``name:type`` where the name means
something else there (``first-player``'s ``by`` is a word, ``bay-closed``'s ``to`` a space). Nothing is checked when
an event is made: the types cost nothing while the engine plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from . import rules as R


# not frozen (a frozen dataclass's init costs twice as much, and a step builds a dozen): never changed once emitted
@dataclass(slots=True)
class Event:
    kind: str
    rule: str
    monster: str | None = None
    amount: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    # pickled as the frozen dataclass it once was (its fields as a list): events a server cached before read back
    def __getstate__(self) -> list[Any]:
        return [self.kind, self.rule, self.monster, self.amount, self.data]

    def __setstate__(self, state: list[Any]) -> None:
        self.kind, self.rule, self.monster, self.amount, self.data = state

    def params(self) -> dict[str, Any]:
        """Every named param of the event in one dict (for a template)."""
        out: dict[str, Any] = {"monster": self.monster, "amount": self.amount}
        out.update(self.data)
        return out

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rule": self.rule}
        if self.monster is not None:
            out["monster"] = self.monster
        if self.amount is not None:
            out["amount"] = self.amount
        if self.data:
            out["data"] = dict(self.data)
        return out


class ParamType(StrEnum):
    """What an event's (or a choice's) param holds, so that it can be said in words."""

    MONSTER = "monster"  # a monster id
    MONSTERS = "monsters"  # a list of monster ids
    CARD = "card"  # what a monster holds or acts with: a Power card or costume id, a module piece ("tile-…",
    # "evo-…"), a module choice ("cultist") or a curse card
    CARDS = "cards"  # a list of card ids
    CURSE = "curse"  # a curse card id (the curses module)
    TILE = "tile"  # a wickedness tile id
    TILES = "tiles"  # a list of wickedness tile ids
    EVOLUTION = "evolution"  # an Evolution card id
    FACE = "face"  # a die face: a base face ("1"… "smash") or a special die's ("berserk:skull")
    FACES = "faces"  # a list of die faces
    SPACE = "space"  # a Tokyo space: "city", "bay", or "outside"
    OPTION = "option"  # a setup option id (``options.ALL``)
    OPTIONS = "options"  # a list of setup option ids
    NUMBER = "number"  # a count, an amount, a turn, roll or round number, a die numbered from 1, a market slot
    NUMBERS = "numbers"  # a list of numbers (dice numbered from 1)
    INDICES = "indices"  # a list of dice by position, numbered from 0
    WORD = "word"  # one of a few fixed words the kind documents (a reason): it picks the line that says the event
    FLAG = "flag"  # true or false: it picks the line that says the event
    CHOICE = "choice"  # a plain word a choice's argument names ("beast", "energy"): the site has words for each


# the type of each param name, the same in every kind unless the kind declares otherwise
USUAL: dict[str, ParamType] = {
    "monster": ParamType.MONSTER, "by": ParamType.MONSTER, "to": ParamType.MONSTER,
    "monsters": ParamType.MONSTERS, "targets": ParamType.MONSTERS, "winners": ParamType.MONSTERS,
    "card": ParamType.CARD, "cards": ParamType.CARDS, "curse": ParamType.CURSE, "tile": ParamType.TILE,
    "tiles": ParamType.TILES, "evolution": ParamType.EVOLUTION, "face": ParamType.FACE, "faces": ParamType.FACES,
    "space": ParamType.SPACE, "option": ParamType.OPTION, "options": ParamType.OPTIONS,
    "amount": ParamType.NUMBER, "count": ParamType.NUMBER, "total": ParamType.NUMBER, "die": ParamType.NUMBER,
    "slot": ParamType.NUMBER, "round": ParamType.NUMBER, "turn": ParamType.NUMBER, "roll": ParamType.NUMBER,
    "level": ParamType.NUMBER, "rerolled": ParamType.INDICES,
    "reason": ParamType.WORD, "step": ParamType.WORD, "shared": ParamType.FLAG,
}


@dataclass(frozen=True, slots=True)
class EventKind:
    kind: str
    params: tuple[str, ...]  # names of the params the template may use (monster/amount included when used)
    rules: tuple[str, ...]  # the rule ids this kind may carry
    doc: str
    types: Mapping[str, ParamType]  # the type of each param


def _typed(params: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, ParamType]]:
    """Names and types of ``params`` written ``name`` (its ``USUAL`` type) or ``name:type``."""
    types: dict[str, ParamType] = {}
    for param in params:
        name, _sep, declared = param.partition(":")
        types[name] = ParamType(declared) if declared else USUAL[name]
    return tuple(types), types


def _K(kind: str, params: tuple[str, ...], rules: tuple[str, ...], doc: str) -> EventKind:
    names, types = _typed(params)
    return EventKind(kind, names, rules, doc, types)


KINDS: dict[str, EventKind] = {k.kind: k for k in (
    _K("game-started", ("monsters", "options"), (R.SETUP,),
       "The game is set up: monsters (ids, seat order) and options."),
    _K("option-used", ("option",), (R.HOUSE_VARIANTS, R.TWO_PLAYER, R.MODULES),
       "An option is in play (house variants carry house-variants, the official one two-player)."),
    _K("card-revealed", ("card", "slot"), (R.SETUP, R.BUYING, R.SWEEPING),
       "A card is turned face up in market slot `slot` (at setup, to refill after a buy, after a sweep)."),
    _K("deck-shuffled", ("amount",), (R.POWER_CARDS,),
       "The deck ran out: the discard pile (`amount` cards) is shuffled into a new deck."),
    _K("roll-off", ("monster", "amount", "faces", "round"), (R.FIRST_PLAYER,),
       "Claw roll-off: `monster` rolled `faces`, `amount` smashes, in round `round` (1 = everyone, 2+ = ties)."),
    _K("first-player", ("monster", "by:word"), (R.FIRST_PLAYER,),
       "`monster` plays first, chosen `by` \"setup\" or \"roll-off\"."),
    _K("turn-started", ("monster", "turn", "reason", "card", "step"), (R.TURN_OVERVIEW,),
       "Turn number `turn` of `monster` begins; reason \"extra\": an extra turn granted by `card`; reason "
       "\"position\": the game opens inside the turn, at `step` (``Setup.turn``), its start already taken."),
    _K("dice-rolled", ("monster", "faces", "rerolled", "roll"), (R.ROLLING,),
       "Roll number `roll` (1–3): the dice show `faces`; `rerolled` lists the dice just rolled (0-based)."),
    _K("dice-resolved", ("monster", "faces"), (R.RESOLVING,), "`monster` stops rolling; `faces` are resolved."),
    _K("vp-gained", ("monster", "amount", "face", "count", "card", "reason", "tile"),
       (R.NUMBERS, R.TOKYO, R.ENTERING, R.POWER_CARDS, R.WICKEDNESS, R.COSTUMES),
       "`monster` gains `amount` VP: for `count` dice of `face` (numbers), for starting the turn in Tokyo "
       "(reason \"start\", rule tokyo), for entering (reason \"enter\"), or from `card`."),
    _K("vp-lost", ("monster", "amount", "card", "tile"), (R.POWER_CARDS, R.WICKEDNESS),
       "`monster` loses `amount` VP (from `card`)."),
    _K("energy-gained", ("monster", "amount", "card", "reason", "by", "tile"),
       (R.ENERGY, R.TWO_PLAYER, R.HOUSE_VARIANTS, R.POWER_CARDS, R.WICKEDNESS, R.COSTUMES, R.CULTISTS, R.TOKYO_TOWER),
       "`monster` gains `amount` energy: rolled (energy), Tokyo reward in the two-player variant (reason "
       "\"start\"/\"enter\"), opening energy (house-variants), or from `card`; reason \"recovered\": energy "
       "taken back (off Battery Monster, a Metamorph refund), not a gain for Friend of Children; reason \"paid\": "
       "paid by `by` (Healing Ray, Parasitic Tentacles)."),
    _K("energy-lost", ("monster", "amount", "card"), (R.POWER_CARDS, R.TRANSFORMATION, R.COSTUMES),
       "`monster` loses `amount` energy (from `card`)."),
    _K("healed", ("monster", "amount", "card", "tile"),
       (R.HEAL, R.POWER_CARDS, R.WICKEDNESS, R.COSTUMES, R.CULTISTS, R.TOKYO_TOWER),
       "`monster` gains `amount` life (rolled hearts, or from `card`)."),
    _K("not-healed", ("monster", "amount", "reason", "card", "tile"),
       (R.HEAL, R.POWER_CARDS, R.WICKEDNESS, R.COSTUMES, R.CULTISTS, R.TOKYO_TOWER),
       "`amount` hearts heal nothing: reason \"tokyo\" (hearts do not heal in Tokyo) or \"full\" (at maximum)."),
    _K("smashed", ("monster", "amount", "targets"), (R.SMASH,),
       "`monster` smashes with `amount` claws; `targets` (monster ids) each lose `amount` life; empty if none."),
    _K("damaged", ("monster", "amount", "by", "card", "reason"), (R.SMASH, R.POWER_CARDS, R.BERSERK),
       "`monster` loses `amount` life, to `by`'s smash (rule smash) or to `card` (rule power-cards); reason "
       "\"poison\": to its Poison tokens at the end of its turn."),
    _K("stayed", ("monster", "space"), (R.YIELDING,), "Smashed, `monster` stays in `space` (city/bay)."),
    _K("yielded", ("monster", "space", "card"), (R.YIELDING,),
       "Smashed, `monster` yields `space` and goes outside; with `card` (Jets) it leaves before the smash lands."),
    _K("entered", ("monster", "space"), (R.ENTERING, R.TOKYO_BAY),
       "`monster` enters `space`: \"city\" (rule entering) or \"bay\" (rule tokyo-bay)."),
    _K("bay-closed", ("monster", "to:space"), (R.TOKYO_BAY,),
       "Only 4 monsters are left: Tokyo Bay closes; its occupant `monster` (or none) goes `to` \"city\" or "
       "\"outside\", without an entry reward."),
    _K("card-bought", ("monster", "card", "slot", "amount", "reason", "by"), (R.BUYING,),
       "`monster` buys `card` from slot `slot` for `amount` energy; reason \"opportunist\": out of turn as it is "
       "revealed; \"deck\": the top card of the deck (Made in a Lab, no slot); \"monster\": from `by` (Parasitic "
       "Tentacles, no slot)."),
    _K("card-kept", ("monster", "card"), (R.POWER_CARDS,), "Keep card `card` joins `monster`."),
    _K("card-played", ("monster", "card"), (R.POWER_CARDS,),
       "Discard card `card` takes effect for `monster`, then goes to the discard pile."),
    _K("market-swept", ("monster", "amount", "cards"), (R.SWEEPING,),
       "`monster` pays `amount` energy to discard `cards` (the market); new cards are revealed."),
    _K("turn-ended", ("monster", "turn"), (R.END_OF_TURN,), "Turn `turn` of `monster` ends."),
    _K("goal-reached", ("monster", "amount"), (R.GOAL,),
       "`monster` reaches `amount` VP (20 or more): it wins if it survives its turn's end."),
    _K("eliminated", ("monster", "cards", "amount", "space"), (R.ELIMINATION,),
       "`monster` is at 0 life and out: its Keep `cards` are discarded, its `amount` energy returned; it "
       "leaves `space` if it was in Tokyo."),
    # --- Power card effects (issue 4) ---
    _K("smash-added", ("monster", "amount", "card", "tile"), (R.POWER_CARDS, R.WICKEDNESS),
       "`card` adds `amount` smashes to `monster`'s resolved roll (Acid Attack, Burrowing, Poison Quills…)."),
    _K("damage-prevented", ("monster", "amount", "card"), (R.POWER_CARDS,),
       "`card` keeps `monster` from losing `amount` life (Armor Plating, Wings, Jets)."),
    _K("card-rolled", ("monster", "card", "faces", "amount"), (R.POWER_CARDS,),
       "`monster` rolls `faces` for `card` (Camouflage): `amount` hearts, each cancelling 1 life of the loss."),
    _K("shielded", ("monster", "card"), (R.POWER_CARDS,),
       "`monster` uses `card` (Wings): it loses no life for the rest of this turn."),
    _K("extra-roll", ("monster", "card", "amount"), (R.POWER_CARDS, R.ROLLING),
       "`monster` gets one more roll from `card` (Smoke Cloud: `amount` Smoke tokens left; Energy Drink)."),
    _K("die-rerolled", ("monster", "die", "face", "card", "by", "reason"), (R.POWER_CARDS, R.COSTUMES),
       "Die number `die` (1-based) of `monster` is rolled again with `card` and shows `face`; reason \"other\" and "
       "`by` when another monster did it (Psychic Probe)."),
    _K("die-changed", ("monster", "die", "face", "card"), (R.POWER_CARDS, R.COSTUMES),
       "`monster` turns die number `die` (1-based) to `face` with `card` (Herd Culler, Plot Twist, Stretchy)."),
    _K("card-loaded", ("monster", "card", "amount", "reason"), (R.POWER_CARDS,),
       "`amount` tokens go on `monster`'s `card`: reason \"smoke\" (Smoke tokens) or \"energy\" (energy from the "
       "bank, Battery Monster); `card` is the copying card (Mimic) for a copy."),
    _K("card-discarded", ("monster", "card", "reason"), (R.POWER_CARDS,),
       "`monster`'s Keep card `card` goes to the discard pile: reason \"used\" (Plot Twist), \"empty\" (Smoke "
       "Cloud, Battery Monster), \"heart\" (Psychic Probe rolled a heart), \"sold\" (Metamorph), \"child\" (It Has "
       "a Child!)."),
    _K("poisoned", ("monster", "amount", "by", "card", "tile"), (R.POWER_CARDS, R.WICKEDNESS),
       "`monster`, smashed by `by`, gets `amount` Poison tokens (`card`)."),
    _K("shrunk", ("monster", "amount", "by", "card"), (R.POWER_CARDS,),
       "`monster`, smashed by `by`, gets `amount` Shrink tokens (`card`)."),
    _K("poison-removed", ("monster", "amount"), (R.POWER_CARDS,),
       "`monster` spends `amount` heart results to remove as many Poison tokens (outside Tokyo; they do not heal)."),
    _K("shrink-removed", ("monster", "amount"), (R.POWER_CARDS,),
       "`monster` spends `amount` heart results to remove as many Shrink tokens (outside Tokyo; they do not heal)."),
    _K("extra-turn", ("monster", "card", "tile"), (R.POWER_CARDS, R.WICKEDNESS),
       "`monster` will take another turn after this one (`card`: Frenzy, Freeze Time)."),
    _K("max-life-changed", ("monster", "amount", "card", "tile"), (R.POWER_CARDS, R.WICKEDNESS),
       "`monster`'s maximum life is now `amount` (`card` arrived or left; never above 12)."),
    _K("mimic-placed", ("monster", "card", "by", "amount"), (R.POWER_CARDS,),
       "`monster` puts the Mimic token on `by`'s `card`, paying `amount` energy (0 when Mimic is bought)."),
    _K("mimic-returned", ("monster", "card"), (R.POWER_CARDS,),
       "The Keep card `card` that `monster`'s Mimic copied has left play: Mimic stops working, its token comes back."),
    _K("tokyo-left", ("monster", "space", "card"), (R.POWER_CARDS,),
       "`monster` must leave `space` because of `card` (Death From Above, It Has a Child!): not a yield."),
    _K("tokyo-moved", ("monster", "space", "card"), (R.POWER_CARDS,),
       "`monster` moves up from Tokyo Bay to `space` (Tokyo City) with `card`, without an entry reward."),
    _K("reborn", ("monster", "amount", "card"), (R.POWER_CARDS,),
       "`monster` reached 0 life but `card` (It Has a Child!) brings it back with `amount` life, no cards, no VP."),
    _K("heart-given", ("monster", "by", "card"), (R.POWER_CARDS,),
       "`by` spends one of its heart results on `monster` (`card`: Healing Ray); `monster` heals and pays."),
    # --- Halloween costumes, cultists, Tokyo Tower (issue 9) ---
    _K("costumes-dealt", ("monster", "cards"), (R.COSTUMES,),
       "`monster` draws the costumes `cards` (hidden from the others) before the first turn and will keep one."),
    _K("costume-kept", ("monster", "card"), (R.COSTUMES,),
       "`monster` keeps the costume `card` (before the first turn)."),
    _K("costumes-shuffled", ("amount",), (R.COSTUMES,),
       "The `amount` costumes nobody kept are shuffled into the Power deck."),
    _K("costume-stolen", ("monster", "card", "by", "amount"), (R.COSTUMES,),
       "`monster` (3+ smashes) takes the costume `card` from `by`, whom it wounded, paying it `amount` energy."),
    _K("cheered", ("monster", "by", "card"), (R.COSTUMES,),
       "`by` cheers for the active `monster` (`card`: Cheerleader): its roll gains one smash."),
    _K("damage-added", ("monster", "amount", "by", "card"), (R.COSTUMES,),
       "`monster` loses `amount` more life to `by`'s `card` (Devil)."),
    _K("damage-reduced", ("monster", "amount", "card"), (R.COSTUMES,),
       "`card` (Robot) keeps `monster` from losing `amount` of the life it was losing."),
    _K("stands-at-zero", ("monster", "card"), (R.COSTUMES,),
       "`monster` is at 0 life but stays in the game (`card`: Zombie)."),
    _K("cultist-gained", ("monster", "amount", "faces"), (R.CULTISTS,),
       "`monster` gains `amount` cultists: four or more of each face in `faces`."),
    _K("cultist-used", ("monster", "amount", "reason"), (R.CULTISTS,),
       "`monster` discards a cultist (`amount` left) for reason \"heart\" (1 heart), \"energy\" (1 energy) or "
       "\"reroll\" (one more roll)."),
    _K("tower-level-lost", ("monster", "reason", "by"), (R.TOKYO_TOWER,),
       "`by` takes the Tokyo Tower level `reason` (\"bottom\", \"middle\") away from `monster`."),
    _K("tower-level-taken", ("monster", "reason", "by"), (R.TOKYO_TOWER,),
       "`monster` takes the Tokyo Tower level `reason` (\"bottom\", \"middle\", \"top\"), from `by` or the supply."),
    _K("tower-bonus", ("monster", "reason"), (R.TOKYO_TOWER,),
       "`monster` starts its turn holding the Tower level `reason` (\"bottom\": 1 heart, \"middle\": 1 heart and 1 "
       "energy, \"both\": 2 hearts and 1 energy)."),
    _K("tower-levels-returned", ("monster", "reason"), (R.TOKYO_TOWER,),
       "Eliminated, `monster` gives its Tower level `reason` (\"bottom\", \"middle\", \"both\") back to the supply."),
    _K("game-over", ("winners", "reason", "shared"), (R.VICTORY,),
       "The game ends: `winners` (monster ids, may be empty); reason \"points\", \"last-survivor\", "
       "\"all-eliminated\", \"final-roar\" (wickedness tile) or \"tokyo-tower\" (the Tower's top level taken); "
       "`shared` is true when several win together (house fallback)."),
    # --- Evolutions module (issue 12) ---
    _K("evolutions-drawn", ("monster", "amount", "reason"), (R.EVOLUTIONS,),
       "`monster` draws `amount` (0–2) Evolution cards from its deck: reason \"start\" (before the first turn) or "
       "\"hearts\" (a resolved roll with 3 or more hearts), \"sphinx\" (Gaze of the Sphinx's ankh: one card, kept); 0: "
       "its deck and discard pile are empty."),
    _K("evolution-kept", ("monster", "evolution"), (R.EVOLUTIONS,),
       "`monster` keeps Evolution `evolution` hidden in its hand (the site shows its name only to its holder)."),
    _K("evolution-discarded", ("monster", "evolution", "reason"), (R.EVOLUTIONS,),
       "Evolution `evolution` goes to `monster`'s Evolution discard pile: reason \"not-kept\" (the other card "
       "drawn), \"eliminated\" (its monster is out), or a card's reason for leaving play."),
    _K("evolution-played", ("monster", "evolution", "reason"), (R.EVOLUTIONS,),
       "`monster` plays Evolution `evolution`; reason: its kind, \"temporary\" (used, then discarded) or "
       "\"permanent\" (stays in play)."),
    _K("evolution-deck-shuffled", ("monster", "amount"), (R.EVOLUTIONS,),
       "`monster`'s Evolution deck is empty: its discard pile (`amount` cards) is shuffled into a new deck."),
    _K("deck-revealed", ("monster", "card", "evolution", "reason"), (R.EVOLUTIONS,),
       "`monster` reveals `card` from the top of the Power deck for `evolution`: reason \"taken\" (it takes it) or "
       "\"discarded\" (it goes to the discard pile)."),
    _K("discard-revealed", ("monster", "card", "evolution"), (R.EVOLUTIONS,),
       "`monster` shuffles the Power discard pile and reveals `card` from it (`evolution`)."),
    _K("evolution-moved", ("monster", "evolution", "to", "reason"), (R.EVOLUTIONS,),
       "`monster`'s Evolution `evolution` in play moves to monster `to`: reason \"given\" or \"returned\"."),
    _K("face-frozen", ("monster", "face", "evolution"), (R.EVOLUTIONS,),
       "`monster` names `face`: those dice count for nothing this turn (`evolution`)."),
    _K("die-frozen", ("monster", "die", "face", "evolution"), (R.EVOLUTIONS,),
       "`monster` pays 1 energy and freezes its die `die` showing `face` until its next turn starts (`evolution`)."),
    _K("frozen-die-added", ("monster", "die", "face", "by", "evolution"), (R.EVOLUTIONS,),
       "`monster` rolled one die fewer: `by`'s frozen die, showing `face`, is added as its die `die` (`evolution`)."),
    _K("evolution-copied", ("monster", "evolution"), (R.EVOLUTIONS,),
       "`monster`'s Icy Reflection becomes a copy of Evolution `evolution` in play."),
    _K("turn-skipped", ("monster", "evolution"), (R.EVOLUTIONS,),
       "`monster` skips the rest of its turn (`evolution`): no roll, no resolving, no entering, no buying; the "
       "end of its turn still happens."),
    _K("turn-missed", ("monster", "evolution"), (R.EVOLUTIONS,),
       "`monster` misses this turn (`evolution`): the next monster in turn order plays instead."),
    _K("purchase-cancelled", ("monster", "card", "by", "evolution"), (R.EVOLUTIONS,),
       "`by` cancels `monster`'s purchase of `card` (`evolution`): no energy is spent, and `monster` may not buy "
       "that card for the rest of the turn."),
    _K("beauty-taken", ("monster", "by", "reason", "evolution"), (R.EVOLUTIONS,),
       "`monster` takes the Beauty card (`evolution`); reason \"wounded\": from `by`, the holder its smashes "
       "wounded; \"returned\": back from `by`, eliminated."),
    _K("target-given", ("monster", "to", "evolution"), (R.EVOLUTIONS,),
       "`monster` gives the Target token to monster `to` (`evolution`): `to` loses 1 more life each time "
       "`monster` makes it lose life."),
    _K("evolutions-pooled", ("amount",), (R.MUTANT_DRAFT,),
       "Mutant draft: the Evolution decks in play (`amount` cards) are shuffled together and dealt 8 to each."),
    _K("evolution-picked", ("monster", "evolution", "round"), (R.MUTANT_DRAFT,),
       "Mutant draft, round `round` (1–8): `monster` picks `evolution` and passes the rest to its left."),
    # --- Berserk, Transformation and Wickedness modules (issue 10) ---
    _K("berserk-started", ("monster", "amount"), (R.BERSERK,),
       "`monster`'s dice resolved with `amount` smash results (4 or more): it goes berserk and will roll the "
       "berserk die with its dice."),
    _K("berserk-ended", ("monster", "reason"), (R.BERSERK,),
       "`monster` is no longer berserk: reason \"healed\" (it gained life)."),
    _K("berserk-skull", ("monster", "amount"), (R.BERSERK,),
       "`monster`'s berserk die shows the skull: it loses `amount` life (the `damaged` event follows, reason "
       "\"skull\")."),
    _K("transformed", ("monster", "reason"), (R.TRANSFORMATION,),
       "`monster` paid 1 energy to turn its Transformation card over: reason \"beast\" or \"robot\", the side now "
       "up."),
    _K("beast-rerolled", ("monster", "die", "face"), (R.TRANSFORMATION,),
       "`monster`, on its Beast side, rerolls die number `die` (1-based) once more: it shows `face`."),
    _K("tiles-revealed", ("tiles",), (R.WICKEDNESS,),
       "Setup: the wickedness tiles `tiles` (ids) are face up beside the gauge."),
    _K("wickedness-gained", ("monster", "amount", "total"), (R.WICKEDNESS,),
       "`monster`'s wickedness marker moves `amount` spaces (three 1s: 2, three 2s: 1) to `total` (at most 10)."),
    _K("no-tile", ("monster", "level"), (R.WICKEDNESS,),
       "`monster` reached level `level` of the gauge but no tile is left there."),
    _K("tile-taken", ("monster", "tile", "level"), (R.WICKEDNESS,),
       "`monster` takes wickedness tile `tile` from level `level`."),
    _K("tile-discarded", ("monster", "tile", "reason"), (R.WICKEDNESS,),
       "`monster`'s tile `tile` leaves the game: reason \"used\" (a tile that acts once) or \"eliminated\"."),
    _K("tile-copied", ("monster", "tile", "card", "by"), (R.WICKEDNESS,),
       "`monster`'s tile `tile` (Fluxling) now copies `card`, a Keep card `by` holds."),
    _K("final-roar", ("monster", "amount", "tile"), (R.WICKEDNESS,),
       "`monster` is reduced to 0 life with `amount` VP (16 or more) and holds `tile` (Final Roar): it wins."),
    # --- curses (the Anubis module): ``curse`` names a curse card
    _K("curse-revealed", ("curse", "reason"), (R.CURSES,),
       "`curse` comes into force: reason \"setup\" (revealed at setup) or \"horus\" (the die of fate showed the Eye "
       "of Horus); its permanent effect starts now."),
    _K("curse-discarded", ("curse",), (R.CURSES,), "The curse in force, `curse`, goes to the curse discard pile."),
    _K("curse-deck-shuffled", ("amount",), (R.CURSES,),
       "The curse deck is empty: the `amount` discarded curses are shuffled into a new deck."),
    _K("scarab-placed", ("monster",), (R.CURSES,), "`monster`, the last in turn order, starts with the golden scarab."),
    _K("scarab-taken", ("monster", "curse", "by"), (R.CURSES,),
       "`monster` takes the golden scarab (`curse`); with `by`: `by` hands it to `monster`."),
    _K("fate-resolved", ("monster", "reason", "curse"), (R.CURSES,),
       "`monster`'s die of fate resolves: reason is its face (horus, ankh, snake, river); `curse` is in force."),
    _K("curse-blocked", ("monster", "amount", "curse", "reason"), (R.CURSES,),
       "`curse` keeps `monster` from something: `reason` is \"life\", \"energy\", \"vp\" (`amount` not gained), "
       "\"smash\", \"heart\", \"faces\" (`amount` dice that count for nothing), \"damage\" (`amount` life not "
       "lost) or \"yield\" (smashed in Tokyo, it may not yield)."),
    _K("curse-redirected", ("monster", "amount", "by", "reason", "curse"), (R.CURSES,),
       "The `amount` `reason` (life or energy) `by` would gain go to `monster`, the scarab holder (`curse`)."),
    _K("curse-gift", ("monster", "amount", "to", "reason", "curse"), (R.CURSES,),
       "`monster` gives `to` `amount` `reason` (heart, energy or vp) from its own stock (`curse`)."),
    _K("die-added", ("monster", "die", "face", "curse"), (R.CURSES,),
       "`monster` gets one more die, number `die` (1-based), showing `face` (`curse`)."),
    _K("die-discarded", ("monster", "die", "face", "curse"), (R.CURSES,),
       "`monster`'s die number `die` (1-based), showing `face`, is discarded (`curse`)."),
    _K("die-rerolled-curse", ("monster", "die", "face", "by", "curse"), (R.CURSES,),
       "`monster`'s die number `die` (1-based), picked by `by`, is rolled again and shows `face` (`curse`)."),
    _K("curse-card-discarded", ("monster", "card", "curse"), (R.CURSES,),
       "`curse` makes `monster` discard its Keep card `card` (then `card-discarded` follows)."),
    _K("curse-card-drawn", ("monster", "card", "curse"), (R.CURSES,),
       "`monster` takes `card` from the top of the deck for free (`curse`); `card-kept` or `card-played` follows."),
    _K("life-capped", ("monster", "amount", "curse"), (R.CURSES,),
       "`curse` lowers the maximum life: `monster`'s life drops to `amount`."),
    _K("curse-extra-roll", ("monster", "curse"), (R.CURSES,), "`monster` gets one more roll (`curse`)."),
    _K("curse-extra-turn", ("monster", "curse"), (R.CURSES,),
       "`monster` will take another turn after this one, without the die of fate (`curse`)."),
    _K("curse-left-tokyo", ("monster", "space", "curse"), (R.CURSES,),
       "`monster` must leave `space` because of `curse` (not a yield)."),
)}


def extend(kind: str, rules: tuple[str, ...] = (), params: tuple[str, ...] = ()) -> None:
    """Let a module's effects emit the existing ``kind`` with its own rule and params (``vp-gained`` with rule
    ``evolutions`` and param ``evolution``; ``name:type`` as in ``KINDS``): called by the module on import."""
    k = KINDS[kind]
    names, types = _typed(params)
    added = tuple(p for p in names if p not in k.params)
    KINDS[kind] = EventKind(k.kind, k.params + added, k.rules + tuple(r for r in rules if r not in k.rules), k.doc,
                            {**k.types, **{p: types[p] for p in added}})


def mismatches(event: Event, monsters: frozenset[str] | None = None) -> list[str]:
    """What in ``event`` its kind does not declare: a rule, a param, or a value not of its param's type
    (``monsters``: the monster ids of the game, when known). Empty when the event follows the catalogue. For tests:
    nothing checks an event while the engine plays."""
    kind = KINDS.get(event.kind)
    if kind is None:
        return [f"unknown kind {event.kind!r}"]
    found = [] if event.rule in kind.rules else [f"rule {event.rule!r} not declared"]
    for name, value in event.params().items():
        ptype = kind.types.get(name)
        if ptype is None:
            if value is not None or name not in ("monster", "amount"):  # those two are always in ``params()``
                found.append(f"param {name!r} not declared")
        elif value is not None and not conforms(ptype, value, monsters):  # None: nobody (``bay-closed``)
            found.append(f"param {name!r} = {value!r} is not a {ptype}")
    return found


def conforms(ptype: ParamType, value: Any, monsters: frozenset[str] | None = None) -> bool:
    """Whether ``value`` is a ``ptype`` (``monsters``: the ids a monster param may name, when known)."""
    from . import options
    from .dice import FACE_SET, is_special_face
    from .setup import LOCATIONS

    def one(t: ParamType, v: Any) -> bool:
        if t is ParamType.NUMBER:
            return isinstance(v, int) and not isinstance(v, bool)
        if t is ParamType.FLAG:
            return isinstance(v, bool)
        if not isinstance(v, str) or not v:
            return False
        if t is ParamType.MONSTER:
            return monsters is None or v in monsters
        if t is ParamType.FACE:
            return v in FACE_SET or is_special_face(v)
        if t is ParamType.SPACE:
            return v in LOCATIONS
        if t is ParamType.OPTION:
            return v in options.ALL
        return True  # ids and words: any non-empty string

    element = _ELEMENT.get(ptype)
    if element is None:
        return one(ptype, value)
    if element is ParamType.NUMBER:
        return isinstance(value, list) and all(one(element, v) and v >= 0 for v in value)
    return isinstance(value, list) and all(one(element, v) for v in value)


_ELEMENT = {ParamType.MONSTERS: ParamType.MONSTER, ParamType.CARDS: ParamType.CARD, ParamType.TILES: ParamType.TILE,
            ParamType.FACES: ParamType.FACE, ParamType.OPTIONS: ParamType.OPTION, ParamType.INDICES: ParamType.NUMBER,
            ParamType.NUMBERS: ParamType.NUMBER}
