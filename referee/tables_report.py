"""``referee tables --config FILE``: which process serves which table, read from the store.

For an operator: every table with its head (the last entry's seq), whether it is archived, and
its lease as the store holds it now: the owner (the worker's name, as every log line of that
worker says in ``worker``: host, pid, port and a nonce), the fencing token, and how long the lease
has left or since when it expired; a table another worker asked for says so. With the SQLite
store one process serves every table (no leases).

>>> from referee.store.leases import LeaseRecord
>>> print(format_rows([LeaseRecord("t1", 41, False, "tavern:812:5001:ab12", 3, 6200, None),
...                    LeaseRecord("t2", 9, True, "tavern:790:5000:cd34", 1, -31000, "tavern:812:5001:ab12"),
...                    LeaseRecord("t3", 2, False, None, None, None, None)]))
table  head  archived  owner                 token  lease
t1       41  no        tavern:812:5001:ab12      3  6.2 s left
t2        9  yes       tavern:790:5000:cd34      1  expired 31.0 s ago, wanted by tavern:812:5001:ab12
t3        2  no        -                         -  none
"""
from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from referee.config import ConfigError, load_config
from referee.store.leases import LeaseRecord

HEAD = ("table", "head", "archived", "owner", "token", "lease")


def lease_words(record: LeaseRecord) -> str:
    """The lease in words: time left, or how long ago it expired, and who asked for it."""
    if record.left_ms is None:
        return "none"
    words = f"{record.left_ms / 1000:.1f} s left" if record.left_ms > 0 else f"expired {-record.left_ms / 1000:.1f} s ago"
    return words + (f", wanted by {record.wanted_by}" if record.wanted_by else "")


def format_rows(records: Sequence[LeaseRecord]) -> str:
    """The records as an aligned text table (numbers to the right)."""
    rows = [HEAD] + [(r.table, str(r.head), "yes" if r.archived else "no", r.owner or "-",
                      "-" if r.token is None else str(r.token), lease_words(r)) for r in records]
    widths = [max(len(row[column]) for row in rows) for column in range(len(HEAD))]
    lines = []
    for row in rows:
        cells = [cell.rjust(width) if column in (1, 4) and row is not rows[0] else cell.ljust(width)
                 for column, (cell, width) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def tables_main(config_path: str | None, as_json: bool = False) -> int:
    """Print every table and its lease (``--json``: one JSON object a table); status 2 on a bad config
    or a store that cannot be read (a SQLite file that does not exist is not created)."""
    from referee.store.base import StoreError
    from referee.store.choose import open_store, sqlite_path, store_kind
    try:
        config = load_config(config_path)
        if store_kind(config.database) == "sqlite" and not Path(sqlite_path(config.database)).exists():
            raise ConfigError(f"no SQLite database at {sqlite_path(config.database)} (relative paths are "
                              "relative to the folder the server runs in)")
        store, leases = open_store(config.database, pool_size=1)
    except (ConfigError, OSError, StoreError) as error:
        print(f"referee tables: error: {error}", file=sys.stderr)
        return 2
    if store_kind(config.database) == "sqlite":
        records = [LeaseRecord(r.table, r.head, r.archived, None, None, None, None) for r in store.tables()]
        note = "SQLite store: one process serves every table that is not archived (no leases)"
    else:
        records = leases.report()  # type: ignore[attr-defined]
        note = ""
    if as_json:
        for record in records:
            print(json.dumps(asdict(record)))
    else:
        print(format_rows(records))
        if note:
            print(note)
    store.close()
    return 0
