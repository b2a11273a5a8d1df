"""The (table, seq) key of PostgreSQL: a writer that read the head just before another one's commit
waits on the key, then is refused with ``store/conflict`` (never a database error)."""
from __future__ import annotations

import threading
import time

import psycopg

from referee.store.base import NewEntry, StoreConflict
from referee.store.pg_pool import Pool
from referee.store.postgres import PostgresStore


def wait_for(condition, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.01)


def test_a_writer_behind_an_uncommitted_append_loses_on_the_key(postgres):
    url = postgres.new_database()
    store = PostgresStore(Pool(url, 2))
    store.append("t1", [NewEntry("table_created", {"id": "t1"})], 0)
    other = psycopg.connect(url)  # another writer, halfway through its append of entry 2
    other.execute("INSERT INTO events VALUES ('t1', 2, 'bid', '{}', NULL, NULL, 'p', 'h', 0)")
    outcome: list[object] = []

    def append() -> None:
        try:
            outcome.append(store.append("t1", [NewEntry("bid", {"seat": 0})], 1))
        except StoreConflict as conflict:
            outcome.append(conflict)

    writer = threading.Thread(target=append)
    writer.start()
    with psycopg.connect(url, autocommit=True) as watcher:
        wait_for(lambda: watcher.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
        ).fetchone()[0] == 1)
    other.execute("UPDATE tables SET head = 2 WHERE table_id = 't1'")
    other.commit()
    writer.join(timeout=30)
    assert len(outcome) == 1 and isinstance(outcome[0], StoreConflict)
    assert (outcome[0].code, outcome[0].expected, outcome[0].head) == ("store/conflict", 1, 2)
    assert [e.seq for e in store.entries("t1")] == [1, 2]
    other.close()
    store.close()

