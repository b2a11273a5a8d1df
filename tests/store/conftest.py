"""The stores every shared store test runs against: SQLite in memory, SQLite on disk, and
PostgreSQL (a fresh database of the session's server: tests/conftest.py's ``postgres``)."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from referee.store.base import Store
from referee.store.log import EventLog

Opener = Callable[[Callable[[], float]], Store]
"""Opens one more writer of the same store (``opener(clock)``), as another process would."""


def sqlite_in_memory(request: pytest.FixtureRequest) -> Opener:
    return lambda clock: EventLog(":memory:", clock=clock)


def sqlite_on_disk(request: pytest.FixtureRequest) -> Opener:
    path = str(request.getfixturevalue("tmp_path") / "store.sqlite3")
    return lambda clock: EventLog(path, clock=clock)


def postgresql(request: pytest.FixtureRequest) -> Opener:
    from referee.store.pg_pool import Pool
    from referee.store.postgres import PostgresStore
    url = request.getfixturevalue("postgres").new_database()
    return lambda clock: PostgresStore(Pool(url, 2), clock)


STORES = [sqlite_in_memory, sqlite_on_disk, postgresql]
SHARED = [sqlite_on_disk, postgresql]
"""The stores a second writer can open too (an in-memory SQLite is one connection's own)."""


@pytest.fixture(params=STORES, ids=lambda factory: factory.__name__)
def opener(request: pytest.FixtureRequest) -> Opener:
    return request.param(request)


@pytest.fixture(params=SHARED, ids=lambda factory: factory.__name__)
def shared_opener(request: pytest.FixtureRequest) -> Opener:
    return request.param(request)
