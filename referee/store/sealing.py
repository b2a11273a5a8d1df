"""How a store seals a new entry's secret part: its salted digest, and the text it keeps.

A secret part gets a fresh 32-byte salt from the fairness door (``new_secret``) and the digest
``salted:`` + SHA-256(salt ‖ canonical(secret)) (``chain.salted_digest``); the store keeps the
salt beside the secret (the secret column holds ``{"salt", "secret"}``) until the audit export
publishes both at the reveal. A private message (``chain.PRIVATE_KINDS``) is kept as it is and
gets no digest. A row written before salting holds the bare secret and an unsalted digest.

>>> from referee.store.base import NewEntry
>>> sealed = seal(NewEntry("die_changed", {"game": 1, "round": 1}, {"seat": 0}), salt=bytes(32))
>>> sealed.digest[:7], sealed.salt == "00" * 32
('salted:', True)
>>> unseal(sealed.stored, sealed.digest) == ({"seat": 0}, "00" * 32)
True
>>> seal(NewEntry("message_sent", {}, {"seat": 0, "by": "player", "text": "psst"})).digest is None
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from referee.fairness.secrets_chain import new_secret

from .base import Entry, NewEntry
from .chain import PRIVATE_KINDS, is_salted, salted_digest


@dataclass(frozen=True, slots=True)
class Sealed:
    """A new entry's secret digest (chained), salt (hex, kept) and the secret column's text."""

    digest: str | None
    salt: str | None
    stored: str | None


def seal(new: NewEntry, salt: bytes | None = None) -> Sealed:
    """Seal ``new``'s secret part under ``salt`` (a fresh one from the fairness door when None)."""
    if new.secret is None:
        return Sealed(None, None, None)
    if new.kind in PRIVATE_KINDS:
        return Sealed(None, None, json.dumps(new.secret))
    salt = new_secret() if salt is None else salt
    return Sealed(salted_digest(new.secret, salt), salt.hex(), json.dumps({"salt": salt.hex(), "secret": new.secret}))


def unseal(stored: str | None, digest: str | None) -> tuple[Any, str | None]:
    """The secret part and its salt (hex; None for an unsalted or private one) of a stored row."""
    if stored is None:
        return None, None
    value = json.loads(stored)
    if is_salted(digest) and isinstance(value, dict) and value.keys() == {"salt", "secret"}:
        return value["secret"], value["salt"]
    return value, None  # unsalted, private, or a row altered by hand (whose digest then fails)


def entry_of_row(table: str, row: Any) -> Entry:
    """An entry as a store reads it: ``row`` is (seq, kind, public, secret, secret_digest, prev_hash,
    hash, at) with the public part and the kept secret as JSON text."""
    seq, kind, public, stored, digest, prev, hash_, at = row
    secret, salt = unseal(stored, digest)
    return Entry(table, int(seq), kind, json.loads(public), secret, digest, prev, hash_, int(at), salt)
