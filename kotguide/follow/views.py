"""Following a real game at the table: the host enters what happens there (the faces rolled, the answers, the
cards bought and revealed), the engine applies the rules, and the page shows each change with its rule.

Every entry is a plain POST that stores the game one entry further (a content-addressed position: the same game,
the same id) and redirects to it, so reload, back and a closed tab lose nothing and any phone can open the address.
An entry the rules forbid is answered with the page and the reason, in the reader's language; input no form of
ours sends is a 400. The views only read forms and render: the engine decides.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from kotguide import site_modules
from kotguide.content import components
from kotguide.disputes.editor import card_suggestions
from kotguide.engine import data, market
from kotguide.engine import options as O
from kotguide.engine.actions import Chance
from kotguide.engine.dice import die_kind
from kotguide.engine.flow import turn_limits
from kotguide.engine.phases import DecisionKind
from kotguide.engine.setup import MAX_PLAYERS
from kotguide.site.ratelimits import READS, WRITES, limited

from ..sandbox import errors, handover
from ..sandbox.drawings import die_class, face_symbol
from ..sandbox.game import Game, open_position, setup_of
from ..sandbox.log import line
from ..sandbox.models import SharedPosition
from ..sandbox.position import PositionError
from ..sandbox.table import action_label, build
from ..sandbox.words import face_name, monster_name
from . import start as start_form
from . import summary
from .entries import Asked, Draw, Refused, Tampered, actions_for, asked, die_faces
from .models import Entry

METHODS = ["GET", "HEAD", "POST"]
RECENT = 16  # the entries whose changes the page lists, newest first
OWN_FORMS = ("roll", "reroll", "sweep")  # entries with faces or card names: their own forms, not plain buttons


@dataclass(frozen=True)
class DieField:
    """One die of an entry form: its faces to tap, each (face, its name, its symbol, its die's class)."""

    index: int
    legend: str
    faces: list[tuple[str, str, str, str]]
    face: str = ""  # the face it shows now (a reroll): checked


@dataclass(frozen=True)
class DieRerollForm:
    """A module's reroll of one die: the entry `use:EFFECT` with the die and its new face."""

    entry: str
    label: str
    dice: list[DieField]


@require_http_methods(METHODS)
@limited(WRITES, ("POST",))
@limited(READS, ("GET", "HEAD"))
def begin(request: HttpRequest) -> HttpResponse:
    """The start form; its POST stores the new game and opens its first turn."""
    lang = get_language()
    form = start_form.StartForm()
    if request.method == "POST":
        try:
            form = start_form.read(request.POST)
        except Tampered:
            return errors.page(request, PositionError("malformed"))
        position = start_form.position(form, lang)
        if position is not None:
            stored = SharedPosition.store(position)
            Entry.record(stored)
            return HttpResponseRedirect(reverse("follow:game", args=[stored]) + "#entry")
    context = {
        "form": form,
        "seat_numbers": range(1, MAX_PLAYERS + 1),
        "seats": [(n, form.seats[n - 1]) for n in range(1, MAX_PLAYERS + 1)],
        "monsters": [(m, monster_name(m, lang)) for m in data.monsters()],
        "options": start_form.option_choices(),
        "chosen_options": form.options,
        "market": list(enumerate(form.market, start=1)),
        "market_size": O.MARKET_SIZE,
        "card_suggestions": card_suggestions(lang),
        "dealing": _dealing(form, lang) if form.dealing else (),
    }
    return render(request, "follow/start.html", context, status=400 if form.errors else 200)


def _dealing(form: start_form.StartForm, lang: str) -> list[tuple[str, list[tuple[start_form.DealtField, str]]]]:
    """The second step of the start: per module, its fields with what was picked."""
    groups: dict[str, list[tuple[start_form.DealtField, str]]] = {}
    for f in start_form.dealt_fields(form.chosen, form.options, lang):
        groups.setdefault(str(f.module.name), []).append((f, (form.dealt or {}).get(f.name, "")))
    return list(groups.items())


@require_http_methods(METHODS)
@limited(WRITES, ("POST",))
@limited(READS, ("GET", "HEAD"))
def game(request: HttpRequest, position_id: str) -> HttpResponse:
    lang = get_language()
    try:
        base, _notice, checkpoints = SharedPosition.open(position_id)
        if not (base.setup or {}).get("table"):
            raise Http404(position_id)  # a sandbox game, not one followed at a table
        followed = open_position(base, checkpoints=checkpoints)
    except SharedPosition.DoesNotExist:
        raise Http404(position_id) from None
    except PositionError as error:
        return errors.page(request, error)
    refused = None
    if request.method == "POST":
        try:
            codes = actions_for(followed.state, request.POST, lang)
            stored = SharedPosition.store(base.then(*codes))
        except Tampered:
            return errors.page(request, PositionError("malformed"))
        except PositionError as error:
            return errors.page(request, error)
        except Refused as refusal:
            refused = refusal
        else:
            Entry.record(stored, after=position_id)
            return HttpResponseRedirect(reverse("follow:game", args=[stored]) + "#entry")
    return render(request, "follow/game.html", _context(followed, position_id, lang, refused))


@require_safe
@limited(READS, ("GET", "HEAD"))
def qr(request: HttpRequest, position_id: str) -> HttpResponse:
    """The QR code of the game's absolute address, for another phone to carry on from."""
    if not SharedPosition.objects.filter(pk=position_id).exists():
        raise Http404(position_id)
    address = handover.absolute(reverse("follow:game", args=[position_id]))
    if address is None:
        raise Http404("no public origin")
    response = HttpResponse(handover.qr_svg(address), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def _context(followed: Game, position_id: str, lang: str, refused: Refused | None) -> dict:
    state = followed.state
    table = build(followed, lang, log_steps=0)
    decision = state.decision
    kind = decision.kind if decision else None
    rerolls = _die_reroll_forms(state, table.controls)
    one_die = tuple(f"{form.entry}:" for form in rerolls)
    latest = Entry.latest(position_id)  # an older page of the game says that it has gone on
    # an entry that draws from a module's own deck or rolls dice gets a form of its own, asking for each card drawn
    # and each face rolled
    buttons = [(c, asked(state, c.code, lang)) for c in table.controls
               if c.code not in OWN_FORMS and not c.code.startswith(one_die)]
    context = {
        "table": table,
        "kind": kind,
        "refused": refused,
        "roll_dice": _roll_fields(state) if kind == DecisionKind.ROLL else (),
        "reroll_dice": _reroll_fields(state) if kind in (DecisionKind.REROLL, DecisionKind.RESOLVE) else (),
        "die_rerolls": rerolls,
        "buttons": [c for c, drawn in buttons if not drawn],
        "asking_buttons": [(c, wanted.draws, _asked_dice(wanted), wanted.from_discard, range(wanted.cards))
                           for c, wanted in buttons if wanted],
        "deck_suggestions": _deck_suggestions(state, [d for _c, wanted in buttons for d in wanted.draws], lang),
        "buying": kind == DecisionKind.BUY,
        "can_sweep": market.can_sweep(state),
        "card_to_reveal": any(asked(state, slot.buy_code, lang).cards for slot in table.market if slot.buy_code),
        "sweep_fields": _sweep_fields(state, lang) if kind == DecisionKind.BUY else (),
        "card_suggestions": card_suggestions(lang),
        "changes": _changes(followed, lang),
        "turn": state.turn,
        "position_id": position_id,
        "what_if": reverse("sandbox:shared", args=[position_id]),
        "latest": None if latest == position_id else reverse("follow:game", args=[latest]),
        "shared_address": handover.absolute(reverse("follow:game", args=[position_id])),
        "qr_url": reverse("follow:qr", args=[position_id]) if handover.absolute("/") else None,
    }
    if state.over:
        _scenario, setup = setup_of(followed.position)
        played, charts = summary.charts(setup, followed.position.actions, lang, (_("Life"), _("VP")))
        context.update(turns_played=played, charts=charts, won_how=summary.HOW.get(state.outcome.reason, ""))
    return context


def _sweep_fields(state, lang: str) -> range:
    """A field per card the sweep reveals, found on a copy (fewer than the slots only when the whole game holds too
    few cards); while the sweep is refused (too little energy), one per slot, as entering it says why."""
    return range(asked(state, "sweep", lang).cards or len(state.market))


def _faces(kind: str | None) -> list[tuple[str, str, str, str]]:
    return [(face, face_name(face), face_symbol(face), die_class(face)) for face in die_faces(kind)]


def _die_name(kind: str | None, index: int) -> str:
    """A base die by its number, a special die by its name (the berserk die)."""
    special = site_modules.special_die(kind) if kind else None
    return str(special.label) if special else _("Die %(n)s") % {"n": index + 1}


def _roll_fields(state) -> list[DieField]:
    """The dice of the turn's first roll: the base dice, then the special dice the monster rolls with them."""
    limits = turn_limits(state)
    kinds = [None] * limits.dice + list(limits.special)
    return [DieField(i, _die_name(kind, i), _faces(kind)) for i, kind in enumerate(kinds)]


def _asked_dice(wanted: Asked) -> list[DieField]:
    """The dice an entry rolls, in the order its `dice:…` gives them."""
    return [DieField(i, _die_name(kind, i), _faces(kind)) for i, kind in enumerate(wanted.dice)]


def _shown(state, i: int) -> DieField:
    """Die i as it lies, with the faces it may show when rolled again (none: a die nobody rolls)."""
    face = state.dice[i]
    kind = die_kind(face)
    legend = _("%(die)s (now %(face)s)") % {"die": _die_name(kind, i), "face": face_name(face)}
    return DieField(i, legend, _faces(kind), face)


def _rollable(dice: list[DieField]) -> list[DieField]:
    return [die for die in dice if die.faces]


def _reroll_fields(state) -> list[DieField]:
    return _rollable([_shown(state, i) for i in range(len(state.dice))])


def _die_reroll_forms(state, controls) -> list[DieRerollForm]:
    """A form for each module's one-die reroll offered now, with the dice it may roll again."""
    forms = []
    for reroll in site_modules.die_rerolls(state.options):
        prefix = f"use:{reroll.effect}:"
        offered = [int(c.code.removeprefix(prefix)) for c in controls if c.code.startswith(prefix)]
        if dice := _rollable([_shown(state, i) for i in offered]):
            forms.append(DieRerollForm(f"use:{reroll.effect}", str(reroll.label), dice))
    return forms


def _deck_suggestions(state, draws: list[Draw], lang: str) -> list[tuple[str, str]]:
    """What the fields of the cards drawn now from the modules' own decks suggest: each card that may be named, in
    the reader's language then in the other (value, label), as the card fields do (none when nothing is drawn)."""
    other = "en" if lang == "ja" else "ja"
    at_table = [m.id for m in state.monsters]
    out: list[tuple[str, str]] = []
    for deck, monster in dict.fromkeys((d.module.deck, d.monster) for d in draws if d.module.deck):
        for value, _name in deck.choices(lang, monster, at_table):
            mine, theirs = (components.find(code, deck.kind, value) for code in (lang, other))
            if mine is not None and theirs is not None:
                out.extend([(mine.name, theirs.name), (theirs.name, mine.name)])
    return list(dict.fromkeys(out))


def _changes(followed: Game, lang: str) -> list[dict]:
    """The latest entries' changes, newest first: each step that changed something, its events with their rules,
    numbered as the players' steps (the faces and cards given from the table are no step of their own: the roll or
    buy that follows shows them)."""
    played = followed.replay
    steps = [(action, events) for action, events in zip(played.actions, played.steps, strict=True)
             if not isinstance(action, Chance)]
    return [{"number": number, "label": action_label(action.code, lang, None), "lines": [line(e, lang) for e in events]}
            for number, (action, events) in reversed(list(enumerate(steps, start=1))[-RECENT:]) if events]
