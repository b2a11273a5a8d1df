"""Who is connected where: each Socket.IO connection's table, seat, address and event budget.

A new connection is first admitted (``admit``: the connections per address and per table of
``[limits]``), then added. Every event spends one token of a budget shared by all connections
of one seat token, or of one table's referee, so opening more connections buys no more events
(a spectator's budget is its connection's own). A connection refused too often is flooding: it
is cut off, and for ``cut_off_s`` the same seat token, referee, or spectators from its address
at its table are refused when they connect again.

>>> conns = Connections()
>>> conns.admit("sid1", "10.0.0.7", {"table": "t1"})
>>> conns.add("sid1", "t1", seat=0, token_digest="d0").seat
0
>>> conns.add("sid2", "t1", seat=None) and conns.spectators("t1"), conns.online("t1", 0)
(1, 1)
>>> conns.get("sid1").address, conns.get("sid1").budget_key, conns.get("sid2").budget_key
('10.0.0.7', 'seat:d0', 'conn:sid2')
"""
from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from flask_socketio import ConnectionRefusedError

from referee.config import Limits

from .budgets import Budgets, Clock, RateBucket
from .payloads import token_digest

ADMISSION_TTL_S = 30.0
"""How long an admitted connection may take to be added (a connect refused after admission never is)."""


def refusal(code: str, message: str) -> ConnectionRefusedError:
    """A refused connect whose ``connect_error`` carries ``err.data == {code, message}``.

    >>> refusal("limit/table_connections", "full").error_args["data"]["code"]
    'limit/table_connections'
    """
    return ConnectionRefusedError(message, {"code": code, "message": message})


def watch_key(address: str, table: str | None) -> str:
    """The spectators of ``address`` at ``table``, as one key."""
    return f"watch:{address}:{table}"


def penalty_key_of(address: str, table: str | None, auth: Any) -> str:
    """The ``Connection.penalty_key`` a connection with this ``auth`` will have.

    >>> penalty_key_of("10.0.0.7", "t1", {"table": "t1", "referee_token": "x"})
    'referee:t1'
    """
    data = auth if isinstance(auth, dict) else {}
    if isinstance(data.get("referee_token"), str):
        return f"referee:{table}"
    if isinstance(data.get("token"), str):
        return f"seat:{token_digest(data['token'])}"
    return watch_key(address, table)


def seat_room(table: str, seat: int) -> str:
    """The room of every connection holding ``seat`` at ``table``."""
    return f"{table}/seat/{seat}"


def watch_room(table: str) -> str:
    """The room of every spectator of ``table``."""
    return f"{table}/watch"


def table_room(table: str) -> str:
    """The room of every player and spectator of ``table`` (not its referee): its ``public`` parts."""
    return f"{table}/all"


@dataclass(slots=True)
class Connection:
    """One Socket.IO connection at one table; ``seat`` None while it only watches (slots: a
    process holds one per player)."""

    sid: str
    table: str
    seat: int | None
    budgets: Budgets
    address: str = "unknown"
    referee: bool = False
    token_digest: str | None = None
    strikes: list[float] = field(default_factory=list)
    lang: str = "en"
    """The page's language (i18n.pick_language at connect): a referee's whisper lines to this seat use it."""

    @property
    def budget_key(self) -> str:
        """Whose event budget this connection spends: its seat token's, its table referee's, or
        (while it watches) its own."""
        if self.referee:
            return f"referee:{self.table}"
        if self.token_digest is not None:
            return f"seat:{self.token_digest}"
        return f"conn:{self.sid}"

    @property
    def penalty_key(self) -> str:
        """Who is refused for a while once this connection is cut off: its seat token, its
        table's referee, or the spectators of its address at its table."""
        if self.budget_key.startswith("conn:"):
            return watch_key(self.address, self.table)
        return self.budget_key

    @property
    def bucket(self) -> RateBucket:
        """The event budget this connection spends (shared with the others of its key)."""
        return self.budgets.bucket(self.budget_key)

    def sit(self, seat: int, token_digest: str) -> None:
        """The connection now holds ``seat`` with the token of this digest."""
        self.seat, self.token_digest = seat, token_digest

    def stand(self) -> None:
        """The connection holds no seat any more: it watches."""
        self.seat, self.token_digest = None, None


