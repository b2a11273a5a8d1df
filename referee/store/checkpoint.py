"""The SQLite WAL's checkpoints, run where they stop nothing else.

SQLite copies the WAL back into the database file (a checkpoint) inside the ``COMMIT`` that
takes the WAL past 1,000 pages, and fsyncs the database file there (``synchronous=NORMAL``
does too): under gevent that ``COMMIT`` holds the event loop for the whole copy and sync, tens
of ms on this machine's disk and more when other processes write, and every table stops. The
store turns the automatic checkpoint off (``PRAGMA wal_autocheckpoint=0``); every ``EVERY``
durable commits, the append that reaches the count runs one ``PASSIVE`` checkpoint through
``offload`` (gevent's thread pool: the loop runs meanwhile, only that one append's caller waits)
on a connection of its own. A passive checkpoint copies what no reader still needs and never
waits for, nor blocks, a writer; the WAL starts over from its beginning once a checkpoint has
copied all of it. What a crash loses does not change: a commit is durable by the WAL's
``fsync`` (``durable.WalSync``) before its append returns, checkpointed or not. A checkpoint
that fails is logged and tried again ``EVERY`` commits later; the append it ran in stands.

>>> runs = []
>>> due = Checkpoints(lambda: runs.append(1), every=2)
>>> for _ in range(5):
...     due.committed()
>>> len(runs)
2
"""
from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable

from .durable import Offload, inline

log = logging.getLogger("referee.store")

EVERY = 250
"""Commits between checkpoints: one commit writes about 4 pages (an entry, the table's head and
its index), so about SQLite's own 1,000 pages of WAL."""


class Checkpoints:
    """Counts durable commits (``committed``) and runs ``checkpoint`` through ``offload`` every ``every``
    of them (``EVERY`` when not given), never two at once (a commit that falls due while one runs leaves it be)."""

    def __init__(self, checkpoint: Callable[[], None], offload: Offload = inline, every: int | None = None) -> None:
        self._checkpoint = checkpoint
        self._offload = offload
        self._every = EVERY if every is None else every
        self._count = 0
        self._running = False
        self._lock = threading.Lock()

    def committed(self) -> None:
        """A commit is durable (call it after its sync): the ``every``-th runs a checkpoint here."""
        with self._lock:
            self._count += 1
            if self._count < self._every or self._running:
                return
            self._count, self._running = 0, True
        try:
            self._offload(self._checkpoint)
        except sqlite3.Error as error:
            log.warning("checkpoint failed", extra={"reason": str(error)})
        finally:
            with self._lock:
                self._running = False


class PassiveCheckpoint:
    """``PRAGMA wal_checkpoint(PASSIVE)`` on the database at ``path``, through a connection of its own
    (opened at the first call, from whichever thread makes it)."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._db: sqlite3.Connection | None = None

    def __call__(self) -> None:
        if self._db is None:
            self._db = sqlite3.connect(self._path, check_same_thread=False, isolation_level=None, timeout=0)
            self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def close(self) -> None:
        """Close its connection (if it was opened)."""
        if self._db is not None:
            self._db.close()
            self._db = None
