"""The summary of a followed game: each monster's life and VP at the start of every turn and at the end, replayed
from the game's actions, and the chart of them drawn as SVG by the site (polylines in a fixed viewBox: no script, no
library)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from kotguide.engine import Setup, apply_in_place, parse_action, start
from kotguide.engine.ops import GOAL_VP
from kotguide.engine.setup import MAX_LIFE_CAP

from ..sandbox.drawings import monster_colours
from ..sandbox.words import monster_name

WIDTH, HEIGHT, PAD = 320, 120, 4  # the chart's viewBox: turns across, the value up
# how the game was won, by the engine's outcome reason (every monster eliminated: the outcome already says so)
HOW = {
    "points": gettext_lazy("Won by reaching 20 VP."),
    "last-survivor": gettext_lazy("Won as the last monster standing: every other monster was eliminated."),
}


@dataclass
class Line:
    name: str
    colour: str
    values: list[int]  # at the start of each turn (its start-of-turn effects taken), then at the end
    points: str  # the SVG polyline's points


@dataclass
class Chart:
    title: str
    top: int  # the highest value the axis shows
    lines: list[Line]


def turns(setup: Setup, codes: tuple[str, ...]) -> tuple[int, dict[str, list[tuple[int, int]]]]:
    """How many turns were played, and per monster its (life, VP) at the start of every turn (once the turn's
    start-of-turn effects are taken: the engine moves on to them with the action that ends the turn before) and
    when the game ends."""
    state, _events = start(setup)
    marks = {m.id: [(m.life, m.vp)] for m in state.monsters}
    turn = state.turn
    for code in codes:
        apply_in_place(state, parse_action(code), trusted=True)
        if state.turn != turn or state.over:
            turn = state.turn
            for m in state.monsters:
                marks[m.id].append((max(m.life, 0), m.vp))
    return len(next(iter(marks.values()))) - 1, marks


def charts(setup: Setup, codes: tuple[str, ...], lang: str, titles: tuple[str, str]) -> tuple[int, list[Chart]]:
    played, marks = turns(setup, codes)
    colours = monster_colours()
    out = []
    for which, (title, top) in enumerate(zip(titles, (MAX_LIFE_CAP, GOAL_VP), strict=True)):
        lines = []
        for monster, values in marks.items():
            series = [pair[which] for pair in values]
            lines.append(Line(monster_name(monster, lang), colours.get(monster, "currentColor"), series,
                              _points(series, top)))
        out.append(Chart(title, top, lines))
    return played, out


def _points(values: list[int], top: int) -> str:
    step = (WIDTH - 2 * PAD) / max(1, len(values) - 1)
    return " ".join(f"{PAD + i * step:.1f},{HEIGHT - PAD - (HEIGHT - 2 * PAD) * min(v, top) / top:.1f}"
                    for i, v in enumerate(values))
