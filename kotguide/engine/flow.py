"""The turn loop: ``start``, ``legal_actions``, ``is_legal``, ``apply``, ``replay``. The only place that moves the
game forward.

The game runs by itself until someone must choose: then ``state.decision`` names the monster and the kind of
choice (see ``phases``). Decisions of monsters other than the active one (a smashed occupant's stay/yield, card
prompts) wait in ``state.pending`` and are asked first, in seat order from the active monster.

Card hook points of the loop (it never names a card): the windows of ``phases``; before-resolve prompts ask the
other monsters first, then the active one; a ``card`` decision that offers nothing any more when it comes up is
skipped (``passed`` fires, as for ``pass``); ``extra_turns`` (queued by cards) are played before the rotation goes
on; while a card could keep a monster from losing life (``registry.guards_ready``), each action is first tried on a
copy: if monsters would lose life and their cards offer something at the ``damage`` window, they are asked first and
the action waits in ``state.deferred`` (it is played, or dropped if no longer legal, once they have chosen): the guard
protocol, in ``guards``.

Legal actions: every action the decision allows, card offers included. For a ``reroll`` decision that is
``resolve`` plus every non-empty set of dice to reroll (2**n − 1: 63 with six dice; the tuples are built once and
cached, so the list costs a copy). A user interface should not show 63 buttons: render one checkbox per die and a
reroll button (code ``reroll:`` + the chosen indices joined by ``.``) from ``decision.kind == "reroll"``, check it with
``is_legal``, and show the other legal actions as buttons.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from . import chance, data, guards, market, tokyo
from . import options as O
from . import rules as R
from .actions import (
    CHANCE,
    END,
    PASS,
    RESOLVE,
    ROLL,
    STAY,
    SWEEP,
    YIELD,
    Action,
    Buy,
    Chance,
    End,
    Pass,
    Reroll,
    Resolve,
    Roll,
    Stay,
    Sweep,
    UseCard,
    Yield,
    as_action,
    buy,
    parse_action,
    reroll_set,
    reroll_subsets,
)
from .cards import registry
from .cards.common import locked_dice
from .dice import DICE_PER_ROLL, ROLLS_PER_TURN, SMASH, die_kind
from .errors import IllegalAction, InvalidSetup, SetupProblem
from .events import Event
from .hand import Hand
from .modules import registry as module_registry
from .ops import Ctx, QuietCtx, draw_die, draw_faces, goal
from .phases import DecisionKind, Kinds, Phase, Phases, Windows
from .resolve import resolve_dice
from .rng import seed_state, shuffle
from .setup import Setup, TurnSetup, TurnStep
from .state import Decision, GameState, Monster, Outcome, TurnControl

MAX_ROLL_OFF_ROUNDS = 100


# ---------------------------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------------------------
def start(setup: Setup) -> tuple[GameState, list[Event]]:
    """The state at the first decision of the game, and the events of the setup and first turn start."""
    setup.validate()
    s = initial_state(setup)
    events: list[Event] = []
    ctx = Ctx(s, events)
    ctx.emit("game-started", R.SETUP, monsters=[m.id for m in s.monsters], options=list(setup.options))
    for option in setup.options:
        ctx.emit("option-used", O.RULE[option], option=option)
    if O.OPENING_ENERGY in s.options:
        for seat in range(len(s.monsters)):
            ctx.gain_energy(seat, O.OPENING_ENERGY_AMOUNT, R.HOUSE_VARIANTS, reason="opening")
    given = setup.market or ()
    for slot in range(len(s.market)):
        if slot < len(given):
            s.market[slot] = given[slot]
            ctx.emit("card-revealed", R.SETUP, None, card=given[slot], slot=slot)
        else:
            market.reveal(ctx, slot, R.SETUP)
    module_registry.init(ctx)
    if setup.turn is not None and setup.turn.step is not TurnStep.START:
        if s.pending:
            raise InvalidSetup.of([SetupProblem("turn-setup-choices", ("turn", "step"))])
        _open_turn(ctx, setup.turn)
    elif s.pending:  # the modules' setup choices (a costume, an Evolution to keep) come before the first turn
        s.phase = Phases.SETUP
    else:
        _first_turn(ctx)
    _advance(ctx)
    return s, events


def legal_actions(s: GameState) -> list[Action]:
    """Every action the monster holding ``s.decision`` may take (empty when the game is over)."""
    d = s.decision
    if d is None:
        return []
    out = _base_actions(s, d)
    out.extend(registry.offers(s, d.seat, _DECISION_WINDOW.get(d.kind) or d.window))
    return out


def _base_actions(s: GameState, d: Decision) -> list[Action]:
    """The actions of the decision itself, card offers aside (a new list)."""
    kind = d.kind
    if kind == Kinds.REROLL:
        subsets = reroll_subsets(len(s.dice))
        locked = locked_dice(s)
        out: list[Action] = [RESOLVE, *(r for r in subsets if locked.isdisjoint(r.dice))] if locked else [
            RESOLVE, *subsets]
    elif kind == Kinds.ROLL:
        out = [ROLL]
    elif kind == Kinds.RESOLVE:
        out = [RESOLVE]
    elif kind == Kinds.YIELD:
        out = [STAY, YIELD]
    elif kind == Kinds.BUY:
        m = s.monsters[d.seat]
        out = [buy(i) for i in market.buyable(s, d.seat)]
        if m.energy >= market.SWEEP_COST and market.can_sweep(s) and market.may_buy(s, d.seat, sweep=True):
            out.append(SWEEP)
        out.append(END)
    else:
        out = [] if registry.must_choose(d.window) else [PASS]
    return out


def is_legal(s: GameState, action: Action | str) -> bool:
    """Whether ``action`` may be applied now: whether it is one of ``legal_actions(s)`` (or, in a table game, a
    chance outcome ``chance`` accepts)."""
    try:
        a = as_action(action)
    except IllegalAction:  # not an action code
        return False
    if isinstance(a, CHANCE):
        return chance.why_refused(s, a) is None
    return _allowed(s, a)


def why_illegal(s: GameState, action: Action | str) -> IllegalAction | None:
    """The precise reason ``action`` may not be applied now (None: it may). Only worded here: whether an action is
    legal is always ``legal_actions``' answer."""
    try:
        a = as_action(action)
    except IllegalAction as error:
        return error
    if isinstance(a, CHANCE):
        return chance.why_refused(s, a)
    if _allowed(s, a):
        return None
    return _reason(s, a)


