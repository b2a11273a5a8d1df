"""A table's commands as transactions: each command's entries are stored in one append, then heard of.

``Transactions`` is mixed into ``Table``. A command runs inside ``command()``: under the
table's lock it collects its entries in a ``Batch`` (``_commit`` folds each one first, so a
refused entry raises and leaves nothing behind); at the end the whole batch goes to
``Store.append`` in one call, all or none. Only then do ``state`` and ``version`` change
(``_applied``, entry by entry) and listeners hear of it (``notify``); a command that ends with a
committed draw no entry used is refused whole (``draw_order.unused_draw``); a nested command
joins the outer one, and a listener call asked for inside a command waits for its end.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from referee.store.base import Store, StoreError

from .batch import Batch
from .draw_order import unused_draw
from .errors import TableError

if TYPE_CHECKING:
    from .state import TableState

log = logging.getLogger("referee.table")

Listener = Callable[[Any], None]
"""Called with the table after every change."""


class Transactions:
    """The command machinery of a table; ``Table`` provides ``_applied`` (what a stored entry changes)."""

    id: str
    state: TableState | None
    version: int
    _events: Store
    _lock: threading.RLock
    _batch: Batch | None
    _closed: bool
    _listeners: list[Listener]
    _applied: Callable[[TableState, int, int], None]

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(table)`` after every change."""
        self._listeners.append(listener)

    @property
    def current(self) -> TableState:
        """The table's state (never None once built); inside a command, to the thread running it,
        the command's working state."""
        batch = self._batch
        state = batch.state if batch is not None and batch.is_mine() else self.state
        if state is None:
            raise TableError("table/unknown", f"table {self.id} has no log")
        return state

    @contextmanager
    def command(self) -> Iterator[None]:
        """Run one command under the table's lock as one transaction (a nested command joins the
        outer one): its entries are stored together at the end, or none of them."""
        with self._lock:
            if self._batch is not None:
                yield
                return
            if self._closed:
                raise TableError("table/archived", f"table {self.id} was archived: open it again")
            batch = self._batch = Batch(self.state)
            try:
                yield
            finally:
                self._batch = None
            refused = unused_draw(batch.state)
            if refused is not None:
                raise refused
            self._store(batch)
        if batch.notify:
            self.notify()

    def _commit(self, kind: str, public: dict[str, Any], secret: dict[str, Any] | None = None) -> None:
        """Add one entry to the running command (refused, and nothing added, when the fold refuses it)."""
        if self._batch is None:
            raise RuntimeError("an entry is committed only inside a command")
        self._batch.add(kind, public, secret)

    def _store(self, batch: Batch) -> None:
        entries = batch.entries()
        if not entries:
            return
        try:
            stored = self._events.append(self.id, entries, self.version)
        except StoreError as error:
            log.error("append failed", extra={"table": self.id, "seq": self.version + 1, "code": error.code})
            raise TableError(error.code, error.message) from None
        for entry, (_, state) in zip(stored, batch.steps):
            self._applied(state, entry.seq, entry.at)
        if log.isEnabledFor(logging.DEBUG):  # one line a command: its entries' seq range and kinds (never a value)
            log.debug("entries", extra={"table": self.id, "seq": stored[0].seq, "last": stored[-1].seq,
                                        "kinds": [entry.kind for entry in stored]})

    def notify(self) -> None:
        """Tell the listeners of a change: at once, or inside a command once its entries are stored."""
        batch = self._batch
        if batch is not None and batch.is_mine():
            batch.notify = True  # heard once the command's entries are stored
            return
        for listener in list(self._listeners):
            try:
                listener(self)
            except Exception:  # a broken listener must not break the table
                log.exception("listener failed", extra={"table": self.id})
