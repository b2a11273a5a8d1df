"""What every event store offers the tables: the interface, its entries and its errors.

A store keeps each table's log as an ordered, hash-chained list of entries. ``append`` writes
a batch of entries (one command's) atomically, all or none, and only when the table's head
is still the ``expected_seq`` the writer read: otherwise another writer got there first and
the batch is refused with ``store/conflict``. SQLite (``referee.store.log.EventLog``) is the
embedded implementation, PostgreSQL (``referee.store.postgres.PostgresStore``) the one several
processes share; ``referee.store.choose.open_store`` picks one from the config's URL.

>>> batch = [NewEntry("table_created", {"id": "t1"})]
>>> batch[0].kind, batch[0].secret
('table_created', None)
>>> StoreConflict("t1", expected=0, head=3).code
'store/conflict'
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class NewEntry:
    """An entry to append: its kind, public part and optional secret part (the store adds seq, hash, time)."""

    kind: str
    public: dict[str, Any]
    secret: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """One log entry: public part, optional secret part (kept on the server) with its salt (hex, None
    in a log written before salting and for a private message), and its chain links."""

    table: str
    seq: int
    kind: str
    public: dict[str, Any]
    secret: dict[str, Any] | None
    secret_digest: str | None
    prev_hash: str
    hash: str
    at: int
    salt: str | None = None


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table as the store lists it: its head, the time of its last entry (Unix ms), whether it is archived."""

    table: str
    head: int
    last_at: int
    archived: bool


class StoreError(Exception):
    """A store operation that failed; ``code`` is stable (``store/…``), ``message`` says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class StoreConflict(StoreError):
    """The table's head was not the expected one: another writer appended first; nothing was written."""

    def __init__(self, table: str, expected: int, head: int) -> None:
        super().__init__("store/conflict", f"table {table!r} is at entry {head}, not {expected}: "
                                           "another writer got there first")
        self.expected = expected
        self.head = head


class StoreBusy(StoreError):
    """The database stayed locked by another process for longer than the store waits; nothing was written."""

    def __init__(self, seconds: float) -> None:
        super().__init__("store/busy", f"the database stayed locked for {seconds:.1f} s")


class StoreUnavailable(StoreError):
    """The database server could not be reached or dropped the connection; nothing of the
    operation was written (a transaction that did not commit is rolled back by the server)."""

    def __init__(self, reason: str) -> None:
        super().__init__("store/unavailable", f"the database is unavailable: {reason}")


class Store(Protocol):
    """The event log of every table of a server."""

    def append(self, table: str, entries: Sequence[NewEntry], expected_seq: int) -> list[Entry]:
        """Append ``entries`` to ``table``'s log in one transaction, chained after entry ``expected_seq``
        (0 for a new table); returns them as stored. Raises ``StoreConflict`` when the head is not
        ``expected_seq``, and writes nothing then or on any other error."""
        ...

    def entries(self, table: str) -> list[Entry]:
        """Every entry of ``table``'s log, in order (empty for an unknown table)."""
        ...

    def head(self, table: str) -> int:
        """The sequence number of ``table``'s last entry (0 for an unknown table): a cheap read."""
        ...

    def table_ids(self) -> list[str]:
        """Every table that has a log."""
        ...

    def tables(self, *, archived: bool | None = None) -> list[TableRecord]:
        """Every table's head, last entry time and archive mark (only those with ``archived`` when given)."""
        ...

    def set_archived(self, table: str, archived: bool) -> None:
        """Mark ``table`` archived (not replayed at start-up) or live again."""
        ...

    def close(self) -> None:
        """Release the store's resources."""
        ...