def _allowed(s: GameState, action: Action) -> bool:
    """``action in legal_actions(s)``, asking only the part that can hold it: card offers are ``UseCard``s and the
    decision's own actions never are; a reroll is looked up among the same cached subsets without copying them."""
    d = s.decision
    if d is None:
        return False
    if isinstance(action, UseCard):
        return action in registry.offers(s, d.seat, window_of(d))
    if isinstance(action, Reroll) and d.kind == Kinds.REROLL:
        return action in reroll_set(len(s.dice)) and locked_dice(s).isdisjoint(action.dice)
    return action in _base_actions(s, d)


def apply(s: GameState, action: Action | str) -> tuple[GameState, list[Event]]:
    """The state after ``action`` (a new value: ``s`` is unchanged) and the events it caused.

    Raises ``IllegalAction`` (nothing changes) if the action is not legal now.
    """
    action = as_action(action)
    if isinstance(action, CHANCE):
        _check_chance(s, action)
        new = s.clone()
        chance.play(new, action)
        return new, []
    _validate(s, action)
    new = s.clone()
    events: list[Event] = []
    _perform(Ctx(new, events), action)
    return new, events


def apply_in_place(s: GameState, action: Action | str, trusted: bool = False) -> list[Event]:
    """Like ``apply`` but changes ``s`` itself (fast path for replays and simulations on a private copy).
    ``trusted``: the action is known to be legal (just taken from ``legal_actions(s)``, or a history this engine
    recorded), so it is not checked again; an illegal trusted action gives an undefined game."""
    if not isinstance(action, Action):
        action = as_action(action)
    if isinstance(action, CHANCE):
        _check_chance(s, action)
        chance.play(s, action)
        return []
    if not trusted:
        _validate(s, action)
    events: list[Event] = []
    _perform(Ctx(s, events), action)
    return events


