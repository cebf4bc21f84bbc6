"""What the sandbox page shows, built from the engine's state in the reader's language. Templates only display it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from kotguide.content import library
from kotguide.engine import GameState
from kotguide.engine import options as O
from kotguide.engine.cards import choices
from kotguide.engine.events import ParamType
from kotguide.engine.phases import DecisionKind

from . import render
from .drawings import die_class, face_symbol, monster_colours
from .game import Game
from .log import LogLine, line
from .modules_view import MonsterExtras, Panel, monster_extras, panels
from .words import card_name, face_name, monster_name, space_name

VP_TO_WIN = 20  # the VP track's length on a monster's board


@dataclass
class MonsterView:
    id: str
    name: str
    life: int
    max_life: int
    vp: int
    energy: int
    location: str
    place: str
    cards: list[tuple[str, str]]  # (card id, name)
    extras: MonsterExtras  # tokens, module pieces, evolution hand
    alive: bool
    active: bool
    deciding: bool
    colour: str = ""  # content/monsters.toml: the board's band (the emblem has it drawn in)
    changed: frozenset[str] = frozenset()  # what the last step changed: "life", "vp", "energy", "place", "bought"

    @property
    def life_percent(self) -> int:
        return round(100 * max(self.life, 0) / self.max_life) if self.max_life else 0

    @property
    def vp_percent(self) -> int:
        """How far along the VP track to 20 (one mark per point) the monster is."""
        return round(100 * min(max(self.vp, 0), VP_TO_WIN) / VP_TO_WIN)


@dataclass
class DieView:
    index: int
    face: str
    label: str
    kept: bool
    symbol: str = ""  # its drawing in the sprite (drawings.face_symbol)
    die: str = "die-base"  # which die: its colours (drawings.die_class)


@dataclass
class SlotView:
    slot: int
    card_id: str | None
    name: str
    cost: int
    type: str
    buy_code: str | None  # the action that buys it now, if legal
    effect: str = ""
    primary: bool = False  # the step the narration or lesson expects is buying this card
    affordable: bool = False  # the monster whose turn it is has the energy for it (when buying: may buy it now)
    new: bool = False  # revealed by the last step


@dataclass
class Control:
    code: str
    label: str
    primary: bool = False


@dataclass
class StepLog:
    number: int  # 0: the setup and the first turn's start
    action: str
    lines: list[LogLine] = field(default_factory=list)


@dataclass
class Table:
    monsters: list[MonsterView]
    city: MonsterView | None
    bay: MonsterView | None
    bay_open: bool
    dice: list[DieView]
    dice_owner: str  # whose dice they are (the monster whose turn it is)
    rolls_left: int
    can_reroll: bool
    market: list[SlotView]
    deck_size: int
    discard_size: int
    phase: str
    decision_kind: str | None
    decider: str | None
    prompt: str
    controls: list[Control]
    choosing: str  # what every control chooses, when they all name it ("Mutant Evolution draft"): said once
    outcome: str
    log: Sequence[StepLog]  # worked out when shown: a step whose log region is kept (step.REGION_INPUTS) skips it
    log_hidden: int  # older steps not shown (the whole log is one link away)
    log_of: str  # what the log shows is made from: the position, whether every step's events are at hand, the steps
    modules: tuple[Panel, ...] = ()  # the shared state of each expansion module in play
    show_hands: bool = False  # every evolution hand shown, not only the deciding monster's
    has_hands: bool = False  # a module with hidden hands is in play (the "show all hands" switch is offered)


PROMPTS = {
    DecisionKind.ROLL: gettext_lazy("%(monster)s: roll the dice."),
    DecisionKind.REROLL: gettext_lazy("%(monster)s: choose the dice to keep and reroll the others, or resolve."),
    DecisionKind.RESOLVE: gettext_lazy("%(monster)s: no rerolls left; resolve the dice."),
    DecisionKind.YIELD: gettext_lazy("%(monster)s was hit: stay in Tokyo or yield?"),
    DecisionKind.BUY: gettext_lazy("%(monster)s: buy Power cards, sweep the market, or end the turn."),
    DecisionKind.CARD: gettext_lazy("%(monster)s: use a card now, or pass."),
}
# a card decision at a module's own window says what is being chosen
WINDOW_PROMPTS = {
    "costume": gettext_lazy("%(monster)s: keep one of the two costumes drawn."),
    "steal-costume": gettext_lazy("%(monster)s: steal costumes from the monsters you wounded, or pass."),
    "evolution-keep": gettext_lazy("%(monster)s: keep one of the Evolution cards drawn."),
    "evolution-draft": gettext_lazy("%(monster)s: pick one Evolution card; the others pass to the left."),
    "evolution-choice": gettext_lazy("%(monster)s: choose as the Evolution card says."),
    "wickedness": gettext_lazy("%(monster)s: take a wickedness tile, or pass."),
    "curse": gettext_lazy("%(monster)s: choose as the curse card says."),
    "curse-option": gettext_lazy("%(monster)s: the curse card offers a choice; take it or pass."),
}


def action_label(code: str, lang: str, state: GameState | None = None, seat: int = 0) -> str:
    """A button's words for an action code (the reroll form has its own); card choices need the state."""
    name, _sep, rest = code.partition(":")
    labels = {
        "roll": _("Roll the dice"),
        "resolve": _("Resolve the dice"),
        "stay": _("Stay in Tokyo"),
        "yield": _("Yield Tokyo"),
        "sweep": _("Sweep the market (2 energy)"),
        "end": _("End the turn"),
        "pass": _("Pass"),
    }
    if name in labels:
        return str(labels[name])
    if name == "use":
        card, _sep, arg = rest.partition(":")
        return _use_label(card, arg, lang, state, seat)
    if name == "reroll":
        return _("Reroll dice %(dice)s") % {"dice": ", ".join(str(int(i) + 1) for i in rest.split("."))}
    return code


