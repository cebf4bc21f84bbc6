"""What the host enters at the table, turned into engine actions: the faces rolled (given before the roll that shows
them, as chance from outside), the card revealed (given before the buy or sweep that reveals it), and the player's
own choice. The engine decides whether the rules allow it; a refusal is worded here in the reader's language.

`Tampered` is input no form of ours sends (a 400); `Refused` is an entry the rules forbid, or an entry left
incomplete, explained beside the controls."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from kotguide.disputes.editor import card_id, card_matches
from kotguide.engine import GameState, IllegalAction, apply, why_illegal
from kotguide.engine.dice import FACE_SET
from kotguide.engine.flow import turn_limits
from kotguide.engine.phases import DecisionKind

from ..sandbox.words import card_name, monster_name

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
    "card-not-in-deck": gettext_lazy(
        "%(card)s cannot be the card revealed: every copy is already in the market, held by a monster or "
        "discarded. Check the name of the card that came up."),
    "die-locked": gettext_lazy("Die %(die)s may not be rerolled now: a card holds it."),
    "must-choose": gettext_lazy("%(monster)s must choose one of the options: passing is not allowed here."),
    "game-over": gettext_lazy("The game is over: nothing more can be entered."),
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
    words = {"monster": monster_name(str(params.get("monster") or s.monsters[seat].id), lang),
             "card": card_name(str(params["card"]), lang) if params.get("card") else "",
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


def faces(post, names: list[str], required: bool) -> list[str | None]:
    """The faces entered for the fields `names` (None: left empty, when not `required`)."""
    out: list[str | None] = []
    for name in names:
        face = post.get(name, "")
        if face and face not in FACE_SET:
            raise Tampered(name)
        if not face and required:
            raise Refused(_("Enter the face of every die rolled."))
        out.append(face or None)
    return out


def actions_for(s: GameState, post, lang: str) -> list[str]:
    """The action codes of one entry (`entry` names it), checked by the engine on a copy of the game: Refused with
    the engine's reason in words, or Tampered."""
    entry = post.get("entry", "")
    if s.decision is None:
        raise Refused(str(REASONS["game-over"]))
    if entry == "roll":
        dice = turn_limits(s).dice
        rolled = faces(post, [f"face-{i}" for i in range(dice)], required=True)
        codes = ["dice:" + ".".join(f for f in rolled if f), "roll"]
    elif entry == "reroll":
        if s.decision.kind == DecisionKind.RESOLVE:  # a fourth roll: refused whatever dice it names
            _first_check(s, "reroll:0", lang)
        new = faces(post, [f"face-{i}" for i in range(len(s.dice))], required=False)
        ticked = set(post.getlist("again"))
        if not ticked <= {str(i) for i in range(len(s.dice))}:
            raise Tampered("again")
        # a die is rerolled when its face changed, or when it is ticked as rolled again (it may show the same face)
        which = [i for i, face in enumerate(new) if (face and face != s.dice[i]) or str(i) in ticked]
        if not which:
            raise Refused(_("Choose the dice that were rerolled: tap each one's new face, or tick it if it came up "
                            "the same."))
        codes = ["dice:" + ".".join(new[i] or s.dice[i] for i in which), "reroll:" + ".".join(map(str, which))]
    elif entry in ("resolve", "stay", "yield", "end", "pass") or entry.startswith("use:"):
        codes = [entry]
    elif entry.startswith("buy:"):
        slot = entry.partition(":")[2]
        if not (slot.isascii() and slot.isdigit() and int(slot) < len(s.market)):
            raise Tampered(entry)
        _first_check(s, entry, lang)  # a buy beyond the monster's energy is refused before the revealed card is asked
        codes = (["card:" + typed_card(post.get("revealed", ""), lang)] if s.deck else []) + [entry]
    elif entry == "sweep":
        _first_check(s, entry, lang)
        revealed = [typed_card(post.get(f"swept-{i}", ""), lang) for i in range(len(s.market))]
        # each card given goes on top of the deck: the last given is drawn first, into the first slot
        codes = ["card:" + card for card in reversed(revealed)] + ["sweep"]
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
