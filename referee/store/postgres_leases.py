"""Table leases in PostgreSQL: one ``table_leases`` row per table, shared by every process.

A row holds the owner, the fencing token and the expiry, in the database's clock (so the
processes' clocks never have to agree). Taking a lease is one statement: insert the row with
token 1, or update it when it is this owner's (renewal: same token) or expired (takeover: the
token grows by one). Giving a lease back marks it expired (and ``released``) and keeps the token, so the next
owner's token is still larger than every token before it: a row is never deleted. A process
asked for a table another one holds writes its name in the row's ``wanted_by`` (``ask``); the
holder reads its ``wanted`` tables at each renewal and gives them back, and the next take clears
the request. The
``PostgresStore`` checks the token inside every append (``store/fenced``).
"""
from __future__ import annotations

import threading
from typing import Any

from .leases import Lease, LeaseRecord, StoreFenced, StoreLeased, new_owner
from .pg_pool import Conn, Pool

_TAKE = """
WITH before AS (SELECT owner FROM table_leases WHERE table_id = %(table)s)
INSERT INTO table_leases AS lease (table_id, owner, token, expires_at)
VALUES (%(table)s, %(owner)s, 1, clock_timestamp() + %(seconds)s * INTERVAL '1 second')
ON CONFLICT (table_id) DO UPDATE SET
    token = CASE WHEN lease.owner = excluded.owner THEN lease.token ELSE lease.token + 1 END,
    owner = excluded.owner,
    expires_at = excluded.expires_at,
    wanted_by = NULL,
    released = FALSE
WHERE lease.owner = excluded.owner OR lease.expires_at <= clock_timestamp()
RETURNING token, (EXTRACT(EPOCH FROM expires_at) * 1000)::BIGINT, (SELECT owner FROM before)
"""
_RENEW = """
UPDATE table_leases SET expires_at = clock_timestamp() + %(seconds)s * INTERVAL '1 second'
WHERE table_id = %(table)s AND owner = %(owner)s AND token = %(token)s
RETURNING token, (EXTRACT(EPOCH FROM expires_at) * 1000)::BIGINT
"""
_RENEW_ALL = """
UPDATE table_leases SET expires_at = clock_timestamp() + %(seconds)s * INTERVAL '1 second'
WHERE owner = %(owner)s AND (table_id, token) IN (SELECT * FROM unnest(%(tables)s::TEXT[], %(tokens)s::BIGINT[]))
RETURNING table_id
"""
_RELEASE = """
UPDATE table_leases SET expires_at = clock_timestamp(), wanted_by = NULL, released = TRUE
WHERE table_id = %(table)s AND owner = %(owner)s AND token = %(token)s
"""
_ASK = """
UPDATE table_leases SET wanted_by = %(owner)s WHERE table_id = %(table)s AND owner <> %(owner)s
"""
_ORPHANS = """
SELECT t.table_id FROM tables t JOIN table_leases lease USING (table_id)
WHERE NOT t.archived AND lease.expires_at <= clock_timestamp()
      - CASE WHEN lease.released THEN %(grace)s ELSE 0 END * INTERVAL '1 second'
ORDER BY lease.expires_at LIMIT %(limit)s
"""
_REPORT = """
SELECT t.table_id, t.head, t.archived, lease.owner, lease.token,
       (EXTRACT(EPOCH FROM lease.expires_at - clock_timestamp()) * 1000)::BIGINT, lease.wanted_by
FROM tables t LEFT JOIN table_leases lease USING (table_id) ORDER BY t.table_id COLLATE "C"
"""
_WANTED = """
SELECT table_id FROM table_leases
WHERE owner = %(owner)s AND wanted_by IS NOT NULL AND wanted_by <> owner AND expires_at > clock_timestamp()
"""


