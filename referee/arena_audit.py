"""What every family's arena shares: its deterministic secrets and key, its clock, and its audit log.

An arena game is played as a table would play it, with the secrets drawn from the run's seed
(``arena_entropy``) instead of the operating system, signed by a key derived from the seed
(``arena_signer``), and logged (``AuditBook``) with the kinds and payloads of a real table on a
clock that ticks once per entry (``logical_clock``): a run is deterministic for a seed, and its
exports verify with ``referee verify`` like a table's. Each family's arena book builds on it
(``referee.games.liars_dice.arena_book``, ``referee.games.poker_bluff.arena_book``).

Because seeds are known, the arena's secrets are not secret: an arena export proves that the
dice are the committed ones and that the log is whole and unaltered, not that nobody could
predict them.

>>> from referee.store.log import EventLog
>>> book = AuditBook(arena_signer(1), "arena-1-0001", {}, ["easy", "Rex"], EventLog(":memory:", clock=logical_clock()))
>>> [(e["kind"], e["public"].get("level")) for e in book.export()["entries"]]
[('table_created', None), ('seat_taken', 'easy'), ('seat_taken', None)]
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from referee.fairness.encoding import fields, hmac_sha256, sha256
from referee.fairness.export import build_export
from referee.fairness.keys import Signer
from referee.fairness.secrets_chain import Entropy
from referee.store.log import EventLog, NewEntry

ENTROPY_TAG = "tavern-jack/arena-entropy/1"
SALTS_TAG = "tavern-jack/arena-salts/1"
"""The tag of the stream that salts an arena game's exported secrets (apart from its dice's)."""
KEY_TAG = "tavern-jack/arena-key/1"
BOT_LEVELS = ("easy", "medium", "strong")


def arena_signer(seed: int) -> Signer:
    """The arena's default signing key: SHA-256(fields("tavern-jack/arena-key/1", str(seed))) as a raw Ed25519 key.

    Anyone who knows the seed knows this key: it makes an arena export checkable, not authentic.

    >>> arena_signer(7).public_key_hex == arena_signer(7).public_key_hex != arena_signer(8).public_key_hex
    True
    """
    return Signer.from_private_bytes(sha256(fields(KEY_TAG, str(seed))))


def arena_entropy(seed: int, game: int, tag: str = ENTROPY_TAG) -> Entropy:
    """The secrets of arena game ``game`` (1-based) of a run seeded ``seed``, in place of the OS CSPRNG.

    Call k (0, 1, …) returns the first n bytes of HMAC-SHA256(SHA-256(fields(tag, str(seed))),
    fields(game, k)): every game's secrets are independent of the others', so a run can be split
    between processes by game.

    >>> first, again = arena_entropy(3, 1), arena_entropy(3, 1)
    >>> first(32) == again(32) and first(32) == again(32) and first(32) != arena_entropy(3, 2)(32)
    True
    """
    key = sha256(fields(tag, str(seed)))
    calls = itertools.count()

    def entropy(length: int) -> bytes:
        if not 0 <= length <= 32:
            raise ValueError(f"arena entropy gives at most 32 bytes a call, not {length}")
        return hmac_sha256(key, fields(game, next(calls)))[:length]
    return entropy


def logical_clock(start_ms: int = 0) -> Callable[[], float]:
    """A clock for ``EventLog`` that ticks one millisecond per reading: entries' ``at`` are their order
    in the run, so an arena's audit files are byte-identical for a seed.

    >>> clock = logical_clock(); [int(clock() * 1000) for _ in range(3)]
    [0, 1, 2]
    """
    ticks = itertools.count(start_ms)
    return lambda: next(ticks) / 1000


class AuditBook:
    """An arena game's table log (with ``log``; without one nothing is written): table ``table_id`` with
    ``rules``, a bot in each seat (``table_created``, ``seat_taken`` per seat, at once), and its audit export."""

    def __init__(self, signer: Signer, table_id: str, rules: dict[str, Any], names: Sequence[str],
                 log: EventLog | None) -> None:
        self.signer, self.table_id, self.log = signer, table_id, log
        self._head = 0
        self.record("table_created", {"id": table_id, "rules": rules})
        for seat, name in enumerate(names):
            public: dict[str, Any] = {"seat": seat, "name": name, "kind": "bot"}
            if name in BOT_LEVELS:
                public["level"] = name
            self.record("seat_taken", public)

    def record(self, kind: str, public: dict[str, Any], secret: dict[str, Any] | None = None) -> None:
        """Append one entry to the game's log (nothing without a log)."""
        if self.log is not None:
            self._head = self.log.append(self.table_id, [NewEntry(kind, public, secret)], self._head)[-1].seq

    def export(self) -> dict[str, Any]:
        """The game's audit export (``tavern-jack-audit/1``), signed at its last entry."""
        if self.log is None:
            raise ValueError("this game was played without an audit log")
        entries = [{k: v for k, v in asdict(entry).items() if k != "table"} for entry in self.log.entries(self.table_id)]
        return build_export(self.signer, self.table_id, entries)
