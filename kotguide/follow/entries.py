"""What the host enters at the table, turned into engine actions: the faces rolled (given before the roll that shows
them, as chance from outside: base faces, then each special die's `kind:face`), the cards revealed (given in order
before the buy or sweep that reveals them, past the deck's last card into the reshuffled discard pile), and the
player's own choice. A module's one-die reroll (the Beast side's) is entered
as the die and its new face. The engine decides whether the rules allow it; a refusal is worded here in the reader's
language.

A module's own deck (the curse revealed, the Evolutions drawn: `ModuleUI.deck`) is asked like the Power card
revealed: an entry that draws from it (tried on a copy first) carries one typed name per card drawn, given to the
engine before the entry (`curse:ID`, `evolution:MONSTER.ID`); so is the Power card an entry turns up from the
discard pile (Miraculous Catch: `discard:ID`), and the Power cards it takes from the deck (Deep Dive's three, looked
at from the top: `card:ID` each, in order). So are the dice any other entry rolls (a card's
reroll, Camouflage, a curse, an Evolution: whatever the engine would draw from the seed on that copy): one die
field per face, given as `dice:…` before the entry, so the site never rolls a die of a followed game.

`Tampered` is input no form of ours sends (a 400); `Refused` is an entry the rules forbid, or an entry left
incomplete, explained beside the controls."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from kotguide import site_modules
from kotguide.content import components
from kotguide.disputes.editor import card_id, card_matches, fold
from kotguide.engine import GameState, IllegalAction, apply, why_illegal
from kotguide.engine.chance import seeded_cards_since, seeded_since
from kotguide.engine.dice import FACES, die_kind
from kotguide.engine.flow import turn_limits
from kotguide.engine.phases import DecisionKind

from ..sandbox.words import card_name, component_name, monster_name

# each engine refusal, said for the table: what the rules say and what to do instead
REASONS = {
    "no-rolls-left": gettext_lazy(
        "%(monster)s has already rolled three times this turn (the first roll and two rerolls), and no card it holds "
        "gives another roll. Resolve the dice as they are."),
    "not-enough-energy": gettext_lazy(
        "%(monster)s has %(energy)s energy and this costs %(cost)s: a Power card is bought only with the energy "
        "already in front of the monster. Nothing was bought."),
    "may-not-buy": gettext_lazy("%(monster)s may not buy this now."),
    "nothing-to-sweep": gettext_lazy("The market cannot be swept: there are not enough cards left in the deck."),
    "card-not-in-discard": gettext_lazy(
        "%(card)s cannot be the card turned up: it is not in the discard pile. Check the name of the card that came "
        "up."),
    "card-cannot-come-up": gettext_lazy(
        "%(card)s cannot be the card revealed there: while the deck has cards, only one of the deck comes up; once "
        "it runs out, only one of the discard pile it is shuffled from. Check the name of the card that came up."),
    "die-locked": gettext_lazy("Die %(die)s may not be rerolled now: a card holds it."),
    "must-choose": gettext_lazy("%(monster)s must choose one of the options: passing is not allowed here."),
    "game-over": gettext_lazy("The game is over: nothing more can be entered."),
    "curse-cannot-come-up": gettext_lazy(
        "%(card)s cannot be the curse revealed: it is in force or discarded, and the curse deck still has cards. "
        "Check the name of the curse that came up."),
    "evolution-cannot-come-up": gettext_lazy(
        "%(card)s cannot be the card %(monster)s drew: it is not among the Evolution cards left in its deck (it is "
        "in a hand, in play or discarded, or in another deck). Check the name of the card drawn."),
}
FALLBACK = gettext_lazy("The rules do not allow this at this point of the turn.")


class Tampered(ValueError):
    """A request no form of this site sends."""


class Refused(Exception):
    """An entry the rules forbid (or left incomplete): `message` says why, in the reader's language; `suggestions`
    are cards whose names begin as typed."""

    def __init__(self, message: str, suggestions: list[tuple[str, str, str]] | None = None):
        super().__init__(message)
        self.message = message
        self.suggestions = suggestions or []


def explain(s: GameState, error: IllegalAction, lang: str) -> str:
    params = dict(error.params)
    seat = s.decision.seat if s.decision else s.active
    card = (card_name(str(params["card"]), lang) if params.get("card")
            else component_name("curses", str(params["curse"]), lang) if params.get("curse")
            else component_name("evolutions", str(params["evolution"]), lang) if params.get("evolution") else "")
    words = {"monster": monster_name(str(params.get("monster") or s.monsters[seat].id), lang), "card": card,
             "energy": params.get("energy", ""), "cost": params.get("cost", ""), "die": params.get("die", "")}
    return str(REASONS.get(error.code, FALLBACK)) % words


def typed_card(typed: str, lang: str) -> str:
    """The id of the card typed (a name in either language); Refused with the near names otherwise."""
    typed = typed.strip()[:80]
    if not typed:
        raise Refused(_("Enter the name of the card revealed (in Japanese or English)."))
    found = card_id(typed)
    if found is None:
        raise Refused(_("No Power card is called “%(typed)s”.") % {"typed": typed}, card_matches(typed, lang))
    return found


@dataclass(frozen=True)
class Draw:
    """One card an entry draws from a module's own deck: its field, its label, and who draws it ("": the table)."""

    field: str
    label: str
    module: site_modules.ModuleUI
    monster: str


