"""The Evolutions module (Power Up!, option ``evolutions``) and the Mutant Evolution draft (option ``mutant-draft``).

Each monster has its own face-down deck of 8 Evolution cards (``content/cards/evolutions.toml``). Before the first
turn each monster draws 2, keeps 1 hidden and discards the other (a decision per monster, in seat order). A resolved
roll with 3 or more hearts draws 2 more, keep 1 (in Tokyo too; the hearts still heal where they may). An empty deck
is replaced by its shuffled discard pile; with neither, nothing is drawn. Kept cards are played as each card says
(``core``); one file per monster deck defines its cards (``space_penguin``, ``alienoid``, …).

Setup table ``[setup.modules.evolutions]`` (every key optional; monster ids of the game, Evolution ids):

| key | what |
|---|---|
| ``hands = { gigazaur = ["radioactive-waste"] }`` | the monster's hidden hand; a monster given here (even ``[]``) makes no initial draw |
| ``decks = { gigazaur = ["heat-vision", …] }`` | the top of its deck, top first; its other cards not placed anywhere are shuffled below |
| ``discards = { gigazaur = ["tail-sweep"] }`` | its Evolution discard pile |
| ``beauty = "gigazaur"`` | the monster holding the Beauty card (It Was Beauty Killed the Beast in play; absent: the Evolution's holder) |
| ``bamboo_supply = 3`` | the energy on Bamboo Supply (in play), 0 to ``limits(setup).modules["evolutions"]["bamboo_supply"]`` |
| ``misses_turn = "king-kong"`` | the monster that played King of Skull Island (in the game, not in a hand; not the monster whose turn it is) and misses its next turn |

Permanent Evolutions already in play are monster pieces: ``pieces = ["evo-heat-vision"]`` on the monster. A card may
be placed with another monster in play (a position after a Mutant draft), never twice.

Setup table ``[setup.modules.mutant-draft]``: ``packets = { gigazaur = [8 ids], … }``, the 8 cards dealt to each
monster (all monsters, all the pool's cards once); absent, they are shuffled and dealt. With the draft, the
evolutions table must be empty (the draft deals every card).

In a game that follows a physical table, ``evolution:MONSTER.ID`` (``chance``) gives the next card ``MONSTER`` draws
(a given card is drawn before the top one, in the order given): each must be able to come up then, a card of its
deck while the deck lasts, then one of the discard pile its reshuffle makes the new deck, and during the Mutant
draft one of the cards sure to be in its deck (``draft.sure_picks``); else ``evolution-cannot-come-up``. The
initial draw is the top of ``decks`` (``decks = { gigazaur = [the 2 drawn] }``).
"""  # noqa: E501

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ... import chance
from ... import options as O
from ...actions import TableEvolution
from ...errors import IllegalAction, InvalidSetup, Problems
from ...rng import shuffle
from ...setup import MAX_ENERGY, TurnStep
from ..registry import ModuleDef, define_module, monster_lists
from . import core as C
from . import draft, king_kong, pandakai

if TYPE_CHECKING:
    from ...ops import Ctx
    from ...setup import Setup
    from ...state import GameState

TABLE_KEYS = ("hands", "decks", "discards")
BEAUTY, SUPPLY, MISSES = "beauty", "bamboo_supply", "misses_turn"  # the state of a game under way
STATE_KEYS = (BEAUTY, SUPPLY, MISSES)


def _placed(setup: Setup, table: Mapping[str, Any]) -> Counter[str]:
    """Every Evolution the setup places (tables and pieces), each counted."""
    ids = {m.id for m in setup.monsters}
    placed: Counter[str] = Counter()
    for key in TABLE_KEYS:
        for cards in monster_lists(table, key, ids).values():
            placed.update(cards)
    for m in setup.monsters:
        placed.update(p[len(C.PREFIX):] for p in m.pieces if p.startswith(C.PREFIX))
    return placed


