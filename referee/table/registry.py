"""Every table this server knows: created here, or rebuilt from the event log after a restart."""
from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from typing import Any

from referee.store.log import EventLog

from .dealing import Dealer
from .errors import TableError
from .scheduler import Scheduler
from .table import Table


class Tables:
    """Tables by id; each is loaded from the log once and then kept in memory."""

    def __init__(self, events: EventLog, dealer: Dealer, scheduler: Scheduler, seed_wait_s: float = 1.5,
                 on_load: Callable[[Table], None] | None = None) -> None:
        self._events = events
        self._dealer = dealer
        self._scheduler = scheduler
        self._seed_wait_s = seed_wait_s
        self._on_load = on_load
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    def create(self, rules: dict[str, Any]) -> Table:
        """A new table with a fresh, unguessable id."""
        table = Table.create(secrets.token_urlsafe(8), rules, self._events, self._dealer, self._scheduler,
                             self._seed_wait_s)
        with self._lock:
            self._tables[table.id] = table
        self._loaded(table)
        return table

    def find(self, table_id: str) -> Table | None:
        """The table, loading it from the log if needed; None when there is no such table."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is not None:
                return table
            if not self._events.entries(table_id):
                return None
            table = Table.load(table_id, self._events, self._dealer, self._scheduler, self._seed_wait_s)
            self._tables[table_id] = table
        self._loaded(table)
        return table

    def get(self, table_id: str) -> Table:
        """The table; raises ``table/unknown`` when there is none."""
        table = self.find(table_id)
        if table is None:
            raise TableError("table/unknown", f"there is no table {table_id!r}")
        return table

    def load_all(self) -> list[Table]:
        """Rebuild every table in the log (at start-up, so rounds and timers resume)."""
        return [self.get(table_id) for table_id in self._events.table_ids()]

    def _loaded(self, table: Table) -> None:
        if self._on_load is not None:
            self._on_load(table)
