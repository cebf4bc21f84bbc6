"""The Evolution cards: each monster's deck, hand and discard, drawing (2, keep 1), playing, the three-hearts draw.

Where things are (``state.marks``, immutable tuples keyed per monster id, see ``place``):

| mark | what |
|---|---|
| ``evolutions:deck:<monster>`` | the monster's face-down Evolution deck, top first |
| ``evolutions:hand:<monster>`` | Evolutions it keeps hidden, in the order kept |
| ``evolutions:discard:<monster>`` | its Evolution discard pile (temporary cards used, cards not kept) |
| ``evolutions:drawn:<monster>`` | the two cards just drawn, waiting for its keep choice |
| ``evolutions:gifts`` | ``(evolution, owner)`` pairs: Evolutions in front of another monster (Freeze Ray, gifts) |

Permanent Evolutions in play are pieces ``"evo-<id>"`` in ``monster.pieces``: their effects are the ``CardDef`` of
their ``EvolutionDef`` (id ``"evo-<id>"``), run by the card registry like a Keep card's.

Gift Evolutions (kind ``gift``, the Halloween monsters'): once the active monster's smashes have wounded monsters
(``state.hit``, after its dice resolve, before any yield), it is asked (window ``evolution-gift``) whether to give
a Gift card from its hand to one of them: ``use:evo-<id>:<monster>``. The card goes into play in front of that
monster and takes effect there (its ``CardDef`` runs for the monster holding it); it stays its owner's card
(``evolutions:gifts``): it goes to its owner's discard pile when the holder or the owner is eliminated.

Actions: ``use:evo-<id>`` (``:ARG`` for a card that asks for a choice) plays an Evolution from the hand (its
``EvolutionDef.when`` says at which windows; ``prompt_windows`` are the windows where its holder is asked, for cards
with a forced timing); ``use:evo-keep:<id>`` keeps one of the two cards drawn (window ``evolution-keep``, no pass).
The same ``use:evo-<id>:ARG`` code also reaches a permanent card's own choices once in play (its ``CardDef.offer``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from ... import events, tokyo
from ... import options as O
from ... import rules as R
from ...actions import UseCard
from ...cards import common, registry
from ...cards.registry import CardDef, EffectDef, define, define_effect, require_choice
from ...data import CONTENT_DIR
from ...dice import FACE_SET, HEART
from ...phases import DecisionKind, Phase, Window
from ...rng import shuffle
from ...setup import CITY, OUTSIDE
from ...state import Decision, GameState

if TYPE_CHECKING:
    from ...ops import Ctx

EVO = R.EVOLUTIONS
DRAFT_RULE = R.MUTANT_DRAFT
# base event kinds an Evolution's effect may emit, with rule ``evolutions`` and param ``evolution`` (the card)
EFFECT_KINDS = ("vp-gained", "vp-lost", "energy-gained", "energy-lost", "healed", "not-healed", "damaged",
                "damage-prevented", "die-changed", "die-rerolled", "extra-turn", "tokyo-left", "smash-added",
                "card-bought", "card-kept", "card-played", "card-discarded", "entered", "yielded", "extra-roll",
                "card-rolled", "card-revealed", "reborn", "card-loaded", "market-swept")
for _kind in EFFECT_KINDS:
    events.extend(_kind, rules=(EVO,), params=("evolution",))
PREFIX = "evo-"  # pieces and action cards: "evo-freeze-ray"
TEMPORARY, PERMANENT, GIFT = "temporary", "permanent", "gift"
GIFT_WINDOW = "evolution-gift"  # the active monster may give a Gift card to a monster its smashes wounded
KEEP_WINDOW = "evolution-keep"  # a monster keeps 1 of the 2 cards it drew
KEEP = "evo-keep"  # the keep choice: use:evo-keep:<id>
DRAW = 2  # cards drawn at the start and on three hearts
HEARTS_TO_DRAW = 3
ANYTIME = frozenset(Window)  # "play it at any time": at any decision of its holder
DECK, HAND, DISCARD, DRAWN = "deck", "hand", "discard", "drawn"
PILES = (DECK, HAND, DISCARD, DRAWN)
GIFTS = "evolutions:gifts"


# ---------------------------------------------------------------------------------------------------------------
# Game data
# ---------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EvolutionData:
    id: str
    monster: str
    name_en: str
    kind: str  # temporary | permanent | gift
    bga_id: int


@cache
def evolutions() -> dict[str, EvolutionData]:
    """Every Evolution card by id, in file order (``content/cards/evolutions.toml``)."""
    raw = tomllib.loads((CONTENT_DIR / "cards" / "evolutions.toml").read_text(encoding="utf-8"))
    return {e["id"]: EvolutionData(e["id"], e["monster"], e["name_en"], e["kind"], int(e["bga_id"]))
            for e in raw["evolution"]}


@cache
def deck_of(monster: str) -> tuple[str, ...]:
    """The monster's own 8 Evolution cards, in file order."""
    return tuple(e.id for e in evolutions().values() if e.monster == monster)