def quiet_player(s: GameState) -> Callable[[Action], None]:
    """What plays actions taken from ``legal_actions(s)`` on ``s`` itself, building no events: the random games'
    ``apply_in_place(s, action, trusted=True)`` when nobody reads the events (one context for the whole game)."""
    ctx = QuietCtx(s, [])
    losses = ctx.events

    def play(action: Action) -> None:
        _perform(ctx, action)
        losses.clear()  # the losses of life a guard trial read: of this action only

    return play


def _check_chance(s: GameState, action: Chance) -> None:
    refused = chance.why_refused(s, action)
    if refused is not None:
        raise refused


@dataclass(slots=True)
class Replay:
    """A replayed game: its setup, actions, final state and the events (setup/first turn, then one list per step)."""

    setup: Setup
    actions: list[Action]
    state: GameState
    start_events: list[Event]
    steps: list[list[Event]] = field(default_factory=list)

    @property
    def events(self) -> list[Event]:
        out = list(self.start_events)
        for step in self.steps:
            out.extend(step)
        return out

    def play(self, item: Action | str, step: int, trusted: bool = False) -> None:
        """Apply one more action to the state and record it; an illegal one raises ``IllegalAction`` naming ``step``.
        ``trusted``: the action is known to be legal (a history this engine recorded), so it is not checked."""
        try:
            action = as_action(item)
            events = apply_in_place(self.state, action, trusted)
        except IllegalAction as e:
            raise IllegalAction(e.code, **{**e.params, "step": step}) from None
        self.actions.append(action)
        self.steps.append(events)


def replay(setup: Setup, actions: Sequence[Action | str] | str, trusted: bool = False,
           tail: int | None = None) -> Replay:
    """Play ``actions`` (objects, codes, or one space-separated string) from ``setup``.

    An illegal or malformed action raises ``IllegalAction`` with an extra ``step`` param (0-based). ``trusted``: the
    actions are a history this engine played (a stored position whose integrity is assured), so legality is not
    checked again; an illegal action in a trusted history gives an undefined game, so never pass user input.
    ``tail`` (a trusted replay's): only the last ``tail`` steps' events are wanted (a log shows the recent ones);
    the earlier steps' lists stay empty, as in a game restored from a snapshot, and their events are not even built.
    """
    items: Sequence[Action | str] = actions.split() if isinstance(actions, str) else actions
    s, start_events = start(setup)
    out = Replay(setup, [], s, start_events)
    if not trusted:
        for i, item in enumerate(items):
            out.play(item, i)
        return out
    # a trusted history: ``Replay.play`` and ``apply_in_place`` inlined, as they would only re-check each action's
    # type and wrap its errors (a replay is the whole cost of a cold sandbox step)
    played, steps = out.actions, out.steps
    quiet_until = 0 if tail is None else len(items) - tail  # the steps before it build no events
    quietly = quiet_player(s)
    for i, item in enumerate(items):
        try:
            action = item if isinstance(item, Action) else parse_action(item)
        except IllegalAction as e:
            raise IllegalAction(e.code, **{**e.params, "step": i}) from None
        if isinstance(action, CHANCE):
            out.play(action, i)  # a chance outcome is checked against the table even in a trusted history
            continue
        if i < quiet_until:
            quietly(action)
            steps.append([])
        else:
            events: list[Event] = []
            _perform(Ctx(s, events), action)
            steps.append(events)
        played.append(action)
    return out


def window_of(d: Decision) -> str:
    """The window a decision belongs to (what card offers see)."""
    return _DECISION_WINDOW.get(d.kind) or d.window  # a card decision's own window


_DECISION_WINDOW = {Kinds.ROLL: Windows.BEFORE_ROLL, Kinds.REROLL: Windows.AFTER_ROLL,
                    Kinds.RESOLVE: Windows.BEFORE_RESOLVE, Kinds.YIELD: Windows.YIELD,
                    Kinds.BUY: Windows.BUY}


