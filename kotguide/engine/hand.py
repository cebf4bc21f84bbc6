"""``Hand``: a monster's cards, a list that counts its changes.

Its own module, interpreted: mypyc compiles no subclass of ``list`` (``compiled.py``).
"""

from __future__ import annotations

from typing import Any


class Hand(list[str]):
    """A monster's Keep cards or pieces: a list that counts every change (``Hand.version``), so that the card
    registry can keep its dispatch table of who holds what until something changes."""

    __slots__ = ()
    version = 0

    @classmethod
    def changed(cls) -> None:
        cls.version += 1

    def _changing(name: str) -> Any:  # type: ignore[misc]  # noqa: N805 - wraps a list method in the class body
        method = getattr(list, name)

        def changing(self: Hand, *args: Any, **kwargs: Any) -> Any:
            Hand.version += 1
            return method(self, *args, **kwargs)

        changing.__name__ = name
        return changing

    for _name in ("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "__setitem__",
                  "__delitem__", "__iadd__", "__imul__"):
        locals()[_name] = _changing(_name)
    del _name, _changing
