"""Django's file cache, culled now and then instead of on every write.

`FileBasedCache` lists its whole directory before every `set` to see whether it is full: about 3 ms of CPU at 5,000
entries, on each sandbox step (a game's snapshot, the regions' HTML). This one looks on one write in CULL_EVERY, so
the directory may pass MAX_ENTRIES by that many writes per process before old entries go.
"""

from __future__ import annotations

import itertools

from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY = 100


class FileCache(FileBasedCache):
    _writes = itertools.count()

    def _cull(self) -> None:
        if next(self._writes) % CULL_EVERY == 0:
            super()._cull()