# ---------------------------------------------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------------------------------------------
def initial_state(setup: Setup) -> GameState:
    """The state before anything is dealt or asked: the setup's monsters, market slots, deck and seed."""
    monsters = [
        Monster(m.id, seat, m.life, m.max_life, m.vp, m.energy, m.location, Hand(m.cards), dict(m.tokens),
                pieces=Hand(m.pieces))
        for seat, m in enumerate(setup.monsters)
    ]
    placed: Counter[str] = Counter(setup.deck)
    placed.update(setup.market or ())
    placed.update(setup.discard)
    for m in setup.monsters:
        placed.update(m.cards)
    rest: list[str] = []
    for card in data.base_deck():
        if placed[card]:
            placed[card] -= 1
        else:
            rest.append(card)
    rng = shuffle(seed_state(setup.seed), rest)
    options = frozenset(setup.options)
    return GameState(
        setup=setup, monsters=monsters, options=options, market=[None] * O.market_size(options),
        deck=list(setup.deck) + rest, discard=list(setup.discard), rng=rng,
    )


def _draw_faces(s: GameState, n: int) -> list[str]:
    return draw_faces(s, n)


def _first_turn(ctx: Ctx) -> None:
    """The first player (given by the setup, else the claw roll-off) begins the first turn."""
    s = ctx.s
    given = s.setup.first_player
    if given is not None:
        first = next(m.seat for m in s.monsters if m.id == given)
        ctx.emit("first-player", R.FIRST_PLAYER, given, by="setup")
    else:
        first = _roll_off(ctx)
    _begin_turn(ctx, first)


def _open_turn(ctx: Ctx, t: TurnSetup) -> None:
    """Open the first turn at the step the setup gives, its start-of-turn effects already taken (no hook of the
    ``start`` window runs: the monsters' numbers are as they stand after it)."""
    s = ctx.s
    seat = next(m.seat for m in s.monsters if m.id == s.setup.first_player)
    monster = s.monsters[seat].id
    s.active, s.turn = seat, 1
    ctx.emit("first-player", R.FIRST_PLAYER, monster, by="setup")
    ctx.emit("turn-started", R.TURN_OVERVIEW, monster, turn=s.turn, reason="position", step=str(t.step))
    s.dice = list(t.dice)
    s.kept = [True] * len(s.dice)
    if t.step is TurnStep.ROLL:
        _goto(ctx, Phases.ROLL)
    elif t.step is TurnStep.ROLLED:
        s.phase = Phases.ROLL
        rolls = int(registry.modify(s, "rolls", seat, ROLLS_PER_TURN))
        limit = turn_limits(s)
        problems: list[SetupProblem] = []
        kinds = tuple(die_kind(f) for f in t.dice)  # base dice first (None), then the special dice in die order
        if kinds != (None,) * limit.dice + limit.special:
            problems.append(SetupProblem("turn-dice", ("turn", "dice"), {
                "monster": monster, "expected": limit.dice, "special": ", ".join(limit.special) or "no special die",
                "count": len(t.dice)}))
        rerolls = limit.rerolls if t.rerolls is None else t.rerolls
        if rerolls > limit.rerolls:
            problems.append(SetupProblem("turn-rerolls", ("turn", "rerolls"), {
                "monster": monster, "most": limit.rerolls, "rerolls": rerolls}))
        if problems:
            raise InvalidSetup.of(problems)
        s.kept = [i in t.kept for i in range(len(s.dice))]
        s.rolls_left, s.rolls_done = rerolls, rolls - rerolls
        s.pending.extend(registry.prompts(s, Windows.AFTER_ROLL))
    elif t.step is TurnStep.YIELD:
        ids = {m.id: m.seat for m in s.monsters}
        s.hit = [ids[m] for m in t.hit]
        _goto(ctx, Phases.YIELD)
    else:
        _goto(ctx, Phases.BUY)


@dataclass(frozen=True, slots=True)
class TurnLimits:
    dice: int  # base dice the active monster rolls
    special: tuple[str, ...]  # the kinds of special dice it rolls after them, in die order
    rerolls: int  # the rerolls it has after its first roll


