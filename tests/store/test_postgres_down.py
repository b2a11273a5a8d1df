"""PostgreSQL going away: a clear ``store/unavailable``, nothing half-written, and appends again once it is back."""
from __future__ import annotations

import pytest

from referee.store.base import NewEntry, StoreUnavailable
from referee.store.pg_pool import Pool
from referee.store.postgres import PostgresStore


class CrashingClock:
    """The store reads the clock inside an append's transaction: this one stops PostgreSQL there, once."""

    def __init__(self, server) -> None:
        self.server = server
        self.crash = False

    def __call__(self) -> float:
        if self.crash:
            self.crash = False
            self.server.stop()
        return 1_700_000_000.0


def test_postgres_stopped_mid_append_fails_clearly_writes_nothing_and_recovers(postgres):
    clock = CrashingClock(postgres)
    store = PostgresStore(Pool(postgres.new_database(), 2), clock)
    try:
        store.append("t1", [NewEntry("table_created", {"id": "t1"})], 0)
        clock.crash = True
        with pytest.raises(StoreUnavailable) as refused:
            store.append("t1", [NewEntry("bid", {"seat": 0}), NewEntry("bid", {"seat": 1})], 1)
        assert refused.value.code == "store/unavailable"
        assert "postgresql://" not in refused.value.message  # a URL may carry a password
        with pytest.raises(StoreUnavailable):
            store.entries("t1")
        with pytest.raises(StoreUnavailable):
            store.append("t1", [NewEntry("bid", {"seat": 0})], 1)
    finally:
        postgres.start()
    assert [e.seq for e in store.entries("t1")] == [1]
    assert [e.seq for e in store.append("t1", [NewEntry("bid", {"seat": 0})], 1)] == [2]
    assert store.head("t1") == 2
    store.close()
