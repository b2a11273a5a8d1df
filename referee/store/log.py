"""The SQLite event store: every table's ordered, hash-chained log in one database file.

``append`` writes one command's entries in one transaction (all or none) and only when the
table's head is the one the writer expects (``store/conflict`` otherwise). What a crash
loses: in WAL mode, a committed transaction is on disk before ``append`` returns (it commits
with ``synchronous=NORMAL``, then waits for an ``fsync`` of the WAL begun after its commit,
shared with the commits of other tables meanwhile: ``durable.WalSync``; that is what FULL would
write, without stopping a gevent server for each sync), and a table tells nobody of an entry
before ``append`` returned, so a crash, even SIGKILL or a power cut, loses no entry anybody was
told of; a command whose transaction had not committed is lost whole (it never happened), never
in part. (A read by another table or the audit may see a commit a few ms before its sync.)
SQLite's automatic checkpoint is off: the WAL is copied into the database file by a passive
checkpoint in the thread pool every few hundred commits (``checkpoint.Checkpoints``), never
inside a ``COMMIT`` on the event loop.

The database, its ``-wal`` and ``-shm`` files are created 0600 (SQLite gives the side files
the database's mode) and a missing folder 0700: the log holds the round chains, i.e.
future dice. A lock held by another process is waited for by ``busy_wait_s`` of short
``time.sleep`` retries, never by SQLite's busy handler: that one sleeps inside C while
holding the interpreter, and under gevent it would stop every other greenlet of the server.

>>> log = EventLog(":memory:")
>>> first, second = log.append("t1", [NewEntry("table_created", {"id": "t1"}),
...                                   NewEntry("seat_taken", {"seat": 0}, {"token_digest": "ab"})], 0)
>>> [e.seq for e in log.entries("t1")], second.prev_hash == first.hash
([1, 2], True)
>>> log.append("t1", [NewEntry("seat_taken", {"seat": 1})], 1)
Traceback (most recent call last):
...
referee.store.base.StoreConflict: store/conflict: table 't1' is at entry 2, not 1: another writer got there first
>>> log.table_ids(), [(r.head, r.archived) for r in log.tables()]
(['t1'], [(2, False)])
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from referee.fairness.secrets_chain import Entropy, new_secret

from .base import Entry, NewEntry, StoreBusy, StoreConflict, TableRecord
from .chain import GENESIS, entry_hash
from .checkpoint import Checkpoints, PassiveCheckpoint
from .durable import Offload, WalSync, fsync_file, inline
from .sealing import entry_of_row, seal

__all__ = ["Entry", "EventLog", "NewEntry"]

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS events (
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
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS tables (
        table_id TEXT PRIMARY KEY,
        head INTEGER NOT NULL,
        last_at INTEGER NOT NULL,
        archived INTEGER NOT NULL DEFAULT 0
    ) WITHOUT ROWID""",
    "CREATE INDEX IF NOT EXISTS tables_by_archived ON tables (archived, last_at)",
)
_BACKFILL = ("INSERT OR IGNORE INTO tables (table_id, head, last_at, archived) "
             "SELECT table_id, MAX(seq), MAX(at), 0 FROM events GROUP BY table_id")
_SIDE_FILES = ("", "-wal", "-shm")

T = TypeVar("T")