def kind(evolution: str) -> str:
    return evolutions()[evolution].kind


# ---------------------------------------------------------------------------------------------------------------
# Where the cards are
# ---------------------------------------------------------------------------------------------------------------
def place(pile: str, monster: str) -> str:
    """The ``state.marks`` key of a monster's pile (``deck``, ``hand``, ``discard``, ``drawn``)."""
    return f"evolutions:{pile}:{monster}"


def pile(s: GameState, name: str, seat: int) -> tuple[str, ...]:
    cards: tuple[str, ...] = s.marks.get(place(name, s.monsters[seat].id), ())
    return cards


def set_pile(s: GameState, name: str, seat: int, cards: Iterable[str]) -> None:
    s.marks[place(name, s.monsters[seat].id)] = tuple(cards)


def drop_pile(s: GameState, name: str, seat: int) -> None:
    """The pile ``name`` of ``seat`` is gone (not an empty pile: no such pile)."""
    del s.marks[place(name, s.monsters[seat].id)]


def hand(s: GameState, seat: int) -> tuple[str, ...]:
    """The Evolutions ``seat`` keeps hidden (what the site shows only to its holder)."""
    return pile(s, HAND, seat)


def ask_others_holding(ctx: Ctx, card: str, window: str) -> None:
    """Ask every monster but the active one that holds ``card`` in its hand whether it plays it in ``window``."""
    s = ctx.s
    if O.EVOLUTIONS not in s.options:
        return
    for seat in common.others(s, s.active):
        if card in hand(s, seat):
            registry.ask(ctx, seat, window)


def in_play(s: GameState, seat: int) -> list[str]:
    """The Evolutions in play in front of ``seat`` (ids without the ``evo-`` prefix)."""
    return [p[len(PREFIX):] for p in s.monsters[seat].pieces if p.startswith(PREFIX)]


def piece(evolution: str) -> str:
    return PREFIX + evolution


def add_to(s: GameState, name: str, seat: int, *cards: str) -> None:
    set_pile(s, name, seat, (*pile(s, name, seat), *cards))


def remove_from(s: GameState, name: str, seat: int, card: str) -> None:
    cards = list(pile(s, name, seat))
    cards.remove(card)
    set_pile(s, name, seat, cards)


def to_discard(ctx: Ctx, seat: int, evolution: str, reason: str) -> None:
    """``evolution`` (already taken from where it was) goes to ``seat``'s Evolution discard pile."""
    add_to(ctx.s, DISCARD, seat, evolution)
    ctx.emit("evolution-discarded", EVO, ctx.s.monsters[seat].id, evolution=evolution, reason=reason)


def owner_of(s: GameState, evolution: str) -> int | None:
    """The owner of ``evolution`` when it is in play in front of another monster (``GIFTS``), else None."""
    return next((owner for e, owner in s.marks.get(GIFTS, ()) if e == evolution), None)


def give_piece(ctx: Ctx, owner: int, evolution: str, to: int, reason: str = "given") -> None:
    """``owner``'s Evolution in play goes in front of monster ``to`` (it stays ``owner``'s)."""
    s = ctx.s
    s.monsters[owner].pieces.remove(piece(evolution))
    s.monsters[to].pieces.append(piece(evolution))
    s.marks[GIFTS] = (*s.marks.get(GIFTS, ()), (evolution, owner))
    ctx.emit("evolution-moved", EVO, s.monsters[owner].id, evolution=evolution, to=s.monsters[to].id, reason=reason)


