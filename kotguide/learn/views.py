"""Learn to play: the path of lessons (``/<lang>/learn/``) and each lesson (``/<lang>/learn/<id>/``).

A lesson page is a sandbox table (the `templates/sandbox/_*.html` regions) with the lesson's narration and one thing
to do. Its controls submit the one form `#sb-step`, like the sandbox's: GET `?a=<actions so far>&do=<action>`
(`do=reroll` with the ticked `keep` dice, `do=next` for the lesson's own steps, `do=bots` in the game). A right
answer is applied and the reader is redirected to the new address (htmx: every region, out of band, and
HX-Push-Url); a wrong one is not applied: the page stays at the same position and says what the rule is instead
(htmx: only the status region). Anything no control sends gets a clear 4xx. The address of a lesson folded into
another (`lessons.FOLDED`) redirects for good to the one that teaches it now.
"""

from __future__ import annotations

import dataclasses
import secrets
from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from kotguide.content import library
from kotguide.content.sections import registry
from kotguide.engine import GameState
from kotguide.sandbox import errors as sandbox_errors
from kotguide.sandbox import links, step
from kotguide.sandbox.position import PositionError, parse_query_actions
from kotguide.sandbox.table import Table, build
from kotguide.sandbox.words import monster_name

from . import errors
from .hints import hint
from .lessons import FOLDED, Lesson, Step, by_id, lessons
from .play import MAX_SEED, Attempt, Place, attempt, open_place, parse_seed

GAME_LOG_STEPS = 40
REGIONS = ("learn/_position.html", "learn/_status.html", "sandbox/_monsters.html", "sandbox/_dice.html",
           "sandbox/_controls.html", "sandbox/_market.html", "sandbox/_holdings.html", "sandbox/_log.html")
# sent only when the fingerprint of what they show changed (kotguide.sandbox.step.fingerprints)
FINGERPRINTED = {"sandbox/_monsters.html": "monsters", "sandbox/_holdings.html": "monsters",
                 "sandbox/_dice.html": "dice", "sandbox/_market.html": "market"}


@dataclass(frozen=True)
class RuleLink:
    url: str
    title: str


@dataclass(frozen=True)
class PathItem:
    lesson: Lesson
    title: str
    summary: str
    url: str
    rules: list[RuleLink]


@dataclass
class Status:
    """What the lesson says now (`learn/_status.html`)."""

    step: int = 0  # 1-based number of the current step (0: none)
    steps: int = 0
    task: str = ""  # the current step's narration
    auto: bool = False  # the current step is the lesson's own: a Continue button
    right: str = ""  # the feedback of the step just answered right
    right_rule: RuleLink | None = None
    wrong: list[str] = dataclasses.field(default_factory=list)  # the feedback of a wrong answer (not applied)
    wrong_rule: RuleLink | None = None
    done: bool = False
    done_text: str = ""
    # the game lesson
    intro: str = ""
    you: str = ""
    prompt: str = ""
    your_turn: bool = False
    bots_turn: bool = False
    eliminated: bool = False
    hint: str = ""
    hint_keep: frozenset[int] = frozenset()  # the dice the hint keeps, marked on the table
    outcome: str = ""
    won: bool = False


def rule_link(target: str, lang: str) -> RuleLink:
    section_id = target.partition("#")[0]
    section = registry().get(section_id)
    return RuleLink(library.url_for("rule", target, lang), section.title(lang) if section else section_id)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    lang = get_language()
    items = [
        PathItem(lesson, lesson.title[lang], lesson.summary[lang], reverse("learn:lesson", args=[lesson.id]),
                 [rule_link(r, lang) for r in lesson.rules])
        for lesson in lessons()
    ]
    return render(request, "learn/index.html", {"items": items, "total": len(items)})


@require_safe
def lesson(request: HttpRequest, lesson_id: str) -> HttpResponse:
    found = by_id().get(lesson_id)
    if found is None and lesson_id in FOLDED:
        return HttpResponsePermanentRedirect(reverse("learn:lesson", args=[FOLDED[lesson_id]]))
    if found is None:
        raise Http404(lesson_id)
    here = reverse("learn:lesson", args=[lesson_id])
    try:
        place = open_place(found, parse_query_actions(request.GET.get("a", "")), parse_seed(request.GET.get("seed")))
    except PositionError as error:
        return errors.page(request, error, found)
    hints = found.is_game and request.GET.get("hints") == "1"
    do = request.GET.get("do")
    wrong: Attempt | None = None
    if do:
        try:
            result = attempt(place, do, request.GET.getlist("keep"))
        except PositionError as error:
            return errors.page(request, error, found)
        if result.right:
            address = _address(here, result.place, hints)
            if not request.htmx:
                return HttpResponseRedirect(address)
            return _step(request, place, result.place, here, hints, address)
        wrong = result
    context = _context(request, place, here, hints, wrong)
    if wrong is not None and do == "reroll":  # show the dice as the reader ticked them
        ticked = set(request.GET.getlist("keep"))
        table = context["table"]
        context["table"] = dataclasses.replace(
            table, dice=[dataclasses.replace(d, kept=str(d.index) in ticked) for d in table.dice]
        )
    if wrong is not None and request.htmx:  # the feedback beside the controls, and the dice as ticked
        regions = ["learn/_status.html", "learn/_feedback.html", "sandbox/_dice.html"]
        return step.step_response(request, regions, context, focus=step.FOCUS_FEEDBACK, announce="", address=None)
    return render(request, "learn/lesson.html", context)


