"""A store seen through a watch for fencing: an append refused ``store/fenced`` tells the owner.

When another process has taken a table over, this process's next append to it is fenced; the
table must then stop being served here at once, not at the next lease renewal. ``FenceWatch``
passes every call to the store and, when an append is fenced, calls ``on_fenced(table)`` before
the error goes on to the command that wrote.

>>> from referee.store.base import NewEntry
>>> from referee.store.log import EventLog
>>> fenced = []
>>> store = FenceWatch(EventLog(":memory:"), fenced.append)
>>> [entry.seq for entry in store.append("t1", [NewEntry("table_created", {})], 0)], fenced
([1], [])
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from referee.store.base import Entry, NewEntry, Store, TableRecord
from referee.store.leases import StoreFenced


class FenceWatch:
    """``store`` with every append watched for ``store/fenced``."""

    def __init__(self, store: Store, on_fenced: Callable[[str], None]) -> None:
        self._store = store
        self._on_fenced = on_fenced

    def append(self, table: str, entries: Sequence[NewEntry], expected_seq: int) -> list[Entry]:
        """The store's append; a fenced one calls ``on_fenced(table)`` and raises on."""
        try:
            return self._store.append(table, entries, expected_seq)
        except StoreFenced:
            self._on_fenced(table)
            raise

    def entries(self, table: str) -> list[Entry]:
        """The store's entries of ``table``."""
        return self._store.entries(table)

    def head(self, table: str) -> int:
        """The store's head of ``table``."""
        return self._store.head(table)

    def table_ids(self) -> list[str]:
        """The store's tables."""
        return self._store.table_ids()

    def tables(self, *, archived: bool | None = None) -> list[TableRecord]:
        """The store's table records."""
        return self._store.tables(archived=archived)

    def set_archived(self, table: str, archived: bool) -> None:
        """The store's archive mark."""
        self._store.set_archived(table, archived)

    def close(self) -> None:
        """Close the store."""
        self._store.close()