def validate(setup: Setup, table: Mapping[str, Any]) -> None:
    for key in table:
        if key not in (*TABLE_KEYS, *STATE_KEYS):
            raise InvalidSetup("unknown-key", key=key, where="the evolutions table")
    for m in setup.monsters:
        if not C.deck_of(m.id):  # a monster whose deck the site does not have yet cannot play with Evolutions
            raise InvalidSetup("no-evolution-deck", monster=m.id)
    placed = _placed(setup, table)
    if O.MUTANT_DRAFT in setup.options and (placed or any(key in table for key in STATE_KEYS)):
        raise InvalidSetup("draft-deals", module=O.MUTANT_DRAFT)
    in_game = {e for m in setup.monsters for e in C.deck_of(m.id)}
    data = C.evolutions()
    for card, count in placed.items():
        if card not in in_game:
            raise InvalidSetup("unknown-evolution", evolution=card)
        if count > 1:
            raise InvalidSetup("too-many-copies", card=card, count=count, copies=1)
    for m in setup.monsters:
        for p in m.pieces:
            if p.startswith(C.PREFIX) and data[p[len(C.PREFIX):]].kind == C.TEMPORARY:
                raise InvalidSetup("temporary-in-play", monster=m.id, evolution=p[len(C.PREFIX):])
    _check_state(setup, table)


def _in_play_with(setup: Setup, evolution: str) -> str | None:
    """The monster that has ``evolution`` (permanent) in play, if any."""
    return next((m.id for m in setup.monsters if C.piece(evolution) in m.pieces), None)


def _check_state(setup: Setup, table: Mapping[str, Any]) -> None:
    """The state of the cards of a game under way: every problem at once."""
    found = Problems()
    ids = [m.id for m in setup.monsters]
    at = ("modules", O.EVOLUTIONS)
    holder = table.get(BEAUTY)
    if holder is not None:
        if holder not in ids:
            found.add("evolution-holder", (*at, BEAUTY), monster=holder, evolution=king_kong.BEAUTY)
        elif _in_play_with(setup, king_kong.BEAUTY) is None:
            found.add("evolution-not-in-play", (*at, BEAUTY), evolution=king_kong.BEAUTY)
    stored = table.get(SUPPLY)
    if stored is not None:
        if not isinstance(stored, int) or isinstance(stored, bool) or not 0 <= stored <= MAX_ENERGY:
            found.add("bad-value", (*at, SUPPLY), monster=_in_play_with(setup, pandakai.SUPPLY) or "",
                      field=SUPPLY, value=stored, reason=f"not a count from 0 to {MAX_ENERGY}")
        elif stored and _in_play_with(setup, pandakai.SUPPLY) is None:
            found.add("evolution-not-in-play", (*at, SUPPLY), evolution=pandakai.SUPPLY)
    missing = table.get(MISSES)
    if missing is not None:
        if missing not in ids:
            found.add("evolution-holder", (*at, MISSES), monster=missing, evolution=king_kong.SKULL)
        holding = [m for m, hand in monster_lists(table, "hands", set(ids)).items() if king_kong.SKULL in hand]
        if not any(king_kong.SKULL in C.deck_of(m) for m in ids):  # after a Mutant draft anyone may have played it
            found.add("misses-without-card", (*at, MISSES), monster=missing, evolution=king_kong.SKULL)
        elif setup.first_player is None:  # before the first turn nobody has yielded Tokyo yet
            found.add("turn-needs-first", ("first_player",))
        elif missing == setup.first_player:
            found.add("misses-own-turn", (*at, MISSES), monster=missing, evolution=king_kong.SKULL)
        elif holding:  # the game has one copy: still in a hand, it has not been played
            found.add("misses-card-in-hand", (*at, MISSES), monster=holding[0], evolution=king_kong.SKULL)
    found.check()


def limits(setup: Setup) -> dict[str, int]:
    """The most of each count of the table: the bank never runs out of the energy Bamboo Supply takes."""
    return {SUPPLY: MAX_ENERGY}


def validate_draft(setup: Setup, table: Mapping[str, Any]) -> None:
    for key in table:
        if key != "packets":
            raise InvalidSetup("unknown-key", key=key, where="the mutant-draft table")
    packets = monster_lists(table, "packets", {m.id for m in setup.monsters})
    if not packets:
        return
    dealt = sorted(c for cards in packets.values() for c in cards)
    pool = sorted(e for m in setup.monsters for e in C.deck_of(m.id))
    if len(packets) != len(setup.monsters) or any(len(p) != draft.PACKET_SIZE for p in packets.values()) \
            or dealt != pool:
        raise InvalidSetup("bad-packets", size=draft.PACKET_SIZE)


