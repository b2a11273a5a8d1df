"""Deterministic derivation of dice, salts and draw values from a committed secret.

Everything random at a table is a pure function of a chain secret and public inputs:

* seeds digest   S = SHA-256(fields(seat_1, seed_1, seat_2, seed_2, ...)), seats ascending,
  one pair per seat that contributed a 32-byte seed (no seeds: SHA-256 of empty input);
* round key      K_r = HMAC-SHA256(x_r, fields(ROUND_KEY_TAG, table, game, r, S));
* a byte stream  block_i = HMAC-SHA256(key, fields(tag, *labels, i)) for i = 0, 1, 2, ...;
  the stream is block_0 ‖ block_1 ‖ ... read front to back;
* a value in 1..n takes k = ceil(log256 n) bytes as a big-endian integer v and keeps it
  when v < 256^k - (256^k mod n), giving 1 + v mod n; otherwise the k bytes are
  discarded and the next k are read (rejection sampling: no modulo bias);
* die j of seat s takes its value from the stream (DICE_TAG, s), in order j = 0, 1, ...,
  and its 256-bit salt is HMAC-SHA256(K_r, fields(DIE_SALT_TAG, s, j)).

>>> key = round_key(bytes(32), "t1", 1, 1, seeds_digest({}))
>>> hands, salts = derive_hands(key, {0: 5, 1: 3})
>>> [len(hands[0]), len(hands[1])], all(1 <= d <= 6 for d in hands[0] + hands[1])
([5, 3], True)
>>> derive_hands(key, {0: 5, 1: 3})[0] == hands
True
"""
from __future__ import annotations

from typing import Protocol

from referee.fairness.encoding import EncodingError, fields, from_hex32, hmac_sha256, sha256

DIE_SIDES = 6
MAX_SIDES = 2**32
ROUND_KEY_TAG = "tavern-jack/round-key/1"
DICE_TAG = "tavern-jack/dice/1"
DIE_SALT_TAG = "tavern-jack/die-salt/1"
DRAW_KEY_TAG = "tavern-jack/draw-key/1"
SEEDED_DRAW_KEY_TAG = "tavern-jack/draw-key/2"
"""The draw key of a game whose manifest says ``"draw_key": 2``: it mixes the draw's seeds digest."""
DRAW_VALUES_TAG = "tavern-jack/draw-values/1"
DRAW_SALT_TAG = "tavern-jack/draw-salt/1"


class ByteSource(Protocol):
    """Anything that hands out bytes in order (the HMAC stream, or a stub in tests)."""

    def take(self, count: int) -> bytes: ...


class HmacStream:
    """The byte stream block_0 ‖ block_1 ‖ ... with block_i = HMAC(key, fields(*labels, i)).

    >>> stream = HmacStream(bytes(32), "tag")
    >>> first = stream.take(40)
    >>> first == HmacStream(bytes(32), "tag").take(40), len(first)
    (True, 40)
    """

    def __init__(self, key: bytes, *labels: str | int) -> None:
        self._key = key
        self._prefix = fields(*labels)
        self._buffer = b""
        self._next_block = 0

    def take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            self._buffer += hmac_sha256(self._key, self._prefix + _counter(self._next_block))
            self._next_block += 1
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out


def uniform_value(source: ByteSource, sides: int) -> int:
    """A value in 1..``sides``, uniform, by rejection sampling over whole bytes.

    >>> class Bytes:
    ...     def __init__(self, data): self.data = data
    ...     def take(self, n): out, self.data = self.data[:n], self.data[n:]; return out
    >>> uniform_value(Bytes(bytes([252, 255, 7])), 6)  # 252 and 255 are rejected
    2
    """
    if isinstance(sides, bool) or not isinstance(sides, int) or not 1 <= sides <= MAX_SIDES:
        raise EncodingError(f"sides must be an integer in 1..{MAX_SIDES}, got {sides!r}")
    width = ((sides - 1).bit_length() + 7) // 8
    space = 256**width
    limit = space - space % sides
    while True:
        value = int.from_bytes(source.take(width), "big")
        if value < limit:
            return 1 + value % sides


def seeds_digest(seeds: dict[str, str]) -> bytes:
    """S: the digest of the players' seeds (payload form: seat string -> 64 hex digits).

    >>> seeds_digest({}).hex() == sha256(b"").hex()
    True
    """
    parts: list[str | int | bytes] = []
    for seat in sorted(seeds, key=int):
        parts += [int(seat), from_hex32(seeds[seat], f"the seed of seat {seat}")]
    return sha256(fields(*parts))


def round_key(x_r: bytes, table_id: str, game: int, round_no: int, digest: bytes) -> bytes:
    """K_r = HMAC-SHA256(x_r, fields(ROUND_KEY_TAG, table, game, r, S))."""
    return hmac_sha256(x_r, fields(ROUND_KEY_TAG, table_id, game, round_no, digest))


def derive_hands(key: bytes, counts: dict[int, int]) -> tuple[dict[int, list[int]], dict[int, list[bytes]]]:
    """Every seat's dice and their salts for a round key and the dice count of each seat."""
    hands: dict[int, list[int]] = {}
    salts: dict[int, list[bytes]] = {}
    for seat in sorted(counts):
        stream = HmacStream(key, DICE_TAG, seat)
        hands[seat] = [uniform_value(stream, DIE_SIDES) for _ in range(counts[seat])]
        prefix = fields(DIE_SALT_TAG, seat)
        salts[seat] = [hmac_sha256(key, prefix + _counter(j)) for j in range(counts[seat])]
    return hands, salts


def draw_key(draw_secret: bytes, table_id: str, game: int, draw_no: int, request_digest: bytes,
             digest: bytes | None = None) -> bytes:
    """D_n = HMAC-SHA256(s_n, fields(DRAW_KEY_TAG, table, game, n, SHA-256(canonical request))); with the
    draw's seeds digest S (games whose manifest says ``"draw_key": 2``):
    HMAC-SHA256(s_n, fields(SEEDED_DRAW_KEY_TAG, table, game, n, R, S)).

    >>> draw_key(bytes(32), "t1", 1, 1, bytes(32)) != draw_key(bytes(32), "t1", 1, 1, bytes(32), seeds_digest({}))
    True
    """
    if digest is None:
        return hmac_sha256(draw_secret, fields(DRAW_KEY_TAG, table_id, game, draw_no, request_digest))
    return hmac_sha256(draw_secret, fields(SEEDED_DRAW_KEY_TAG, table_id, game, draw_no, request_digest, digest))


def derive_draw(key: bytes, sides: list[int]) -> tuple[list[int], list[bytes]]:
    """The values (from stream DRAW_VALUES_TAG, in item order) and salts of a draw's items."""
    stream = HmacStream(key, DRAW_VALUES_TAG)
    values = [uniform_value(stream, item_sides) for item_sides in sides]
    prefix = fields(DRAW_SALT_TAG)
    salts = [hmac_sha256(key, prefix + _counter(k)) for k in range(len(sides))]
    return values, salts


def _counter(number: int) -> bytes:
    """``fields(number)`` for a counter (a block, a die, an item: never beyond 64 bits), written
    directly after the labels' fields, which are encoded once.

    >>> _counter(3) == fields(3)
    True
    """
    return _INTEGER_LENGTH + number.to_bytes(8, "big")


_INTEGER_LENGTH = (8).to_bytes(4, "big")
