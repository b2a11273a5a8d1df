"""Rebuilding a table from its log, totally: an entry the fold refuses makes the table broken.

``replay`` never lets an unexpected exception out: whatever goes wrong on an entry (a refused
fold, a missing field, a wrong type) becomes ``TableBroken`` naming the table, the entry's
seq and the reason, so the registry can set that one table aside and serve every other.
The reason never quotes an entry's secret part (it is logged).

>>> from referee.store.log import EventLog, NewEntry
>>> log = EventLog(":memory:")
>>> _ = log.append("t1", [NewEntry("table_created", {"id": "t1", "rules": {}}), NewEntry("bid", {"seat": 0})], 0)
>>> replay("t1", log.entries("t1"))
Traceback (most recent call last):
...
referee.table.replay.TableBroken: table t1 cannot be rebuilt at entry 2 (bid): KeyError: 'quantity'
"""
from __future__ import annotations

from collections.abc import Sequence

from referee.rules.errors import RulesError
from referee.store.base import Entry

from .errors import TableError
from .fold import fold
from .state import TableState


class TableBroken(TableError):
    """A table whose log cannot be folded (``table/broken``): kept out of service, every other table serves."""

    def __init__(self, table: str, seq: int, kind: str, reason: str) -> None:
        super().__init__("table/broken", f"table {table} cannot be rebuilt at entry {seq} ({kind}): {reason}")
        self.table = table
        self.seq = seq
        self.reason = reason


def replay(table: str, entries: Sequence[Entry]) -> list[tuple[Entry, TableState]]:
    """Each entry of ``table``'s log with the state after it; raises ``TableBroken`` on the first bad one."""
    steps: list[tuple[Entry, TableState]] = []
    state: TableState | None = None
    for entry in entries:
        try:
            state = fold(state, entry.kind, entry.public, entry.secret)
        except Exception as error:  # noqa: BLE001 - the fold is total: any failure sets the table aside
            raise TableBroken(table, entry.seq, entry.kind, _reason(error, entry)) from None
        steps.append((entry, state))
    if not steps:
        raise TableError("table/unknown", f"there is no table {table!r}")
    return steps


def _reason(error: Exception, entry: Entry) -> str:
    """Why the fold refused ``entry``; for an entry with a secret part (dice, a die change) only
    the error's code or type, so the reason, which is logged, never quotes an unrevealed die."""
    if entry.secret is not None:
        what = error.code if isinstance(error, RulesError) else type(error).__name__
        return f"{what} (details withheld: the entry has a secret part)"
    return error.message if isinstance(error, RulesError) else f"{type(error).__name__}: {error}"
