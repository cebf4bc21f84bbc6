"""Rules puzzles: the list by theme (`/<lang>/practice/`), each puzzle (`/<lang>/practice/<id>/`, the same id in both
languages) and the progress page (`/<lang>/practice/progress/`, filled in from the device by `static/js/practice.js`).

A puzzle page is the sandbox's drawn table at the puzzle's position (view only), what happens from it, and the
question; the reader answers by a form POST with one of the choices. A plain POST returns the whole page with the
verdict; an htmx POST returns the answer region alone (`#practice-answer`, aria-live, focused by the site JS). Every
verdict comes from the catalogue (the engine's answer); a wrong choice is explained by its mistake's text, the rule
linked, and "show me" opens the position with its actions in the sandbox (a stored position, by the sandbox's own
share form). An unknown id or a choice not offered is a 4xx in the reader's language.

"Practise this" on a rule section or a card page links `/<lang>/practice/rule/<id>/` or `/practice/card/<id>/`,
which redirect to the first puzzle on it: the page with the link builds no catalogue (that is the engine replaying
every puzzle, about 0.8 s the first time in a process), only the click does, for the puzzle page that needs it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from kotguide.content import library
from kotguide.content.scenarios import scenarios
from kotguide.content.sections import registry
from kotguide.engine import Setup, replay
from kotguide.engine.modules.evolutions.core import evolutions
from kotguide.sandbox.game import open_position
from kotguide.sandbox.log import LogLine, line
from kotguide.sandbox.position import Position
from kotguide.sandbox.table import DieView, Table, action_label, build
from kotguide.sandbox.words import card_name, component_name, monster_name, option_name, space_name

from .catalogue import LEVELS, Puzzle, by_card, by_rule, played, puzzles, themes
from .draft_template import EVOLUTION
from .questions import CARD, DIE, MONSTER, NOBODY, NUMBER, SPACE, YES_NO

MAX_ANSWER = 80


@dataclass(frozen=True)
class ChoiceView:
    value: str
    label: str
    die: DieView | None = None  # a die's drawing, as the table draws it


@dataclass(frozen=True)
class Verdict:
    right: bool
    chosen: str
    why_wrong: str
    why: str
    rules: list[tuple[str, str]]
    right_labels: list[str]
    log: list[LogLine]


@cache
def texts(lang: str) -> dict:
    return library.load_toml(lang, "practice.toml")


def _words(puzzle: Puzzle, lang: str) -> dict[str, str]:
    v = puzzle.variant
    if v.card:
        card = card_name(v.card, lang)
    elif v.module:
        card = registry().get(v.module).title(lang)
    else:
        card = ""
    return {"monster": monster_name(v.subject, lang), "stat": texts(lang)["stat"].get(v.stat, ""), "card": card}


def _fill(text: str, words: dict[str, str]) -> str:
    return text.format_map(words)


def question(puzzle: Puzzle, lang: str) -> str:
    return _fill(texts(lang)["template"][puzzle.template.id]["question"], _words(puzzle, lang))


def _label(puzzle: Puzzle, value: str, lang: str, table: Table) -> ChoiceView:
    kind = puzzle.template.kind
    if kind == NUMBER:
        return ChoiceView(value, value)
    if kind == MONSTER:
        if value == NOBODY:
            return ChoiceView(value, _("Nobody"))
        return ChoiceView(value, monster_name(value, lang))
    if kind == YES_NO:
        return ChoiceView(value, _("Yes") if value == "yes" else _("No"))
    if kind == SPACE:
        return ChoiceView(value, _("Outside Tokyo") if value == "outside" else space_name(value))
    if kind == DIE:
        die = table.dice[int(value.removeprefix("die:"))]
        return ChoiceView(value, _("Die %(n)s: %(face)s") % {"n": die.index + 1, "face": die.label},
                          die=die)
    if kind == CARD:
        return ChoiceView(value, card_name(value.removeprefix("card:"), lang))
    if kind == EVOLUTION:
        card = value.removeprefix("evolution:")
        owner = monster_name(evolutions()[card].monster, lang)
        return ChoiceView(value, _("%(card)s (%(monster)s's card)") % {
            "card": component_name("evolutions", card, lang), "monster": owner})
    raise ValueError(kind)  # pragma: no cover - every kind is above


def _view_only(table: Table) -> Table:
    """The board of a puzzle: nothing on it can be played, and no monster is shown deciding (a board tapped as an
    answer must not look chosen already)."""
    market = [dataclasses.replace(slot, buy_code=None, affordable=False) for slot in table.market]
    monsters = [dataclasses.replace(m, deciding=False) for m in table.monsters]
    return dataclasses.replace(table, controls=[], can_reroll=False, market=market, monsters=monsters)


def _rule_links(puzzle: Puzzle, lang: str) -> list[tuple[str, str]]:
    reg = registry()
    return [(library.url_for("rule", r, lang), reg.get(r).title(lang)) for r in puzzle.rules[:3]]


def _verdict(puzzle: Puzzle, chosen: str, lang: str, table: Table) -> Verdict:
    words = _words(puzzle, lang)
    mistake = next(c.mistake for c in puzzle.choices if c.value == chosen)
    right = chosen in puzzle.right
    why_wrong = "" if right else _fill(texts(lang)["mistake"][mistake], words)
    result = played(puzzle.variant)
    start = len(played(dataclasses.replace(puzzle.variant, actions=())).events)
    log = [line(e, lang) for e in result.events[start:]]
    labels = [_label(puzzle, c.value, lang, table).label for c in puzzle.choices if c.value in puzzle.right]
    return Verdict(right, chosen, why_wrong, _fill(texts(lang)["template"][puzzle.template.id]["why"], words),
                   _rule_links(puzzle, lang), labels, log)


def _happens(puzzle: Puzzle, lang: str) -> list[str]:
    """Each action as its button says it, with the faces any roll in it shows (the reader must know the dice);
    for a question about the game's start, the start's rolls (the first-player roll-off)."""
    game = replay(Setup.from_dict(puzzle.variant.setup), ())
    said = [line(e, lang).text for e in game.start_events if e.kind == "roll-off"] if puzzle.template.at_game_start \
        else []
    for step, code in enumerate(puzzle.variant.actions):
        state = game.state
        seat = state.decision.seat if state.decision else 0
        if code.startswith("buy:"):  # the market's own words for a purchase
            label = _("Buy %(name)s") % {"name": card_name(state.market[int(code[4:])] or "", lang)}
        elif code == "sweep":  # the button's words say the price, which a puzzle asks
            label = _("Sweep the market")
        else:
            label = action_label(code, lang, state, seat)
        if state.decision is not None:
            label = _("%(monster)s: %(action)s") % {"monster": monster_name(state.decision.monster, lang),
                                                    "action": label}
        game.play(code, step)
        rolls = [line(e, lang).text for e in game.steps[-1] if e.kind == "dice-rolled"]
        said.append(" ".join([label, *rolls]))
    return said


def _facts(puzzle: Puzzle, lang: str) -> list[str]:
    """What the drawn table does not say: at the game's start who sits at it and the variants; on dice that may
    still be rerolled, how many rerolls are left and which dice the last roll kept."""
    setup = puzzle.variant.setup
    if puzzle.template.at_game_start:
        names = ("、" if lang == "ja" else ", ").join(
            monster_name(m if isinstance(m, str) else m["id"], lang) for m in setup["monsters"])
        options = ("、" if lang == "ja" else ", ").join(option_name(o) for o in setup.get("options", []))
        return [_("Monsters at the table, in seat order: %(names)s.") % {"names": names},
                _("Variants: %(names)s.") % {"names": options} if options else _("No variant: the base game.")]
    turn = setup.get("turn", {})
    if turn.get("step") != "rolled" or turn.get("rerolls", 2) == 0:
        return []
    facts = [_("Rerolls left: %(n)s.") % {"n": turn.get("rerolls", 2)}]
    if turn.get("kept"):
        facts.append(_("Dice the last roll kept: %(dice)s.") % {"dice": ", ".join(str(i + 1) for i in turn["kept"])})
    return facts


def _drawn_answers(puzzle: Puzzle, table: Table, show_table: bool) -> list[str]:
    """The choices the drawn table shows (a monster's board, a space of Tokyo): the reader taps them there; the
    others ("nobody", "outside Tokyo", a closed Bay) stay buttons of their own."""
    if not show_table:
        return []
    if puzzle.template.kind == MONSTER:
        drawn = {m.id for m in table.monsters}
    elif puzzle.template.kind == SPACE:
        drawn = {"city", "bay"} if table.bay_open or table.bay else {"city"}
    else:
        return []
    return [c.value for c in puzzle.choices if c.value in drawn]


def _context(puzzle: Puzzle, lang: str) -> dict:
    game = open_position(Position(setup=puzzle.variant.setup))
    table = _view_only(build(game, lang, log_steps=0))
    show_table = not puzzle.template.at_game_start
    on_table = _drawn_answers(puzzle, table, show_table)
    ordered = list(puzzles())
    index = ordered.index(puzzle.id)
    return {
        "puzzle": puzzle,
        "table": table,
        "question": question(puzzle, lang),
        "happens": _happens(puzzle, lang),
        "facts": _facts(puzzle, lang),
        "show_table": show_table,
        "answer_values": on_table,
        "answer_kind": puzzle.template.kind if on_table else "",
        "choices": [_label(puzzle, c.value, lang, table) for c in puzzle.choices if c.value not in on_table],
        "rules": _rule_links(puzzle, lang),
        "module_title": registry().get(puzzle.module).title(lang) if puzzle.module else "",
        "source_title": getattr(scenarios()[puzzle.variant.source], f"title_{lang}") if puzzle.variant.source else "",
        "next_puzzle": ordered[(index + 1) % len(ordered)],
        "here": reverse("practice:puzzle", args=[puzzle.id]),
        "position_json": puzzle.position_json(),
    }


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    lang = get_language()
    groups = []
    for theme, found in themes().items():
        section = registry().get(theme)
        groups.append({"id": theme, "title": section.title(lang) if section else theme,
                       "levels": [(level, [(p, question(p, lang)) for p in found if p.level == level])
                                  for level in LEVELS]})
    return render(request, "practice/index.html", {"groups": groups, "total": len(puzzles())})


@require_safe
def progress(request: HttpRequest) -> HttpResponse:
    lang = get_language()
    groups = [{"id": theme, "title": registry().get(theme).title(lang), "ids": " ".join(p.id for p in found),
               "count": len(found)} for theme, found in themes().items()]
    return render(request, "practice/progress.html", {"groups": groups})


@require_http_methods(["GET", "HEAD", "POST"])
def puzzle(request: HttpRequest, puzzle_id: str) -> HttpResponse:
    found = puzzles().get(puzzle_id)
    if found is None:
        raise Http404(puzzle_id)
    lang = get_language()
    context = _context(found, lang)
    if request.method == "POST":
        chosen = request.POST.get("answer", "")
        if len(chosen) > MAX_ANSWER or chosen not in {c.value for c in found.choices}:
            context["error"] = _("That answer is not one of this puzzle's choices. Choose one of the buttons.")
            page = "practice/_answer.html" if request.htmx else "practice/puzzle.html"
            return render(request, page, context, status=400)
        context["verdict"] = _verdict(found, chosen, lang, context["table"])
        if request.htmx:
            return render(request, "practice/_answer.html", context)
    return render(request, "practice/puzzle.html", context)


def _first(found: list[Puzzle], target: str) -> HttpResponse:
    if not found:
        raise Http404(target)
    return redirect("practice:puzzle", found[0].id)


@require_safe
def practise_rule(request: HttpRequest, section_id: str) -> HttpResponse:
    return _first(by_rule(section_id), section_id)


@require_safe
def practise_card(request: HttpRequest, card_id: str) -> HttpResponse:
    return _first(by_card(card_id), card_id)