class PostgresLeases:
    """This process's leases, kept in ``table_leases`` for ``lease_s`` seconds from each renewal,
    to be renewed every third of that."""

    def __init__(self, pool: Pool, lease_s: float = 10.0, owner: str | None = None) -> None:
        self.owner = owner or new_owner()
        self.renewal_s: float | None = lease_s / 3
        self._pool = pool
        self._lease_s = lease_s
        self._held: dict[str, int] = {}
        self._lock = threading.Lock()

    def acquire(self, table: str) -> Lease:
        """Take the lease (free, expired or already ours); ``StoreLeased`` while another owner's is live."""
        row = self._pool.run(lambda conn: _one(conn, _TAKE, {"table": table, "owner": self.owner,
                                                             "seconds": self._lease_s}))
        if row is None:
            holder = self._pool.run(lambda conn: _one(conn, "SELECT owner FROM table_leases WHERE table_id = %(table)s",
                                                      {"table": table}))
            raise StoreLeased(table, str(holder[0]) if holder else "unknown")
        return self._keep(table, int(row[0]), int(row[1]), row[2])

    def renew(self, table: str) -> Lease:
        """Extend our lease; ``StoreFenced`` (and the lease forgotten) when another owner took it over."""
        token = self.token(table)
        if token is None:
            raise StoreFenced(table, None)
        row = self._pool.run(lambda conn: _one(conn, _RENEW, {"table": table, "owner": self.owner, "token": token,
                                                              "seconds": self._lease_s}))
        if row is None:
            self._forget(table)
            raise StoreFenced(table, token)
        return self._keep(table, token, int(row[1]), self.owner)

    def renew_all(self) -> list[str]:
        """Renew every lease held in one statement; returns (and forgets) the tables lost."""
        with self._lock:
            held = dict(self._held)
        if not held:
            return []
        params = {"owner": self.owner, "seconds": self._lease_s, "tables": list(held), "tokens": list(held.values())}
        renewed = {str(row[0]) for row in self._pool.run(lambda conn: conn.execute(_RENEW_ALL, params).fetchall())}
        lost = sorted(set(held) - renewed)
        for table in lost:
            self._forget(table)
        return lost

    def release(self, table: str) -> None:
        """Give the lease back (expired at once, token kept), if we still hold it."""
        token = self.token(table)
        if token is None:
            return
        self._forget(table)
        self._pool.run(lambda conn: conn.execute(_RELEASE, {"table": table, "owner": self.owner, "token": token}))

    def token(self, table: str) -> int | None:
        """The fencing token we hold on ``table`` (None: no lease)."""
        with self._lock:
            return self._held.get(table)

    def held(self) -> list[str]:
        """The tables we hold a lease on, by id."""
        with self._lock:
            return sorted(self._held)

    def ask(self, table: str) -> None:
        """Write our name in the table's ``wanted_by``: its holder hands it over on its next renewal."""
        self._pool.run(lambda conn: conn.execute(_ASK, {"table": table, "owner": self.owner}))

    def wanted(self) -> list[str]:
        """The tables we hold whose ``wanted_by`` names another process."""
        if not self.held():
            return []
        rows = self._pool.run(lambda conn: conn.execute(_WANTED, {"owner": self.owner}).fetchall())
        held = set(self.held())
        return sorted(str(row[0]) for row in rows if row[0] in held)

    def orphans(self, grace_s: float, limit: int = 100) -> list[str]:
        """Tables not archived whose lease expired unrenewed (its process died or stalled), or was
        given back ``grace_s`` seconds ago or more (time for the process a client reaches to take it
        first); the longest orphaned first (at most ``limit``: a large failover is taken a batch per renewal)."""
        rows = self._pool.run(lambda conn: conn.execute(_ORPHANS, {"grace": grace_s, "limit": limit}).fetchall())
        return [str(row[0]) for row in rows]

    def report(self) -> list[LeaseRecord]:
        """Every table with its lease as the database holds it now (``referee tables``)."""
        rows = self._pool.run(lambda conn: conn.execute(_REPORT).fetchall())
        return [LeaseRecord(str(table), int(head), bool(archived), owner, None if token is None else int(token),
                            None if left is None else int(left), wanted) for table, head, archived, owner, token, left, wanted in rows]

    def _keep(self, table: str, token: int, expires_at: int, previous: str | None = None) -> Lease:
        with self._lock:
            self._held[table] = token
        return Lease(table, self.owner, token, expires_at, previous)

    def _forget(self, table: str) -> None:
        with self._lock:
            self._held.pop(table, None)


def _one(conn: Conn, query: str, params: dict[str, Any]) -> tuple[Any, ...] | None:
    return conn.execute(query, params).fetchone()
