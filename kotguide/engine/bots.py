"""Computer opponents: a sensible player that follows the rules, for the guided game (Learn to play), hints and
``bench/bots.py``.

Pure and deterministic: ``advise(state, rnd)`` picks one of ``legal_actions(state)`` for the monster holding the
decision and says why (``Choice``); the same state and the same ``random.Random`` give the same choice. Without
``rnd`` the bot draws from ``rng_for(state)``, a generator seeded by the position (the setup's seed and the number of
actions played), so a replay of a game reproduces every bot move.

The policy, in the order a turn asks for it:

- roll: roll.
- reroll: keep what scores or is needed, reroll the rest; resolve when every die is worth keeping. Kept: three or
  more of a number (and a pair of 3s, or of 2s on the first reroll, while rerolls remain); energy; hearts outside
  Tokyo, no more than the life missing; smashes when they hit someone worth hitting (from Tokyo: everyone outside;
  from outside: the monsters in Tokyo, unless the bot is too weak to want to take their place).
- yield when hit at ``YIELD_AT`` (4) life or less, stay otherwise.
- buy: each affordable card is bought on a copy of the state with the engine's own ``apply``, and the change is
  valued (VP, life, energy, the opponents' VP and life, a win or an elimination), plus a bonus for the Keep cards
  the engine gives an effect to and that this bot can use. The best card is bought while it is worth its price.
- sweep rarely: at most once a turn, with ``SWEEP_AT`` (10) energy or more and nothing worth buying, one time in three.
- card prompts: pass. Card abilities offered at other decisions are not used.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from . import data
from .actions import Action, Reroll, Roll, Sweep
from .cards import registry
from .flow import apply, legal_actions
from .phases import DecisionKind
from .state import GameState, Monster

YIELD_AT = 4  # hit at this life or less: yield Tokyo
SWEEP_AT = 10  # energy needed before the bot considers a sweep (enough left to buy a new card)
GOAL_VP = 20

# Reasons (``Choice.reason``): what the site says about a choice.
ROLL, REROLL, RESOLVE_KEPT, RESOLVE_LAST = "roll", "reroll", "resolve-kept", "resolve-last"
YIELD_LOW, STAY = "yield-low", "stay"
BUY, SWEEP, END, PASS = "buy", "sweep", "end", "pass"
REASONS = (ROLL, REROLL, RESOLVE_KEPT, RESOLVE_LAST, YIELD_LOW, STAY, BUY, SWEEP, END, PASS)
# Why dice are kept (``Choice.why`` of a reroll or a resolve)
K_NUMBERS, K_PAIR, K_ENERGY, K_HEARTS, K_SMASH = "numbers", "pair", "energy", "hearts", "smash"
KEEP_WHY = (K_NUMBERS, K_PAIR, K_ENERGY, K_HEARTS, K_SMASH)
# Why a card is bought
B_VP, B_LIFE, B_ENERGY, B_ATTACK, B_KEEP = "vp", "life", "energy", "attack", "keep"

# Keep cards the bot knows how to use, valued in victory points (bought only if the engine gives them an effect).
KEEP_VALUE: dict[str, float] = {
    "extra-head": 4.0, "giant-brain": 3.0, "it-has-a-child": 3.0, "acid-attack": 3.0, "spiked-tail": 2.6,
    "armor-plating": 2.2, "regeneration": 2.0, "fire-breathing": 2.0, "urbavore": 2.2, "gourmet": 1.8,
    "herbivore": 2.0, "energy-hoarder": 1.8, "alien-origin": 1.8, "friend-of-children": 1.5,
    "media-friendly": 1.5, "complete-destruction": 1.4, "solar-powered": 1.0, "even-bigger": 2.2,
    "rapid-healing": 1.4, "healing-ray": 1.2, "eater-of-the-dead": 1.4, "poison-quills": 1.6, "poison-spit": 1.6,
    "nova-breath": 3.0, "burrowing": 1.8, "jets": 1.6, "wings": 2.0, "herd-culler": 1.2, "energy-drink": 1.2,
    "background-dweller": 1.2, "camouflage": 1.4, "were-only-making-it-stronger": 1.2, "stretchy": 1.2,
}

SWEEP_CHANCE = 1 / 3
ENERGY_VALUE = 0.35  # one energy, in victory points, for valuing a buy
BUY_MARGIN = 0.1


@dataclass(frozen=True, slots=True)
class Choice:
    """What the bot does and why: ``reason`` (one of ``REASONS``); for a reroll or a resolve, ``kept`` (die indices)
    and ``why`` (the kinds of dice kept, from ``KEEP_WHY``); for a buy, ``card`` and ``why`` (``B_*``)."""

    action: Action
    reason: str
    kept: tuple[int, ...] = ()
    why: tuple[str, ...] = ()
    card: str = ""


def rng_for(state: GameState) -> random.Random:
    """A generator seeded by the position: a replay of the same actions gives the same bot moves."""
    return random.Random(state.setup.seed * 1_000_003 + len(state.history))


def choose(state: GameState, rnd: random.Random | None = None) -> Action:
    """The action the bot plays for the monster holding ``state.decision``."""
    return advise(state, rnd).action


def advise(state: GameState, rnd: random.Random | None = None) -> Choice:
    """The bot's choice for the monster holding ``state.decision``, with its reason."""
    d = state.decision
    if d is None:
        raise ValueError("the game is over: nobody has a decision")
    rnd = rnd if rnd is not None else rng_for(state)
    legal = legal_actions(state)
    codes = {a.code: a for a in legal}
    kind = d.kind
    if kind == DecisionKind.ROLL:
        return Choice(codes.get("roll", Roll()), ROLL)
    if kind in (DecisionKind.REROLL, DecisionKind.RESOLVE):
        kept, why = keep_plan(state, d.seat)
        if kind == DecisionKind.RESOLVE:
            return Choice(codes["resolve"], RESOLVE_LAST, kept, why)
        reroll = tuple(i for i in range(len(state.dice)) if i not in kept)
        if not reroll:
            return Choice(codes["resolve"], RESOLVE_KEPT, kept, why)
        return Choice(Reroll(reroll), REROLL, kept, why)
    if kind == DecisionKind.YIELD:
        if state.monsters[d.seat].life <= YIELD_AT:
            return Choice(codes["yield"], YIELD_LOW)
        return Choice(codes["stay"], STAY)
    if kind == DecisionKind.BUY:
        return _buy_choice(state, d.seat, legal, rnd)
    if kind == DecisionKind.CARD and "pass" in codes:
        return Choice(codes["pass"], PASS)
    return Choice(legal[0], PASS)


