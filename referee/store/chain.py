"""The hash chain that links every entry of a table's event log.

Each entry carries a public part and, optionally, a secret part (dice before their
reveal, seat tokens' digests, chain secrets). The entry hash covers the public part and
only a digest of the secret part, so a public audit export can prove the whole chain
while the secrets stay on the server until their reveal.

>>> h = entry_hash(GENESIS, 1, "table_created", {"id": "abc"}, None, 1_700_000_000_000)
>>> len(h), h == entry_hash(GENESIS, 1, "table_created", {"id": "abc"}, None, 1_700_000_000_000)
(64, True)
>>> secret_digest({"hands": {"0": [1, 2]}}) == secret_digest({"hands": {"0": [1, 2]}})
True
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS = "0" * 64

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


def entry_hash(prev_hash: str, seq: int, kind: str, public: Any, digest: str | None, at: int) -> str:
    """The hash of one log entry, chained to the hash of the entry before it; ``at`` is Unix time in ms."""
    body = canonical({"seq": seq, "kind": kind, "public": public, "secret_digest": digest, "at": at})
    return hashlib.sha256(prev_hash.encode("ascii") + b"\n" + body).hexdigest()
