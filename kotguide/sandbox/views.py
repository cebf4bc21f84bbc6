"""The sandbox: a position (where it starts + the actions played) replayed by the engine on every request.

GET shows a position; `?do=<action>` plays one more action and redirects (or, for htmx, answers with the regions of
the table that changed and the new address). Nothing about a game is kept on the server between requests.
A GET never writes: a position too long for an address steps by POST (the step form turns into one near the
limit), and only then is it stored.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from kotguide.content.scenarios import scenarios
from kotguide.content.sections import Section, registry
from kotguide.engine import GameState
from kotguide.engine.scenario import COMPONENT_PREFIXES, is_component_demo
from kotguide.site.ratelimits import READS, WRITES, limited

from . import errors, handover, links, step
from .game import Game, check_table, open_position, play, setup_of
from .models import SharedPosition
from .new_game import NewGameForm
from .odds_view import odds_for
from .position import MAX_URL, Position, PositionError, parse_query_actions
from .ruling import LANGS, rulings
from .table import RECENT_STEPS, build, free_next

# the component demonstrations, grouped on the sandbox page under these headings (each component's page links its own)
DEMO_GROUPS = {
    "card-": gettext_lazy("Power cards"),
    "costume-": gettext_lazy("Costumes (Halloween module)"),
    "tile-": gettext_lazy("Wickedness tiles"),
    "curse-": gettext_lazy("Curse cards"),
    "evolution-": gettext_lazy("Evolution cards"),
}
REGIONS = ("position", "status", "ruling", "monsters", "dice", "controls", "market", "odds", "holdings", "log",
           "handover")
LOG_PAGE = 100  # steps per page of the whole log: a page costs the same whatever the game's length
STEP_MARGIN = 200  # an address this close to MAX_URL steps by POST: one more action must not need a GET that stores
POSITION_METHODS = ["GET", "HEAD", "POST"]
CHANGING_EVERY_STEP = ("position", "status", "ruling", "odds", "controls", "log", "handover")
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
    # the narrated scenarios grouped by the top-level rule section of their first rule, in the rules' order
    reg = registry()
    groups: dict[str, tuple[Section, list]] = {}
    for s, t in titled:
        if not is_component_demo(s.id):
            root = reg.root(reg.get(s.rules[0]))
            groups.setdefault(root.id, (root, []))[1].append((s, t))
    context = {
        "groups": [(root, root.title(lang), items) for root, items in groups.values()],
        "demos": [(DEMO_GROUPS[prefix], items) for prefix, items in demos.items() if items],
        "new_game": form,
    }
    return render(request, "sandbox/index.html", context, status=status)


@require_POST
@limited(WRITES, ("POST",))
def new(request: HttpRequest) -> HttpResponse:
    """Start a game from the monsters and options chosen on the sandbox page."""
    form = NewGameForm(request.POST, lang=get_language())
    if not form.is_valid():
        return _index(request, form, status=400)
    return HttpResponseRedirect(reverse("sandbox:shared", args=[SharedPosition.store(form.position())]))


@require_http_methods(POSITION_METHODS)
@limited(WRITES, ("POST",))
@limited(READS, ("GET", "HEAD"))
def scenario(request: HttpRequest, scenario_id: str) -> HttpResponse:
    if scenario_id not in scenarios():
        raise Http404(scenario_id)
    base = Position(scenario=scenario_id)
    here = reverse("sandbox:scenario", args=[scenario_id])
    return _respond(request, base, here, keep=None)


@require_http_methods(POSITION_METHODS)
@limited(WRITES, ("POST",))
@limited(READS, ("GET", "HEAD"))
def shared(request: HttpRequest, position_id: str) -> HttpResponse:
    try:
        base, notice, snapshots = SharedPosition.open(position_id)
    except SharedPosition.DoesNotExist:
        raise Http404(position_id) from None
    except PositionError as error:
        return errors.page(request, error)
    keep = _params(request).get("n")
    if keep is not None:
        if not (keep.isascii() and keep.isdigit() and len(keep) <= 4) or int(keep) > len(base.actions):
            return errors.page(request, PositionError("malformed"))
        base = Position(base.scenario, base.setup, base.actions[: int(keep)])
    here = reverse("sandbox:shared", args=[position_id])
    checkpoints = {k: data for k, data in snapshots.items() if k <= len(base.actions)}
    return _respond(request, base, here, keep=keep, notice=notice, checkpoints=checkpoints, ruled=True)


@require_safe
@limited(READS, ("GET", "HEAD"))
def qr(request: HttpRequest, position_id: str) -> HttpResponse:
    """The QR code of a shared position's absolute address (`?n=…&a=…` and the display choices as on its page)."""
    if not SharedPosition.objects.filter(pk=position_id).exists():
        raise Http404(position_id)
    params = request.GET
    keep, actions = params.get("n"), params.get("a", "")
    try:
        parse_query_actions(actions)
    except PositionError as error:
        return errors.page(request, error)
    if keep is not None and not (keep.isascii() and keep.isdigit() and len(keep) <= 4):
        return errors.page(request, PositionError("malformed"))
    path = links.at(reverse("sandbox:shared", args=[position_id]), n=keep, a=actions or None)
    address = handover.absolute(_display(path, params.get("hands") == "all", params.get("ruling") == "both") or path)
    if address is None:
        raise Http404("no public origin")
    response = HttpResponse(handover.qr_svg(address), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_POST
@limited(WRITES, ("POST",))
def share(request: HttpRequest) -> HttpResponse:
    try:
        position = Position.from_json(request.POST.get("position", ""))
        if position.scenario is None:
            check_table(setup_of(position)[1])  # what the table editor refuses is refused here too
        stored = SharedPosition.store(position)  # only positions that replay are stored
    except PositionError as error:
        return errors.page(request, error)
    return HttpResponseRedirect(reverse("sandbox:shared", args=[stored]))


def _params(request: HttpRequest):
    """A step's parameters: the address's, or the step form's when it was sent by POST (a long position)."""
    return request.POST if request.method == "POST" else request.GET


def _respond(
    request: HttpRequest, base: Position, here: str, keep: str | None, notice=None, checkpoints=None,
    ruled: bool = False,
) -> HttpResponse:
    """`ruled`: a shared position (a table a host set up), which shows the ruling of the steps played on it."""
    params = _params(request)
    try:
        position = base.then(*parse_query_actions(params.get("a", "")))
        # the log's pages need every step's events; a stored position's checkpoints spare most of a cold replay
        game = previous = open_position(position, whole=bool(params.get("log")), checkpoints=checkpoints)
        do = params.get("do")
        if do:
            game = play(previous, _action_code(params, do, len(previous.state.dice)))
            position = game.position
    except PositionError as error:
        return errors.page(request, error)

    show_hands = params.get("hands") == "all"
    both = ruled and params.get("ruling") == "both"
    address = _address(here, keep, base, position)
    if address is None:
        if request.method != "POST":  # a GET never stores: the form asks for a POST long before this
            return errors.page(request, PositionError("too-long-address"))
        address = reverse("sandbox:shared", args=[SharedPosition.store(position)])
    plain = _display(address, show_hands, both=False)  # the address without the ruling's display choice
    address = _display(address, show_hands, both)
    if (do or request.method == "POST") and not request.htmx:
        return HttpResponseRedirect(address)
    if not (do and request.htmx):
        context = _context(request, game, here, keep, base, address, show_hands)
        if ruled:
            _add_shared(context, game, base, address, plain, both, checkpoints)
        context["notice"] = notice
        return render(request, "sandbox/page.html", context)
    # one step, done once: the table is built for the new state only; the regions are chosen by fingerprints
    found = step.changes(previous.state, game.state)
    context = _context(request, game, here, keep, base, address, show_hands, found, previous.state)
    if ruled:
        _add_shared(context, game, base, address, plain, both, checkpoints)
    changed = step.regions_changed(step.fingerprints(previous.state), step.fingerprints(game.state))
    templates = [f"sandbox/_{name}.html" for name in REGIONS
                 if name in CHANGING_EVERY_STEP or FINGERPRINTED.get(name, name) in changed]
    table = context["table"]
    announce = step.announcement(found, get_language(), table.outcome or table.prompt)
    focus = step.FOCUS_DECISION if table.decision_kind else step.FOCUS_STATUS
    return step.step_response(request, templates, context, focus=focus, announce=announce, address=address)


def _action_code(params, do: str, dice: int) -> str:
    """The action a control asks for: `do=<code>`, or `do=reroll` with the dice to keep ticked."""
    if do == "reroll":
        kept = set(params.getlist("keep"))
        reroll = [str(i) for i in range(dice) if str(i) not in kept]
        if not reroll:
            raise PositionError("nothing-to-reroll")
        do = "reroll:" + ".".join(reroll)
    parse_query_actions(do)
    return do


def _address(here: str, keep: str | None, base: Position, position: Position) -> str | None:
    return links.position_address(here, keep, base, position)


def _hands(address: str | None, show_hands: bool) -> str | None:
    """The address with the "show all hands" display choice kept, when it is on."""
    return links.with_query(address, hands="all") if address and show_hands else address


def _display(address: str | None, show_hands: bool, both: bool) -> str | None:
    """The address with the display choices kept: all hands shown, the ruling in both languages."""
    address = _hands(address, show_hands)
    return links.with_query(address, ruling="both") if address and both else address


def _add_shared(context: dict, game: Game, base: Position, address: str, plain: str, both: bool,
                checkpoints) -> None:
    """A shared table's own parts: its address to hand across (absolute, and as a QR code, with the public origin),
    the next step always offered (its script's, else the usual one unless the primary control is that step), and
    the ruling of the steps played since it was opened (at most the log's recent steps), in the reader's language
    or in both, with the switch between the two (`plain`: the address in one language)."""
    path, mark, query = address.partition("?")
    context.update(shared_address=handover.absolute(address) or address,
                   qr_url=path + "qr.svg" + mark + query if handover.absolute(address) else None)
    decision = game.state.decision
    if not context["next_code"]:
        usual = free_next(decision.kind if decision else None, game.legal_codes)
        primary = {c.code for c in context["table"].controls if c.primary}
        context["next_code"] = None if usual in primary else usual  # no second button for the primary one's step
    actions = game.position.actions
    since = max(len(base.actions), len(actions) - RECENT_STEPS)
    context.update(ruling_both=both, ruling_one_url=plain, ruling_both_url=links.with_query(plain, ruling="both"),
                   rulings=[])
    if len(actions) > since:
        start = Position(game.position.scenario, game.position.setup, actions[:since])
        before = open_position(start, checkpoints=checkpoints).state
        langs = LANGS if both else (get_language(),)
        context["rulings"] = rulings(before, game.state, list(actions[since:]), game.replay.steps[since:],
                                     since + 1, langs)


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
    log_page = _log_page(_params(request).get("log"))
    shown = {"show_hands": show_hands, "changed": step.changed_by_monster(found or []), "before": before,
             "expected": script[nxt].action if nxt is not None else None}
    if log_page:
        table = build(game, lang, log_steps=LOG_PAGE, log_skip=(log_page - 1) * LOG_PAGE, **shown)
    else:
        table = build(game, lang, log_steps=RECENT_STEPS, **shown)
    undo = _hands(_address(here, keep, base, position.undo()) if extra else links.undo_of_stored(here, base),
                  show_hands)
    restart = _hands(links.restart(here, keep, base, position), show_hands)
    return {
        "game": game,
        "table": table,
        "show_hands": show_hands,
        "hands_on_url": links.with_query(address, hands="all"),
        "hands_off_url": _address(here, keep, base, position),
        "whole_log_url": links.with_query(address, log=str(log_page + 1) if log_page else "all"),
        "log_page": log_page,
        "step_post": len(address) > MAX_URL - STEP_MARGIN,
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


def _log_page(raw: str | None) -> int:
    """`log=all` is the whole log's first page (the newest LOG_PAGE steps), `log=<k>` its k-th; 0: the recent steps."""
    if raw == "all":
        return 1
    if raw and raw.isascii() and raw.isdigit() and len(raw) <= 3:
        return max(1, int(raw))
    return 0
