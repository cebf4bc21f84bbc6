"""The sandbox: a position (where it starts + the actions played) replayed by the engine on every request.

GET shows a position; `?do=<action>` plays one more action and redirects (or, for htmx, answers with the regions of
the table that changed and the new address). Nothing about a game is kept on the server between requests.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from kotguide.content.sections import registry
from kotguide.engine import GameState
from kotguide.engine.scenario import COMPONENT_PREFIXES, is_component_demo

from . import errors, links, step
from .game import Game, open_position, play, scenarios
from .models import SharedPosition
from .new_game import NewGameForm
from .odds_view import odds_for
from .position import Position, PositionError, parse_query_actions
from .table import RECENT_STEPS, build

# the component demonstrations, grouped on the sandbox page under these headings (each component's page links its own)
DEMO_GROUPS = {
    "card-": gettext_lazy("Power cards"),
    "costume-": gettext_lazy("Costumes (Halloween module)"),
    "tile-": gettext_lazy("Wickedness tiles"),
    "curse-": gettext_lazy("Curse cards"),
    "evolution-": gettext_lazy("Evolution cards"),
}
REGIONS = ("position", "status", "monsters", "dice", "controls", "market", "odds", "holdings", "log")
CHANGING_EVERY_STEP = ("position", "status", "odds", "controls", "log")
# the other regions are sent when the fingerprint of what they show changed (step.fingerprints)
FINGERPRINTED = {"holdings": "monsters"}


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return _index(request, NewGameForm(lang=get_language()))


def _index(request: HttpRequest, form: NewGameForm, status: int = 200) -> HttpResponse:
    lang = get_language()
    order = {s.id: s.order for s in registry().sections}
    listed = sorted(scenarios().values(), key=lambda s: (order.get(s.rules[0], 99), s.id))
    titled = [(s, getattr(s, f"title_{lang}")) for s in listed]
    demos = {prefix: [(s, t) for s, t in titled if s.id.startswith(prefix)] for prefix in COMPONENT_PREFIXES}
    context = {
        "scenarios": [(s, t) for s, t in titled if not is_component_demo(s.id)],
        "demos": [(DEMO_GROUPS[prefix], items) for prefix, items in demos.items() if items],
        "new_game": form,
    }
    return render(request, "sandbox/index.html", context, status=status)


@require_POST
def new(request: HttpRequest) -> HttpResponse:
    """Start a game from the monsters and options chosen on the sandbox page."""
    form = NewGameForm(request.POST, lang=get_language())
    if not form.is_valid():
        return _index(request, form, status=400)
    return HttpResponseRedirect(reverse("sandbox:shared", args=[store(form.position())]))


@require_safe
def scenario(request: HttpRequest, scenario_id: str) -> HttpResponse:
    if scenario_id not in scenarios():
        raise Http404(scenario_id)
    base = Position(scenario=scenario_id)
    here = reverse("sandbox:scenario", args=[scenario_id])
    return _respond(request, base, here, keep=None)


@require_safe
def shared(request: HttpRequest, position_id: str) -> HttpResponse:
    stored = get_object_or_404(SharedPosition, pk=position_id)
    try:
        base = Position.from_json(stored.data)
    except PositionError as error:
        return errors.page(request, error)
    keep = request.GET.get("n")
    if keep is not None:
        if not (keep.isascii() and keep.isdigit() and len(keep) <= 4) or int(keep) > len(base.actions):
            return errors.page(request, PositionError("malformed"))
        base = Position(base.scenario, base.setup, base.actions[: int(keep)])
    here = reverse("sandbox:shared", args=[position_id])
    return _respond(request, base, here, keep=keep)


@require_POST
def share(request: HttpRequest) -> HttpResponse:
    try:
        position = Position.from_json(request.POST.get("position", ""))
        open_position(position)  # only positions that replay are stored
    except PositionError as error:
        return errors.page(request, error)
    stored = store(position)
    return HttpResponseRedirect(reverse("sandbox:shared", args=[stored]))


def store(position: Position) -> str:
    """Keep a position under its content address (the same position, the same id) and return the id. The dispute
    resolver stores the tables it opens with it too."""
    SharedPosition.objects.get_or_create(pk=position.id, defaults={"data": position.to_json()})
    return position.id


def _respond(request: HttpRequest, base: Position, here: str, keep: str | None) -> HttpResponse:
    try:
        position = base.then(*parse_query_actions(request.GET.get("a", "")))
        game = previous = open_position(position)
        do = request.GET.get("do")
        if do:
            game = play(previous, _action_code(request, do, len(previous.state.dice)))
            position = game.position
    except PositionError as error:
        return errors.page(request, error)

    show_hands = request.GET.get("hands") == "all"
    address = _hands(_address(here, keep, base, position), show_hands)
    if do and not request.htmx:
        return HttpResponseRedirect(address)
    if not (do and request.htmx):
        return render(request, "sandbox/page.html", _context(request, game, here, keep, base, address, show_hands))
    found = step.changes(previous.state, game.state)
    context = _context(request, game, here, keep, base, address, show_hands, found, previous.state)
    changed = step.regions_changed(step.fingerprints(previous.state), step.fingerprints(game.state))
    templates = [f"sandbox/_{name}.html" for name in REGIONS
                 if name in CHANGING_EVERY_STEP or FINGERPRINTED.get(name, name) in changed]
    table = context["table"]
    lang = get_language()
    announce = step.announcement(found, lang, table.outcome or table.prompt)
    focus = step.FOCUS_DECISION if table.decision_kind else step.FOCUS_STATUS
    return step.step_response(request, templates, context, focus=focus, announce=announce, address=address)


def _action_code(request: HttpRequest, do: str, dice: int) -> str:
    """The action a control asks for: `do=<code>`, or `do=reroll` with the dice to keep ticked."""
    if do == "reroll":
        kept = set(request.GET.getlist("keep"))
        reroll = [str(i) for i in range(dice) if str(i) not in kept]
        if not reroll:
            raise PositionError("nothing-to-reroll")
        do = "reroll:" + ".".join(reroll)
    parse_query_actions(do)
    return do


def _address(here: str, keep: str | None, base: Position, position: Position) -> str:
    return links.position_address(here, keep, base, position, store, lambda id_: reverse("sandbox:shared", args=[id_]))


def _hands(address: str | None, show_hands: bool) -> str | None:
    """The address with the "show all hands" display choice kept, when it is on."""
    return links.with_query(address, hands="all") if address and show_hands else address


def _context(
    request, game: Game, here: str, keep: str | None, base: Position, address: str, show_hands: bool,
    found: list[step.Change] | None = None, before: GameState | None = None,
) -> dict:
    lang = get_language()
    position = game.position
    extra = position.actions[len(base.actions) :]
    scenario = game.scenario
    script = game.script
    nxt, last = game.next_scripted, game.last_scripted
    undo = _hands(_address(here, keep, base, position.undo()) if extra else links.undo_of_stored(here, base),
                  show_hands)
    restart = _hands(links.restart(here, keep, base, position), show_hands)
    return {
        "game": game,
        "table": build(game, lang, log_steps=None if request.GET.get("log") == "all" else RECENT_STEPS,
                       show_hands=show_hands, changed=step.changed_by_monster(found or []), before=before,
                       expected=script[nxt].action if nxt is not None else None),
        "show_hands": show_hands,
        "hands_on_url": links.with_query(address, hands="all"),
        "hands_off_url": _address(here, keep, base, position),
        "whole_log_url": links.with_query(address, log="all"),
        "odds": odds_for(game),
        "here": here,
        "keep": keep,
        "actions": " ".join(extra),
        "address": address,
        "scenario": scenario,
        "title": getattr(scenario, f"title_{lang}") if scenario else None,
        "position_json": position.to_json(),
        "undo": undo,
        "restart": restart,
        "next_code": script[nxt].action if nxt is not None else None,
        "next_narration": getattr(script[nxt], f"narration_{lang}") if nxt is not None else "",
        "last_narration": getattr(script[last], f"narration_{lang}") if last is not None else "",
        "rules": scenario.rules if scenario else (),
        "step_nav": [link for link in (_nav(undo, _("Undo one step")), _nav(restart, _("Restart"))) if link],
    }


def _nav(url: str | None, label: str) -> dict | None:
    """A link beside the decision (undo, restart); htmx swaps the whole table for it."""
    return {"url": url, "label": label, "htmx": True} if url else None