def turn_limits(s: GameState) -> TurnLimits:
    """What the active monster rolls this turn, from its cards, pieces and modules."""
    seat = s.active
    special: tuple[str, ...] = tuple(registry.modify(s, "special-dice", seat, ()))
    return TurnLimits(_dice_count(s), special, int(registry.modify(s, "rolls", seat, ROLLS_PER_TURN)) - 1)


def _roll_off(ctx: Ctx) -> int:
    """Everyone rolls six dice; most smashes starts; tied monsters roll again."""
    s = ctx.s
    contenders = list(range(len(s.monsters)))
    for round_no in range(1, MAX_ROLL_OFF_ROUNDS + 1):
        results: list[tuple[int, int]] = []
        for seat in contenders:
            faces = _draw_faces(s, DICE_PER_ROLL)
            smashes = faces.count(SMASH)
            results.append((seat, smashes))
            ctx.emit("roll-off", R.FIRST_PLAYER, s.monsters[seat].id, smashes, faces=faces, round=round_no)
        best = max(n for _, n in results)
        contenders = [seat for seat, n in results if n == best]
        if len(contenders) == 1:
            break
    first = contenders[0]  # after MAX_ROLL_OFF_ROUNDS ties (never in practice) the earliest seat starts
    ctx.emit("first-player", R.FIRST_PLAYER, s.monsters[first].id, by="roll-off")
    return first


# ---------------------------------------------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------------------------------------------
_ALLOWED: dict[DecisionKind, tuple[type[Action], ...]] = {
    Kinds.ROLL: (Roll,),
    Kinds.REROLL: (Reroll, Resolve),
    Kinds.RESOLVE: (Resolve,),
    Kinds.YIELD: (Stay, Yield),
    Kinds.BUY: (Buy, Sweep, End),
    Kinds.CARD: (Pass,),
}


def _validate(s: GameState, action: Action) -> None:
    if not _allowed(s, action):
        raise _reason(s, action)


def _reason(s: GameState, action: Action) -> IllegalAction:
    """Why an action that is not among the legal ones is refused (the codes of ``errors``)."""
    d = s.decision
    if d is None:
        return IllegalAction("game-over", action=action.code)
    if isinstance(action, UseCard):
        return IllegalAction("card-not-usable", card=action.card, action=action.code)
    if isinstance(action, Pass) and d.kind == Kinds.CARD and registry.must_choose(d.window):
        return IllegalAction("must-choose", action=action.code, monster=d.monster, window=d.window)
    if not isinstance(action, _ALLOWED[d.kind]):
        if isinstance(action, Reroll) and d.kind == Kinds.RESOLVE:
            return IllegalAction("no-rolls-left", action=action.code)
        return IllegalAction("wrong-time", action=action.code, monster=d.monster, decision=d.kind)
    if isinstance(action, Reroll):
        n = len(s.dice)
        if not action.dice or any(not 0 <= i < n for i in action.dice) or len(set(action.dice)) != len(action.dice):
            return IllegalAction("bad-dice", action=action.code, last=n - 1)
        locked = locked_dice(s)
        if locked and not locked.isdisjoint(action.dice):
            return IllegalAction("die-locked", action=action.code, die=min(locked & set(action.dice)) + 1)
    elif isinstance(action, Buy | Sweep) and not market.may_buy(s, d.seat, sweep=isinstance(action, Sweep)):
        return IllegalAction("may-not-buy", monster=d.monster, action=action.code)
    elif isinstance(action, Buy):
        if not 0 <= action.slot < len(s.market):
            return IllegalAction("bad-slot", slot=action.slot, last=len(s.market) - 1)
        card = s.market[action.slot]
        if card is None:
            return IllegalAction("empty-slot", slot=action.slot)
        if not market.may_buy(s, d.seat, card=card):
            return IllegalAction("may-not-buy", monster=d.monster, action=action.code)
        m = s.monsters[d.seat]
        price = market.cost(s, d.seat, card)
        if price > m.energy:
            return IllegalAction("not-enough-energy", monster=m.id, energy=m.energy, cost=price, card=card)
    elif isinstance(action, Sweep):
        m = s.monsters[d.seat]
        if m.energy < market.SWEEP_COST:
            return IllegalAction("not-enough-energy", monster=m.id, energy=m.energy, cost=market.SWEEP_COST)
        if not market.can_sweep(s):
            return IllegalAction("nothing-to-sweep")
    return IllegalAction("wrong-time", action=action.code, monster=d.monster, decision=d.kind)


