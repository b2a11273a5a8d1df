"""The event log: every table's ordered, hash-chained list of entries, kept in SQLite.

SQLite in WAL mode is the embedded default. An entry is committed before anybody is told
about it, so a crash (even SIGKILL) loses nothing that a player has seen.

>>> log = EventLog(":memory:")
>>> first = log.append("t1", "table_created", {"id": "t1"})
>>> second = log.append("t1", "seat_taken", {"seat": 0}, secret={"token_digest": "ab"})
>>> [e.seq for e in log.entries("t1")], second.prev_hash == first.hash
([1, 2], True)
>>> log.table_ids()
['t1']
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .chain import GENESIS, entry_hash, secret_digest

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    public TEXT NOT NULL,
    secret TEXT,
    secret_digest TEXT,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID
"""


@dataclass(frozen=True, slots=True)
class Entry:
    """One log entry: public part, optional secret part (kept on the server), and its chain links."""

    table: str
    seq: int
    kind: str
    public: dict[str, Any]
    secret: dict[str, Any] | None
    secret_digest: str | None
    prev_hash: str
    hash: str
    at: int


class EventLog:
    """An append-only SQLite event log shared by every table of a server; ``clock`` stamps entries."""

    def __init__(self, path: str, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(_SCHEMA)

    def append(self, table: str, kind: str, public: dict[str, Any], secret: dict[str, Any] | None = None) -> Entry:
        """Append one entry to ``table``'s log and return it, chained to the entry before it."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute(
                    "SELECT seq, hash FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (table,)
                ).fetchone()
                seq, prev = (row[0] + 1, row[1]) if row else (1, GENESIS)
                at = int(self._clock() * 1000)
                digest = secret_digest(secret)
                entry = Entry(table, seq, kind, public, secret, digest, prev,
                              entry_hash(prev, seq, kind, public, digest, at), at)
                self._db.execute(
                    "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (table, seq, kind, json.dumps(public), None if secret is None else json.dumps(secret),
                     digest, prev, entry.hash, at),
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return entry

    def entries(self, table: str) -> list[Entry]:
        """Every entry of ``table``'s log, in order (empty for an unknown table)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, kind, public, secret, secret_digest, prev_hash, hash, at FROM events "
                "WHERE table_id = ? ORDER BY seq", (table,)
            ).fetchall()
        return [Entry(table, seq, kind, json.loads(public), None if secret is None else json.loads(secret),
                      digest, prev, hash_, at)
                for seq, kind, public, secret, digest, prev, hash_, at in rows]

    def table_ids(self) -> list[str]:
        """Every table that has a log."""
        with self._lock:
            return [row[0] for row in self._db.execute("SELECT DISTINCT table_id FROM events ORDER BY table_id")]

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()