def return_piece(ctx: Ctx, holder: int, evolution: str) -> None:
    """An Evolution in front of ``holder`` goes back in front of its owner (to its discard pile if it is out)."""
    s = ctx.s
    owner = owner_of(s, evolution)
    assert owner is not None
    if not s.monsters[owner].alive:
        discard_piece(ctx, holder, evolution, "returned")
        return
    s.marks[GIFTS] = tuple(g for g in s.marks[GIFTS] if g[0] != evolution)
    s.monsters[holder].pieces.remove(piece(evolution))
    s.monsters[owner].pieces.append(piece(evolution))
    ctx.emit("evolution-moved", EVO, s.monsters[holder].id, evolution=evolution, to=s.monsters[owner].id,
             reason="returned")


LEFT_PLAY = "evolution-left"  # hook moment (seat, evolution): an Evolution in play left it (Icy Reflection follows)


def discard_piece(ctx: Ctx, seat: int, evolution: str, reason: str) -> None:
    """A permanent (or given) Evolution in play in front of ``seat`` leaves play for its owner's discard pile. A copy
    (Icy Reflection) that discards itself discards the copying card."""
    s = ctx.s
    if piece(evolution) not in s.monsters[seat].pieces:
        evolution = registry.sources(s, seat, piece(evolution))[0][len(PREFIX):]
    s.monsters[seat].pieces.remove(piece(evolution))
    owner = seat
    gifts = s.marks.get(GIFTS, ())
    for entry in gifts:
        if entry[0] == evolution:
            owner = entry[1]
            s.marks[GIFTS] = tuple(g for g in gifts if g != entry)
            break
    to_discard(ctx, owner, evolution, reason)
    registry.fire(ctx, LEFT_PLAY, seat=seat, evolution=evolution)


# ---------------------------------------------------------------------------------------------------------------
# Drawing and keeping
# ---------------------------------------------------------------------------------------------------------------
def _given_key(monster: str) -> str:
    return f"evolutions:given:{monster}"


def given(s: GameState, seat: int) -> tuple[str, ...]:
    """A table game: the Evolutions the table says ``seat`` draws next, in order, not drawn yet."""
    cards: tuple[str, ...] = s.marks.get(_given_key(s.monsters[seat].id), ())
    return cards


def give(s: GameState, seat: int, evolution: str) -> None:
    """A table game: ``evolution`` is the card ``seat`` draws after those already given (``evolution:M.ID``)."""
    s.marks[_given_key(s.monsters[seat].id)] = (*given(s, seat), evolution)


def draw_one(ctx: Ctx, seat: int) -> str | None:
    """The top card of ``seat``'s Evolution deck; an empty deck is first replaced by its shuffled discard pile. In a
    table game the next card given (``give``) is drawn instead of the top one."""
    s = ctx.s
    deck = list(pile(s, DECK, seat))
    if not deck:
        deck = list(pile(s, DISCARD, seat))
        if not deck:
            return None
        set_pile(s, DISCARD, seat, ())
        s.rng = shuffle(s.rng, deck)
        ctx.emit("evolution-deck-shuffled", EVO, s.monsters[seat].id, len(deck))
    queued = given(s, seat)
    if queued:
        key = _given_key(s.monsters[seat].id)
        if queued[1:]:
            s.marks[key] = queued[1:]
        else:
            del s.marks[key]
        # a card given from the discard pile may have been taken back before the draw (Boogie Woogie's…)
        if queued[0] in deck:
            deck.remove(queued[0])
            deck.insert(0, queued[0])
    set_pile(s, DECK, seat, deck[1:])
    return deck[0]


def draw_and_choose(ctx: Ctx, seat: int, reason: str) -> Decision | None:
    """Draw 2 Evolutions, keep 1 hidden and discard the other. With two drawn, the keep choice is returned (window
    ``evolution-keep``) for the caller to queue; a single card left is kept; none left, nothing happens."""
    s = ctx.s
    drawn = [c for c in (draw_one(ctx, seat) for _ in range(DRAW)) if c is not None]
    ctx.emit("evolutions-drawn", EVO, s.monsters[seat].id, len(drawn), reason=reason)
    if len(drawn) == 1:
        keep(ctx, seat, drawn[0])
    elif drawn:
        set_pile(s, DRAWN, seat, drawn)
        return Decision(seat, s.monsters[seat].id, DecisionKind.CARD, KEEP_WINDOW)
    return None


