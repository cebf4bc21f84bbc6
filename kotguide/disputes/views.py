"""The table editor (URL `/<lang>/resolve/`): the drawn table in edit mode, to set up the disputed moment and see
what the rules do.

GET opens a fresh table of N monsters (`?monsters=N`), a prefill in the resolver's field names (the "set this up"
presets: `?monsters=3&m1-monster=gigazaur&…`), or a state (`?s=`). POST is one edit (the button's `edit`, with its
typed or chosen value `value-<edit>`) on the state in the hidden field `state`: an htmx request gets back the
regions the edit changed (`changed_regions`), each swapped in by its id with the new state, a plain one the whole
page. `edit=position` with a sandbox position (`position`) opens that
table. `go` ("what happens") checks the table: refused, every reason is shown beside its control (400); accepted,
it is stored like a shared position and the reader is sent to `/<lang>/p/<id>/`.
A state that was tampered with, is too long or an edit that makes no sense is a 400 in the reader's language.
Every request counts as an expensive read (`site.ratelimits`), a table stored as a write.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from kotguide.engine import InvalidSetup
from kotguide.sandbox.game import check_table, open_position
from kotguide.sandbox.models import SharedPosition
from kotguide.sandbox.position import Position, PositionError
from kotguide.site.ratelimits import READS, WRITES, limited, too_many, too_many_page

from . import editor
from .board import board
from .templatetags.resolver import edit_id

_PREFILL_KEYS = ("monsters", "options", "turn", "step")


@require_http_methods(["GET", "HEAD", "POST"])
@limited(READS, ("GET", "HEAD", "POST"))
def form(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        try:
            if request.GET.get("s"):
                draft = editor.decode(request.GET["s"])
            elif any(k in request.GET for k in _PREFILL_KEYS) or any(k.startswith("m1-") for k in request.GET):
                draft = editor.from_prefill(request.GET)
            else:
                draft = editor.fresh()
        except editor.BadDraft:
            return _refused(request)
        return _show(request, draft)
    if request.POST.get("edit") == "position":
        return _from_position(request)
    try:
        draft = editor.decode(request.POST.get("state", ""))
    except editor.BadDraft:
        return _refused(request)
    edit = request.POST.get("edit", "")
    if edit != "undo":
        try:
            draft = _chosen_numbers(draft, request.POST, edit)
        except editor.BadDraft:
            return _refused(request)
    if "go" in request.POST:
        return _what_happens(request, draft)
    if edit == "enter":
        edit = editor.entered({k: request.POST.get(k, "") for k in request.POST}) or ""
        if not edit:
            return _show(request, draft)
    try:
        edited = editor.apply(draft, edit, request.POST.get(f"value-{edit}", ""))
    except editor.UnknownName as unknown:
        message = _("“%(typed)s” is not a name on this list: type a name as printed, in Japanese or English.") % {
            "typed": unknown.typed}
        return _show(request, draft, status=400, notes={unknown.field: message}, focus=_input_id(edit),
                     opened=_seat_of(edit))
    except editor.BadDraft:
        return _refused(request)
    # a face set opens the next die's faces: a roll is set one tap a die
    opened_die = _next_die(edit, edited) if edit.startswith("die:") and edited is not draft else None
    if opened_die is not None and opened_die == int(edit.split(":")[1]):  # the last die was set: all are
        opened_die = None
    return _show(request, edited, focus=request.POST.get("focus") or _next_focus(edit, edited), opened=_seat_of(edit),
                 before=draft, opened_die=opened_die)


def _chosen_numbers(draft: editor.Draft, values, edit: str) -> editor.Draft:
    """The numbers chosen from their lists and not yet applied (without JavaScript a list changes nothing until a
    button is pressed): each one that differs from the table, before the button's own edit."""
    for key in values:
        code = key.removeprefix("value-")
        if code.startswith("set:") and code != edit:
            _set, seat, name = code.split(":")
            monster = draft.monsters[int(seat)] if seat.isdigit() and int(seat) < len(draft.monsters) else None
            if monster is None or name not in editor.NUMBERS:
                raise editor.BadDraft("bad-edit")
            if values[key] != str(monster[name]):
                draft = editor.apply(draft, code, values[key])
    return draft


_SEAT_EDITS = ("n", "set", "count", "flag", "place", "card", "uncard", "list", "unlist", "monster")


def _seat_of(edit: str) -> int | None:
    """The seat an edit is about: it stays open after the edit."""
    name, _sep, rest = edit.partition(":")
    seat = rest.split(":")[0]
    return int(seat) if name in _SEAT_EDITS and seat.isdigit() else None


def _input_id(edit: str) -> str:
    """The name field of a name edit (`card:0`, `card:0:<id>` a suggestion taken from it: `ed-card-0-v`)."""
    name, *args = edit.split(":")
    kept = {"card": 1, "market": 0, "list": 2}.get(name, len(args))
    return edit_id(":".join([name, *args[:kept]])) + "-v"


@require_http_methods(["GET"])
@limited(READS, ("GET",))
def names(request: HttpRequest) -> HttpResponse:
    """The cards a name field suggests for what is typed in it (`?for=card:0&value-card:0=ac`): buttons that add
    one, swapped in under the field while typing (htmx only: without JavaScript, the field's own list suggests)."""
    edit = request.GET.get("for", "")
    name, *args = edit.split(":")
    if name not in ("card", "market") or len(args) != (1 if name == "card" else 0) or not all(
            a.isdigit() for a in args):
        return HttpResponse(_("This list of names does not exist."), status=400, content_type="text/plain")
    typed = request.GET.get(f"value-{edit}", "")[:40]
    return render(request, "disputes/_suggestions.html",
                  {"edit": edit, "typed": typed, "cards": editor.card_matches(typed, get_language())})


