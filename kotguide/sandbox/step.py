"""One step, answered once: what a step changed on the table, the words that announce it, and the one htmx response
the sandbox, the lessons and the game send for a step.

A step's response holds the regions of the table that changed (each compared by a cheap fingerprint of the state it
shows, so the table is built once, for the new state), the text an `aria-live` region announces, and where the
keyboard focus goes next (`static/js/site.js` moves it): the first control of the new decision, or the status line
when nobody must act.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_htmx.http import push_url

from kotguide.engine import GameState
from kotguide.engine.phases import DecisionKind

from .words import card_name, face_name, monster_name, space_name

# where focus goes after a step: the first control of the decision, or the status line
FOCUS_DECISION = "decision"
FOCUS_STATUS = "status"
FOCUS_FEEDBACK = "feedback"  # a wrong answer or a refused step: what was wrong, beside the control pressed


@dataclass(frozen=True)
class Change:
    kind: str  # "dice", "life", "leave", "enter", "vp", "energy", "bought"
    monster: str  # monster id
    before: int | str = 0
    after: int | str = 0
    card: str = ""  # "bought": the card id
    faces: tuple[str, ...] = ()  # "dice": the faces rolled


# the order changes are told in: the dice, what they did to life, who left Tokyo and who entered, then the rest
ORDER = ("dice", "life", "leave", "enter", "vp", "energy", "bought")


def changes(before: GameState, after: GameState) -> list[Change]:
    """What a step changed that the reader should see: life, VP, energy, a move into or out of Tokyo, a card bought."""
    out: list[Change] = []
    if after.dice and (before.dice != after.dice or before.rolls_done != after.rolls_done):
        out.append(Change("dice", after.monsters[after.active].id, faces=tuple(after.dice)))
    for old, new in zip(before.monsters, after.monsters, strict=True):
        for kind in ("life", "vp", "energy"):
            if getattr(old, kind) != getattr(new, kind):
                out.append(Change(kind, new.id, getattr(old, kind), getattr(new, kind)))
        if old.location != new.location:
            if old.location != "outside":
                out.append(Change("leave", new.id, old.location, new.location))
            if new.location != "outside":
                out.append(Change("enter", new.id, old.location, new.location))
        for card in new.cards[len(old.cards):] if new.cards[: len(old.cards)] == old.cards else ():
            out.append(Change("bought", new.id, card=card))
    return sorted(out, key=lambda change: ORDER.index(change.kind))


def changed_by_monster(found: list[Change]) -> dict[str, frozenset[str]]:
    """Per monster id, the kinds of change to highlight on its board."""
    kinds: dict[str, set[str]] = {}
    for change in found:
        if change.kind != "dice":
            kinds.setdefault(change.monster, set()).add("place" if change.kind in ("leave", "enter") else change.kind)
    return {monster: frozenset(k) for monster, k in kinds.items()}


def announcement(found: list[Change], lang: str, *then: str) -> str:
    """The changes as sentences for the aria-live region, in `lang`, followed by the sentences `then` (what comes
    next)."""
    sentences = []
    for change in found:
        who = monster_name(change.monster, lang)
        if change.kind == "life":
            lost = int(change.before) - int(change.after)
            words = (
                ngettext("%(monster)s loses %(n)s life (%(left)s left).",
                         "%(monster)s loses %(n)s life (%(left)s left).", lost)
                if lost > 0 else
                ngettext("%(monster)s heals %(n)s life (%(left)s now).",
                         "%(monster)s heals %(n)s life (%(left)s now).", -lost)
            )
            sentences.append(words % {"monster": who, "n": abs(lost), "left": change.after})
        elif change.kind == "vp":
            gained = int(change.after) - int(change.before)
            words = (ngettext("%(monster)s scores %(n)s VP (%(total)s in all).",
                              "%(monster)s scores %(n)s VP (%(total)s in all).", gained)
                     if gained > 0 else
                     ngettext("%(monster)s loses %(n)s VP (%(total)s in all).",
                              "%(monster)s loses %(n)s VP (%(total)s in all).", -gained))
            sentences.append(words % {"monster": who, "n": abs(gained), "total": change.after})
        elif change.kind == "energy":
            gained = int(change.after) - int(change.before)
            words = (_("%(monster)s gains %(n)s energy (%(total)s in all).") if gained > 0
                     else _("%(monster)s spends %(n)s energy (%(total)s left)."))
            sentences.append(words % {"monster": who, "n": abs(gained), "total": change.after})
        elif change.kind == "leave":
            sentences.append(_("%(monster)s leaves %(space)s.") % {"monster": who,
                                                                  "space": space_name(str(change.before))})
        elif change.kind == "enter":
            sentences.append(_("%(monster)s enters %(space)s.") % {"monster": who,
                                                                  "space": space_name(str(change.after))})
        elif change.kind == "dice":
            faces = ("、" if lang == "ja" else ", ").join(face_name(f) for f in change.faces)
            sentences.append(_("%(monster)s's dice: %(faces)s.") % {"monster": who, "faces": faces})
        elif change.kind == "bought":
            sentences.append(_("%(monster)s buys %(card)s.") % {"monster": who, "card": card_name(change.card, lang)})
    return ("" if lang == "ja" else " ").join([*sentences, *filter(None, then)])


def fingerprints(state: GameState, *extra: object) -> dict[str, int]:
    """A cheap hash per region of what it shows (no table is built): a region whose fingerprint did not change
    is not sent again. `extra`: what else a page shows in every region (the lessons: whether it is your move)."""
    decision = state.decision
    deciding = (decision.kind, decision.seat, decision.window) if decision else None
    monsters = tuple((m.id, m.life, m.max_life, m.vp, m.energy, m.location, tuple(m.cards),
                      tuple(sorted(m.tokens.items())), m.alive, tuple(m.pieces)) for m in state.monsters)
    return {
        "monsters": hash((monsters, state.active, deciding, state.over, repr(sorted(state.marks.items())), extra)),
        "dice": hash((tuple(state.dice), tuple(state.kept), state.rolls_left, state.active, deciding, extra)),
        "market": hash((tuple(state.market), state.deck_size, state.discard_size, monsters[state.active],
                        decision is not None and decision.kind == DecisionKind.BUY, extra)),
    }


def regions_changed(before: dict[str, int], after: dict[str, int]) -> set[str]:
    return {name for name, value in after.items() if before.get(name) != value}


def step_response(request: HttpRequest, templates: list[str], context: dict, *, focus: str, announce: str,
                  address: str | None) -> HttpResponse:
    """The htmx answer to a step: the regions (each template renders its own element, out of band), the live
    announcement and the focus target (`templates/sandbox/_step.html`), and the new address pushed to history."""
    # one render, so the context processors run once: first the error cleared (a region given may fill it again:
    # a lesson's feedback), the announcement and the focus, then each region out of band
    html = render_to_string("sandbox/_step.html", {**context, "oob": True, "announce": announce, "focus": focus,
                                                   "step_regions": templates}, request=request)
    response = HttpResponse(html)
    return push_url(response, address) if address else response
