"""The PostgreSQL event store: the ``Store`` that several processes (and machines) share.

Entries are the SQLite store's byte for byte: the same columns, the public and secret parts
kept as the same JSON text, the same hash chain (``referee.store.chain``), so an audit or a
replay cannot tell the two apart. ``append`` is one transaction: it reads the table's head,
refuses a batch not chained to ``expected_seq`` (``store/conflict``), inserts every entry and
updates the ``tables`` index, all or none. The primary key (table, seq) makes the race safe:
of two writers that read the same head, the second insert waits for the first commit and then
fails on the key, which is reported as ``store/conflict`` too.

With ``leases`` (a server always passes them), every append also carries this process's
fencing token for the table and is refused with ``store/fenced`` unless the ``table_leases``
row still holds that very token: checked in the same transaction, under a share lock, so a
takeover (an update of that row) waits for an append in flight and fences every later one.

A database that cannot be reached, or that drops the connection, fails the operation with
``store/unavailable``; a transaction that did not commit is rolled back by the server, so
nothing is half-written, and the store works again as soon as the database is back. If the
connection drops while a commit is on its way, the writer cannot know whether it committed:
its next append then meets ``store/conflict`` (the head moved) or goes through.

The secret parts (round chains, i.e. future dice; seat tokens' digests) are in the ``secret``
column, readable by whoever may read the database: give the database role to the referee only.
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

import psycopg

from .base import Entry, NewEntry, StoreConflict, TableRecord
from .chain import GENESIS, entry_hash
from .leases import Leases, StoreFenced
from .pg_pool import Conn, Pool
from .sealing import entry_of_row, seal

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS events (
        table_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        kind TEXT NOT NULL,
        public TEXT NOT NULL,
        secret TEXT,
        secret_digest TEXT,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS tables (
        table_id TEXT PRIMARY KEY,
        head BIGINT NOT NULL,
        last_at BIGINT NOT NULL,
        archived BOOLEAN NOT NULL DEFAULT FALSE
    )""",
    "CREATE INDEX IF NOT EXISTS tables_by_archived ON tables (archived, last_at)",
    """CREATE TABLE IF NOT EXISTS table_leases (
        table_id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        token BIGINT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL,
        wanted_by TEXT
    )""",
    "ALTER TABLE table_leases ADD COLUMN IF NOT EXISTS wanted_by TEXT",
    "ALTER TABLE table_leases ADD COLUMN IF NOT EXISTS released BOOLEAN NOT NULL DEFAULT FALSE",
)
SCHEMA_LOCK = 7_362_581
"""The advisory lock that serialises schema creation by processes starting together."""


class PostgresStore:
    """The PostgreSQL ``Store``; ``clock`` stamps entries (Unix seconds), ``leases`` fence every append."""

    def __init__(self, pool: Pool, clock: Callable[[], float] = time.time, leases: Leases | None = None) -> None:
        self._pool = pool
        self._clock = clock
        self._leases = leases
        pool.run(_create_schema)

    def append(self, table: str, entries: Sequence[NewEntry], expected_seq: int) -> list[Entry]:
        """Append ``entries`` after entry ``expected_seq`` of ``table``, in one transaction (see ``Store``)."""
        if not entries:
            return []
        token = None if self._leases is None else self._fence(table)
        try:
            return self._pool.run(lambda conn: self._append(conn, table, entries, expected_seq, token))
        except psycopg.errors.UniqueViolation:
            raise StoreConflict(table, expected_seq, self.head(table)) from None

    def _fence(self, table: str) -> int:
        assert self._leases is not None
        token = self._leases.token(table)
        if token is None:
            raise StoreFenced(table, None)
        return token

    def _append(self, conn: Conn, table: str, entries: Sequence[NewEntry], expected_seq: int,
                token: int | None) -> list[Entry]:
        with conn.transaction():
            if token is not None:
                self._check_fence(conn, table, token)
            row = conn.execute("SELECT seq, hash FROM events WHERE table_id = %s ORDER BY seq DESC LIMIT 1",
                               (table,)).fetchone()
            head, prev = (int(row[0]), str(row[1])) if row else (0, GENESIS)
            if head != expected_seq:
                raise StoreConflict(table, expected_seq, head)
            at = int(self._clock() * 1000)
            stored, rows = [], []
            for seq, new in enumerate(entries, start=head + 1):
                sealed = seal(new)
                entry = Entry(table, seq, new.kind, new.public, new.secret, sealed.digest, prev,
                              entry_hash(prev, seq, new.kind, new.public, sealed.digest, at), at, sealed.salt)
                rows.append((table, seq, new.kind, json.dumps(new.public), sealed.stored, sealed.digest, prev,
                             entry.hash, at))
                stored.append(entry)
                prev = entry.hash
            with conn.cursor() as cursor:
                cursor.executemany("INSERT INTO events VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)", rows)
            conn.execute(
                "INSERT INTO tables (table_id, head, last_at, archived) VALUES (%s, %s, %s, FALSE) "
                "ON CONFLICT (table_id) DO UPDATE SET head = excluded.head, last_at = excluded.last_at, "
                "archived = FALSE", (table, stored[-1].seq, at))
        return stored

    def _check_fence(self, conn: Conn, table: str, token: int) -> None:
        assert self._leases is not None
        row = conn.execute("SELECT owner, token FROM table_leases WHERE table_id = %s FOR SHARE",
                           (table,)).fetchone()
        if row is None or row[0] != self._leases.owner or int(row[1]) != token:
            raise StoreFenced(table, token)

    def entries(self, table: str) -> list[Entry]:
        """Every entry of ``table``'s log, in order (empty for an unknown table)."""
        rows = self._pool.run(lambda conn: conn.execute(
            "SELECT seq, kind, public, secret, secret_digest, prev_hash, hash, at FROM events "
            "WHERE table_id = %s ORDER BY seq", (table,)).fetchall())
        return [entry_of_row(table, row) for row in rows]

    def head(self, table: str) -> int:
        """The sequence number of ``table``'s last entry (0 for an unknown table), from the ``tables`` index."""
        row = self._pool.run(lambda conn: conn.execute(
            "SELECT head FROM tables WHERE table_id = %s", (table,)).fetchone())
        return int(row[0]) if row else 0

    def table_ids(self) -> list[str]:
        """Every table that has a log."""
        return [record.table for record in self.tables()]

    def tables(self, *, archived: bool | None = None) -> list[TableRecord]:
        """Every table's head, last entry time and archive mark, by id (only ``archived`` ones when given)."""
        query = "SELECT table_id, head, last_at, archived FROM tables"
        args: tuple[Any, ...] = ()
        if archived is not None:
            query, args = query + " WHERE archived = %s", (archived,)
        rows = self._pool.run(lambda conn: conn.execute(query + " ORDER BY table_id COLLATE \"C\"", args).fetchall())
        return [TableRecord(table, int(head), int(last_at), bool(flag)) for table, head, last_at, flag in rows]

    def set_archived(self, table: str, archived: bool) -> None:
        """Mark ``table`` archived (start-up does not replay it) or live again."""
        self._pool.run(lambda conn: conn.execute(
            "UPDATE tables SET archived = %s WHERE table_id = %s", (archived, table)))

    def close(self) -> None:
        """Close the pool's connections."""
        self._pool.close()


def _create_schema(conn: Conn) -> None:
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        for statement in SCHEMA:
            conn.execute(statement)
