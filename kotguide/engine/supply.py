"""What the box holds of each kind of token a setup may place on a monster, declared by the card or module that uses
it (``define_token``), so that ``Setup.problems`` and ``limits`` bound every count without naming a card."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TokenDef:
    name: str  # the key in ``MonsterSetup.tokens``
    most: int  # at most this many on one monster
    supply: int | None = None  # at most this many on all monsters together (None: only ``most`` bounds it)
    option: str | None = None  # the module the token belongs to (refused without it)
    card: str | None = None  # the tokens sit on this card: held with 1 or more, never without it
    low: int = 0  # at least this many on a monster that holds ``card``


_TOKENS: dict[str, TokenDef] = {}


def define_token(token: TokenDef) -> TokenDef:
    _TOKENS[token.name] = token
    return token


def token(name: str) -> TokenDef | None:
    return _TOKENS.get(name)


def defined() -> dict[str, TokenDef]:
    return dict(_TOKENS)