def _step(request: HttpRequest, before: Place, after: Place, here: str, hints: bool, address: str) -> HttpResponse:
    """A right answer (or, in the game, a legal move) through the one step-response helper."""
    found = step.changes(before.state, after.state)
    context = _context(request, after, here, hints, found=found, before=before.state)
    changed = step.regions_changed(step.fingerprints(before.state, before.your_move),
                                   step.fingerprints(after.state, after.your_move))
    templates = [name for name in REGIONS if name not in FINGERPRINTED or FINGERPRINTED[name] in changed]
    table, status = context["table"], context["status"]
    lang = get_language()
    then = status.outcome or status.prompt or (status.done_text if status.done else status.task)
    verdict = f"{_('Right.')} {status.right}" if status.right else ""
    announce = step.announcement(found, lang, verdict, then)
    acting = table.controls or status.auto or status.bots_turn
    focus = step.FOCUS_DECISION if acting and not status.done else step.FOCUS_STATUS
    return step.step_response(request, ["learn/_feedback.html", *templates], context, focus=focus,
                              announce=announce, address=address)


def _address(here: str, place: Place, hints: bool, **extra: str) -> str:
    return links.at(here, a=" ".join(place.actions) or None,
                    seed=str(place.seed) if place.seed is not None else None, hints="1" if hints else None, **extra)


def _view_only(table: Table) -> Table:
    """The table without controls: while the lesson plays its own step, the computer plays, or it is over."""
    market = [dataclasses.replace(slot, buy_code=None) for slot in table.market]
    return dataclasses.replace(table, controls=[], can_reroll=False, market=market)


def _context(request: HttpRequest, place: Place, here: str, hints: bool, wrong: Attempt | None = None,
             found: list[step.Change] | None = None, before: GameState | None = None) -> dict:
    lang = get_language()
    lesson = place.lesson
    all_lessons = lessons()
    log_steps = GAME_LOG_STEPS if lesson.is_game and request.GET.get("log") != "all" else None
    current = place.current if not lesson.is_game else None
    expected = current.expect if current is not None and not current.is_auto else None
    table = build(place.game, lang, log_steps=log_steps, changed=step.changed_by_monster(found or []), before=before,
                  expected=expected)
    if not place.your_move:
        table = _view_only(table)
    address = _address(here, place, hints)
    restart = links.at(here, seed=str(place.seed) if place.seed is not None else None) if place.actions else None
    index = lesson.number - 1
    neighbours = {
        "previous_lesson": all_lessons[index - 1] if index > 0 else None,
        "next_lesson": all_lessons[index + 1] if index + 1 < len(all_lessons) else None,
    }
    status = _game_status(place, table, lang, hints) if lesson.is_game else _step_status(place, lang, wrong)
    return {
        "lesson": lesson,
        "title": lesson.title[lang],
        "summary": lesson.summary[lang],
        "total": len(all_lessons),
        "rules": [rule_link(r, lang) for r in lesson.rules],
        "table": table,
        "status": status,
        "place": place,
        "here": here,
        "actions": " ".join(place.actions),
        "seed": place.seed,
        "hints": hints,
        "address": address,
        "whole_log_url": _address(here, place, hints, log="all"),
        "step_nav": [{"url": restart, "htmx": False,
                      "label": _("Start this game again") if lesson.is_game else _("Restart the lesson")}]
        if restart else [],
        "new_game": links.at(here, seed=str(secrets.randbelow(MAX_SEED))) if lesson.is_game else None,
        **{key: (value, value.title[lang]) if value else None for key, value in neighbours.items()},
    }


def _step_status(place: Place, lang: str, wrong: Attempt | None) -> Status:
    lesson = place.lesson
    status = Status(steps=len(lesson.steps), done=place.done)
    step: Step | None = place.current
    if step is not None:
        status.step = step.index + 1
        status.task = step.narration[lang]
        status.auto = step.is_auto
    if wrong is not None and step is not None:
        if wrong.nothing_to_reroll:
            status.wrong.append(str(sandbox_errors.MESSAGES["nothing-to-reroll"]))
        if wrong.mistake is not None:
            status.wrong.append(wrong.mistake.feedback[lang])
        status.wrong.append(step.wrong[lang])
        status.wrong_rule = rule_link(step.rule, lang)
    else:
        previous = place.previous
        if previous is not None and not previous.is_auto:
            status.right = previous.right[lang]
            status.right_rule = rule_link(previous.rule, lang)
    if place.done:
        status.done_text = lesson.done[lang]
    return status


def _game_status(place: Place, table: Table, lang: str, hints: bool) -> Status:
    lesson = place.lesson
    state = place.state
    you = state.monsters[place.you_seat]
    status = Status(
        intro=lesson.intro[lang],
        you=monster_name(you.id, lang),
        your_turn=place.your_move,
        bots_turn=place.bots_move,
        eliminated=not you.alive,
        done=state.over,
        outcome=table.outcome,
        won=state.outcome is not None and you.id in state.outcome.winners,
    )
    if place.your_move:
        status.prompt = table.prompt
        if hints:
            advice = hint(state, lang)
            status.hint, status.hint_keep = advice.text, advice.keep
    elif place.bots_move:
        status.prompt = _("The computer plays %(monster)s now.") % {"monster": table.decider}
    return status
