"""Group commit: the appends that arrive while one commit and its WAL ``fsync`` run share the next.

With ``synchronous=FULL`` SQLite syncs the WAL inside each ``COMMIT``: about 10 ms on this
machine's disk, during which a gevent server runs nothing else (its one thread waits in C). The
store commits with ``synchronous=NORMAL`` (the WAL is written, not synced) and each append
returns only once an ``fsync`` of the WAL file begun after its commit has returned: the bytes on
disk before ``append`` returns are the same as with FULL. The ``fsync`` runs through ``offload``
(the server passes gevent's thread pool: the other greenlets run meanwhile).

``GroupCommit.run`` takes one append's statements (``work``). With nothing in flight it commits
them at once, alone, then syncs. While a commit or sync is in flight, new work waits in a queue;
the next leader (the first waiter once the store is free) runs the whole queue in **one**
transaction (``transaction``: the store runs each work in a savepoint of its own, so one append's
``store/conflict`` undoes that append only) and one ``fsync``. SQLite's commit, its WAL frames
and the thread pool's dispatch are then paid once per group instead of once per append; each
append still waits for one sync begun after its commit, as before, never for a whole extra one.

>>> synced, groups = [], []
>>> def transaction(jobs):
...     groups.append(len(jobs))
...     for job in jobs:
...         job.outcome(job.work(), None)
>>> commits = GroupCommit(transaction, lambda: synced.append(1))
>>> commits.run(lambda: "stored"), groups, len(synced)
('stored', [1], 1)
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import Any

Offload = Callable[[Callable[[], None]], None]
"""Runs a blocking call where it stops nothing else (gevent: its thread pool) and returns once it returned."""


def inline(call: Callable[[], None]) -> None:
    """The offload of a threaded process: run ``call`` right here."""
    call()


def fsync_file(path: str) -> Callable[[], None]:
    """A call that syncs the file at ``path`` (opened once, when first synced, and its folder synced then too)."""
    handle: list[int] = []

    def sync() -> None:
        if not handle:
            handle.append(os.open(path, os.O_RDONLY))
            folder = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)
        os.fsync(handle[0])
    return sync


class Job:
    """One append waiting in a group: its ``work``, then its outcome (a result, or the error it raises)."""

    __slots__ = ("work", "result", "error", "ticket")

    def __init__(self, work: Callable[[], Any]) -> None:
        self.work = work
        self.result: Any = None
        self.error: BaseException | None = None
        self.ticket: int | None = None
        """The group transaction it was committed in (1, 2, …), once it was."""

    def outcome(self, result: Any, error: BaseException | None) -> None:
        """Record what ``work`` gave inside the group's transaction (the transaction calls it once per job)."""
        self.result, self.error = result, error


Transaction = Callable[[Sequence[Job]], None]
"""Runs the jobs' works in one transaction and commits it, recording each job's ``outcome``;
raises (having rolled back) when the transaction as a whole failed."""


class GroupCommit:
    """Commits works in groups (``run``) and returns each once a sync begun after its commit returned."""

    def __init__(self, transaction: Transaction, sync: Callable[[], None], offload: Offload = inline) -> None:
        self._transaction = transaction
        self._sync = sync
        self._offload = offload
        self._cond = threading.Condition()
        self._queue: list[Job] = []
        self._busy = False
        self._written = 0
        self._synced = 0

    def run(self, work: Callable[[], Any]) -> Any:
        """``work``'s result once it is committed and synced; its error once its group rolled it back."""
        job = Job(work)
        with self._cond:
            self._queue.append(job)
            while not self._finished(job):
                if self._busy:
                    self._cond.wait()
                    continue
                self._busy = True
                try:
                    self._lead()
                finally:
                    self._busy = False
                    self._cond.notify_all()
        if job.error is not None:
            raise job.error
        return job.result

    def _finished(self, job: Job) -> bool:
        return job.ticket is not None and (job.error is not None or self._synced >= job.ticket)

    def _lead(self) -> None:
        """Commit what waits (one transaction), then sync everything committed so far (under ``_cond``)."""
        if self._queue:
            group, self._queue = self._queue, []
            self._cond.release()
            try:
                self._transaction(group)
            except BaseException as error:
                for job in group:
                    job.outcome(None, error)
            finally:
                self._cond.acquire()
                if any(job.error is None for job in group):
                    self._written += 1
                for job in group:
                    job.ticket = self._written
                self._cond.notify_all()
        target = self._written
        if self._synced < target:
            self._cond.release()
            try:
                self._offload(self._sync)
            finally:
                self._cond.acquire()
            self._synced = max(self._synced, target)
