"""A small pool of PostgreSQL connections (psycopg 3) that is safe under gevent and under threads.

At most ``size`` connections are open; a caller waits for a free one (a semaphore, which
gevent's monkey-patching turns into a greenlet wait) for at most ``wait_s``, then gets
``store/busy``. Connections are opened lazily in autocommit mode; a transaction is always an
explicit ``conn.transaction()`` block, so a connection goes back to the pool idle or is closed.

A connection the server dropped (a restart, a network cut) raises ``store/unavailable``, is
closed and never reused. A failure on a connection that had sat idle in the pool is retried
once on a fresh one, with the other idle connections dropped: after a restart every idle
connection is dead, and the first statement on a dead one never reached the server. Retrying
an append is safe: appends are optimistic, so a repeated one can never be written twice.

Under gevent, psycopg must be imported after ``gevent.monkey.patch_all()`` (``referee serve``
patches first): psycopg then waits on its sockets with the patched ``select``, a greenlet
switch, instead of its C wait, which would stop every greenlet of the server.

>>> pool = Pool("postgresql://nobody@127.0.0.1:1/none", size=2, connect_timeout_s=1)
>>> pool.run(lambda conn: conn.execute("SELECT 1").fetchone())
Traceback (most recent call last):
...
referee.store.base.StoreUnavailable: store/unavailable: the database is unavailable: cannot connect to 127.0.0.1:1
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlsplit

import psycopg

from .base import StoreBusy, StoreUnavailable

T = TypeVar("T")
Conn = psycopg.Connection[tuple[Any, ...]]


class Pool:
    """Up to ``size`` connections to ``dsn``, lent one at a time to ``run``."""

    def __init__(self, dsn: str, size: int = 4, *, connect_timeout_s: float = 5.0, wait_s: float = 5.0) -> None:
        self._dsn = dsn
        self._connect_timeout_s = connect_timeout_s
        self._wait_s = wait_s
        self._slots = threading.BoundedSemaphore(size)
        self._idle: list[Conn] = []
        self._lock = threading.Lock()
        where = urlsplit(dsn)
        self._where = f"{where.hostname}:{where.port or 5432}"

    def run(self, operation: Callable[[Conn], T]) -> T:
        """``operation(conn)`` on a lent connection; a dropped connection raises ``StoreUnavailable``."""
        if not self._slots.acquire(timeout=self._wait_s):
            raise StoreBusy(self._wait_s)
        try:
            conn, reused = self._take()
            try:
                return self._on(conn, operation)
            except StoreUnavailable:
                if not reused:
                    raise
                self._drop_idle()
                return self._on(self._connect(), operation)
        finally:
            self._slots.release()

    def close(self) -> None:
        """Close every idle connection."""
        self._drop_idle()

    def _on(self, conn: Conn,
            operation: Callable[[Conn], T]) -> T:
        try:
            result = operation(conn)
        except (psycopg.OperationalError, psycopg.InterfaceError) as error:
            conn.close()
            raise StoreUnavailable(_first_line(error)) from error
        except BaseException:
            self._give_back(conn)
            raise
        self._give_back(conn)
        return result

    def _take(self) -> tuple[Conn, bool]:
        with self._lock:
            if self._idle:
                return self._idle.pop(), True
        return self._connect(), False

    def _connect(self) -> Conn:
        try:
            return psycopg.connect(self._dsn, autocommit=True, connect_timeout=max(1, round(self._connect_timeout_s)),
                                   application_name="tavern-jack")
        except psycopg.Error as error:
            raise StoreUnavailable(f"cannot connect to {self._where}") from error

    def _give_back(self, conn: Conn) -> None:
        if conn.closed or conn.broken or conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
            conn.close()
            return
        with self._lock:
            self._idle.append(conn)

    def _drop_idle(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
