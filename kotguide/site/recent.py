"""A small per-process LRU: what this process made or fetched last, kept as Python objects.

A cache only, in front of the shared one (or of recomputing): a miss costs a fetch, never a wrong answer, so any
server can serve any request. Values are never changed once stored (callers store immutable results), and the
keys name everything a value depends on.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Generic, TypeVar

Value = TypeVar("Value")


class Recent(Generic[Value]):
    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: OrderedDict[str, Value] = OrderedDict()
        self.lock = Lock()

    def get(self, key: str) -> Value | None:
        with self.lock:
            value = self.entries.get(key)
            if value is not None:
                self.entries.move_to_end(key)
            return value

    def put(self, key: str, value: Value) -> None:
        with self.lock:
            self.entries[key] = value
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()