def keep(ctx: Ctx, seat: int, evolution: str) -> None:
    add_to(ctx.s, HAND, seat, evolution)
    ctx.emit("evolution-kept", EVO, ctx.s.monsters[seat].id, evolution=evolution)


def _keep_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != KEEP_WINDOW:
        return []
    return [UseCard(KEEP, c) for c in pile(state, DRAWN, seat)]


def _keep_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    drawn = pile(s, DRAWN, seat)
    set_pile(s, DRAWN, seat, ())
    keep(ctx, seat, action.arg)
    for other in drawn:
        if other != action.arg:
            to_discard(ctx, seat, other, "not-kept")


# ---------------------------------------------------------------------------------------------------------------
# Defining an Evolution card
# ---------------------------------------------------------------------------------------------------------------
Play = Callable[["Ctx", int, str], None]  # (ctx, seat, arg): the card's effect when played
When = Callable[[GameState, int, str], bool]  # (state, seat, window): may it be played now
Args = Callable[[GameState, int], list[str]]  # (state, seat): the choices it may be played with


def anytime(state: GameState, seat: int, window: str) -> bool:
    """Played at any decision of its holder (its own turn's, and any it is asked on another monster's turn)."""
    return window in ANYTIME


def on_own_turn(*windows: str) -> When:
    """Played on its holder's own turn, at one of ``windows`` (all of its turn's windows if none given)."""
    allowed = frozenset(windows) or ANYTIME

    def when(state: GameState, seat: int, window: str) -> bool:
        return state.active == seat and window in allowed

    return when


@dataclass(slots=True)
class EvolutionDef:
    """One Evolution card's behaviour (its data: ``content/cards/evolutions.toml``).

    - ``play(ctx, seat, arg)``: what happens when it is played (a permanent card's arrival effect, if any); ``arg``
      is "" unless ``args`` gives choices.
    - ``when(state, seat, window)``: whether its holder may play it now (default: at any time).
    - ``args(state, seat)``: the choices it is played with (``use:evo-<id>:ARG``, one action each); None: no choice.
      A card whose ``args`` returns an empty list cannot be played now.
    - ``prompt_windows``: windows where its holder gets a ``card`` decision (``use:…`` or ``pass``) to play it; for
      cards whose moment would otherwise pass without a decision (the start of a turn, another monster's turn).
    - ``card``: a permanent card's effects while in play (a ``CardDef`` without id: it is given ``evo-<id>``).
      Its ``offer``/``use`` are the card's own choices once in play; their actions must carry an ``arg``.
    """

    id: str
    play: Play | None = None
    when: When = anytime
    args: Args | None = None
    prompt_windows: frozenset[str] = frozenset()
    card: CardDef | None = None
    effects: list[EffectDef] = field(default_factory=list)  # lasting effects that belong to no card in play
    chosen: Chosen | None = None  # what a choice asked with ``ask_choice`` does (ctx, chooser, player, option)
    # whether an option asked with ``ask_choice`` may still be picked now (a price the chooser can still pay, after
    # spending energy on another choice while this one waited)
    allowed: Callable[[GameState, int, str], bool] | None = None
    # a card its owner may take back from its discard pile into its hand (Boo!): (offer, use), action ``:back``
    take_back: tuple[Callable[[GameState, int, str], list[UseCard]], Callable[[Ctx, int, UseCard], None]] | None = None


TAKE_BACK = "back"
_EVOLUTIONS: dict[str, EvolutionDef] = {}


def get(evolution: str) -> EvolutionDef | None:
    return _EVOLUTIONS.get(evolution)


def defined() -> frozenset[str]:
    return frozenset(_EVOLUTIONS)