@dataclass(frozen=True)
class Asked:
    """What an entry would leave to the site, found by playing it on a copy: the cards it draws from the modules'
    own decks, and the kind of each die it rolls (None: a base die), which the table enters instead."""

    draws: list[Draw]
    dice: list[str | None]
    from_discard: bool = False  # it turns up a Power card from the shuffled discard pile (Miraculous Catch)
    cards: int = 0  # the Power cards it draws or looks at from the top of the deck (Deep Dive), in order

    def __bool__(self) -> bool:
        return bool(self.draws or self.dice or self.from_discard or self.cards)


def asked(s: GameState, code: str, lang: str) -> Asked:
    """The cards `code` would draw from the modules' own decks, the dice it would roll, whether it turns up a card
    from the discard pile and how many Power cards it takes from the deck, found by playing it on a copy (nothing
    when refused)."""
    try:
        state, events = apply(s, code)
    except IllegalAction:
        return Asked([], [])
    out: list[Draw] = []
    for module in site_modules.in_play(s.options):
        if module.deck is None:
            continue
        count: dict[str, int] = {}
        for monster in module.deck.drawn(events):
            count[monster] = count.get(monster, 0) + 1
            words = {"monster": monster_name(monster, lang) if monster else "", "n": count[monster]}
            out.append(Draw(f"drawn-{len(out)}", str(module.deck.label) % words, module, monster))
    return Asked(out, seeded_since(s, state), any(e.kind == "discard-revealed" for e in events),
                 seeded_cards_since(s, state))


def drawn_card(draw: Draw, typed: str, s: GameState, lang: str) -> str:
    """The id of the card typed for `draw` (its name in either language); Refused, in words, otherwise."""
    typed = typed.strip()[:80]
    if not typed:
        raise Refused(_("Enter the name of each card drawn (in Japanese or English)."))
    deck = draw.module.deck
    assert deck is not None
    at_table = [m.id for m in s.monsters]
    want = fold(typed)
    for value, _name in deck.choices(lang, draw.monster, at_table):
        found = components.find(lang, deck.kind, value)
        if found is not None and want in (fold(found.name), fold(found.other_name)):
            return value
    raise Refused(_("No card of this deck is called “%(typed)s”: check the name of the card that came up.")
                  % {"typed": typed})


def die_faces(kind: str | None) -> tuple[str, ...]:
    """The faces a die of `kind` (None: a base die) can be entered with, in the order the forms show them: a special
    die's from the module that adds it; none for a die nobody rolls (a frozen die)."""
    if kind is None:
        return FACES
    die = site_modules.special_die(kind)
    return tuple(die.faces) if die else ()


def faces(post, kinds: list[str | None], required: bool) -> list[str | None]:
    """The faces entered in the fields `face-0`, `face-1`… for dice of `kinds` (None: left empty, when not
    `required`). A face its die does not have, or a field for a die that is not there, is Tampered."""
    fields = [name for name in post if name.startswith("face-")]
    if any(name.removeprefix("face-") not in {str(i) for i in range(len(kinds))} for name in fields):
        raise Tampered("face")
    out: list[str | None] = []
    for i, kind in enumerate(kinds):
        face = post.get(f"face-{i}", "")
        if face and face not in die_faces(kind):
            raise Tampered(f"face-{i}")
        if not face and required:
            raise Refused(_("Enter the face of every die rolled."))
        out.append(face or None)
    return out


def die_reroll(s: GameState, effect: str, chosen: str) -> list[str]:
    """A module's reroll of one die (`use:EFFECT:I`) with the face it now shows, given as `I:FACE`."""
    if not chosen:
        raise Refused(_("Tap the new face of the die rolled again."))
    index, _sep, face = chosen.partition(":")
    if not (index.isascii() and index.isdigit() and int(index) < len(s.dice)):
        raise Tampered(chosen)
    if face not in die_faces(die_kind(s.dice[int(index)])):
        raise Tampered(chosen)
    return [f"dice:{face}", f"use:{effect}:{index}"]


