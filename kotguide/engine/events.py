"""Events: what happened, as values. The engine holds no prose.

``Event(kind, rule, monster, amount, data)``: ``kind`` names a template in ``content/{ja,en}/events.toml``;
``rule`` is the section id of ``content/sections.toml`` that caused it; ``monster`` is a monster id (or None);
``amount`` an int (or None); ``data`` holds the other named params, JSON-safe. ``Event.params()`` merges them all
for a template: ``"{monster} gains {amount} VP for {count}×{face}"``.

Every kind, its params and the rules it may carry are listed in ``KINDS`` (the tests check every emitted event
against it). Kinds are stable: add new ones, never rename.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import rules as R


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    rule: str
    monster: str | None = None
    amount: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

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


@dataclass(frozen=True, slots=True)
class EventKind:
    kind: str
    params: tuple[str, ...]  # names of the params the template may use (monster/amount included when used)
    rules: tuple[str, ...]  # the rule ids this kind may carry
    doc: str


_K = EventKind
KINDS: dict[str, EventKind] = {k.kind: k for k in (
    _K("game-started", ("monsters", "options"), (R.SETUP,),
       "The game is set up: monsters (ids, seat order) and options."),
    _K("option-used", ("option",), (R.HOUSE_VARIANTS, R.TWO_PLAYER),
       "An option is in play (house variants carry house-variants, the official one two-player)."),
    _K("card-revealed", ("card", "slot"), (R.SETUP, R.BUYING, R.SWEEPING),
       "A card is turned face up in market slot `slot` (at setup, to refill after a buy, after a sweep)."),
    _K("deck-shuffled", ("amount",), (R.POWER_CARDS,),
       "The deck ran out: the discard pile (`amount` cards) is shuffled into a new deck."),
    _K("roll-off", ("monster", "amount", "faces", "round"), (R.FIRST_PLAYER,),
       "Claw roll-off: `monster` rolled `faces`, `amount` smashes, in round `round` (1 = everyone, 2+ = ties)."),
    _K("first-player", ("monster", "by"), (R.FIRST_PLAYER,),
       "`monster` plays first, chosen `by` \"setup\" or \"roll-off\"."),
    _K("turn-started", ("monster", "turn", "reason", "card"), (R.TURN_OVERVIEW,),
       "Turn number `turn` of `monster` begins; reason \"extra\": an extra turn granted by `card`."),
    _K("dice-rolled", ("monster", "faces", "rerolled", "roll"), (R.ROLLING,),
       "Roll number `roll` (1–3): the dice show `faces`; `rerolled` lists the dice just rolled (0-based)."),
    _K("dice-resolved", ("monster", "faces"), (R.RESOLVING,), "`monster` stops rolling; `faces` are resolved."),
    _K("vp-gained", ("monster", "amount", "face", "count", "card", "reason"),
       (R.NUMBERS, R.TOKYO, R.ENTERING, R.POWER_CARDS),
       "`monster` gains `amount` VP: for `count` dice of `face` (numbers), for starting the turn in Tokyo "
       "(reason \"start\", rule tokyo), for entering (reason \"enter\"), or from `card`."),
    _K("vp-lost", ("monster", "amount", "card"), (R.POWER_CARDS,), "`monster` loses `amount` VP (from `card`)."),
    _K("energy-gained", ("monster", "amount", "card", "reason", "by"),
       (R.ENERGY, R.TWO_PLAYER, R.HOUSE_VARIANTS, R.POWER_CARDS),
       "`monster` gains `amount` energy: rolled (energy), Tokyo reward in the two-player variant (reason "
       "\"start\"/\"enter\"), opening energy (house-variants), or from `card`; reason \"recovered\": energy "
       "taken back (off Battery Monster, a Metamorph refund), not a gain for Friend of Children; reason \"paid\": "
       "paid by `by` (Healing Ray, Parasitic Tentacles)."),
    _K("energy-lost", ("monster", "amount", "card"), (R.POWER_CARDS,),
       "`monster` loses `amount` energy (from `card`)."),
    _K("healed", ("monster", "amount", "card"), (R.HEAL, R.POWER_CARDS),
       "`monster` gains `amount` life (rolled hearts, or from `card`)."),
    _K("not-healed", ("monster", "amount", "reason", "card"), (R.HEAL, R.POWER_CARDS),
       "`amount` hearts heal nothing: reason \"tokyo\" (hearts do not heal in Tokyo) or \"full\" (at maximum)."),
    _K("smashed", ("monster", "amount", "targets"), (R.SMASH,),
       "`monster` smashes with `amount` claws; `targets` (monster ids) each lose `amount` life; empty if none."),
    _K("damaged", ("monster", "amount", "by", "card", "reason"), (R.SMASH, R.POWER_CARDS),
       "`monster` loses `amount` life, to `by`'s smash (rule smash) or to `card` (rule power-cards); reason "
       "\"poison\": to its Poison tokens at the end of its turn."),
    _K("stayed", ("monster", "space"), (R.YIELDING,), "Smashed, `monster` stays in `space` (city/bay)."),
    _K("yielded", ("monster", "space", "card"), (R.YIELDING,),
       "Smashed, `monster` yields `space` and goes outside; with `card` (Jets) it leaves before the smash lands."),
    _K("entered", ("monster", "space"), (R.ENTERING, R.TOKYO_BAY),
       "`monster` enters `space`: \"city\" (rule entering) or \"bay\" (rule tokyo-bay)."),
    _K("bay-closed", ("monster", "to"), (R.TOKYO_BAY,),
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
    _K("smash-added", ("monster", "amount", "card"), (R.POWER_CARDS,),
       "`card` adds `amount` smashes to `monster`'s resolved roll (Acid Attack, Burrowing, Poison Quills…)."),
    _K("damage-prevented", ("monster", "amount", "card"), (R.POWER_CARDS,),
       "`card` keeps `monster` from losing `amount` life (Armor Plating, Wings, Jets)."),
    _K("card-rolled", ("monster", "card", "faces", "amount"), (R.POWER_CARDS,),
       "`monster` rolls `faces` for `card` (Camouflage): `amount` hearts, each cancelling 1 life of the loss."),
    _K("shielded", ("monster", "card"), (R.POWER_CARDS,),
       "`monster` uses `card` (Wings): it loses no life for the rest of this turn."),
    _K("extra-roll", ("monster", "card", "amount"), (R.POWER_CARDS, R.ROLLING),
       "`monster` gets one more roll from `card` (Smoke Cloud: `amount` Smoke tokens left; Energy Drink)."),
    _K("die-rerolled", ("monster", "die", "face", "card", "by", "reason"), (R.POWER_CARDS,),
       "Die number `die` (1-based) of `monster` is rolled again with `card` and shows `face`; reason \"other\" and "
       "`by` when another monster did it (Psychic Probe)."),
    _K("die-changed", ("monster", "die", "face", "card"), (R.POWER_CARDS,),
       "`monster` turns die number `die` (1-based) to `face` with `card` (Herd Culler, Plot Twist, Stretchy)."),
    _K("card-loaded", ("monster", "card", "amount", "reason"), (R.POWER_CARDS,),
       "`amount` tokens go on `monster`'s `card`: reason \"smoke\" (Smoke tokens) or \"energy\" (energy from the "
       "bank, Battery Monster); `card` is the copying card (Mimic) for a copy."),
    _K("card-discarded", ("monster", "card", "reason"), (R.POWER_CARDS,),
       "`monster`'s Keep card `card` goes to the discard pile: reason \"used\" (Plot Twist), \"empty\" (Smoke "
       "Cloud, Battery Monster), \"heart\" (Psychic Probe rolled a heart), \"sold\" (Metamorph), \"child\" (It Has "
       "a Child!)."),
    _K("poisoned", ("monster", "amount", "by", "card"), (R.POWER_CARDS,),
       "`monster`, smashed by `by`, gets `amount` Poison tokens (`card`)."),
    _K("shrunk", ("monster", "amount", "by", "card"), (R.POWER_CARDS,),
       "`monster`, smashed by `by`, gets `amount` Shrink tokens (`card`)."),
    _K("poison-removed", ("monster", "amount"), (R.POWER_CARDS,),
       "`monster` spends `amount` heart results to remove as many Poison tokens (outside Tokyo; they do not heal)."),
    _K("shrink-removed", ("monster", "amount"), (R.POWER_CARDS,),
       "`monster` spends `amount` heart results to remove as many Shrink tokens (outside Tokyo; they do not heal)."),
    _K("extra-turn", ("monster", "card"), (R.POWER_CARDS,),
       "`monster` will take another turn after this one (`card`: Frenzy, Freeze Time)."),
    _K("max-life-changed", ("monster", "amount", "card"), (R.POWER_CARDS,),
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
    _K("game-over", ("winners", "reason", "shared"), (R.VICTORY,),
       "The game ends: `winners` (monster ids, may be empty); reason \"points\", \"last-survivor\" or "
       "\"all-eliminated\"; `shared` is true when several win together (house fallback)."),
)}
