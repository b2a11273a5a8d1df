"""The byte encodings every fairness hash, key and signature covers.

Two encodings, nothing else:

* ``fields(*parts)``: each part is length-prefixed (4-byte big-endian length, then the
  bytes). A ``str`` part is its UTF-8 bytes, an ``int`` part is 8 bytes big-endian
  unsigned, a ``bytes`` part is itself. This is the input of every HMAC key derivation.
* ``statement(domain, payload)``: the message the server signs, ``domain`` in ASCII, a
  newline, then the canonical JSON of ``payload`` (``referee.store.chain.canonical``).

>>> fields("ab", 1).hex()
'000000026162000000080000000000000001'
>>> statement("tavern-jack/head/1", {"seq": 3})
b'tavern-jack/head/1\\n{"seq":3}'
"""
from __future__ import annotations

import hashlib
import hmac
from typing import Any

from referee.store.chain import canonical

HEX_DIGEST_LENGTH = 64
MANIFEST_DOMAIN = "tavern-jack/manifest/1"
DEAL_DOMAIN = "tavern-jack/deal/1"
DRAW_DOMAIN = "tavern-jack/draw/1"
HEAD_DOMAIN = "tavern-jack/head/1"


class FairnessError(ValueError):
    """Base of every error raised by referee.fairness."""


class EncodingError(FairnessError):
    """A value cannot be encoded: a malformed hex string, a negative integer, ..."""


def fields(*parts: str | int | bytes) -> bytes:
    """Concatenate length-prefixed parts: the unambiguous input of every derivation.

    >>> fields(b"") == bytes(4)
    True
    """
    out = bytearray()
    for part in parts:
        data = _part_bytes(part)
        out += len(data).to_bytes(4, "big") + data
    return bytes(out)


def _part_bytes(part: str | int | bytes) -> bytes:
    if isinstance(part, bool):
        raise EncodingError(f"a boolean is not an encodable field: {part!r}")
    if isinstance(part, int):
        if not 0 <= part < 2**64:
            raise EncodingError(f"integer field out of the unsigned 64-bit range: {part}")
        return part.to_bytes(8, "big")
    if isinstance(part, str):
        return part.encode("utf-8")
    if isinstance(part, bytes):
        return part
    raise EncodingError(f"cannot encode a field of type {type(part).__name__}: {part!r}")


def statement(domain: str, payload: Any) -> bytes:
    """The exact bytes the server signs for ``payload`` under a domain tag."""
    return domain.encode("ascii") + b"\n" + canonical(payload)


def without_signature(payload: dict[str, Any]) -> dict[str, Any]:
    """The signed part of a payload: every field but ``signature``.

    >>> without_signature({"root": "ab", "signature": "cd"})
    {'root': 'ab'}
    """
    return {key: value for key, value in payload.items() if key != "signature"}


def sha256(data: bytes) -> bytes:
    """SHA-256 digest of ``data``.

    >>> sha256(b"").hex()[:16]
    'e3b0c44298fc1c14'
    """
    return hashlib.sha256(data).digest()


def hmac_sha256(key: bytes, message: bytes) -> bytes:
    """HMAC-SHA256 of ``message`` under ``key``.

    >>> len(hmac_sha256(b"k", b"m"))
    32
    """
    return hmac.digest(key, message, "sha256")


def from_hex32(text: Any, what: str) -> bytes:
    """Decode a 32-byte value written as 64 lowercase hex digits, or raise ``EncodingError``.

    >>> from_hex32("00" * 32, "a seed") == bytes(32)
    True
    >>> from_hex32("xyz", "a seed")
    Traceback (most recent call last):
    ...
    referee.fairness.encoding.EncodingError: a seed must be 64 lowercase hex digits, got 'xyz'
    """
    if not isinstance(text, str) or len(text) != HEX_DIGEST_LENGTH or text.lower() != text:
        raise EncodingError(f"{what} must be 64 lowercase hex digits, got {text!r}")
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise EncodingError(f"{what} must be 64 lowercase hex digits, got {text!r}") from None


def seat_map(values: dict[int, Any]) -> dict[str, Any]:
    """A per-seat mapping as it appears in hashed payloads: decimal string keys.

    JSON object keys are strings, so payloads use ``"0"``, ``"1"``, ... from the start and
    the canonical bytes do not change when a payload goes through JSON.

    >>> seat_map({2: "b", 0: "a"})
    {'0': 'a', '2': 'b'}
    """
    for seat in values:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise EncodingError(f"a seat must be a non-negative integer, got {seat!r}")
    return {str(seat): values[seat] for seat in sorted(values)}


def seats_of(mapping: dict[str, Any]) -> list[int]:
    """The seats of a payload's per-seat mapping in ascending seat order.

    >>> seats_of({"10": 1, "2": 1})
    [2, 10]
    """
    seats = []
    for key in mapping:
        if not isinstance(key, str) or not key.isdigit() or str(int(key)) != key:
            raise EncodingError(f"a seat key must be a decimal seat number, got {key!r}")
        seats.append(int(key))
    return sorted(seats)