def actions_for(s: GameState, post, lang: str) -> list[str]:
    """The action codes of one entry (`entry` names it), checked by the engine on a copy of the game: Refused with
    the engine's reason in words, or Tampered."""
    entry = post.get("entry", "")
    if s.decision is None:
        raise Refused(str(REASONS["game-over"]))
    one_die = {f"use:{reroll.effect}": reroll.effect for reroll in site_modules.die_rerolls(s.options)}
    if entry == "roll":
        limits = turn_limits(s)
        rolled = faces(post, [None] * limits.dice + list(limits.special), required=True)
        codes = ["dice:" + ".".join(f for f in rolled if f), "roll"]
    elif entry == "reroll":
        if s.decision.kind == DecisionKind.RESOLVE:  # a fourth roll: refused whatever dice it names
            _first_check(s, "reroll:0", lang)
        new = faces(post, [die_kind(face) for face in s.dice], required=False)
        ticked = set(post.getlist("again"))
        if not ticked <= {str(i) for i in range(len(s.dice))}:
            raise Tampered("again")
        # a die is rerolled when its face changed, or when it is ticked as rolled again (it may show the same face)
        which = [i for i, face in enumerate(new) if (face and face != s.dice[i]) or str(i) in ticked]
        if not which:
            raise Refused(_("Choose the dice that were rerolled: tap each one's new face, or tick it if it came up "
                            "the same."))
        codes = ["dice:" + ".".join(new[i] or s.dice[i] for i in which), "reroll:" + ".".join(map(str, which))]
    elif entry in one_die:
        codes = die_reroll(s, one_die[entry], post.get("rerolled", ""))
    elif entry.rpartition(":")[0] in one_die:  # the die without its new face: the site would roll it
        raise Tampered(entry)
    elif entry in ("resolve", "stay", "yield", "end", "pass") or entry.startswith("use:"):
        wanted = asked(s, entry, lang)
        rolled = faces(post, wanted.dice, required=True)
        codes = ([draw.module.deck.code(draw.monster, drawn_card(draw, post.get(draw.field, ""), s, lang))
                  for draw in wanted.draws] + (["dice:" + ".".join(f for f in rolled if f)] if rolled else [])
                 + (["discard:" + typed_card(post.get("turned-up", ""), lang)] if wanted.from_discard else [])
                 + ["card:" + typed_card(post.get(f"power-{i}", ""), lang) for i in range(wanted.cards)]
                 + [entry])
    elif entry.startswith("buy:"):
        slot = entry.partition(":")[2]
        if not (slot.isascii() and slot.isdigit() and int(slot) < len(s.market)):
            raise Tampered(entry)
        _first_check(s, entry, lang)  # a buy beyond the monster's energy is refused before the revealed card is asked
        # the card refilling the slot, from the deck or the reshuffled discard pile (none when no card is left)
        revealed = ["card:" + typed_card(post.get("revealed", ""), lang)] if asked(s, entry, lang).cards else []
        codes = revealed + [entry]
    elif entry == "sweep":
        _first_check(s, entry, lang)
        # in slot order, from the deck and then, once it runs out, from the reshuffled discard pile
        new = range(asked(s, entry, lang).cards)
        codes = ["card:" + typed_card(post.get(f"swept-{i}", ""), lang) for i in new] + ["sweep"]
    else:
        raise Tampered(entry)
    _check(s, codes, lang)
    return codes


def _first_check(s: GameState, code: str, lang: str) -> None:
    error = why_illegal(s, code)
    if error is not None:
        raise Refused(explain(s, error, lang))


def _check(s: GameState, codes: list[str], lang: str) -> None:
    """Play the codes on a copy: the engine refuses what the rules forbid, with its reason."""
    state = s
    for code in codes:
        try:
            state, _events = apply(state, code)
        except IllegalAction as error:
            if error.code in ("unknown-action", "bad-face", "bad-slot", "bad-dice"):
                raise Tampered(code) from None
            raise Refused(explain(state, error, lang)) from None
    if seeded_since(s, state):  # the faces entered made it roll more dice than asked: the site would roll them
        raise Refused(_("Enter the face of every die rolled."))
    if seeded_cards_since(s, state):  # a card entered was not there to come up: the site would choose one
        raise Refused(_("A card entered cannot have come up there: the cards left in the deck come up before any "
                        "card of the discard pile, and a card bought and kept is not shuffled back. Check the names "
                        "of the cards revealed."))
