"""Who is connected where: each Socket.IO connection's table, seat and event budget.

>>> conns = Connections()
>>> conns.add("sid1", "t1", seat=0).seat
0
>>> conns.add("sid2", "t1", seat=None) and conns.spectators("t1"), conns.online("t1", 0)
(1, 1)
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field


def seat_room(table: str, seat: int) -> str:
    """The room of every connection holding ``seat`` at ``table``."""
    return f"{table}/seat/{seat}"


def watch_room(table: str) -> str:
    """The room of every spectator of ``table``."""
    return f"{table}/watch"


@dataclass
class RateBucket:
    """A token bucket: ``capacity`` events at once, refilled at ``per_second``.

    >>> bucket = RateBucket(capacity=2, per_second=0.0)
    >>> bucket.take(), bucket.take(), bucket.take()
    (True, True, False)
    """

    capacity: float = 30.0
    per_second: float = 10.0
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        """Spend one token; False when the bucket is empty."""
        now = time.monotonic()
        if self.tokens < 0:
            self.tokens = self.capacity
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.per_second)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Connection:
    """One Socket.IO connection at one table; ``seat`` None while it only watches."""

    sid: str
    table: str
    seat: int | None
    bucket: RateBucket = field(default_factory=RateBucket)
    referee: bool = False
    token_digest: str | None = None

    def sit(self, seat: int, token_digest: str) -> None:
        """The connection now holds ``seat`` with the token of this digest."""
        self.seat, self.token_digest = seat, token_digest

    def stand(self) -> None:
        """The connection holds no seat any more: it watches."""
        self.seat, self.token_digest = None, None


class Connections:
    """Every live connection of this process, by Socket.IO session id."""

    def __init__(self) -> None:
        self._by_sid: dict[str, Connection] = {}
        self._lock = threading.Lock()

    def add(self, sid: str, table: str, seat: int | None, token_digest: str | None = None) -> Connection:
        """Register a new connection (holding ``seat`` with the token of ``token_digest``, or watching)."""
        with self._lock:
            conn = self._by_sid[sid] = Connection(sid, table, seat, token_digest=token_digest)
            return conn

    def seated(self, table: str) -> list[Connection]:
        """Every connection at ``table`` that holds a seat."""
        with self._lock:
            return [c for c in self._by_sid.values() if c.table == table and c.seat is not None]

    def get(self, sid: str) -> Connection | None:
        """The connection, or None once it is gone."""
        with self._lock:
            return self._by_sid.get(sid)

    def remove(self, sid: str) -> Connection | None:
        """Forget a connection and return it."""
        with self._lock:
            return self._by_sid.pop(sid, None)

    def online(self, table: str, seat: int) -> int:
        """How many connections hold ``seat`` at ``table``."""
        with self._lock:
            return sum(1 for c in self._by_sid.values() if c.table == table and c.seat == seat)

    def spectators(self, table: str) -> int:
        """How many connections watch ``table`` without a seat."""
        with self._lock:
            return sum(1 for c in self._by_sid.values() if c.table == table and c.seat is None and not c.referee)

    def referees(self, table: str) -> list[Connection]:
        """Every connection of ``table``'s referee (one per open dashboard)."""
        with self._lock:
            return [c for c in self._by_sid.values() if c.table == table and c.referee]