RECENT_STEPS = 12


def _use_label(card: str, arg: str, lang: str, state: GameState | None, seat: int) -> str:
    """The card's own words for the choice (its `use_label`: one template, or one per argument or option), filled
    with names in the reader's language."""
    template = library.card_choice_labels(lang).get(card)
    if template is None or state is None:
        return _("Use %(card)s") % {"card": card_name(card, lang)}
    params = choices.choice_params(state, seat, card, arg)
    if isinstance(template, dict):
        template = template.get(arg) or template.get(str(params.get("option", ""))) or template.get("default", "")
    separator = "：" if lang == "ja" else ": "
    return f"{card_name(card, lang)}{separator}{template.format_map(_Words(choice_words(params, lang)))}"


def choice_words(params: dict, lang: str) -> dict[str, str]:
    """A choice's placeholders as words, each by its type (``choices.TYPES``)."""
    words = render.words(choices.TYPES, params, lang)
    # {choice}: whatever the argument names, for choices whose arguments are of several kinds
    words["choice"] = next((words[k] for k in ("monster", "card", "evolution", "tile", "face", "option", "die")
                            if k in words), "")
    return words


class _Words(dict):
    def __missing__(self, key: str) -> str:
        return ""


def build(game: Game, lang: str, log_steps: int | None = RECENT_STEPS, show_hands: bool = False, log_skip: int = 0,
          changed: dict[str, frozenset[str]] | None = None, before: GameState | None = None,
          expected: str | None = None) -> Table:
    """The table in `lang`; the log holds the last `log_steps` steps (None: the whole game) before the `log_skip`
    newest (a page of the log); `show_hands`: every evolution hand face up (a host's display choice); `changed`: per
    monster id, what the last step changed on its board (step.changed_by_monster), and `before`: the state before
    that step (new market cards are marked); `expected`: the action the narration or lesson expects next (its
    control is the one primary button)."""
    changed = changed or {}
    state = game.state
    colours = monster_colours()
    decision = state.decision
    legal = game.legal_codes
    monsters = [
        MonsterView(
            id=m.id,
            name=monster_name(m.id, lang),
            life=m.life,
            max_life=m.max_life,
            vp=m.vp,
            energy=m.energy,
            location=m.location,
            place=space_name(m.location),
            cards=[(c, card_name(c, lang)) for c in m.cards],
            extras=monster_extras(state, m.seat, lang, show_hands),
            alive=m.alive,
            active=m.seat == state.active and not state.over,
            deciding=decision is not None and decision.seat == m.seat,
            colour=colours.get(m.id, ""),
            changed=changed.get(m.id, frozenset()),
        )
        for m in state.monsters
    ]
    by_id = {m.id: m for m in monsters}
    cards = library.cards(lang)
    buying = bool(decision and decision.kind == DecisionKind.BUY)
    purse = state.monsters[state.active].energy
    market = []
    for slot, card_id in enumerate(state.market):
        card = cards.get(card_id) if card_id else None
        buy_code = f"buy:{slot}"
        market.append(
            SlotView(
                slot=slot,
                card_id=card_id,
                name=card.name if card else "",
                cost=card.cost if card else 0,
                type=card.type if card else "",
                buy_code=buy_code if buy_code in legal else None,
                effect=card.effect if card else "",
                affordable=bool(card) and ((buy_code in legal) if buying else card.cost <= purse),
                new=before is not None and card_id is not None and card_id not in before.market,
            )
        )
    can_reroll = bool(decision and decision.kind == DecisionKind.REROLL)
    codes = [c for c in legal if not c.startswith(("reroll:", "buy:"))]
    if can_reroll:
        codes.insert(0, "reroll")  # the dice ticked are kept: one button for every reroll (the dice are its form)
    primary = _primary(expected, decision.kind if decision else None, codes, [s.buy_code for s in market])
    controls = [
        Control(code, str(_("Reroll the dice not kept")) if code == "reroll"
                else action_label(code, lang, state, decision.seat if decision else 0), primary=code == primary)
        for code in codes
    ]
    for slot in market:
        slot.primary = slot.buy_code is not None and slot.buy_code == primary
    choosing, controls = _shared_prefix(controls, lang)
    decider = monster_name(decision.monster, lang) if decision else None
    return Table(
        monsters=monsters,
        city=by_id[state.city.id] if state.city else None,
        bay=by_id[state.bay.id] if state.bay else None,
        bay_open=state.alive_count >= 5,
        dice=[
            DieView(i, face, face_name(face), kept, face_symbol(face), die_class(face))
            for i, (face, kept) in enumerate(zip(state.dice, state.kept, strict=False))
        ],
        dice_owner=monster_name(state.monsters[state.active].id, lang),
        rolls_left=state.rolls_left,
        can_reroll=can_reroll,
        market=market,
        deck_size=state.deck_size,
        discard_size=state.discard_size,
        phase=state.phase,
        decision_kind=decision.kind if decision else None,
        decider=decider,
        prompt=_prompt(decision, decider),
        controls=controls,
        choosing=choosing,
        outcome=_outcome_text(game, lang),
        log=SimpleLazyObject(lambda: _log(game, lang, log_steps, log_skip)),
        log_of=repr((game.position, game.complete, log_steps, log_skip)),
        log_hidden=0 if log_steps is None else max(0, len(game.replay.steps) + 1 - log_steps - log_skip),
        modules=panels(state, lang),
        show_hands=show_hands,
        has_hands=O.EVOLUTIONS in state.options,
    )


