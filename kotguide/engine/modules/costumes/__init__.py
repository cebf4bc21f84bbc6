"""Halloween costumes (option ``costumes``): 12 Costume cards (``content/cards/costumes.toml``, ``data.costumes()``).

- Setup: before the first turn each monster draws 2 costumes and keeps 1 (a ``card`` decision at the window
  ``costume``, no pass: ``use:costume:<id>``, in seat order); once all have chosen, the costumes not kept and the ones
  nobody drew are shuffled into the Power deck (below the top the setup gives, if any).
- Costumes are Keep cards in every respect (bought from the market, held in ``monster.cards``, discarded when their
  holder is eliminated), except that Mimic, Metamorph and Parasitic Tentacles never target them
  (``data.is_power_card``).
- Stealing: when the active monster's resolved roll has 3 or more smashes (cards' added smashes included), it may take
  costumes from the monsters its smash made lose life this turn, paying each owner the costume's cost (as a purchase
  would cost it: Alien Origin lowers it). A ``card`` decision at the window ``steal-costume``, right after the roll is
  resolved (before any yield): ``use:steal-costume:MONSTER.CARD``, as many as it can pay for, then ``pass``.
- The 12 costumes' effects: ``costume_cards``.

Setup table ``[setup.modules.costumes]`` (every key optional; monster ids of the game, costume ids):

| key | what |
|---|---|
| ``deal = { gigazaur = ["ghost", "pirate"] }`` | the two costumes the monster draws (it still chooses one) |
| ``kept = { gigazaur = "ghost" }`` | the costume the monster keeps: no choice (with ``deal``, one of its two) |
| ``draft = false`` | nobody draws: every costume the setup does not place goes into the deck (a position in mid-game, or the printed rules' simpler setup) |

Costumes placed by the setup (a monster's ``cards``, the market, the deck, the discard pile) are not drawn.

Where things are while the monsters choose: ``marks["costumes:dealt"]`` (seat, the two costumes) per monster still
to choose, ``marks["costumes:aside"]`` the costumes waiting to be shuffled into the deck.
"""  # noqa: E501

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ... import data, market
from ... import options as O
from ... import rules as R
from ...actions import UseCard
from ...cards import choices, registry
from ...cards import common as C
from ...cards.registry import EffectDef, define_effect
from ...dice import SMASH
from ...errors import InvalidSetup, Problems
from ...invariants import everywhere
from ...phases import DecisionKind, Phase
from ...rng import shuffle
from ...state import Decision, GameState
from ..registry import ModuleDef, define_module, monster_lists
from . import costume_cards  # noqa: F401 - the 12 costumes' effects

if TYPE_CHECKING:
    from ...ops import Ctx
    from ...setup import Setup

KEEP_WINDOW = "costume"  # the setup choice: use:costume:<id>
KEEP = "costume"
STEAL_WINDOW = STEAL = "steal-costume"  # use:steal-costume:MONSTER.CARD
STEAL_SMASHES = 3
DRAW = 2
DEALT = "costumes:dealt"
ASIDE = "costumes:aside"
TABLE_KEYS = ("deal", "kept", "draft")
Pairs = tuple[tuple[int, tuple[str, ...]], ...]


def is_costume(card: str) -> bool:
    return not data.is_power_card(card)


# --- setup -------------------------------------------------------------------------------------------------------
def _by_monster(table: Mapping[str, Any], key: str, ids: set[str]) -> dict[str, tuple[str, ...]]:
    """The table's ``deal`` (two costumes) or ``kept`` (one) per monster, as tuples."""
    out = monster_lists(table, key, ids)
    want = 1 if key == "kept" else DRAW
    for monster, got in out.items():
        if len(got) != want or len(set(got)) != want:
            raise InvalidSetup("bad-field", field=f"{key}.{monster}",
                               reason="one costume id" if want == 1 else "two different costume ids")
        for card in got:
            if card not in data.cards() or not is_costume(card):
                raise InvalidSetup("unknown-card", card=card)
    return out