def define_evolution(evo: EvolutionDef) -> EvolutionDef:
    """Register an Evolution: its play offer and action (an ``EffectDef`` ``evo-<id>``) and, for a permanent card,
    its effects in play (the ``CardDef`` ``evo-<id>``)."""
    data = evolutions()[evo.id]  # KeyError: not in the game data
    if data.kind not in (TEMPORARY, PERMANENT, GIFT) or (data.kind != TEMPORARY) != (evo.card is not None):
        raise ValueError(f"{evo.id}: a {data.kind} Evolution: a card in play for permanent and gift ones only")
    if data.kind == GIFT:  # given at one moment, to a monster just wounded
        evo.when, evo.args = _gift_when, gift_targets
        evo.prompt_windows = evo.prompt_windows | {GIFT_WINDOW}
    _EVOLUTIONS[evo.id] = evo
    action_id = piece(evo.id)
    use = _dispatcher(evo)
    if evo.card is not None:
        evo.card.id = action_id
        define(_in_play_card(evo.card, use))
    define_effect(EffectDef(action_id, offer=_play_offer(evo), use=use, prompt_windows=evo.prompt_windows,
                            option=O.EVOLUTIONS, among=_playable))
    for effect in evo.effects:
        effect.option = O.EVOLUTIONS
        define_effect(effect)
    return evo


def _in_play_card(card: CardDef, use: Callable[[Ctx, int, UseCard], None]) -> CardDef:
    """The piece's card, whose ``use`` also plays the card from the hand (the registry looks cards up before
    effects: one action code for both)."""
    card.use = use
    return card


def _playable(state: GameState, seat: int) -> list[str]:
    """The action ids of the Evolutions whose offer may give ``seat`` something: the cards in its hand and discard
    pile (the registry asks no other Evolution's offer)."""
    return [PREFIX + e for e in (*hand(state, seat), *pile(state, DISCARD, seat))]


def hand_guard(evolution: str, guard: Callable[[GameState, int], bool], **rules: Any) -> EffectDef:
    """The effect that lets an Evolution in a monster's hand keep it from losing life (``guard(state, seat)``,
    asked only while ``evolution`` is in ``seat``'s hand), with any other ``rules`` of that effect."""
    return EffectDef(f"{PREFIX}{evolution}{_GUARD}", guard=guard, among=_guards_in_hand, **rules)


_GUARD = "-guard"


def _guards_in_hand(state: GameState, seat: int) -> list[str]:
    return [f"{PREFIX}{e}{_GUARD}" for e in hand(state, seat)]


def _play_offer(evo: EvolutionDef) -> Callable[[GameState, int, str], list[UseCard]]:
    action_id = piece(evo.id)

    def offer(state: GameState, seat: int, window: str) -> list[UseCard]:
        if O.EVOLUTIONS not in state.options:
            return []
        if evo.take_back is not None and evo.id in pile(state, DISCARD, seat) and state.monsters[seat].alive:
            return evo.take_back[0](state, seat, window)
        if evo.id not in hand(state, seat):
            return []
        if not state.monsters[seat].alive or not evo.when(state, seat, window):
            return []
        if evo.args is None:
            return [UseCard(action_id)]
        return [UseCard(action_id, arg) for arg in evo.args(state, seat)]

    return offer


def _dispatcher(evo: EvolutionDef) -> Callable[[Ctx, int, UseCard], None]:
    in_play_use = evo.card.use if evo.card is not None else None

    def use(ctx: Ctx, seat: int, action: UseCard) -> None:
        if evo.take_back is not None and action.arg == TAKE_BACK:
            evo.take_back[1](ctx, seat, action)
        elif evo.id in hand(ctx.s, seat):
            play(ctx, seat, evo.id, action.arg)
        else:
            assert in_play_use is not None
            in_play_use(ctx, seat, action)

    return use


PLAYED = "evolutions:played"  # memo: (seat, evolution) of each Evolution played this turn