class EventLog:
    """The SQLite ``Store`` shared by every table of a server; ``clock`` stamps entries (Unix seconds);
    ``offload`` runs the WAL's ``fsync`` (``durable.WalSync``) and its checkpoints (gevent's thread pool in a server)."""

    def __init__(self, path: str, clock: Callable[[], float] = time.time, busy_wait_s: float = 5.0,
                 offload: Offload = inline, salts: Entropy | None = None) -> None:
        self._clock = clock
        self._salts = salts
        """Where the secret parts' salts come from: None, the fairness door (``sealing.seal``); a seeded
        source for the arena's exports."""
        self._busy_wait_s = busy_wait_s
        if path != ":memory:":
            _private_files(Path(path))
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=0)
        self._lock = threading.Lock()
        self._heads: dict[str, tuple[int, str]] = {}
        """Each table's last entry (seq, hash) as this process appended it: read again on a miss."""
        self._durable = WalSync(fsync_file(f"{path}-wal") if path != ":memory:" else lambda: None, offload)
        self._checkpoint = PassiveCheckpoint(path) if path != ":memory:" else None
        self._checkpoints = Checkpoints(self._checkpoint or (lambda: None), offload)
        with self._lock:
            self._db.execute("PRAGMA busy_timeout=0")
            if path != ":memory:":
                self._retrying(lambda: self._db.execute("PRAGMA journal_mode=WAL"))
                self._db.execute("PRAGMA wal_autocheckpoint=0")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._retrying(self._create_schema)

    def _create_schema(self) -> None:
        had_index = self._db.execute("SELECT 1 FROM sqlite_master WHERE name = 'tables'").fetchone() is not None
        for statement in _SCHEMA:
            self._db.execute(statement)
        if not had_index:
            self._db.execute(_BACKFILL)

    def append(self, table: str, entries: Sequence[NewEntry], expected_seq: int) -> list[Entry]:
        """Append ``entries`` after entry ``expected_seq`` of ``table``, in one transaction (see ``Store``)."""
        if not entries:
            return []
        with self._lock:
            stored = self._retrying(lambda: self._append(table, entries, expected_seq))
            ticket = self._durable.committed()
        self._durable.wait(ticket)
        self._checkpoints.committed()
        return stored

    def _append(self, table: str, entries: Sequence[NewEntry], expected_seq: int) -> list[Entry]:
        """One transaction: the entries after ``expected_seq``, chained to its hash (known from
        this process's last append to ``table``, else read), and the table's new head. A writer
        that got there first holds the next ``seq`` already: the primary key refuses the insert."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            head = self._heads.get(table)
            prev = head[1] if head is not None and head[0] == expected_seq else self._head_hash(table, expected_seq)
            at = int(self._clock() * 1000)
            stored, rows = [], []
            for seq, new in enumerate(entries, start=expected_seq + 1):
                sealed = seal(new, None if self._salts is None else new_secret(self._salts))
                entry = Entry(table, seq, new.kind, new.public, new.secret, sealed.digest, prev,
                              entry_hash(prev, seq, new.kind, new.public, sealed.digest, at), at, sealed.salt)
                rows.append((table, seq, new.kind, json.dumps(new.public), sealed.stored, sealed.digest, prev,
                             entry.hash, at))
                stored.append(entry)
                prev = entry.hash
            try:
                self._db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            except sqlite3.IntegrityError:
                raise StoreConflict(table, expected_seq, self._read_head(table)[0]) from None
            self._db.execute(
                "INSERT INTO tables (table_id, head, last_at, archived) VALUES (?, ?, ?, 0) ON CONFLICT (table_id) "
                "DO UPDATE SET head = excluded.head, last_at = excluded.last_at, archived = 0",
                (table, stored[-1].seq, at),
            )
            self._db.execute("COMMIT")
        except BaseException:
            self._heads.pop(table, None)
            self._db.execute("ROLLBACK")
            raise
        self._heads[table] = (stored[-1].seq, stored[-1].hash)
        return stored

    def _read_head(self, table: str) -> tuple[int, str]:
        """``table``'s last entry's seq and hash as stored (0 and ``GENESIS`` for a new table)."""
        row = self._db.execute(
            "SELECT seq, hash FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (table,)
        ).fetchone()
        return (row[0], row[1]) if row else (0, GENESIS)

    def _head_hash(self, table: str, expected_seq: int) -> str:
        """The hash of entry ``expected_seq``, which must be ``table``'s last (``StoreConflict`` otherwise)."""
        head, prev = self._read_head(table)
        if head != expected_seq:
            raise StoreConflict(table, expected_seq, head)
        return prev

    def entries(self, table: str) -> list[Entry]:
        """Every entry of ``table``'s log, in order (empty for an unknown table)."""
        with self._lock:
            rows = self._retrying(lambda: self._db.execute(
                "SELECT seq, kind, public, secret, secret_digest, prev_hash, hash, at FROM events "
                "WHERE table_id = ? ORDER BY seq", (table,)
            ).fetchall())
        return [entry_of_row(table, row) for row in rows]

    def head(self, table: str) -> int:
        """The sequence number of ``table``'s last entry (0 for an unknown table), from the side table."""
        with self._lock:
            row = self._retrying(lambda: self._db.execute(
                "SELECT head FROM tables WHERE table_id = ?", (table,)).fetchone())
        return int(row[0]) if row else 0

    def table_ids(self) -> list[str]:
        """Every table that has a log."""
        return [record.table for record in self.tables()]

    def tables(self, *, archived: bool | None = None) -> list[TableRecord]:
        """Every table's head, last entry time and archive mark, by id (only ``archived`` ones when given)."""
        query = "SELECT table_id, head, last_at, archived FROM tables"
        args: tuple[Any, ...] = ()
        if archived is not None:
            query, args = query + " WHERE archived = ?", (int(archived),)
        with self._lock:
            rows = self._retrying(lambda: self._db.execute(query + " ORDER BY table_id", args).fetchall())
        return [TableRecord(table, head, last_at, bool(flag)) for table, head, last_at, flag in rows]

    def set_archived(self, table: str, archived: bool) -> None:
        """Mark ``table`` archived (start-up does not replay it) or live again."""
        with self._lock:
            self._retrying(lambda: self._db.execute(
                "UPDATE tables SET archived = ? WHERE table_id = ?", (int(archived), table)))
            ticket = self._durable.committed()
        self._durable.wait(ticket)
        self._checkpoints.committed()

    def close(self) -> None:
        """Close the database (the last connection to close checkpoints the WAL whole)."""
        with self._lock:
            if self._checkpoint is not None:
                self._checkpoint.close()
            self._db.close()

    def _retrying(self, operation: Callable[[], T]) -> T:
        """Run ``operation``; while another process holds the database's lock, retry with short
        ``time.sleep`` pauses (a greenlet switch under gevent) for at most ``busy_wait_s``."""
        deadline = time.monotonic() + self._busy_wait_s
        pause = 0.001
        while True:
            try:
                return operation()
            except sqlite3.OperationalError as error:
                if getattr(error, "sqlite_errorcode", None) not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                    raise
                if time.monotonic() + pause > deadline:
                    raise StoreBusy(self._busy_wait_s) from error
            time.sleep(pause)
            pause = min(pause * 2, 0.05)


def _private_files(path: Path) -> None:
    """Create the database's folder (0700) and file (0600) if missing; make existing files 0600."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    for suffix in _SIDE_FILES:
        side = Path(f"{path}{suffix}")
        if side.exists():
            os.chmod(side, 0o600)