def _shared_prefix(controls: list[Control], lang: str) -> tuple[str, list[Control]]:
    """Choices that all start with the same card name ("Mutant Evolution draft: pick …") say it once, above them."""
    separator = "：" if lang == "ja" else ": "
    heads = {c.label.partition(separator)[0] for c in controls if separator in c.label}
    if len(controls) < 3 or len(heads) != 1 or not all(separator in c.label for c in controls):
        return "", controls
    return heads.pop(), [Control(c.code, c.label.partition(separator)[2], c.primary) for c in controls]


# in free play, the primary button is the usual next step of each decision
USUAL = {DecisionKind.ROLL: "roll", DecisionKind.REROLL: "reroll", DecisionKind.RESOLVE: "resolve",
         DecisionKind.YIELD: "stay", DecisionKind.BUY: "end", DecisionKind.CARD: "pass"}


def free_next(kind: str | None, codes: list[str]) -> str | None:
    """What "play the next step for me" plays where no script says: the usual choice of the decision (the dice as
    they are are resolved, not rerolled), else the first legal action."""
    usual = "resolve" if kind == DecisionKind.REROLL else USUAL.get(kind or "")
    return usual if usual in codes else next(iter(codes), None)


def _primary(expected: str | None, kind: str | None, codes: list[str], buys: list[str | None]) -> str | None:
    """The one control to show as primary: the expected step when it is offered, else the usual one."""
    if expected is not None:
        wanted = "reroll" if expected.startswith("reroll:") else expected
        if wanted in codes or wanted in buys:
            return wanted
    usual = USUAL.get(kind or "")
    return usual if usual in codes else None


def _prompt(decision, decider: str | None) -> str:
    if decision is None:
        return ""
    words = WINDOW_PROMPTS.get(decision.window) if decision.kind == DecisionKind.CARD else None
    return str(words or PROMPTS.get(decision.kind, "")) % {"monster": decider}


def _outcome_text(game: Game, lang: str) -> str:
    outcome = game.state.outcome
    if outcome is None:
        return ""
    winners = render.word(ParamType.MONSTERS, list(outcome.winners), lang)
    if not outcome.winners:
        return _("Game over: every monster is eliminated, nobody wins.")
    if outcome.shared:
        return _("Game over: %(winners)s share the win (house fallback).") % {"winners": winners}
    return _("Game over: %(winners)s wins.") % {"winners": winners}


def _log(game: Game, lang: str, recent: int | None, skip: int = 0) -> list[StepLog]:
    """Newest step first, so the change the reader just made is at the top; only the `recent` last steps if given,
    before the `skip` newest."""
    played = game.replay
    numbered = list(enumerate(zip(played.actions, played.steps, strict=True), start=1))
    end = len(numbered) - skip
    shown = numbered[:end] if recent is None else numbered[max(0, end - recent) : end]
    steps = [
        StepLog(n, action_label(action.code, lang), [line(e, lang) for e in events]) for n, (action, events) in shown
    ]
    if recent is None or end < recent:
        steps.insert(0, StepLog(0, "", [line(e, lang) for e in played.start_events]))
    return list(reversed(steps))
