"""One ``fsync`` of the SQLite WAL for every commit made while the previous one ran (group sync).

With ``synchronous=FULL`` SQLite syncs the WAL inside each ``COMMIT``: about 10 ms on this
machine's disk, during which a gevent server runs nothing else (its one thread waits in C), so
a few dozen moves a second stopped every table for most of each second. The store now commits with
``synchronous=NORMAL`` (the WAL is written, not synced) and each ``append`` then waits in
``WalSync.wait`` until an ``fsync`` of the WAL file begun after its commit has returned: the
bytes on disk before ``append`` returns are the same as with FULL. The ``fsync`` runs through
``offload`` (the server passes gevent's thread pool: the other greenlets run meanwhile), and
the commits made while one ``fsync`` runs share the next one.

>>> synced = []
>>> sync = WalSync(lambda: synced.append(1))
>>> first, second = sync.committed(), sync.committed()
>>> sync.wait(second); sync.wait(first); len(synced)
1
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable

from referee.blocking import Runner, inline

Offload = Runner
"""Where the store runs its syncs (``referee.blocking.Runner``; gevent: its thread pool), returning once they returned."""


def fsync_file(path: str) -> Callable[[], None]:
    """A call that syncs the file at ``path`` (opened once, when first synced, and its folder synced then too)."""
    handle: list[int] = []

    def sync() -> None:
        if not handle:
            handle.append(os.open(path, os.O_RDONLY))
            folder = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)
        os.fsync(handle[0])
    return sync


class WalSync:
    """Counts commits (``committed``, under the store's lock) and makes them durable (``wait``)."""

    def __init__(self, sync: Callable[[], None], offload: Offload = inline) -> None:
        self._sync = sync
        self._offload = offload
        self._cond = threading.Condition()
        self._written = 0
        self._synced = 0
        self._syncing = False

    def committed(self) -> int:
        """A commit was made (call it right after ``COMMIT``); its ticket for ``wait``."""
        with self._cond:
            self._written += 1
            return self._written

    def wait(self, ticket: int) -> None:
        """Return once a sync begun after commit ``ticket`` returned (starting one if none runs)."""
        with self._cond:
            while self._synced < ticket:
                if self._syncing:
                    self._cond.wait()
                    continue
                self._syncing, target, synced = True, self._written, False
                self._cond.release()
                try:
                    self._offload(self._sync)
                    synced = True
                finally:
                    self._cond.acquire()
                    self._syncing = False
                    self._cond.notify_all()
                if synced:
                    self._synced = max(self._synced, target)
