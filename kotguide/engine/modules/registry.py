"""The expansion modules: each is a setup option (``options.MODULES``) defined by a ``ModuleDef`` in its own file of
this package. A module adds its rules through the card registry (``CardDef`` for pieces and cards, ``EffectDef`` for
effects that belong to no card) and this definition for what happens outside a turn: checking its setup table,
dealing its components at game start, and the invariants its state must keep.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..ops import Ctx
    from ..setup import Setup
    from ..state import GameState

Table = Mapping[str, Any]


def _no_check(setup: Setup, table: Table) -> None:
    """A module without setup keys accepts only an empty table."""
    if table:
        from ..errors import InvalidSetup

        raise InvalidSetup("unknown-key", key=next(iter(table)), where="this module's table")


@dataclass(frozen=True, slots=True)
class ModuleDef:
    id: str  # an option id of ``options.MODULES``
    # check the module's setup table (``Setup.module_table``); raise ``InvalidSetup``
    validate: Callable[[Setup, Table], None] = _no_check
    # at game start, after the market is dealt and before the first player is chosen: deal, reveal, ask
    init: Callable[[Ctx, Table], None] | None = None
    # broken invariants of the module's state, as English lines (empty if none)
    invariants: Callable[[GameState], list[str]] | None = None
    # the most of each count its setup table takes (``limits(setup).modules[id]``)
    limits: Callable[[Setup], dict[str, int]] | None = None


_MODULES: dict[str, ModuleDef] = {}


def define_module(module: ModuleDef) -> ModuleDef:
    _MODULES[module.id] = module
    return module


def get(module_id: str) -> ModuleDef | None:
    return _MODULES.get(module_id)


def defined() -> frozenset[str]:
    return frozenset(_MODULES)


def in_play(options: frozenset[str] | tuple[str, ...]) -> list[ModuleDef]:
    """The definitions of the modules switched on, in the fixed order of ``options.MODULES``."""
    from .. import options as O

    return [_MODULES[m] for m in O.MODULES if m in options and m in _MODULES]


def validate(setup: Setup) -> None:
    for module in in_play(setup.options):
        module.validate(setup, setup.module_table(module.id))


def init(ctx: Ctx) -> None:
    setup = ctx.s.setup
    for module in in_play(ctx.s.options):
        if module.init is not None:
            module.init(ctx, setup.module_table(module.id))


def monster_lists(table: Table, key: str, ids: set[str]) -> dict[str, tuple[str, ...]]:
    """A module table's ``key``: monster id -> one id or a list of ids (a costume dealt, an Evolution hand…), as
    tuples; ``InvalidSetup`` for a monster not in the game or a value that is not ids."""
    from ..errors import InvalidSetup

    raw = table.get(key, {})
    if not isinstance(raw, Mapping):
        raise InvalidSetup("bad-field", field=key, reason="a table of monster ids")
    out: dict[str, tuple[str, ...]] = {}
    for monster, value in raw.items():
        if monster not in ids:
            raise InvalidSetup("unknown-monster", monster=monster)
        got = (value,) if isinstance(value, str) else value
        if not isinstance(got, list | tuple) or not all(isinstance(c, str) for c in got):
            raise InvalidSetup("bad-field", field=f"{key}.{monster}", reason="an id or a list of ids")
        out[monster] = tuple(got)
    return out


def violations(state: GameState) -> list[str]:
    out: list[str] = []
    for module in in_play(state.options):
        if module.invariants is not None:
            out.extend(module.invariants(state))
    return out