def play(ctx: Ctx, seat: int, evolution: str, arg: str = "") -> None:
    """``seat`` plays ``evolution`` from its hand: a temporary card goes to the discard pile and takes effect; a
    permanent one comes into play in front of it; a gift one in front of the monster ``arg``."""
    s = ctx.s
    evo = _EVOLUTIONS[evolution]
    remove_from(s, HAND, seat, evolution)
    k = kind(evolution)
    m = s.monsters[seat]
    s.memo[PLAYED] = (*s.memo.get(PLAYED, ()), (seat, evolution))
    ctx.emit("evolution-played", EVO, m.id, evolution=evolution, reason=k)
    if k == TEMPORARY:
        add_to(s, DISCARD, seat, evolution)
    elif k == GIFT:
        m.pieces.append(piece(evolution))
        give_piece(ctx, seat, evolution, s.monster(arg).seat, GIFT)
    else:
        m.pieces.append(piece(evolution))
    if evo.play is not None:
        evo.play(ctx, seat, arg)


def gift_targets(state: GameState, seat: int) -> list[str]:
    """The monsters ``seat``'s smashes wounded this turn that are still in the game."""
    return [state.monsters[t].id for t in dict.fromkeys(state.hit) if t != seat and state.monsters[t].alive]


def _gift_when(state: GameState, seat: int, window: str) -> bool:
    return window == GIFT_WINDOW and state.active == seat


def _ask_gift(ctx: Ctx, counts: dict[str, int], **kw: Any) -> None:
    """Once the active monster's dice have resolved: asked to give a Gift card if it holds one and wounded a monster."""
    s = ctx.s
    seat = s.active
    if (O.EVOLUTIONS in s.options and s.monsters[seat].alive and gift_targets(s, seat)
            and any(kind(e) == GIFT for e in hand(s, seat))):
        registry.ask(ctx, seat, GIFT_WINDOW)


def gift_owner(s: GameState, holder: int, evolution: str) -> int | None:
    """The owner of the Gift card ``evolution`` in front of ``holder`` (None: it is not a gift held there)."""
    if piece(evolution) not in s.monsters[holder].pieces:
        return None
    return owner_of(s, evolution)


def played_this_turn(s: GameState, seat: int, evolution: str) -> bool:
    """Whether ``seat`` played ``evolution`` during the current turn (for "this turn" effects)."""
    return (seat, evolution) in s.memo.get(PLAYED, ())


# --- a choice an Evolution asks for once played (a card among those revealed, energy or VP…) --------------------
CHOICE_WINDOW = "evolution-choice"
CHOOSE = "evo-choose"  # use:evo-choose:<option>
Chosen = Callable[["Ctx", int, int, str], None]  # (ctx, chooser, player of the card, option)


def ask_choice(ctx: Ctx, chooser: int, evolution: str, options: Iterable[str], player: int) -> None:
    """Ask ``chooser`` to pick one of ``options`` (no pass) for ``evolution`` played by ``player``; the card's
    ``EvolutionDef.chosen`` runs with the pick. Several choices for one monster are asked in turn."""
    s = ctx.s
    key = place("choice", s.monsters[chooser].id)
    s.marks[key] = (*s.marks.get(key, ()), (evolution, tuple(options), player))
    d = Decision(chooser, s.monsters[chooser].id, DecisionKind.CARD, CHOICE_WINDOW)
    if d not in s.pending:
        s.pending.insert(_after_current(s), d)


def _after_current(s: GameState) -> int:
    """Where a choice asked during an action goes in the queue: after the decision being taken (if it is queued)
    and the choices asked before it, ahead of the decisions that were already waiting."""
    i = 1 if s.pending and s.decision is s.pending[0] else 0
    while i < len(s.pending) and s.pending[i].window == CHOICE_WINDOW:
        i += 1
    return i


def _choices(state: GameState, seat: int) -> tuple[tuple[str, tuple[str, ...], int], ...]:
    choices: tuple[tuple[str, tuple[str, ...], int], ...] = state.marks.get(
        place("choice", state.monsters[seat].id), ())
    return choices


def _choose_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    entries = _choices(state, seat)
    if window != CHOICE_WINDOW or not entries:
        return []
    evolution, options, _player = entries[0]
    allowed = _EVOLUTIONS[evolution].allowed
    return [UseCard(CHOOSE, option) for option in options if allowed is None or allowed(state, seat, option)]


def _choose_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    entries = _choices(s, seat)
    evolution, _, player = entries[0]
    key = place("choice", s.monsters[seat].id)
    if len(entries) > 1:
        s.marks[key] = entries[1:]
    else:
        del s.marks[key]
    chosen = _EVOLUTIONS[evolution].chosen
    assert chosen is not None
    chosen(ctx, seat, player, action.arg)


