"""Table ownership: a process serves a table only while it holds the table's lease.

A lease names its owner (one process), a *fencing token* that grows on every takeover, and
when it expires unless renewed. A process takes a table's lease before it serves the table,
renews it while it does, and gives it back when it archives the table; an expired lease may be
taken over by another process. A process that is asked for a table another one holds *asks* for
it (``ask``); the holder sees the request among its ``wanted`` tables on its next renewal, stops
serving the table and gives the lease back, and the asker takes it then (a *hand-off*). The store refuses any append whose token is no longer the
table's current one (``store/fenced``), in the append's own transaction, so a process that lost
its lease (paused, cut off, too slow to renew) learns it on its next append or renewal and
never writes after its successor.

Two implementations: ``LocalLeases`` here, for the SQLite store, where one process owns every
table, and ``referee.store.postgres_leases.PostgresLeases``, the ``table_leases`` rows that
several processes share.

>>> leases = LocalLeases()
>>> lease = leases.acquire("t1")
>>> (lease.table, lease.token, lease.previous, leases.token("t1"), leases.token("t2"))
('t1', 1, None, 1, None)
>>> leases.release("t1"); leases.held(), leases.wanted(), leases.orphans(10.0)
([], [], [])
>>> StoreFenced("t1", 3).code, StoreLeased("t1", "p2").code
('store/fenced', 'store/leased')
"""
from __future__ import annotations

import os
import secrets
import socket
import threading
from dataclasses import dataclass
from typing import Protocol

from .base import StoreError


@dataclass(frozen=True, slots=True)
class Lease:
    """A table's lease as its holder knows it: owner, fencing token, expiry (Unix ms; None: never),
    and the owner before this take (None: the table had no lease; the owner itself: a renewal)."""

    table: str
    owner: str
    token: int
    expires_at: int | None
    previous: str | None = None

    @property
    def taken_from(self) -> str | None:
        """The other process this take took the table from (an expired or handed-back lease), if any."""
        return self.previous if self.previous not in (None, self.owner) else None


@dataclass(frozen=True, slots=True)
class LeaseRecord:
    """One table and its lease as the store holds it, for an operator (``referee tables``): who
    serves it (None: no lease was ever taken), the fencing token, how long the lease has left (ms;
    negative: expired that long ago) and who asked for it."""

    table: str
    head: int
    archived: bool
    owner: str | None
    token: int | None
    left_ms: int | None
    wanted_by: str | None


class StoreFenced(StoreError):
    """The writer's lease on the table is gone (taken over, or never held): nothing was written."""

    def __init__(self, table: str, token: int | None) -> None:
        held = "no lease" if token is None else f"fencing token {token}, which is no longer current"
        super().__init__("store/fenced", f"this process holds {held} on table {table!r}: another process serves it")
        self.token = token


class StoreLeased(StoreError):
    """Another process holds the table's unexpired lease: this one must not serve the table."""

    def __init__(self, table: str, owner: str) -> None:
        super().__init__("store/leased", f"table {table!r} is served by another process ({owner})")
        self.owner = owner


class Leases(Protocol):
    """The leases one process holds; ``owner`` names the process, and the holder renews them every
    ``renewal_s`` seconds (None: they never expire)."""

    owner: str
    renewal_s: float | None

    def acquire(self, table: str) -> Lease:
        """Take ``table``'s lease (free, expired, or already this process's: then renewed, same token);
        raises ``StoreLeased`` while another process holds an unexpired one."""
        ...

    def renew(self, table: str) -> Lease:
        """Extend this process's lease; raises ``StoreFenced`` (and forgets it) when it was lost."""
        ...

    def renew_all(self) -> list[str]:
        """Renew every lease held; returns the tables whose lease was lost (and forgotten)."""
        ...

    def release(self, table: str) -> None:
        """Give ``table``'s lease back, if this process still holds it."""
        ...

    def token(self, table: str) -> int | None:
        """The fencing token this process holds on ``table`` (None: it holds no lease)."""
        ...

    def held(self) -> list[str]:
        """The tables this process holds a lease on, by id."""
        ...

    def ask(self, table: str) -> None:
        """Ask the process holding ``table``'s lease to hand it over (it sees it on its next renewal)."""
        ...

    def wanted(self) -> list[str]:
        """The tables this process holds that another process asked for (``ask``), by id."""
        ...

    def orphans(self, grace_s: float) -> list[str]:
        """Tables that are not archived and that nobody serves: their lease expired unrenewed (their
        process died), or was given back ``grace_s`` seconds ago and nobody took it since. A live
        process takes them over, so that their timers and bots go on with nobody connected."""
        ...


def new_owner(port: int | None = None) -> str:
    """A name for this process, unique among the processes sharing a store: host, pid, the port it
    serves on (when known) and a nonce. Every log line of a worker carries it (``worker``), and so
    does the ``owner`` of each lease it holds (``referee tables``).

    >>> new_owner().count(":"), new_owner(5001).split(":")[2], new_owner() != new_owner()
    (2, '5001', True)
    """
    served = "" if port is None else f"{port}:"
    return f"{socket.gethostname()}:{os.getpid()}:{served}{secrets.token_hex(4)}"


class LocalLeases:
    """Every table belongs to this process (the SQLite store has one process): leases never expire."""

    TOKEN = 1
    """The one fencing token: nobody ever takes a table over."""
    renewal_s: float | None = None

    def __init__(self, owner: str | None = None) -> None:
        self.owner = owner or new_owner()
        self._held: set[str] = set()
        self._lock = threading.Lock()

    def acquire(self, table: str) -> Lease:
        """The table's lease, at once."""
        with self._lock:
            self._held.add(table)
        return Lease(table, self.owner, self.TOKEN, None)

    def renew(self, table: str) -> Lease:
        """The same lease; ``StoreFenced`` for a table released before."""
        if table not in self._held:
            raise StoreFenced(table, None)
        return Lease(table, self.owner, self.TOKEN, None)

    def renew_all(self) -> list[str]:
        """Nothing is ever lost."""
        return []

    def release(self, table: str) -> None:
        """Forget the table's lease."""
        with self._lock:
            self._held.discard(table)

    def token(self, table: str) -> int | None:
        """``TOKEN`` for a table held, else None."""
        return self.TOKEN if table in self._held else None

    def held(self) -> list[str]:
        """The tables held, by id."""
        with self._lock:
            return sorted(self._held)

    def ask(self, table: str) -> None:
        """Nobody else holds a table: nothing to ask."""

    def wanted(self) -> list[str]:
        """Nobody else ever asks."""
        return []

    def orphans(self, grace_s: float) -> list[str]:
        """Start-up loads every table: none is ever left without its process."""
        return []