# ---------------------------------------------------------------------------------------------------------------
# Dice
# ---------------------------------------------------------------------------------------------------------------
def keep_plan(state: GameState, seat: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The dice the bot keeps now (indices) and why (kinds, in ``KEEP_WHY`` order)."""
    dice = state.dice
    me = state.monsters[seat]
    counts = Counter(dice)
    rerolls = state.rolls_left
    keep: set[int] = set()
    why: set[str] = set()

    def take(face: str, limit: int | None = None) -> bool:
        idx = [i for i, f in enumerate(dice) if f == face]
        if limit is not None:
            idx = idx[:limit]
        keep.update(idx)
        return bool(idx)

    # numbers: sets score; a pair of 3s (or of 2s on the first reroll) is worth chasing while rerolls remain
    pair_kept = False
    for face in ("3", "2", "1"):
        n = counts[face]
        if n >= 3:
            take(face)
            why.add(K_NUMBERS)
        elif n == 2 and rerolls > 0 and not pair_kept and (face == "3" or (face == "2" and rerolls >= 2)):
            take(face)
            why.add(K_PAIR)
            pair_kept = True
    # energy buys cards
    if take("energy"):
        why.add(K_ENERGY)
    # hearts heal outside Tokyo only, and never past the maximum
    missing = me.max_life - me.life
    if not me.in_tokyo and missing > 0 and take("heart", missing):
        why.add(K_HEARTS)
    # smashes: worth it when they hit someone the bot wants to hit
    if counts["smash"] and _wants_smash(state, seat, counts["smash"]):
        take("smash")
        why.add(K_SMASH)
    return tuple(sorted(keep)), tuple(k for k in KEEP_WHY if k in why)


def _wants_smash(state: GameState, seat: int, smashes: int) -> bool:
    me = state.monsters[seat]
    targets = [m for m in state.monsters if m.alive and m.seat != seat and m.in_tokyo != me.in_tokyo]
    if not targets:
        return False
    if me.in_tokyo:
        return True
    # from outside: a hit may make the occupant yield, and then the bot must enter: only when strong enough,
    # or when the smash eliminates someone
    if any(t.life <= smashes for t in targets):
        return True
    return me.life > 5


# ---------------------------------------------------------------------------------------------------------------
# Buying
# ---------------------------------------------------------------------------------------------------------------
def _buy_choice(state: GameState, seat: int, legal: list[Action], rnd: random.Random) -> Choice:
    me = state.monsters[seat]
    base = position_value(state, seat)
    best: tuple[float, Action, str, tuple[str, ...]] | None = None
    for action in legal:
        code = action.code
        if not code.startswith("buy:"):
            continue
        card = state.market[int(code[4:])]
        assert card is not None
        after, _events = apply(state, action)
        gain = position_value(after, seat) - base + _keep_bonus(card)
        if best is None or gain > best[0]:
            best = (gain, action, card, _buy_why(state, after, seat, card))
    if best is not None and best[0] > BUY_MARGIN:
        return Choice(best[1], BUY, card=best[2], why=best[3])
    sweep = next((a for a in legal if isinstance(a, Sweep)), None)
    if sweep is not None and me.energy >= SWEEP_AT and not _swept_this_turn(state) and rnd.random() < SWEEP_CHANCE:
        return Choice(sweep, SWEEP)
    end = next(a for a in legal if a.code == "end")
    return Choice(end, END)


def _keep_bonus(card: str) -> float:
    if data.cards()[card].type != data.KEEP or card not in registry.defined():
        return 0.0
    return KEEP_VALUE.get(card, 0.0)


def _buy_why(before: GameState, after: GameState, seat: int, card: str) -> tuple[str, ...]:
    if data.cards()[card].type == data.KEEP:
        return (B_KEEP,)
    b, a = before.monsters[seat], after.monsters[seat]
    why = []
    if a.vp > b.vp:
        why.append(B_VP)
    if a.life > b.life:
        why.append(B_LIFE)
    if a.energy + data.cards()[card].cost > b.energy:
        why.append(B_ENERGY)
    hurt = any(after.monsters[m.seat].life < m.life or not after.monsters[m.seat].alive
               for m in before.monsters if m.seat != seat and m.alive)
    if hurt:
        why.append(B_ATTACK)
    return tuple(why)


def _swept_this_turn(state: GameState) -> bool:
    for action in reversed(state.history):
        if isinstance(action, Sweep):
            return True
        if isinstance(action, Roll):
            return False
    return False


def _life_value(life: int) -> float:
    """Life is worth more when little is left."""
    low = min(life, 6)
    return 0.8 * low + 0.3 * max(0, life - 6)


def position_value(state: GameState, seat: int) -> float:
    """How good ``state`` is for ``seat``, in rough victory points (used to value a buy)."""
    me = state.monsters[seat]
    outcome = state.outcome
    if outcome is not None:
        return 1000.0 if me.id in outcome.winners else -1000.0
    if not me.alive:
        return -1000.0
    value = min(me.vp, GOAL_VP) + ENERGY_VALUE * me.energy + _life_value(me.life)
    if me.vp >= GOAL_VP:
        value += 50.0  # wins at the end of the turn if still alive
    for other in state.monsters:
        if other.seat == seat:
            continue
        value -= _threat(other)
    return value


def _threat(m: Monster) -> float:
    if not m.alive:
        return 0.0
    return 0.3 * m.vp + 0.2 * _life_value(m.life) + 1.5
