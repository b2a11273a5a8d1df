"""Every table this server knows: created here, rebuilt from the store after a restart, or set aside.

A table whose log cannot be folded is *broken*: it stays out of service (``table/broken``
to anyone who asks for it, one structured log line naming the table, the entry and the
reason) and every other table loads and serves. A table nobody is connected to for
``idle_archive_s`` is *archived*: dropped from memory (its timers stop), marked in the store
so start-up does not replay it, and loaded back when somebody opens it again. A table is
served only under its lease (``referee.store.leases``): taken before it is created or loaded,
given back when it is archived. A table whose lease another process holds is *moving*: this
process asks for it (the holder hands it over at its next renewal) and answers ``table/moving``,
which a client retries. A table is *dropped* (closed: its timers stop; out of memory; ``on_drop``
tells the sockets) when its lease is lost, an append is fenced, another process asks for it, the
process stops (``release_all``: a planned stop hands every lease back at once), or, with leases
shared by several processes, as soon as it is created (``settle``): the process that nginx routes
the table's id to loads it then. With shared leases a table nobody serves (its process died, or
stopped with nobody connected since) is taken over by a live process at its next renewal
(``keep_leases``), so its turn timers, bots and seed waits go on with nobody connected; every
take of a lease and every drop is one INFO line naming the table, why, and the process before.

>>> from referee.store.log import EventLog
>>> from referee.table.fair_dealer import FairDealer
>>> from referee.fairness.keys import Signer
>>> from referee.table.scheduler import ManualScheduler
>>> clock = ManualScheduler()
>>> store = EventLog(":memory:", clock=clock.now)
>>> tables = Tables(store, FairDealer(Signer.from_private_bytes(bytes(32))), clock, idle_archive_s=60)
>>> table = tables.create({})
>>> clock.advance(61); tables.archive_idle() == [table.id]
True
>>> [r.archived for r in store.tables()], tables.get(table.id) is not table
([True], True)
"""
from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable
from typing import Any

from referee.store.base import Store, StoreError
from referee.store.leases import Leases, LocalLeases, StoreLeased

from .dealing import Dealer
from .errors import TableError
from .fencing import FenceWatch
from .replay import TableBroken
from .scheduler import Scheduler
from .table import Table

log = logging.getLogger("referee.tables")

IDLE_ARCHIVE_S = 7 * 24 * 3600.0
"""A table nobody is connected to for this long (seconds) is archived."""


class TableMoving(TableError):
    """Another process serves the table; it was asked to hand it over: try again in a moment."""

    def __init__(self, table_id: str) -> None:
        super().__init__("table/moving", f"table {table_id!r} is moving to this server: try again in a moment")