# ---------------------------------------------------------------------------------------------------------------
# Moving the game forward
# ---------------------------------------------------------------------------------------------------------------
def _perform(ctx: Ctx, action: Action) -> None:
    """Apply a validated action to ``ctx.s`` and run the game on to the next decision."""
    s = ctx.s
    d = s.decision
    assert d is not None
    s.history.append(action)
    if s.deferred is None and registry.guards_ready(s):
        if guards.hold(ctx, action, d, _play):
            _advance(ctx)
        return  # else the trial's result was kept: the action is played
    _execute(ctx, action, d)
    _advance(ctx)


def _play(ctx: Ctx, action: Action, d: Decision) -> None:
    """Play ``action`` and run on to the next decision (the guard protocol's trial)."""
    _execute(ctx, action, d)
    _advance(ctx)


def _execute(ctx: Ctx, action: Action, d: Decision) -> None:
    s = ctx.s
    kind = d.kind
    if isinstance(action, UseCard):
        registry.use(ctx, d.seat, action)
        if (kind == Kinds.CARD and s.pending and s.pending[0] is d
                and not registry.prompting(s, d.seat, d.window)):
            s.pending.pop(0)
    elif kind == Kinds.REROLL or kind == Kinds.ROLL or kind == Kinds.RESOLVE:
        if isinstance(action, Reroll):
            _roll(ctx, action.dice)
        elif isinstance(action, Roll):
            _roll(ctx, ())
        else:  # resolve
            _goto(ctx, Phases.RESOLVE)
    elif kind == Kinds.CARD:  # pass
        s.pending.pop(0)
        registry.fire(ctx, "passed", seat=d.seat, window=d.window)
    elif kind == Kinds.YIELD:
        s.pending.pop(0)
        if isinstance(action, Yield):
            tokyo.yield_tokyo(ctx, d.seat)
        else:
            tokyo.stay(ctx, d.seat)
    elif isinstance(action, End):
        _goto(ctx, Phases.END)
    elif isinstance(action, Buy):
        if registry.filter_value(ctx, "buying", d.seat, True, slot=action.slot):
            market.buy(ctx, d.seat, action.slot)
    elif isinstance(action, Sweep):
        market.sweep(ctx, d.seat)


def _dice_count(s: GameState) -> int:
    return max(0, int(registry.modify(s, "dice-count", s.active, DICE_PER_ROLL)))


def _roll(ctx: Ctx, which: Sequence[int]) -> None:
    s = ctx.s
    registry.fire(ctx, Windows.BEFORE_ROLL)
    if s.rolls_done == 0:
        dice = draw_faces(s, _dice_count(s))
        special: tuple[str, ...] = registry.modify(s, "special-dice", s.active, ())
        if special:
            dice.extend(draw_die(s, kind) for kind in special)
        s.dice = dice
        s.kept = [False] * len(dice)
        rerolled = list(range(len(dice)))
    else:
        dice = s.dice
        rerolled = list(which)
        kept = s.kept = [True] * len(dice)
        # special dice come last: when the last die is a base one, every die is
        if ":" in dice[-1] and die_kind(dice[-1]) and any(die_kind(dice[i]) for i in rerolled):
            faces = [draw_die(s, die_kind(dice[i])) for i in rerolled]
        else:
            faces = draw_faces(s, len(rerolled))
        for i, face in zip(rerolled, faces, strict=True):
            dice[i] = face
            kept[i] = False
    s.rolls_left -= 1
    s.rolls_done += 1
    ctx.emit("dice-rolled", R.ROLLING, s.monsters[s.active].id, faces=list(s.dice), rerolled=rerolled,
             roll=s.rolls_done)
    registry.fire(ctx, Windows.AFTER_ROLL)
    s.pending.extend(registry.prompts(s, Windows.AFTER_ROLL))


