"""One command's entries: folded one by one onto the table's state, stored together or not at all.

A ``Batch`` belongs to the thread (greenlet) running the command: only that thread sees its
working state; everybody else keeps seeing the table's stored state until the batch is
appended in one ``Store.append`` call.

>>> from referee.table.fold import fold
>>> batch = Batch(fold(None, "table_created", {"id": "t1", "rules": {}}, None))
>>> batch.add("seat_taken", {"seat": 0, "name": "Anna", "kind": "human"}, None)
>>> [entry.kind for entry in batch.entries()], batch.state.seats[0].name
(['seat_taken'], 'Anna')
"""
from __future__ import annotations

import threading
from typing import Any

from referee.store.base import NewEntry

from .fold import fold
from .state import TableState


class Batch:
    """Entries folded onto ``state`` (None before ``table_created``); ``owner`` is the thread that may see them."""

    def __init__(self, state: TableState | None) -> None:
        self.base = state
        self.owner = threading.get_ident()
        self.steps: list[tuple[NewEntry, TableState]] = []
        self.notify = False

    @property
    def state(self) -> TableState | None:
        """The working state: the stored one with every entry of the batch folded on."""
        return self.steps[-1][1] if self.steps else self.base

    def add(self, kind: str, public: dict[str, Any], secret: dict[str, Any] | None) -> None:
        """Fold one entry onto the working state; raises (and adds nothing) when the fold refuses it."""
        self.steps.append((NewEntry(kind, public, secret), fold(self.state, kind, public, secret)))

    def entries(self) -> list[NewEntry]:
        """The entries to append, in order."""
        return [entry for entry, _ in self.steps]

    def is_mine(self) -> bool:
        """True in the thread (greenlet) running the command."""
        return self.owner == threading.get_ident()
