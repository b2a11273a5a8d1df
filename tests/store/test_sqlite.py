"""The SQLite store on disk: private files, durable commits, a lock held elsewhere waited for by yielding."""
from __future__ import annotations

import os
import sqlite3
import stat

import pytest

from referee.store import log as sqlite_store
from referee.store.base import NewEntry, StoreBusy, StoreConflict
from referee.store.log import EventLog


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_database_its_wal_and_shm_are_private_and_a_new_folder_too(tmp_path):
    path = tmp_path / "var" / "tavern.sqlite3"
    store = EventLog(str(path))
    store.append("t1", [NewEntry("table_created", {"id": "t1"})], 0)
    assert mode(path.parent) == 0o700
    for suffix in ("", "-wal", "-shm"):
        assert mode(f"{path}{suffix}") == 0o600, suffix
    store.close()


def test_an_existing_database_readable_by_others_is_made_private(tmp_path):
    path = tmp_path / "old.sqlite3"
    sqlite3.connect(path).close()
    os.chmod(path, 0o644)
    EventLog(str(path)).close()
    assert mode(path) == 0o600


def test_sqlite_writes_the_wal_unsynced_and_never_sleeps_on_a_lock_itself(tmp_path):
    store = EventLog(str(tmp_path / "db.sqlite3"))
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL: the store syncs the WAL itself
    assert store._db.execute("PRAGMA busy_timeout").fetchone()[0] == 0
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_an_append_returns_only_after_the_wal_holding_its_commit_was_synced(tmp_path, monkeypatch):
    path = tmp_path / "db.sqlite3"
    synced_sizes = []
    real_fsync = os.fsync

    def fsync(fd):
        real_fsync(fd)
        if os.path.realpath(f"/proc/self/fd/{fd}") == str(path) + "-wal":
            synced_sizes.append(os.fstat(fd).st_size)

    monkeypatch.setattr(os, "fsync", fsync)
    offloaded = []
    store = EventLog(str(path), offload=lambda call: offloaded.append(call) or call())
    for seq in range(3):
        store.append("t1", [NewEntry("seat_taken", {"seat": seq})], seq)
        assert synced_sizes and synced_sizes[-1] == os.path.getsize(str(path) + "-wal")
    assert len(offloaded) == 3
    store.set_archived("t1", True)
    assert len(offloaded) == 4
    store.close()


def hold_the_write_lock(path):
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_lock_held_by_another_process_is_waited_for_with_time_sleep(tmp_path, monkeypatch):
    path = str(tmp_path / "db.sqlite3")
    store = EventLog(path)
    other = hold_the_write_lock(path)
    pauses = []

    def sleep(seconds):  # the gevent-patched time.sleep in a server: another greenlet may run here
        pauses.append(seconds)
        if len(pauses) == 3:
            other.execute("COMMIT")

    monkeypatch.setattr(sqlite_store.time, "sleep", sleep)
    assert store.append("t1", [NewEntry("table_created", {"id": "t1"})], 0)[0].seq == 1
    assert len(pauses) == 3 and all(0 < p <= 0.05 for p in pauses)
    store.close()


def test_a_lock_held_too_long_fails_with_store_busy_and_writes_nothing(tmp_path):
    path = str(tmp_path / "db.sqlite3")
    store = EventLog(path, busy_wait_s=0.05)
    other = hold_the_write_lock(path)
    with pytest.raises(StoreBusy) as refused:
        store.append("t1", [NewEntry("table_created", {"id": "t1"})], 0)
    assert refused.value.code == "store/busy"
    other.execute("ROLLBACK")
    assert store.entries("t1") == []
    store.close()


def test_a_log_from_before_the_tables_index_is_listed(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    old = sqlite3.connect(path, isolation_level=None)
    old.execute(sqlite_store._SCHEMA[0])
    for seq in (1, 2):
        old.execute("INSERT INTO events VALUES ('t1', ?, 'k', '{}', NULL, NULL, 'p', 'h', ?)", (seq, seq * 1000))
    old.close()
    store = EventLog(path)
    assert [(r.table, r.head, r.last_at, r.archived) for r in store.tables()] == [("t1", 2, 2000, False)]
    store.close()


def test_a_writer_that_got_there_first_through_another_connection_is_a_conflict_and_the_chain_goes_on_from_it(tmp_path):
    """Each store remembers the head it last wrote: one that another connection (another process)
    moved on is refused as a conflict, with the real head, and the next append chains to it."""
    path = str(tmp_path / "db.sqlite3")
    mine, theirs = EventLog(path), EventLog(path)
    [first] = mine.append("t1", [NewEntry("table_created", {"id": "t1"})], 0)
    [second] = theirs.append("t1", [NewEntry("seat_taken", {"seat": 0})], 1)
    with pytest.raises(StoreConflict) as refused:
        mine.append("t1", [NewEntry("seat_taken", {"seat": 1}), NewEntry("seat_taken", {"seat": 2})], 1)
    assert "at entry 2, not 1" in refused.value.message
    assert [e.seq for e in mine.entries("t1")] == [1, 2] and mine.head("t1") == 2
    [third] = mine.append("t1", [NewEntry("seat_taken", {"seat": 1})], 2)
    assert (second.prev_hash, third.prev_hash) == (first.hash, second.hash)
    assert [e.hash for e in theirs.entries("t1")] == [first.hash, second.hash, third.hash]
