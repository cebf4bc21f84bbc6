"""Keep cards about energy, buying and the end of the turn.

| card | effect | choice |
|---|---|---|
| alien-origin | Power cards cost you 1 energy less (never below 0) | — |
| media-friendly | +1 VP each time you buy a Power card (not for buying this card itself) | — |
| friend-of-children | each time you gain energy, gain 1 more | — |
| battery-monster | when bought, 6 energy from the bank on it; start of your turn: take 2; discarded when empty | — |
| metamorph | end of your turn: discard Keep cards for their printed cost in energy | ``use:metamorph:CARD`` |
| made-in-a-lab | buy step: buy the top card of the deck | ``use:made-in-a-lab`` |
| opportunist | a newly revealed card may be bought at once, on any turn | ``use:opportunist:SLOT`` |
| parasitic-tentacles | buy step: buy another monster's Keep card, paying it | ``use:parasitic-tentacles:M.CARD`` |
| solar-powered | end of your turn with 0 energy: +1 energy | — |
| energy-hoarder | end of your turn: +1 VP per full 6 energy | — |
| rooting-for-the-underdog | end of your turn, alone with the fewest VP of the living monsters: +1 VP | — |
| herbivore | end of your turn, if you made no monster (yourself included) lose life this turn: +1 VP | — |
| eater-of-the-dead | +3 VP each time another monster reaches 0 life (It Has a Child! included) | — |

Metamorph and Parasitic Tentacles, like Mimic, never target costumes (the costumes module).

Arguments: ``CARD`` a card id the owner holds; ``SLOT`` the 0-based market slot; ``M.CARD`` a monster id and a
card id it holds (``the-king.extra-head``). Made in a Lab's card is the top of the deck (``state.deck[0]``; at a
table, the card given as ``card:ID``, the one its holder peeked at), which its owner may look at; it is offered only
when affordable.

End of turn, in this order (the online implementation's): Metamorph (a prompt, before the rest), then Rooting for
the Underdog, Energy Hoarder, Herbivore, Solar Powered, then Poison tokens (``tokens``). Energy taken off Battery
Monster and Metamorph refunds are "recovered" (reason ``recovered``), not gained: Friend of Children adds nothing.
Opportunist asks each owner but the active monster (who is in its own buy step), clockwise from the active monster;
bought out of turn a card takes effect at once (Frenzy: the extra turn follows the current turn). Made in a Lab,
Parasitic Tentacles and Opportunist buy too: they are not offered while a module forbids buying (``market.may_buy``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import chance, data, market
from .. import rules as R
from ..actions import UseCard
from ..phases import Phase, Window
from ..state import GameState
from . import choices
from . import common as C
from .registry import CardDef, ask, define, sources

if TYPE_CHECKING:
    from ..ops import Ctx

PC = C.PC
RECOVERED = "recovered"


def _cheaper(state: GameState, owner: int, cost: int, **kw: Any) -> int:
    return max(0, cost - 1)


define(CardDef("alien-origin", modifiers={"cost": _cheaper}))


def _media(ctx: Ctx, owner: int, seat: int, card: str, **kw: Any) -> None:
    if seat == owner and card != "media-friendly":
        ctx.gain_vp(owner, 1, PC, card="media-friendly")


define(CardDef("media-friendly", hooks={"bought": _media}))


def _friend(ctx: Ctx, owner: int, seat: int, card: str | None = None, reason: str | None = None, **kw: Any) -> None:
    if seat == owner and card != "friend-of-children" and reason != RECOVERED:
        ctx.gain_energy(owner, 1, PC, card="friend-of-children")


define(CardDef("friend-of-children", hooks={"energy-gained": _friend}))


# --- Battery Monster ---------------------------------------------------------------------------------------------
BATTERY = C.LoadedCounter("battery-monster", "battery", 6, reason="energy")
BATTERY_TAKE = 2


def _battery_start(ctx: Ctx, owner: int, **kw: Any) -> None:
    s = ctx.s
    if not C.my_turn(s, owner):
        return
    m = s.monsters[owner]
    for src in sources(s, owner, "battery-monster"):
        key = BATTERY.key(src)
        stored = m.tokens.get(key, 0)
        take = min(BATTERY_TAKE, stored)
        C.set_tokens(s, owner, key, stored - take)
        ctx.gain_energy(owner, take, PC, card="battery-monster", reason=RECOVERED)
        if stored - take <= 0 and src in m.cards:
            C.discard_card(ctx, owner, src, "empty")


define(CardDef("battery-monster", on_buy=BATTERY.arrives, on_lose=BATTERY.leaves, hooks={Window.START: _battery_start},
               stack=False))


# --- Metamorph ---------------------------------------------------------------------------------------------------
def _metamorph_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != Window.END or state.active != seat or state.phase != Phase.END:
        return []
    cards = dict.fromkeys(state.monsters[seat].cards)
    return [UseCard("metamorph", card) for card in cards if data.is_power_card(card)]


def _metamorph_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    card = action.arg
    C.discard_card(ctx, seat, card, "sold")
    ctx.gain_energy(seat, data.cards()[card].cost, PC, card="metamorph", reason=RECOVERED)


def _metamorph_describe(state: GameState, seat: int, arg: str) -> dict[str, Any]:
    return {"card": arg, "amount": data.cards()[arg].cost} if arg in data.cards() else {}  # the printed cost back


define(CardDef("metamorph", offer=_metamorph_offer, use=_metamorph_use, prompt_windows=frozenset({Window.END}),
               describe=_metamorph_describe, stack=False))


# --- buying from elsewhere -----------------------------------------------------------------------------------------
def _my_buy_step(state: GameState, seat: int, window: str) -> bool:
    return window == Window.BUY and state.phase == Phase.BUY and state.active == seat and market.may_buy(state, seat)


def _lab_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    top = chance.next_card(state)  # at a table, the card given: the one its holder peeked at
    if not _my_buy_step(state, seat, window) or top is None:
        return []
    if market.cost(state, seat, top) > state.monsters[seat].energy:
        return []
    return [UseCard("made-in-a-lab")]


def _lab_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    card = chance.take_next_card(s)
    price = market.cost(s, seat, card)
    s.monsters[seat].energy -= price
    ctx.emit("card-bought", R.BUYING, s.monsters[seat].id, price, card=card, reason="deck")
    market.take(ctx, seat, card)


def _lab_describe(state: GameState, seat: int, arg: str) -> dict[str, Any]:
    top = chance.next_card(state)  # the top card of the deck
    return choices.a_card_priced(state, seat, top) if top is not None else {}


define(CardDef("made-in-a-lab", offer=_lab_offer, use=_lab_use, describe=_lab_describe, stack=False))


def _tentacles_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if not _my_buy_step(state, seat, window):
        return []
    energy = state.monsters[seat].energy
    out = []
    for t in C.others(state, seat):
        other = state.monsters[t]
        for card in dict.fromkeys(other.cards):
            if data.is_power_card(card) and market.cost(state, seat, card) <= energy:
                out.append(UseCard("parasitic-tentacles", f"{other.id}.{card}"))
    return out


def _tentacles_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    s = ctx.s
    seller, card = C.monster_card_arg(s, action.arg)
    price = market.cost(s, seat, card)
    buyer = s.monsters[seat]
    buyer.energy -= price
    ctx.emit("card-bought", R.BUYING, buyer.id, price, card=card, reason="monster", by=s.monsters[seller].id)
    ctx.gain_energy(seller, price, PC, card="parasitic-tentacles", reason="paid", by=buyer.id)
    C.move_card(ctx, seller, card, seat)
    market.take(ctx, seat, card)


define(CardDef("parasitic-tentacles", offer=_tentacles_offer, use=_tentacles_use,
               describe=choices.a_monsters_card_priced, stack=False))

# Opportunist: each reveal is remembered per owner for the turn; the owner is asked once per batch of reveals.
REVEALED = "revealed"


def _opp_key(seat: int) -> str:
    return f"opportunist:{seat}"


def _opp_revealed(ctx: Ctx, owner: int, slot: int, card: str, **kw: Any) -> None:
    s = ctx.s
    if s.turn == 0 or owner == s.active:
        return
    key = _opp_key(owner)
    seen = s.memo.get(key, ())
    if (slot, card) not in seen:
        s.memo[key] = (*seen, (slot, card))
    ask(ctx, owner, REVEALED)


def _opp_offer(state: GameState, seat: int, window: str) -> list[UseCard]:
    if window != REVEALED or not market.may_buy(state, seat):
        return []
    energy = state.monsters[seat].energy
    return [UseCard("opportunist", str(slot)) for slot, card in state.memo.get(_opp_key(seat), ())
            if state.market[slot] == card and market.cost(state, seat, card) <= energy]


def _opp_use(ctx: Ctx, seat: int, action: UseCard) -> None:
    ctx.s.memo.pop(_opp_key(seat), None)
    market.buy(ctx, seat, int(action.arg), reason="opportunist")


def _opp_passed(ctx: Ctx, owner: int, seat: int, window: str, **kw: Any) -> None:
    if seat == owner and window == REVEALED:
        ctx.s.memo.pop(_opp_key(owner), None)


def _opp_describe(state: GameState, seat: int, arg: str) -> dict[str, Any]:
    revealed = state.market[int(arg)] if arg.isdigit() and int(arg) < len(state.market) else None
    return choices.a_card_priced(state, seat, revealed) if revealed else {}


define(CardDef("opportunist", offer=_opp_offer, use=_opp_use, prompt_windows=frozenset({REVEALED}),
               hooks={REVEALED: _opp_revealed, "passed": _opp_passed}, describe=_opp_describe, stack=False))


# --- end of your turn -----------------------------------------------------------------------------------------------
def _end_hook(card: str, test: Any, vp: Any, order: int) -> CardDef:
    def hook(ctx: Ctx, owner: int, **kw: Any) -> None:
        s = ctx.s
        if C.my_turn(s, owner) and test(s, owner):
            ctx.gain_vp(owner, vp(s, owner), PC, card=card)

    return define(CardDef(card, hooks={Window.END: hook}, order=order))


def _underdog(s: GameState, seat: int) -> bool:
    mine = s.monsters[seat].vp
    return all(s.monsters[t].vp > mine for t in C.others(s, seat))


_end_hook("rooting-for-the-underdog", _underdog, lambda s, o: 1, order=1)
_end_hook("energy-hoarder", lambda s, o: s.monsters[o].energy >= 6, lambda s, o: s.monsters[o].energy // 6, order=2)
_end_hook("herbivore", lambda s, o: o not in s.control.dealt, lambda s, o: 1, order=3)


def _solar(ctx: Ctx, owner: int, **kw: Any) -> None:
    if C.my_turn(ctx.s, owner) and ctx.s.monsters[owner].energy == 0:
        ctx.gain_energy(owner, 1, PC, card="solar-powered")


define(CardDef("solar-powered", hooks={Window.END: _solar}, order=4))


def _eater(ctx: Ctx, owner: int, seat: int, **kw: Any) -> None:
    if seat != owner:
        ctx.gain_vp(owner, 3, PC, card="eater-of-the-dead")


define(CardDef("eater-of-the-dead", hooks={"fallen": _eater}))
