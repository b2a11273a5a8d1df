"""The SQLite store's WAL is checkpointed passively through ``offload`` every ``EVERY`` commits,
never inside a ``COMMIT``: the WAL stays short, nothing committed is lost, and a checkpoint
that fails leaves the append it ran in standing."""
from __future__ import annotations

import os
import sqlite3

from referee.store import checkpoint
from referee.store.base import NewEntry
from referee.store.checkpoint import Checkpoints
from referee.store.log import EventLog


def test_sqlite_never_checkpoints_inside_a_commit(tmp_path):
    path = str(tmp_path / "db.sqlite3")
    store = EventLog(path)
    assert store._db.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    store.close()


def wal_bytes_after(path, commits):
    """The WAL's size after ``commits`` appends of about a page's entry each (it is reused from its
    start after a checkpoint copied all of it, never truncated: its size is its high-water mark)."""
    store = EventLog(path)
    for seq in range(commits):
        store.append("t1", [NewEntry("chat_posted", {"seq": seq, "note": "x" * 3000})], seq)
    size = os.path.getsize(path + "-wal")
    assert [entry.seq for entry in store.entries("t1")] == list(range(1, commits + 1))
    store.close()
    again = EventLog(path)
    assert again.head("t1") == commits  # nothing committed was lost
    again.close()
    return size


def test_every_250th_commit_checkpoints_through_offload(tmp_path):
    offloaded = []
    store = EventLog(str(tmp_path / "db.sqlite3"), offload=lambda call: offloaded.append(call) or call())
    for seq in range(2 * checkpoint.EVERY):
        store.append("t1", [NewEntry("seat_taken", {"seat": seq})], seq)
    assert sum(isinstance(call, checkpoint.PassiveCheckpoint) for call in offloaded) == 2
    assert len(offloaded) == 2 * checkpoint.EVERY + 2  # and each commit's fsync
    store.close()


def test_the_checkpoints_keep_the_wal_at_about_one_interval_of_commits(tmp_path, monkeypatch):
    with_checkpoints = wal_bytes_after(str(tmp_path / "a.sqlite3"), 2 * checkpoint.EVERY)
    monkeypatch.setattr(checkpoint.PassiveCheckpoint, "__call__", lambda self: None)
    without = wal_bytes_after(str(tmp_path / "b.sqlite3"), 2 * checkpoint.EVERY)
    assert with_checkpoints < 0.6 * without


def test_a_failed_checkpoint_is_logged_and_the_next_one_runs_again(caplog):
    calls = []

    def checkpoint_once_broken():
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.OperationalError("disk I/O error")

    due = Checkpoints(checkpoint_once_broken, every=1)
    due.committed()  # raises nothing: the append that ran it stands
    assert "checkpoint failed" in caplog.text
    due.committed()
    assert calls == [1, 1]


def test_a_failed_checkpoint_in_the_store_leaves_the_append_stored(tmp_path, monkeypatch, caplog):
    def broken(self):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(checkpoint.PassiveCheckpoint, "__call__", broken)
    monkeypatch.setattr(checkpoint, "EVERY", 1)
    path = str(tmp_path / "db.sqlite3")
    store = EventLog(path)
    assert store.append("t1", [NewEntry("table_created", {"id": "t1"})], 0)[0].seq == 1
    assert "checkpoint failed" in caplog.text
    assert [entry.seq for entry in store.entries("t1")] == [1]
    store.close()


def test_a_commit_that_falls_due_while_a_checkpoint_runs_leaves_it_be():
    calls = []

    def offload(call):
        calls.append(call)
        if len(calls) == 1:
            due.committed()  # another append falls due meanwhile (another greenlet)
        call()

    due = Checkpoints(lambda: None, offload, every=1)
    due.committed()
    assert len(calls) == 1
    due.committed()
    assert len(calls) == 2