def init(ctx: Ctx, table: Mapping[str, Any]) -> None:
    """Deal each deck (given top, the rest shuffled below); without the draft, the initial draw of each monster
    whose hand is not given."""
    s = ctx.s
    if O.MUTANT_DRAFT in s.options:
        return  # the draft deals the decks
    ids = {m.id for m in s.monsters}
    hands, decks, discards = (monster_lists(table, key, ids) for key in TABLE_KEYS)
    placed = _placed(s.setup, table)
    for m in s.monsters:
        rest = [c for c in C.deck_of(m.id) if not placed[c]]
        s.rng = shuffle(s.rng, rest)
        C.set_pile(s, C.DECK, m.seat, (*decks.get(m.id, ()), *rest))
        C.set_pile(s, C.HAND, m.seat, hands.get(m.id, ()))
        C.set_pile(s, C.DISCARD, m.seat, discards.get(m.id, ()))
    seat = {m.id: m.seat for m in s.monsters}
    if table.get(BEAUTY) is not None:
        first = seat.get(s.setup.first_player or "")
        # a turn opened past its start (whose hook does not run) began without Beauty: it moves only at resolve
        without = (s.setup.step is not TurnStep.START and first is not None and first != seat[table[BEAUTY]]
                   and C.piece(king_kong.BEAUTY) in s.monsters[first].pieces)
        king_kong.set_beauty_holder(s, seat[table[BEAUTY]], turn_began_without=without)
    if table.get(SUPPLY):
        pandakai.set_supply_energy(s, table[SUPPLY])
    if table.get(MISSES) is not None:
        king_kong.set_missing_turn(s, (seat[table[MISSES]],))
    for m in s.monsters:
        if m.id not in hands:
            choice = C.draw_and_choose(ctx, m.seat, "start")
            if choice is not None:
                s.pending.append(choice)


def init_draft(ctx: Ctx, table: Mapping[str, Any]) -> None:
    draft.start(ctx, monster_lists(table, "packets", {m.id for m in ctx.s.monsters}))


def _table_refuses(s: GameState, action: TableEvolution) -> IllegalAction | None:
    seat = next((m.seat for m in s.monsters if m.id == action.monster), None)
    if seat is None:
        return IllegalAction("not-at-table", action=action.code, monster=action.monster)
    ahead = C.given(s, seat)
    deck = draft.sure_picks(s, seat) if draft.packets(s) else C.pile(s, C.DECK, seat)
    # the cards given are drawn first: while they do not use up the deck the next one comes from it, else from the
    # discard pile reshuffled
    pool = deck if len(ahead) < len(deck) else C.pile(s, C.DISCARD, seat)
    if action.evolution in pool and action.evolution not in ahead:
        return None
    return IllegalAction("evolution-cannot-come-up", action=action.code, monster=action.monster,
                         evolution=action.evolution)


def _table_gives(s: GameState, action: TableEvolution) -> None:
    C.give(s, s.monster(action.monster).seat, action.evolution)


chance.define_deck(TableEvolution, O.EVOLUTIONS, _table_refuses, _table_gives)


def invariants(s: GameState) -> list[str]:
    """Every Evolution of the monsters in play is in exactly one place (deck, hand, discard, drawn, draft packet or
    picks, in play); nobody holds a card drawn outside a keep choice."""
    out: list[str] = []
    where: Counter[str] = Counter()
    for m in s.monsters:
        for name in (*C.PILES, draft.PICKS):
            where.update(C.pile(s, name, m.seat))
        where.update(C.in_play(s, m.seat))
        drawn = C.pile(s, C.DRAWN, m.seat)
        if drawn and (len(drawn) != C.DRAW or not any(p.seat == m.seat and p.window == C.KEEP_WINDOW
                                                       for p in s.pending)):
            out.append(f"{m.id}: drawn Evolutions {drawn} without a keep choice")
    for packet in draft.packets(s):
        where.update(packet)
    want = Counter(e for m in s.monsters for e in C.deck_of(m.id))
    if where != want:
        out.append(f"Evolutions not each in exactly one place: {dict((where - want) + (want - where))}")
    return out


define_module(ModuleDef(O.EVOLUTIONS, validate=validate, init=init, invariants=invariants, limits=limits))
define_module(ModuleDef(O.MUTANT_DRAFT, validate=validate_draft, init=init_draft))

from . import (  # noqa: E402, F401 - the decks (king_kong and pandakai are imported above)
    alienoid,
    boogie_woogie,
    cyber_bunny,
    cyber_kitty,
    gigazaur,
    kraken,
    meka_dragon,
    pumpkin_jack,
    space_penguin,
    the_king,
)
