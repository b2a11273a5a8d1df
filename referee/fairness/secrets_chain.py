"""The secrets a game commits to when it opens: a reverse hash chain for its rounds and a
Merkle-committed set of secrets for its draws.

Rounds. 
A random 32-byte top x_L is drawn when the game opens (L = ``CHAIN_LENGTH``); every
lower link is the SHA-256 of the one above it, x_{r-1} = SHA-256(x_r). The anchor x_0 goes
into the signed game manifest; x_r is published when round r is revealed. Anyone can then
check SHA-256(x_r) == x_{r-1} down to the anchor, and nobody can compute x_{r+1} from x_r.

L = 512 rounds per game: a Liar's Dice game of 8 players with 10 dice each lasts at most
79 rounds unless "spot on" gives dice back, so 512 is out of reach in practice; a game that
reaches it gets ``ChainExhausted``. x_r is recomputed from the stored top with L - r
hashes (at most 512 SHA-256 calls, well under a millisecond), so nothing else is stored.

Draws. Draws are revealed in any order (a difficulty check at once, a hidden pick at the end
of the round), so they cannot share a hash chain: revealing a link reveals every lower one.
Instead the game holds a random 32-byte draw master m; draw n (1..``DRAW_SLOTS``) uses
s_n = HMAC-SHA256(m, fields(DRAW_SECRET_TAG, n)). The manifest carries the RFC 6962 root
over the leaves s_1 .. s_512 (leaf bytes = the 32 raw bytes of s_n, hashed with the 0x00
prefix), so every draw secret is fixed when the game opens; revealing s_n with its
inclusion proof shows nothing about any other draw.

>>> top = bytes(32)
>>> x3, x2 = link(top, 3), link(top, 2)
>>> sha256(x3) == x2
True
>>> hashes_to(x3, 3, anchor(top))
True
"""
from __future__ import annotations

import secrets
from typing import Callable

from referee.fairness.encoding import FairnessError, fields, hmac_sha256, sha256
from referee.fairness.merkle import inclusion_proof, merkle_root

CHAIN_LENGTH = 512
DRAW_SLOTS = 512
DRAW_SECRET_TAG = "tavern-jack/draw-secret/1"
SECRET_LENGTH = 32


class ChainExhausted(FairnessError):
    """A round number outside 1..CHAIN_LENGTH was asked of the chain."""


Entropy = Callable[[int], bytes]


def new_secret(entropy: Entropy = secrets.token_bytes) -> bytes:
    """32 fresh random bytes (a chain top x_L or a draw master): the only randomness drawn.

    ``entropy`` is the operating system's CSPRNG; tests pass a seeded source instead.
    """
    value = entropy(SECRET_LENGTH)
    if len(value) != SECRET_LENGTH:
        raise FairnessError(f"the entropy source gave {len(value)} bytes, not {SECRET_LENGTH}")
    return value


def link(top: bytes, round_no: int) -> bytes:
    """x_r for round ``round_no`` (0 gives the anchor), computed from the top x_L."""
    if not 0 <= round_no <= CHAIN_LENGTH:
        raise ChainExhausted(
            f"round {round_no} is outside the chain of {CHAIN_LENGTH} rounds of this game"
        )
    value = top
    for _ in range(CHAIN_LENGTH - round_no):
        value = sha256(value)
    return value


def anchor(top: bytes) -> bytes:
    """x_0, the public anchor of the chain, published in the game manifest."""
    return link(top, 0)


def hashes_to(x_r: bytes, round_no: int, anchor_value: bytes) -> bool:
    """True when hashing ``x_r`` ``round_no`` times gives the anchor x_0."""
    value = x_r
    for _ in range(round_no):
        value = sha256(value)
    return value == anchor_value


def draw_secret(master: bytes, draw_no: int) -> bytes:
    """s_n, the secret of draw ``draw_no`` (1..DRAW_SLOTS) of a game."""
    if not 1 <= draw_no <= DRAW_SLOTS:
        raise ChainExhausted(f"draw {draw_no} is outside the {DRAW_SLOTS} draws of this game")
    return hmac_sha256(master, fields(DRAW_SECRET_TAG, draw_no))


def _draw_secrets(master: bytes) -> list[bytes]:
    """s_1 .. s_DRAW_SLOTS, each exactly ``draw_secret``'s, with the tag's field encoded once
    (encoding it per slot was most of opening a game).

    >>> _draw_secrets(bytes(32))[6] == draw_secret(bytes(32), 7), len(_draw_secrets(bytes(32))) == DRAW_SLOTS
    (True, True)
    """
    tag, slot_length = fields(DRAW_SECRET_TAG), (8).to_bytes(4, "big")
    return [hmac_sha256(master, tag + slot_length + n.to_bytes(8, "big")) for n in range(1, DRAW_SLOTS + 1)]


def draw_secrets_root(master: bytes) -> bytes:
    """The Merkle root over s_1 .. s_DRAW_SLOTS, published in the game manifest.

    >>> from referee.fairness.merkle import leaf_hash, verify_inclusion
    >>> master = bytes(32)
    >>> proof = draw_secret_proof(master, 7)
    >>> verify_inclusion(leaf_hash(draw_secret(master, 7)), 6, DRAW_SLOTS, proof, draw_secrets_root(master))
    True
    """
    return merkle_root(_draw_secrets(master))


def draw_secret_proof(master: bytes, draw_no: int) -> list[bytes]:
    """The inclusion proof of s_n (leaf index n - 1) under the draw root."""
    draw_secret(master, draw_no)  # range check with its clear message
    return inclusion_proof(_draw_secrets(master), draw_no - 1)
