"""The hash chain that links every entry of a table's event log.

Each entry carries a public part and, optionally, a secret part (dice before their
reveal, seat tokens' digests, chain secrets). The entry hash covers the public part and
only a digest of the secret part, so a public audit export can prove the whole chain
while the secrets stay on the server until their reveal.

The digest is salted (docs/fairness.md section 7): ``salted:`` and SHA-256(salt ‖
canonical(secret)) in hex, the salt 32 random bytes kept beside the secret and published with
it, so nobody can test a guess about a sealed secret against its digest before the reveal.
Logs written before salting carry the bare SHA-256(canonical(secret)) (``secret_digest``);
both kinds verify. A private message's text is not committed at all (``PRIVATE_KINDS``): its
entry's digest is null, so nothing computed from the text ever leaves the server.

>>> h = entry_hash(GENESIS, 1, "table_created", {"id": "abc"}, None, 1_700_000_000_000)
>>> len(h), h == entry_hash(GENESIS, 1, "table_created", {"id": "abc"}, None, 1_700_000_000_000)
(64, True)
>>> secret_digest({"hands": {"0": [1, 2]}}) == secret_digest({"hands": {"0": [1, 2]}})
True
>>> sealed = salted_digest({"roll": 17}, bytes(32))
>>> sealed[:7], digest_holds({"roll": 17}, "00" * 32, sealed), digest_holds({"roll": 16}, "00" * 32, sealed)
('salted:', True, False)
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS = "0" * 64
SALTED = "salted:"
"""How a salted secret digest begins (a bare 64-hex digest is unsalted: a log written before salting)."""
SALT_BYTES = 32
PRIVATE_KINDS = frozenset({"message_sent"})
"""The kinds whose secret part the chain does not commit (digest null, never exported): a private
message between a player and the referee leaves the server in no form, not even a digest."""

_canonical_text = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
"""One encoder for every call: ``json.dumps`` with options builds a new one each time, most of the
cost of a small value (every die's leaf, every entry's hash)."""


def canonical(value: Any) -> bytes:
    """JSON with sorted keys, no spaces, UTF-8: the bytes every hash in the project covers.

    >>> canonical({"b": 1, "a": "й"})
    b'{"a":"\\xd0\\xb9","b":1}'
    >>> canonical([{"z": [1.5, None, True]}, "x"]) == json.dumps([{"z": [1.5, None, True]}, "x"]).replace(" ", "").encode()
    True
    """
    return _canonical_text(value).encode("utf-8")


def secret_digest(secret: Any) -> str | None:
    """SHA-256 of the canonical secret part, or None when an entry has no secret."""
    if secret is None:
        return None
    return hashlib.sha256(canonical(secret)).hexdigest()


def salted_digest(secret: Any, salt: bytes) -> str:
    """The digest of a secret part that nobody can test guesses against without ``salt``."""
    return SALTED + hashlib.sha256(salt + canonical(secret)).hexdigest()


def is_salted(digest: Any) -> bool:
    """True for a salted digest (``salted:`` and 64 hex digits)."""
    return isinstance(digest, str) and digest.startswith(SALTED) and _is_hex(digest[len(SALTED):], 64)


def digest_holds(secret: Any, salt: Any, digest: Any) -> bool:
    """True when ``secret`` (with ``salt``, hex, for a salted digest) is what ``digest`` commits to."""
    if is_salted(digest):
        return _is_hex(salt, 2 * SALT_BYTES) and salted_digest(secret, bytes.fromhex(salt)) == digest
    return bool(secret_digest(secret) == digest)


def _is_hex(text: Any, length: int) -> bool:
    return isinstance(text, str) and len(text) == length and all(c in "0123456789abcdef" for c in text)


def entry_hash(prev_hash: str, seq: int, kind: str, public: Any, digest: str | None, at: int) -> str:
    """The hash of one log entry, chained to the hash of the entry before it; ``at`` is Unix time in ms."""
    body = canonical({"seq": seq, "kind": kind, "public": public, "secret_digest": digest, "at": at})
    return hashlib.sha256(prev_hash.encode("ascii") + b"\n" + body).hexdigest()
