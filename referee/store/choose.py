"""The store a server uses, from the URL in its config, with the leases that go with it.

``sqlite:///var/tavern.sqlite3`` (or a plain path, or ``:memory:``) is the embedded SQLite log,
where one process owns every table (``LocalLeases``); ``postgresql://user@host:port/db`` is the
PostgreSQL log several processes share, each owning the tables it holds a lease on. psycopg is
imported only for PostgreSQL, and only here, after ``referee serve`` has patched for gevent.

>>> store, leases = open_store("sqlite:///:memory:")
>>> type(store).__name__, type(leases).__name__
('EventLog', 'LocalLeases')
>>> sqlite_path("sqlite:///var/tavern.sqlite3"), sqlite_path("sqlite:////srv/t.db"), sqlite_path("t.db")
('var/tavern.sqlite3', '/srv/t.db', 't.db')
>>> store_kind("mysql://db/x")
Traceback (most recent call last):
...
ValueError: store URL 'mysql://db/x' must start with sqlite:///, postgresql:// or postgres:// (or be a file path)
"""
from __future__ import annotations

import time
from collections.abc import Callable

from .base import Store
from .durable import Offload, inline
from .leases import Leases, LocalLeases
from .log import EventLog

SQLITE = "sqlite:///"
POSTGRES = ("postgresql://", "postgres://")


def store_kind(url: str) -> str:
    """``sqlite`` or ``postgresql`` for a store URL; ``ValueError`` for any other scheme."""
    if url.startswith(POSTGRES):
        return "postgresql"
    if url.startswith(SQLITE) or "://" not in url:
        return "sqlite"
    raise ValueError(f"store URL {url!r} must start with {SQLITE}, {' or '.join(POSTGRES)} (or be a file path)")


def sqlite_path(url: str) -> str:
    """The SQLite file of a ``sqlite:///`` URL (relative after three slashes, absolute after four)."""
    return url.removeprefix(SQLITE)


def open_store(url: str, clock: Callable[[], float] = time.time, *, pool_size: int = 4,
               lease_s: float = 10.0, offload: Offload = inline, owner: str | None = None) -> tuple[Store, Leases]:
    """The store at ``url`` and this process's leases on its tables, held under the name ``owner``
    (``leases.new_owner``); ``offload`` runs the SQLite store's blocking syncs (``referee.store.durable``)."""
    if store_kind(url) == "sqlite":
        return EventLog(sqlite_path(url), clock=clock, offload=offload), LocalLeases(owner)
    from .pg_pool import Pool
    from .postgres import PostgresStore
    from .postgres_leases import PostgresLeases
    pool = Pool(url, pool_size)
    leases = PostgresLeases(pool, lease_s, owner)
    return PostgresStore(pool, clock, leases), leases