# --- "give 1 energy or lose life", the giver's choice (Worst Nightmare, Trick or Threat, Electric Carrot) ------
PAY_ENERGY = "pay-energy"


def demand_energy(ctx: Ctx, giver: int, owner: int, evolution: str, lose: str) -> None:
    """``giver`` gives ``owner`` 1 energy or loses life (option ``lose``), its choice; without energy, no choice."""
    if ctx.s.monsters[giver].energy:
        ask_choice(ctx, giver, evolution, [PAY_ENERGY, lose], owner)
    else:
        settle_demand(ctx, giver, owner, lose, evolution, LIFE_OPTIONS[lose])


LIFE_OPTIONS = {"lose-life": 1, "lose-two-life": 2}  # the life each "lose" option costs


def settle_demand(ctx: Ctx, giver: int, owner: int, option: str, evolution: str, life: int) -> None:
    s = ctx.s
    if option == PAY_ENERGY and s.monsters[giver].energy:
        ctx.lose_energy(giver, 1, EVO, evolution=evolution)
        ctx.gain_energy(owner, 1, EVO, evolution=evolution, reason="paid", by=s.monsters[giver].id)
    else:
        ctx.damage(giver, life, EVO, by=owner, evolution=evolution)


def demand_chosen(evolution: str) -> Chosen:
    """The ``EvolutionDef.chosen`` of a card that makes monsters give 1 energy or lose life."""

    def chosen(ctx: Ctx, giver: int, owner: int, option: str) -> None:
        settle_demand(ctx, giver, owner, option, evolution, LIFE_OPTIONS.get(option, 0))

    return chosen