def _placed_by_setup(setup: Setup) -> Counter[str]:
    placed: Counter[str] = Counter(c for c in (*setup.deck, *(setup.market or ()), *setup.discard) if is_costume(c))
    for m in setup.monsters:
        placed.update(c for c in m.cards if is_costume(c))
    return placed


def _tables(setup: Setup, table: Mapping[str, Any]) -> tuple[dict[str, tuple[str, ...]], dict[str, str], bool]:
    ids = {m.id for m in setup.monsters}
    deal = _by_monster(table, "deal", ids)
    kept = {monster: cards[0] for monster, cards in _by_monster(table, "kept", ids).items()}
    draft = table.get("draft", True)
    return deal, kept, draft


def validate(setup: Setup, table: Mapping[str, Any]) -> None:
    found, at = Problems(), ("modules", O.COSTUMES)
    for key in table:
        if key not in TABLE_KEYS:
            found.add("unknown-key", (*at, key), key=key, where="the costumes table")
    if not isinstance(table.get("draft", True), bool):
        found.add("bad-field", (*at, "draft"), field="draft", reason="true or false")
    found.check()
    deal, kept, draft = _tables(setup, table)  # raises for a monster not at the table
    if not draft and (deal or kept):
        found.add("bad-field", (*at, "draft"), field="draft", reason="without the draw, give costumes as monster cards")
    placed = _placed_by_setup(setup)
    for monster, cards in deal.items():
        placed.update(cards)
        if monster in kept and kept[monster] not in cards:
            found.add("bad-field", (*at, "kept", monster), field=f"kept.{monster}",
                      reason="one of the two costumes it is dealt")
    placed.update(card for monster, card in kept.items() if monster not in deal)
    for card, count in placed.items():
        if count > 1:
            found.add("too-many-copies", at, card=card, count=count, copies=1)
    found.check()


def init(ctx: Ctx, table: Mapping[str, Any]) -> None:
    """Deal each monster its costumes (or its given ones); what nobody draws waits aside for the deck."""
    s = ctx.s
    deal, kept, draft = _tables(s.setup, table)
    used = _placed_by_setup(s.setup)
    for cards in (*deal.values(), *((c,) for c in kept.values())):
        used.update(cards)
    pool = [c for c in data.costumes() if not used[c]]
    s.rng = shuffle(s.rng, pool)
    pairs: list[tuple[int, tuple[str, ...]]] = []
    for m in s.monsters if draft else ():
        if m.id in kept:
            pool.extend(c for c in deal.get(m.id, ()) if c != kept[m.id])
            _keep(ctx, m.seat, kept[m.id])
            continue
        drawn = deal.get(m.id) or tuple(pool.pop() for _ in range(min(DRAW, len(pool))))
        if not drawn:
            continue
        ctx.emit("costumes-dealt", R.COSTUMES, m.id, cards=list(drawn))
        if len(drawn) == 1:
            _keep(ctx, m.seat, drawn[0])
        else:
            pairs.append((m.seat, drawn))
            s.pending.append(Decision(m.seat, m.id, DecisionKind.CARD, KEEP_WINDOW))
    if pairs:
        s.marks[DEALT] = tuple(pairs)
        s.marks[ASIDE] = tuple(pool)
    else:
        _shuffle_in(ctx, pool)


def _keep(ctx: Ctx, seat: int, card: str) -> None:
    ctx.s.monsters[seat].cards.append(card)
    ctx.emit("costume-kept", R.COSTUMES, ctx.s.monsters[seat].id, card=card)


def _fixed_top(s: GameState) -> int:
    """How many cards on top of the deck the setup placed there and are still there (the market was dealt first)."""
    dealt = s.setup.market_size - len(s.setup.market or ())
    return max(0, len(s.setup.deck) - dealt)


def _shuffle_in(ctx: Ctx, costumes: list[str]) -> None:
    if not costumes:
        return
    s = ctx.s
    top = _fixed_top(s)
    below = s.deck[top:] + costumes
    s.rng = shuffle(s.rng, below)
    s.deck = s.deck[:top] + below
    ctx.emit("costumes-shuffled", R.COSTUMES, None, len(costumes))


