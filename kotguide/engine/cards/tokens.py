"""Poison Spit and Shrink Ray, and their tokens, which act without the card (they stay when it is gone).

- **poison-spit** / **shrink-ray** (Keep): each monster that loses life to your smash gets a Poison / Shrink token
  (one per card: a copy through Mimic gives a second token).
- **Poison** (``tokens["poison"]``): at the end of its own turn a monster loses 1 life per token, as one loss (card
  damage, reason ``poison``: Armor Plating ignores a single token, no yield).
- **Shrink** (``tokens["shrink"]``): a monster rolls one die fewer per token (never fewer than none).
- Heart results remove tokens, one per heart, instead of healing: only outside Tokyo (in Tokyo hearts do nothing),
  Poison first, then Shrink; a heart used that way does not heal (so Regeneration adds nothing for it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..phases import Window
from ..state import GameState
from ..supply import TokenDef, define_token
from . import common as C
from .registry import CardDef, EffectDef, define, define_effect

if TYPE_CHECKING:
    from ..ops import Ctx

PC = C.PC
POISON, SHRINK = "poison", "shrink"
TOKEN_SUPPLY = 12  # the box holds 12 Poison and 12 Shrink tokens (kot-facts §2)
for _name in (POISON, SHRINK):
    define_token(TokenDef(_name, most=TOKEN_SUPPLY, supply=TOKEN_SUPPLY))


def token_the_hit(ctx: Ctx, owner: int, token: str, kind: str, rule: str, **source: str) -> None:
    """On ``owner``'s turn, one ``token`` to each living monster its smash hit (Poison Spit and Shrink Ray, and the
    Poison Spit wickedness tile); ``source`` names what gave it (``card=…`` or ``tile=…``)."""
    s = ctx.s
    if not C.my_turn(s, owner):
        return
    for t in dict.fromkeys(s.hit):
        m = s.monsters[t]
        if m.alive:
            m.tokens[token] = m.tokens.get(token, 0) + 1
            ctx.emit(kind, rule, m.id, 1, by=s.monsters[owner].id, **source)


def _spit(card: str, token: str, kind: str) -> CardDef:
    def resolved(ctx: Ctx, owner: int, **kw: Any) -> None:
        token_the_hit(ctx, owner, token, kind, PC, card=card)

    return define(CardDef(card, hooks={"resolved": resolved}))


_spit("poison-spit", POISON, "poisoned")
_spit("shrink-ray", SHRINK, "shrunk")


def _poison_end(ctx: Ctx, **kw: Any) -> None:
    s = ctx.s
    m = s.monsters[s.active]
    n = m.tokens.get(POISON, 0)
    if m.alive and n > 0:
        ctx.damage(s.active, n, PC, reason="poison")


def _shrunk_dice(state: GameState, seat: int, value: int, **kw: Any) -> int:
    n = state.monsters[seat].tokens.get(SHRINK, 0)
    return max(0, value - n) if n else value


def _hearts_cure(ctx: Ctx, seat: int, hearts: int, **kw: Any) -> int:
    m = ctx.s.monsters[seat]
    for token, kind in ((POISON, "poison-removed"), (SHRINK, "shrink-removed")):
        n = min(hearts, m.tokens.get(token, 0))
        if n:
            C.set_tokens(ctx.s, seat, token, m.tokens[token] - n)
            ctx.emit(kind, PC, m.id, n)
            hearts -= n
    return hearts


define_effect(EffectDef("tokens", hooks={Window.END: _poison_end}, modifiers={"dice-count": _shrunk_dice},
                        filters={"hearts": _hearts_cure}))