def heal_on_entering(evolution: str) -> CardDef:
    """A permanent card that heals its holder 1 each time it enters Tokyo (Nightlife!, Eater of Souls)."""

    def entered(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
        if seat == owner:
            ctx.heal(owner, 1, EVO, evolution=evolution)

    return CardDef("", hooks={"entered": entered})


def skip_to_end(ctx: Ctx, seat: int, evolution: str) -> None:
    """Before its first roll, ``seat``'s turn goes straight to its end (Tune-Up, Sunken Temple): the prompts of the
    skipped roll go, those of the end of the turn come."""
    s = ctx.s
    ctx.emit("turn-skipped", EVO, s.monsters[seat].id, evolution=evolution)
    s.pending = [d for d in s.pending if d.window != Window.BEFORE_ROLL]
    s.phase = Phase.END
    s.pending.extend(registry.prompts(s, Window.END))


def leave_tokyo(ctx: Ctx, seat: int, evolution: str) -> None:
    """``seat`` leaves Tokyo because of ``evolution`` (not a yield: nobody is asked, nobody takes its place)."""
    m = ctx.s.monsters[seat]
    space = m.location
    m.location = OUTSIDE
    ctx.emit("tokyo-left", EVO, m.id, space=space, evolution=evolution)


# --- entering Tokyo in the active monster's place (Feline Motor, Monkey Leap) --------------------------------
ENTERED_INSTEAD = "evolutions:entered-instead"  # memo: the seat that took Tokyo City in the active monster's place


def enter_instead(ctx: Ctx, seat: int) -> None:
    """On another monster's turn, ``seat`` takes the empty Tokyo City; the active monster then stays outside."""
    ctx.s.memo[ENTERED_INSTEAD] = seat
    tokyo.enter(ctx, seat, CITY)


def may_enter_instead(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may take Tokyo City in the active monster's place now: City empty, the active monster alive,
    outside and about to enter, ``seat`` outside too."""
    active = state.monsters[state.active]
    return (seat != state.active and state.city is None and active.alive and not active.in_tokyo
            and not state.monsters[seat].in_tokyo and ENTERED_INSTEAD not in state.memo)


def _stays_outside(state: GameState, seat: int, value: bool, **kw: Any) -> bool:
    """The active monster stays outside once another took its place (even with the Bay open)."""
    return False if ENTERED_INSTEAD in state.memo and seat == state.active else value


# --- effects that last until their player's next turn ---------------------------------------------------------
LASTING = "evolutions:lasting"


def until_next_turn(ctx: Ctx, seat: int, evolution: str) -> None:
    """``evolution``'s effect lasts until ``seat``'s next turn starts (Cold Wave, Blizzard…)."""
    ctx.s.marks[LASTING] = (*ctx.s.marks.get(LASTING, ()), (seat, evolution))


def lasting(s: GameState, evolution: str) -> tuple[int, ...]:
    """The seats whose ``evolution`` effect is still in force."""
    return tuple(seat for seat, e in s.marks.get(LASTING, ()) if e == evolution)


def _end_lasting(ctx: Ctx, **kw: Any) -> None:
    s = ctx.s
    entries = s.marks.get(LASTING)
    if entries:
        s.marks[LASTING] = tuple(e for e in entries if e[0] != s.active)


# ---------------------------------------------------------------------------------------------------------------
# Rules of the module that belong to no card
# ---------------------------------------------------------------------------------------------------------------
def _three_hearts(ctx: Ctx, counts: dict[str, int], **kw: Any) -> None:
    """A resolved roll with 3 or more hearts draws 2 Evolutions (in Tokyo too; the hearts still heal as usual);
    not once the game has ended during the roll (Final Roar, the top of Tokyo Tower)."""
    s = ctx.s
    if (O.EVOLUTIONS in s.options and counts.get(HEART, 0) >= HEARTS_TO_DRAW and s.monsters[s.active].alive
            and s.outcome is None):
        choice = draw_and_choose(ctx, s.active, "hearts")
        if choice is not None:
            s.pending.append(choice)


def _eliminated(ctx: Ctx, seat: int, **kw: Any) -> None:
    """An eliminated monster's Evolutions in play, in hand and just drawn go to the discard piles; one in front of
    it that another monster owns goes back to its owner."""
    s = ctx.s
    if O.EVOLUTIONS not in s.options:
        return
    s.marks[LASTING] = tuple(e for e in s.marks.get(LASTING, ()) if e[0] != seat)
    for evolution in in_play(s, seat):
        if piece(evolution) not in s.monsters[seat].pieces:  # gone with a card it copied (Icy Reflection)
            continue
        if owner_of(s, evolution) is not None and kind(evolution) != GIFT:
            return_piece(ctx, seat, evolution)  # Freeze Ray goes back to its owner
        else:
            discard_piece(ctx, seat, evolution, "eliminated")
    for evolution, owner in s.marks.get(GIFTS, ()):  # its gifts in front of others leave play with it
        if owner == seat and kind(evolution) == GIFT:
            holder = next(m.seat for m in s.monsters if piece(evolution) in m.pieces)
            discard_piece(ctx, holder, evolution, "eliminated")
    for name in (HAND, DRAWN):
        cards = pile(s, name, seat)
        set_pile(s, name, seat, ())
        for evolution in cards:
            to_discard(ctx, seat, evolution, "eliminated")


require_choice(KEEP_WINDOW)
require_choice(CHOICE_WINDOW)
define_effect(EffectDef(CHOOSE, offer=_choose_offer, use=_choose_use, prompt_windows=frozenset({CHOICE_WINDOW}),
                        offer_windows=frozenset({CHOICE_WINDOW}),
                        describe=lambda state, seat, arg: {"face": arg} if arg in FACE_SET else {},  # "1" is a face
                        option=O.EVOLUTIONS))
define_effect(EffectDef(KEEP, offer=_keep_offer, use=_keep_use, prompt_windows=frozenset({KEEP_WINDOW}),
                        offer_windows=frozenset({KEEP_WINDOW}), option=O.EVOLUTIONS))
define_effect(EffectDef("evolutions", hooks={"resolved": _three_hearts, "eliminated": _eliminated,
                                             Window.START: _end_lasting}, option=O.EVOLUTIONS))
define_effect(EffectDef("evo-entered-instead", modifiers={"may-enter": _stays_outside}, option=O.EVOLUTIONS))
define_effect(EffectDef("evo-gift", hooks={"resolved": _ask_gift}, prompt_windows=frozenset({GIFT_WINDOW}),
                        option=O.EVOLUTIONS))
