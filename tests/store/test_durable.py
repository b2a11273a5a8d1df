"""Group sync: every commit waits for a sync begun after it, and commits made during one sync share the next."""
from __future__ import annotations

import threading

import pytest

from referee.store.durable import WalSync


def test_commits_made_while_a_sync_runs_share_the_next_one():
    started, release = threading.Event(), threading.Event()
    syncs = []

    def sync():
        syncs.append(len(syncs))
        if len(syncs) == 1:
            started.set()
            assert release.wait(5)

    wal = WalSync(sync)
    first = wal.committed()
    leader = threading.Thread(target=wal.wait, args=(first,))
    leader.start()
    assert started.wait(5)
    tickets = [wal.committed() for _ in range(4)]
    followers = [threading.Thread(target=wal.wait, args=(t,)) for t in tickets]
    for follower in followers:
        follower.start()
    release.set()
    for thread in [leader, *followers]:
        thread.join(5)
        assert not thread.is_alive()
    assert len(syncs) == 2  # the first commit's, then one for the four made while it ran


def test_a_commit_made_during_a_sync_is_not_covered_by_that_sync():
    wal = WalSync(lambda: None)
    calls = []

    def sync():
        calls.append(1)
        if len(calls) == 1:
            wal.committed()  # a commit lands while this sync is already running

    wal._sync = sync
    wal.wait(wal.committed())
    assert len(calls) == 1
    wal.wait(2)
    assert len(calls) == 2


def test_a_failed_sync_fails_its_waiter_and_the_next_waiter_syncs_again():
    outcomes = iter([OSError("disk"), None])

    def sync():
        error = next(outcomes)
        if error:
            raise error

    wal = WalSync(sync)
    ticket = wal.committed()
    with pytest.raises(OSError):
        wal.wait(ticket)
    wal.wait(ticket)
