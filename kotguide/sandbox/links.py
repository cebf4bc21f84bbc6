"""The addresses of a position, for the sandbox and the lessons: the query of actions played after a base, the
undo and restart links, display choices kept from one link to the next."""

from __future__ import annotations

from urllib.parse import urlencode

from .position import MAX_URL, Position


def at(here: str, **query: str | None) -> str:
    """`here` with the query given (parameters left None are left out)."""
    kept = {name: value for name, value in query.items() if value is not None}
    return here + ("?" + urlencode(kept) if kept else "")


def with_query(address: str, **params: str) -> str:
    """An address with more parameters."""
    return address + ("&" if "?" in address else "?") + urlencode(params)


def position_address(here: str, keep: str | None, base: Position, position: Position) -> str | None:
    """The address of a position reached from `base` (a scenario, or a stored position's first `keep` actions)
    while it fits in a URL; None past MAX_URL (it must be stored, which only a POST does)."""
    extra = position.actions[len(base.actions):]
    address = at(here, n=keep, a=" ".join(extra) or None)
    return None if len(address) > MAX_URL else address


def undo_of_stored(here: str, base: Position) -> str | None:
    """Undo at the first action of a stored position: the same position one action shorter."""
    return at(here, n=str(len(base.actions) - 1)) if base.actions else None


def restart(here: str, keep: str | None, base: Position, position: Position) -> str | None:
    """Back to the start: a scenario's own page, or a stored position before its first action."""
    if not position.actions:
        return None
    return here if base.scenario and keep is None and not base.actions else at(here, n="0")