def _next_focus(edit: str, draft: editor.Draft) -> str:
    """Where the keyboard focus goes after an edit: the next die after a face is set, the name field after a name is
    added or removed, else the control pressed (a stepper pressed again)."""
    name, *args = edit.split(":")
    if name == "die":
        return f"ed-die-{_next_die(edit, draft)}-summary"
    if name in ("card", "list", "market"):
        return _input_id(edit)
    if name in ("uncard", "unlist"):
        return _input_id(":".join(["card" if name == "uncard" else "list", args[0], *args[1:2]][: 2 if name == "uncard"
                                                                                              else 3]))
    if name == "unmarket":
        return _input_id("market")
    return edit_id(edit)


def _next_die(edit: str, draft: editor.Draft) -> int:
    """The die after the one whose face was just set (the last die stays)."""
    dice = len(draft.setup.get("turn", {}).get("dice", ()))
    return min(int(edit.split(":")[1]) + 1, dice - 1)


def _from_position(request: HttpRequest) -> HttpResponse:
    try:
        game = open_position(Position.from_json(request.POST.get("position", "")))
        draft = editor.from_state(game.state)
    except (PositionError, editor.BadDraft):
        return _refused(request)
    return HttpResponseRedirect(reverse("resolve:form") + "?s=" + draft.encode())


def _what_happens(request: HttpRequest, draft: editor.Draft) -> HttpResponse:
    problems = draft.problems()
    if problems:  # every one beside its control; the focus on the summary that counts them
        return _show(request, draft, status=400, problems=problems, focus="ed-problems")
    if too_many(request, WRITES):  # only a table that is stored counts as a write
        return too_many_page(request, WRITES)
    try:
        setup = editor.table_setup(draft)
        check_table(setup)
        position = Position(setup=setup.to_dict(), actions=())
        open_position(position)  # what is stored always replays
    except (InvalidSetup, PositionError):
        return _refused(request)
    address = reverse("sandbox:shared", args=[SharedPosition.store(position)])
    if request.htmx:
        return HttpResponse(status=204, headers={"HX-Redirect": address})
    return HttpResponseRedirect(address)


def _show(request: HttpRequest, draft: editor.Draft, status: int = 200, problems=(), notes=None, focus=None,
          opened: int | None = None, before: editor.Draft | None = None,
          opened_die: int | None = None) -> HttpResponse:
    """The page; with htmx, the regions an edit changed (`before`: the draft it was made on), or the whole editor."""
    context = {"b": board(draft, get_language(), problems=problems, notes=notes or {}), "state": draft.encode(),
               "can_undo": bool(draft.undo), "focus": focus, "opened": opened, "opened_die": opened_die, "oob": True}
    if not (request.htmx and not request.htmx.history_restore_request):
        template = "disputes/page.html"
    elif before is not None and len(before.monsters) == len(draft.monsters):
        template, context["changed"] = "disputes/_regions.html", changed_regions(before.setup, draft.setup)
    else:
        template = "disputes/_editor.html"
    return render(request, template, context, status=status)


@dataclass(frozen=True)
class Changed:
    seats: frozenset[int]
    regions: frozenset[str]  # "top" (the count, Tokyo), "panels" (the modules'), "dice", "more" (market, options),
    # "lists" (the suggestions)


def changed_regions(before: dict, after: dict) -> Changed:
    """The regions of the editor whose part of the table differs between two setups with the same monsters count.
    A region's part is what it draws: a seat its monster, the options and modules, whether it is its turn and which
    monsters are at the table (its module choices); the dice the turn and what the monster whose turn it is holds."""
    def parts(setup: dict) -> dict[str, str]:
        monsters, options, modules = setup["monsters"], setup.get("options", []), setup.get("modules", {})
        seated = [(m["id"], m["location"]) for m in monsters]
        active = next((m for m in monsters if m["id"] == setup.get("first_player")), None)
        ids = [m["id"] for m in monsters]
        out = {f"seat-{i}": json.dumps([m, options, modules, ids, setup.get("first_player") == m["id"]],
                                       sort_keys=True)
               for i, m in enumerate(monsters)}
        out["top"] = json.dumps([seated, options], sort_keys=True)
        out["panels"] = json.dumps([ids, options, modules], sort_keys=True)
        out["dice"] = json.dumps([setup.get("turn"), setup.get("first_player"), active, options, ids], sort_keys=True)
        out["more"] = json.dumps([setup.get("market"), options], sort_keys=True)
        out["lists"] = json.dumps([ids, options], sort_keys=True)
        return out

    old, new = parts(before), parts(after)
    differ = {name for name in new if old.get(name) != new[name]}
    return Changed(frozenset(int(n.split("-")[1]) for n in differ if n.startswith("seat-")),
                   frozenset(n for n in differ if not n.startswith("seat-")))


def _refused(request: HttpRequest) -> HttpResponse:
    message = _("This table cannot be edited: the editor's address or form was changed, or is too long. Start again "
                "from a fresh table.")
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, "disputes/_refused.html", {"message": message}, status=400)
    return render(request, "site/error.html", {"status": 400, "message": message}, status=400)
