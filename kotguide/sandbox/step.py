"""One step, answered once: what a step changed on the table, the words that announce it, and the one htmx response
the sandbox, the lessons and the game send for a step.

A step's response holds the regions of the table that changed (each compared by a cheap fingerprint of the state it
shows, so the table is built once, for the new state), the text an `aria-live` region announces, and where the
keyboard focus goes next (`static/js/site.js` moves it): the first control of the new decision, or the status line
when nobody must act.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
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


# What each region's template reads from a step's context (its includes too). A region's HTML is kept in the shared
# cache (its own alias, `regions`: Redis with REDIS_URL, else files) under a digest of exactly these values, the
# language and the release (render_version), so a step renders only the regions whose content is new on any server;
# a region not listed (the lessons' own) is rendered every time. Keep each list in step with its template: a name
# left out would serve another table's HTML.
REGION_INPUTS = {
    # table.log_of stands for table.log (the status quotes its first step, the log shows it): what it is made from
    "sandbox/_status.html": ("last_narration", "table.log_of", "table.outcome", "table.prompt"),
    "sandbox/_monsters.html": ("table.monsters", "table.city", "table.bay", "table.bay_open"),
    "sandbox/_dice.html": ("table.dice", "table.dice_owner", "table.can_reroll", "table.rolls_left",
                           "status.hint_keep"),
    "sandbox/_controls.html": ("next_code", "next_narration", "table.controls", "table.choosing",
                               "table.decision_kind", "step_nav"),
    "sandbox/_market.html": ("table.market", "table.decision_kind", "table.deck_size", "table.discard_size"),
    "sandbox/_odds.html": ("odds",),
    "sandbox/_holdings.html": ("table.monsters", "table.modules", "table.has_hands", "table.show_hands",
                               "hands_off_url", "hands_on_url"),
    "sandbox/_log.html": ("table.log_of", "table.log_hidden", "log_page", "whole_log_url"),
}


@cache
def render_version() -> str:
    """A hash of what a region's HTML is made from besides its inputs: templates, code, content, translations and
    static files (the sprite's hashed address). Any release that changes one renders every region anew."""
    root = Path(settings.BASE_DIR)
    digest = hashlib.blake2b(digest_size=8)
    for pattern in ("templates/**/*.html", "kotguide/**/*.py", "content/**/*.*", "locale/**/*.mo", "static/**/*.*"):
        for path in sorted(root.glob(pattern)):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _lookup(context: dict, name: str) -> object:
    value: object = context
    for part in name.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list | tuple):
            value = value[int(part)] if part.isdigit() and int(part) < len(value) else None
        else:
            value = getattr(value, part, None)
    return value


def region_material(template: str, context: dict) -> str | None:
    """What a region's HTML is made from in this release, as text (None: the region is not kept)."""
    inputs = REGION_INPUTS.get(template)
    if inputs is None:
        return None
    return repr((template, get_language(), [_lookup(context, name) for name in inputs]))


def region_key(template: str, context: dict) -> str | None:
    """The shared cache's key for a region's HTML (None: the region is not kept)."""
    material = region_material(template, context)
    if material is None:
        return None
    return f"region:{render_version()}:{hashlib.blake2b(material.encode(), digest_size=16).hexdigest()}"


@dataclass
class Region:
    """One region of a step's answer: its HTML when the shared cache had it, else rendered by `{% step_region %}`."""
    template: str
    key: str | None
    html: str | None = None


def step_response(request: HttpRequest, templates: list[str], context: dict, *, focus: str, announce: str,
                  address: str | None) -> HttpResponse:
    """The htmx answer to a step: the regions (each template renders its own element, out of band), the live
    announcement and the focus target (`templates/sandbox/_step.html`), and the new address pushed to history."""
    context = {**context, "oob": True, "announce": announce, "focus": focus}
    regions = [Region(template, region_key(template, context)) for template in templates]
    kept = caches["regions"].get_many([region.key for region in regions if region.key])
    for region in regions:
        region.html = kept.get(region.key) if region.key else None
    missing = [region for region in regions if region.html is None]
    # one render, so the context processors run once: first the error cleared (a region given may fill it again:
    # a lesson's feedback), the announcement and the focus, then each region out of band
    html = render_to_string("sandbox/_step.html", {**context, "step_regions": regions}, request=request)
    new = {region.key: region.html for region in missing if region.key}
    if new:
        caches["regions"].set_many(new)
    response = HttpResponse(html)
    return push_url(response, address) if address else response