class Connections:
    """Every live connection of this process, by Socket.IO session id and by table (a broadcast
    asks about one table's connections, and must not scan every connection of the process)."""

    def __init__(self, limits: Limits = Limits(), clock: Clock = time.monotonic) -> None:
        self._limits = limits
        self._clock = clock
        self._budgets = Budgets(limits.events_burst, limits.events_per_second, clock)
        self._by_sid: dict[str, Connection] = {}
        self._by_table: dict[str, dict[str, Connection]] = {}
        self._per_address: Counter[str] = Counter()
        self._admitted: dict[str, tuple[str, str | None, float]] = {}
        self._penalties: dict[str, float] = {}
        self._lock = threading.Lock()

    def admit(self, sid: str, address: str | None, auth: Any) -> None:
        """Let a new connection from ``address`` to the table named in ``auth`` in, or refuse it
        (``ConnectionRefusedError`` with ``{code, message}``) past the connections per address
        or per table; nothing else of ``auth`` is checked here."""
        table = auth.get("table") if isinstance(auth, dict) and isinstance(auth.get("table"), str) else None
        address = address or "unknown"
        with self._lock:
            now = self._clock()
            self._admitted = {s: a for s, a in self._admitted.items() if now - a[2] < ADMISSION_TTL_S}
            self._penalties = {key: until for key, until in self._penalties.items() if until > now}
            penalty = self._penalties.get(penalty_key_of(address, table, auth))
            if penalty is not None:
                raise refusal("rate/cut_off", f"cut off for flooding: connect again in {penalty - now:.0f} s")
            per_address, per_table = self._limits.connections_per_address, self._limits.connections_per_table
            if per_address and self._per_address[address] + sum(
                    1 for a in self._admitted.values() if a[0] == address) >= per_address:
                raise refusal("limit/address_connections", f"at most {per_address} connections from one address")
            if per_table and table is not None and len(self._by_table.get(table, ())) + sum(
                    1 for a in self._admitted.values() if a[1] == table) >= per_table:
                raise refusal("limit/table_connections", f"at most {per_table} connections at one table")
            self._admitted[sid] = (address, table, now)

    def add(self, sid: str, table: str, seat: int | None, token_digest: str | None = None) -> Connection:
        """Register a new connection (holding ``seat`` with the token of ``token_digest``, or watching)."""
        with self._lock:
            address = self._admitted.pop(sid, ("unknown",))[0]
            conn = self._by_sid[sid] = Connection(sid, table, seat, self._budgets, address,
                                                  token_digest=token_digest)
            self._by_table.setdefault(table, {})[sid] = conn
            self._per_address[address] += 1
            return conn

    def spend(self, conn: Connection) -> bool:
        """Spend one event of ``conn``'s budget; False, and a strike against ``conn``, when it is spent."""
        with self._lock:
            if conn.bucket.take():
                return True
            now = self._clock()
            conn.strikes = [t for t in conn.strikes if now - t < self._limits.cut_off_window_s] + [now]
            return False

    def is_flooding(self, conn: Connection) -> bool:
        """True once ``conn`` was refused ``cut_off_after`` events within ``cut_off_window_s``."""
        return 0 < self._limits.cut_off_after <= len(conn.strikes)

    def penalize(self, conn: Connection) -> None:
        """``conn`` is being cut off: refuse its ``penalty_key`` for ``cut_off_s``."""
        if self._limits.cut_off_s:
            with self._lock:
                self._penalties[conn.penalty_key] = self._clock() + self._limits.cut_off_s

    def seated(self, table: str) -> list[Connection]:
        """Every connection at ``table`` that holds a seat."""
        with self._lock:
            return [c for c in self._at(table) if c.seat is not None]

    def seat_langs(self, table: str) -> dict[int, str]:
        """Each seat's page language at ``table``, from its newest connection (seats without one left out)."""
        with self._lock:
            return {c.seat: c.lang for c in self._at(table) if c.seat is not None}

    def get(self, sid: str) -> Connection | None:
        """The connection, or None once it is gone."""
        with self._lock:
            return self._by_sid.get(sid)

    def remove(self, sid: str) -> Connection | None:
        """Forget a connection and return it."""
        with self._lock:
            return self._forget(sid)

    def online(self, table: str, seat: int) -> int:
        """How many connections hold ``seat`` at ``table``."""
        with self._lock:
            return sum(1 for c in self._at(table) if c.seat == seat)

    def spectators(self, table: str) -> int:
        """How many connections watch ``table`` without a seat."""
        with self._lock:
            return sum(1 for c in self._at(table) if c.seat is None and not c.referee)

    def referees(self, table: str) -> list[Connection]:
        """Every connection of ``table``'s referee (one per open dashboard)."""
        with self._lock:
            return [c for c in self._at(table) if c.referee]

    def at_table(self, table: str) -> list[Connection]:
        """Every connection of ``table`` in this process (seats, spectators, referees)."""
        with self._lock:
            return list(self._at(table))

    def _at(self, table: str) -> Iterable[Connection]:
        """The connections of ``table`` (under the lock): a table's own few, never every connection of the process."""
        return self._by_table.get(table, {}).values()

    def _forget(self, sid: str) -> Connection | None:
        """Drop ``sid`` from every index (under the lock); the connection it was, if any."""
        conn = self._by_sid.pop(sid, None)
        if conn is None:
            return None
        at_table = self._by_table.get(conn.table, {})
        at_table.pop(sid, None)
        if not at_table:
            self._by_table.pop(conn.table, None)
        self._per_address[conn.address] -= 1
        if self._per_address[conn.address] <= 0:
            del self._per_address[conn.address]
        return conn
