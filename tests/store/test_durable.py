"""Group commit: an append alone commits and syncs at once; appends that arrive while a commit and
its sync run are committed in one transaction (one append's conflict undoing that append only)
and share one sync, and every append returns only after a sync begun after its commit."""
from __future__ import annotations

import threading

import pytest

from referee.store.base import NewEntry, StoreConflict
from referee.store.durable import GroupCommit, Job
from referee.store.log import EventLog


def each_work(jobs):
    for job in jobs:
        job.outcome(job.work(), None)


def wait_until(predicate):
    done = threading.Event()
    for _ in range(500):
        if predicate():
            return
        done.wait(0.01)
    raise AssertionError("never happened")


class HeldSync:
    """A sync whose first call waits until ``release`` is set (the disk is slow once)."""

    def __init__(self):
        self.calls, self.started, self.release = 0, threading.Event(), threading.Event()

    def __call__(self):
        self.calls += 1
        if self.calls == 1:
            self.started.set()
            assert self.release.wait(5)


def run_in_threads(calls):
    results, threads = {}, []
    for name, call in calls.items():
        def target(name=name, call=call):
            try:
                results[name] = call()
            except Exception as error:  # the test reads what each caller got
                results[name] = error
        threads.append(threading.Thread(target=target))
        threads[-1].start()
    return results, threads


def join(threads):
    for thread in threads:
        thread.join(5)
        assert not thread.is_alive()


def test_an_append_alone_commits_alone_and_waits_for_one_sync():
    groups, syncs = [], []

    def transaction(jobs):
        groups.append(len(jobs))
        each_work(jobs)

    commits = GroupCommit(transaction, lambda: syncs.append(1))
    assert [commits.run(lambda: n) for n in range(3)] == [0, 1, 2]
    assert groups == [1, 1, 1] and len(syncs) == 3


def test_works_arriving_during_a_sync_share_the_next_transaction_and_sync():
    groups, sync = [], HeldSync()

    def transaction(jobs):
        groups.append(len(jobs))
        each_work(jobs)

    commits = GroupCommit(transaction, sync)
    results, threads = run_in_threads({"first": lambda: commits.run(lambda: "first")})
    assert sync.started.wait(5)
    more, followers = run_in_threads({n: (lambda n=n: commits.run(lambda: n)) for n in range(4)})
    wait_until(lambda: len(commits._queue) == 4)
    assert groups == [1]  # nothing of the four is committed while the first one's sync runs
    sync.release.set()
    join(threads + followers)
    assert results == {"first": "first"} and more == {0: 0, 1: 1, 2: 2, 3: 3}
    assert groups == [1, 4] and sync.calls == 2


def test_a_work_committed_during_a_sync_waits_for_the_next_sync():
    commits = GroupCommit(each_work, lambda: None)
    late, calls = Job(lambda: "late"), []

    def sync():
        calls.append(1)
        if len(calls) == 1:
            commits._queue.append(late)  # committed by the next leader, after this sync began

    commits._sync = sync
    commits.run(lambda: "first")
    assert calls == [1] and late.ticket is None
    commits.run(lambda: "second")
    assert late.ticket is not None and late.result == "late" and calls == [1, 1]


def test_a_failed_transaction_fails_every_work_of_its_group_and_syncs_nothing():
    syncs = []

    def transaction(jobs):
        raise OSError("disk full")

    commits = GroupCommit(transaction, lambda: syncs.append(1))
    with pytest.raises(OSError, match="disk full"):
        commits.run(lambda: "lost")
    assert syncs == []


def test_a_failed_sync_fails_its_leader_and_the_next_waiter_syncs_again():
    outcomes = iter([OSError("disk"), None])

    def sync():
        error = next(outcomes)
        if error:
            raise error

    commits = GroupCommit(each_work, sync)
    with pytest.raises(OSError):
        commits.run(lambda: "first")
    assert commits.run(lambda: "second") == "second"


def test_a_conflict_in_a_group_undoes_that_append_only(tmp_path):
    held = HeldSync()
    store = EventLog(str(tmp_path / "db.sqlite3"), offload=lambda call: (held(), call()))
    created = [NewEntry("table_created", {"id": "t"})]
    _, threads = run_in_threads({"a": lambda: store.append("a", created, 0)})
    assert held.started.wait(5)
    results, followers = run_in_threads({
        "b": lambda: store.append("b", created, 0),
        "stale": lambda: store.append("a", [NewEntry("seat_taken", {"seat": 0})], 0),
        "c": lambda: store.append("c", created, 0),
    })
    wait_until(lambda: len(store._commits._queue) == 3)
    held.release.set()
    join(threads + followers)
    assert isinstance(results["stale"], StoreConflict)
    assert [e.seq for e in results["b"]] == [1] and [e.seq for e in results["c"]] == [1]
    assert {t: [e.kind for e in store.entries(t)] for t in "abc"} == {t: ["table_created"] for t in "abc"}
    assert [e.seq for e in store.append("a", [NewEntry("seat_taken", {"seat": 0})], 1)] == [2]
    store.close()