class Tables:
    """Tables by id; each is loaded from the store once and then kept in memory until it is archived."""

    def __init__(self, events: Store, dealer: Dealer, scheduler: Scheduler, seed_wait_s: float = 1.5,
                 on_load: Callable[[Table], None] | None = None, *, idle_archive_s: float = IDLE_ARCHIVE_S,
                 resume_seed_wait_s: float | None = None, leases: Leases | None = None,
                 on_drop: Callable[[str], None] | None = None) -> None:
        self._events: Store = FenceWatch(events, self._fenced)
        self._leases = leases or LocalLeases()
        self._on_drop = on_drop
        self._dealer = dealer
        self._scheduler = scheduler
        self._seed_wait_s = seed_wait_s
        self._resume_seed_wait_s = resume_seed_wait_s
        self._on_load = on_load
        self._idle_archive_s = idle_archive_s
        self._tables: dict[str, Table] = {}
        self._broken: dict[str, TableBroken] = {}
        self._lock = threading.RLock()

    def create(self, rules: dict[str, Any]) -> Table:
        """A new table with a fresh, unguessable id."""
        table_id = secrets.token_urlsafe(8)
        self._own(table_id, why="created")
        table = Table.create(table_id, rules, self._events, self._dealer, self._scheduler,
                             self._seed_wait_s, self._resume_seed_wait_s)
        with self._lock:
            self._tables[table.id] = table
        self._loaded(table)
        return table

    def loaded(self, table_id: str) -> Table | None:
        """The table if this process serves it now (never loads it)."""
        with self._lock:
            return self._tables.get(table_id)

    def find(self, table_id: str, *, ask: bool = True, why: str = "opened") -> Table | None:
        """The table, loading it from the store if needed (an archived one too); None when there is
        no such table; raises ``table/broken`` for a table whose log cannot be folded, and
        ``table/moving`` for one another process serves (asking it for the table unless ``ask`` is
        false). ``why`` is what the lease's log line says when the table is loaded here."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is not None:
                return table
            if table_id in self._broken:
                raise self._broken[table_id]
            entries = self._events.entries(table_id)
            if not entries:
                return None
            self._own(table_id, ask, why)
            try:
                table = Table.load(table_id, self._events, self._dealer, self._scheduler, self._seed_wait_s,
                                   self._resume_seed_wait_s)
            except TableBroken as broken:
                self._broken[table_id] = broken
                log.error("table broken", extra={"table": table_id, "seq": broken.seq, "code": broken.code,
                                                 "reason": broken.reason})
                raise
            self._events.set_archived(table_id, False)
            self._tables[table_id] = table
        self._loaded(table)
        return table

    def get(self, table_id: str) -> Table:
        """The table; raises ``table/unknown`` when there is none (``table/broken`` for a broken one)."""
        table = self.find(table_id)
        if table is None:
            raise TableError("table/unknown", f"there is no table {table_id!r}")
        return table

    def load_all(self) -> list[Table]:
        """Rebuild every table that is not archived (at start-up, so rounds and timers resume);
        a broken table is logged and skipped, and so is one whose resumed deal the store refused;
        a table another process serves is left to it (never asked for)."""
        loaded = []
        for record in self._events.tables(archived=False):
            try:
                table = self.find(record.table, ask=False, why="start-up")
            except (TableBroken, TableMoving):
                continue
            except TableError as error:
                log.error("table not loaded", extra={"table": record.table, "code": error.code})
                continue
            if table is not None:
                loaded.append(table)
        return loaded

    def archive_idle(self) -> list[str]:
        """Archive every table in memory that nobody is connected to and that has had no entry for
        ``idle_archive_s``; returns their ids."""
        now = self._scheduler.now()
        with self._lock:
            idle = [table for table in self._tables.values()
                    if not table.connected and now - max(table.last_at, table.left_at) >= self._idle_archive_s]
            for table in idle:
                table.close()
                self._events.set_archived(table.id, True)
                self._leases.release(table.id)
                del self._tables[table.id]
                log.info("table archived", extra={"table": table.id, "seq": table.version})
        return [table.id for table in idle]

    def sweep_idle(self) -> None:
        """Archive idle tables now and then again every ``idle_archive_s / 4`` (at most hourly), forever."""
        self.archive_idle()
        period = max(1.0, min(self._idle_archive_s / 4, 3600.0))
        self._scheduler.call_later(period, self.sweep_idle)

    def settle(self, table_id: str) -> None:
        """A new table is set up: with leases shared by several processes (they expire), let it go
        at once, so that the process its id routes to (nginx) loads it; with one process, keep it."""
        if self._leases.renewal_s is not None:
            self.drop(table_id, "set up here; the worker its id routes to serves it")

    def drop(self, table_id: str, reason: str) -> None:
        """Stop serving ``table_id`` at once: close it (its timers stop), forget it, give its lease
        back if still held, and tell ``on_drop`` (which disconnects its sockets)."""
        with self._lock:
            table = self._tables.pop(table_id, None)
        if table is None:
            return
        table.close()
        try:
            self._leases.release(table_id)
        except StoreError as error:
            log.error("table lease not released", extra={"table": table_id, "code": error.code})
        log.info("table dropped", extra={"table": table_id, "reason": reason, "seq": table.version})
        if self._on_drop is not None:
            self._on_drop(table_id)

    def keep_leases(self) -> None:
        """Renew every lease held; drop the tables whose lease was lost and those another process
        asked for (a hand-off). Raises the store's error when the database cannot be reached."""
        for table_id in self._leases.renew_all():
            log.error("table lease lost", extra={"table": table_id, "code": "store/fenced"})
            self.drop(table_id, "lease lost")
        for table_id in self._leases.wanted():
            self.drop(table_id, "handed off")
        self.adopt_orphans()

    def adopt_orphans(self) -> list[str]:
        """Take over the tables nobody serves (shared leases only): a lease that expired unrenewed, or
        one given back a renewal period ago (a new table is given back by the process that created
        it, for the one its id routes to); returns their ids. One another process takes first is left to it."""
        grace_s = self._leases.renewal_s
        if grace_s is None:
            return []
        adopted = []
        for table_id in self._leases.orphans(grace_s):
            try:
                if self.find(table_id, ask=False, why="orphaned") is not None:
                    adopted.append(table_id)
            except TableError:
                continue
        return adopted

    def release_all(self, reason: str) -> None:
        """Stop serving every table and give every lease back (a planned stop): another process can
        take each one at once, instead of after its lease expires."""
        with self._lock:
            table_ids = list(self._tables)
        for table_id in table_ids:
            self.drop(table_id, reason)
        for table_id in self._leases.held():  # a broken table's lease too
            try:
                self._leases.release(table_id)
            except StoreError as error:
                log.error("table lease not released", extra={"table": table_id, "code": error.code})

    def _fenced(self, table_id: str) -> None:
        self._scheduler.call_later(0, lambda: self.drop(table_id, "append fenced"))

    def _own(self, table_id: str, ask: bool = True, why: str = "opened") -> None:
        try:
            lease = self._leases.acquire(table_id)
        except StoreLeased:
            try:
                if ask:
                    self._leases.ask(table_id)
            except StoreError as error:
                raise TableError(error.code, error.message) from None
            raise TableMoving(table_id) from None
        except StoreError as error:
            raise TableError(error.code, error.message) from None
        if self._leases.renewal_s is not None:
            log.info("table lease taken", extra={"table": table_id, "why": why, "token": lease.token,
                                                 "taken_from": lease.taken_from})

    def _loaded(self, table: Table) -> None:
        if self._on_load is not None:
            self._on_load(table)