def _pairs(state: GameState) -> Pairs:
    pairs: Pairs = state.marks.get(DEALT, ())
    return pairs


def _keep_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != KEEP_WINDOW:
        return []
    return [UseCard(KEEP, card) for who, drawn in _pairs(state) if who == seat for card in drawn]


def _keep_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    pairs = _pairs(s)
    drawn = next(cards for who, cards in pairs if who == seat)
    _keep(ctx, seat, action.arg)
    aside = (*s.marks.get(ASIDE, ()), *(c for c in drawn if c != action.arg))
    left = tuple(p for p in pairs if p[0] != seat)
    if left:
        s.marks[DEALT] = left
        s.marks[ASIDE] = aside
    else:
        del s.marks[DEALT], s.marks[ASIDE]
        _shuffle_in(ctx, list(aside))


define_effect(EffectDef(KEEP, offer=_keep_offer, use=_keep_use, prompt_windows=frozenset({KEEP_WINDOW}),
                        offer_windows=frozenset({KEEP_WINDOW}),
                        describe=choices.a_card, option=O.COSTUMES))
registry.require_choice(KEEP_WINDOW)


# --- stealing ------------------------------------------------------------------------------------------------------
def _steal_after_roll(ctx: Ctx, counts: dict[str, int], **kw: Any) -> None:
    s = ctx.s
    if O.COSTUMES in s.options and counts[SMASH] >= STEAL_SMASHES and _steal_offer(s, s.active, STEAL_WINDOW):
        registry.ask(ctx, s.active, STEAL_WINDOW)


def _steal_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != STEAL_WINDOW or state.active != seat:
        return []
    energy = state.monsters[seat].energy
    out: list[UseCard] = []
    for t in dict.fromkeys(state.hit):
        victim = state.monsters[t]
        if victim.alive:
            out.extend(UseCard(STEAL, f"{victim.id}.{card}") for card in dict.fromkeys(victim.cards)
                       if is_costume(card) and market.cost(state, seat, card) <= energy)
    return out


def _steal_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    owner, card = C.monster_card_arg(s, action.arg)
    thief = s.monsters[seat]
    price = market.cost(s, seat, card)
    thief.energy -= price
    ctx.emit("costume-stolen", R.COSTUMES, thief.id, price, card=card, by=s.monsters[owner].id)
    ctx.gain_energy(owner, price, R.COSTUMES, card=card, reason="paid", by=thief.id)
    C.move_card(ctx, owner, card, seat)
    thief.cards.append(card)
    definition = registry.get(card)
    if definition is not None and definition.on_buy is not None:
        definition.on_buy(ctx, seat, card)


define_effect(EffectDef(STEAL, hooks={"resolved": _steal_after_roll}, offer=_steal_offer, use=_steal_use,
                        prompt_windows=frozenset({STEAL_WINDOW}), offer_windows=frozenset({STEAL_WINDOW}),
                        describe=choices.a_monsters_card_priced,
                        option=O.COSTUMES))


# --- invariants ----------------------------------------------------------------------------------------------------
def invariants(state: GameState) -> list[str]:
    out: list[str] = []
    where = Counter(c for c in everywhere(state) if is_costume(c))
    where.update(state.marks.get(ASIDE, ()))
    pairs = _pairs(state)
    for _, drawn in pairs:
        where.update(drawn)
    want = Counter(data.costumes())
    if where != want:
        out.append(f"costumes not each in exactly one place: {dict((where - want) + (want - where))}")
    if pairs and state.phase != Phase.SETUP:
        out.append("costumes still waiting to be chosen after the first turn began")
    for seat, _ in pairs:
        if Decision(seat, state.monsters[seat].id, DecisionKind.CARD, KEEP_WINDOW) not in state.pending:
            out.append(f"{state.monsters[seat].id} has two costumes to choose from but is not asked")
    return out


define_module(ModuleDef(O.COSTUMES, validate=validate, init=init, invariants=invariants))