def _advance(ctx: Ctx) -> None:
    """Run automatic steps until a decision is needed or the game is over."""
    s = ctx.s
    while True:
        pending = s.pending  # read again each time round: a step may replace the lists (a guard trial undone)
        if s.outcome is not None:
            s.phase = Phases.OVER
            s.decision = None
            pending.clear()
            return
        monsters = s.monsters
        active = monsters[s.active]
        if not active.alive:  # an active monster eliminated mid-turn ends its turn at once
            pending.clear()
            s.deferred = None
            _finish_turn(ctx)
            continue
        if pending:
            while pending and not monsters[pending[0].seat].alive:
                pending.pop(0)
            if s.deferred is not None:
                first = pending[0] if pending else None
                if first is None or first.kind != Kinds.CARD or first.window != Windows.DAMAGE:
                    guards.play_deferred(ctx, _validate, _execute, _play)
                    continue
            if pending:
                first = pending[0]
                if first.kind == Kinds.CARD and not registry.prompting(s, first.seat, first.window):
                    pending.pop(0)  # it can no longer matter
                    registry.fire(ctx, "passed", seat=first.seat, window=first.window)
                    continue
                s.decision = first
                return
        elif s.deferred is not None:
            guards.play_deferred(ctx, _validate, _execute, _play)
            continue
        phase = s.phase
        if phase == Phases.ROLL:
            kind = (Kinds.ROLL if s.rolls_done == 0 else Kinds.REROLL if s.rolls_left > 0 else Kinds.RESOLVE)
            s.decision = _turn_decision(s.active, active.id, kind, s.rolls_left)
            return
        if phase == Phases.BUY:
            s.decision = _turn_decision(s.active, active.id, Kinds.BUY, 0)
            return
        _DONE[phase](ctx)


@cache  # decisions are immutable values, and the active monster's come up a few times every turn
def _turn_decision(seat: int, monster: str, kind: DecisionKind, rolls_left: int) -> Decision:
    return Decision(seat, monster, kind, "", rolls_left)


def _goto(ctx: Ctx, phase: Phase) -> None:
    ctx.s.phase = phase
    _ENTER[phase](ctx)


def _begin_turn(ctx: Ctx, seat: int, extra: str = "") -> None:
    s = ctx.s
    s.active = seat
    s.turn += 1
    s.dice = []
    s.kept = []
    s.rolls_left = 0
    s.rolls_done = 0
    s.hit = []
    s.memo = {}
    s.control = TurnControl(extra_turn=extra)
    _goto(ctx, Phases.START)


# on entering a phase -----------------------------------------------------------------------------------------
def _enter_start(ctx: Ctx) -> None:
    s = ctx.s
    extra = s.control.extra_turn
    if extra:
        ctx.emit("turn-started", R.TURN_OVERVIEW, s.monsters[s.active].id, turn=s.turn, reason="extra", card=extra)
    else:
        ctx.emit("turn-started", R.TURN_OVERVIEW, s.monsters[s.active].id, turn=s.turn)
    tokyo.start_reward(ctx)
    registry.fire(ctx, Windows.START)
    s.pending.extend(registry.prompts(s, Windows.START))


def _enter_roll(ctx: Ctx) -> None:
    s = ctx.s
    s.rolls_left = int(registry.modify(s, "rolls", s.active, ROLLS_PER_TURN))
    s.pending.extend(registry.prompts(s, Windows.BEFORE_ROLL))


def _enter_resolve(ctx: Ctx) -> None:
    registry.fire(ctx, Windows.BEFORE_RESOLVE)
    ctx.s.pending.extend(registry.prompts(ctx.s, Windows.BEFORE_RESOLVE, active_last=True))


def _enter_yield(ctx: Ctx) -> None:
    s = ctx.s
    for seat in s.turn_order[1:]:
        m = s.monsters[seat]
        if seat in s.hit and m.alive and m.in_tokyo and tokyo.may_yield(s, seat):
            s.pending.append(Decision(seat, m.id, Kinds.YIELD, Windows.YIELD))
    registry.fire(ctx, Windows.YIELD)


def _enter_enter(ctx: Ctx) -> None:
    tokyo.enter_step(ctx)
    registry.fire(ctx, Windows.ENTER)
    ctx.s.pending.extend(registry.prompts(ctx.s, Windows.ENTER))


def _enter_buy(ctx: Ctx) -> None:
    registry.fire(ctx, Windows.BUY)


def _enter_end(ctx: Ctx) -> None:
    ctx.s.pending.extend(registry.prompts(ctx.s, Windows.END))


_ENTER: dict[Phase, Callable[[Ctx], None]] = {
    Phases.START: _enter_start, Phases.ROLL: _enter_roll, Phases.RESOLVE: _enter_resolve, Phases.YIELD: _enter_yield,
    Phases.ENTER: _enter_enter, Phases.BUY: _enter_buy, Phases.END: _enter_end,
}


# when a phase's automatic work and its pending decisions are done -------------------------------------------
def _done_start(ctx: Ctx) -> None:
    _goto(ctx, Phases.ROLL)


def _done_resolve(ctx: Ctx) -> None:
    resolve_dice(ctx)
    _goto(ctx, Phases.YIELD)


def _done_yield(ctx: Ctx) -> None:
    _goto(ctx, Phases.ENTER)


def _done_enter(ctx: Ctx) -> None:
    _goto(ctx, Phases.BUY)


def _done_end(ctx: Ctx) -> None:
    _finish_turn(ctx)


_DONE: dict[Phase, Callable[[Ctx], None]] = {
    Phases.SETUP: _first_turn, Phases.START: _done_start, Phases.RESOLVE: _done_resolve, Phases.YIELD: _done_yield,
    Phases.ENTER: _done_enter, Phases.END: _done_end,
}


def _finish_turn(ctx: Ctx) -> None:
    """End-of-turn effects, the win check, then the next surviving monster's turn."""
    s = ctx.s
    s.phase = Phases.END
    m = s.monsters[s.active]
    if m.alive:
        registry.fire(ctx, Windows.END)
    ctx.emit("turn-ended", R.END_OF_TURN, m.id, turn=s.turn)
    outcome = check_outcome(s)
    if outcome is not None:
        s.outcome = outcome
        ctx.emit("game-over", R.VICTORY, None, winners=list(outcome.winners), reason=outcome.reason,
                 shared=outcome.shared)
        return
    while s.extra_turns:  # turns granted by cards come first, in the order granted
        seat, card = s.extra_turns.pop(0)
        if s.monsters[seat].alive:
            if s.rotation is None:
                s.rotation = s.active
            _begin_turn(ctx, seat, card)
            return
    base = s.active if s.rotation is None else s.rotation
    s.rotation = None
    seat = _next_alive(s, base)
    for _ in s.monsters:  # a monster that must miss its turn (King of Skull Island) hands it on
        if registry.filter_value(ctx, "takes-turn", seat, True):
            break
        seat = _next_alive(s, seat)
    _begin_turn(ctx, seat)


def _next_alive(s: GameState, seat: int) -> int:
    monsters = s.monsters
    n = len(monsters)
    for i in range(1, n + 1):
        nxt = (seat + i) % n
        if monsters[nxt].alive:
            return nxt
    raise StopIteration  # nobody alive (the win check ends such a game first)


def check_outcome(s: GameState) -> Outcome | None:
    """The end check (after the active monster's whole turn): survivors with 20+ VP win (several: a shared win, a
    house fallback); else the last survivor; nobody alive: nobody wins."""
    alive = [m for m in s.monsters if m.alive]
    if not alive:
        return Outcome((), "all-eliminated")
    winners = tuple([m.id for m in alive if m.vp >= goal(s, m.seat)])
    if winners:
        return Outcome(winners, "points", shared=len(winners) > 1)
    if len(alive) == 1:
        return Outcome((alive[0].id,), "last-survivor")
    return None

