"""The secrets a game commits to when it opens: a reverse hash chain for its rounds and a
Merkle-committed set of secrets for its draws.

Rounds. 
A random 32-byte top x_L is drawn when the game opens (L = ``CHAIN_LENGTH``); every
lower link is the SHA-256 of the one above it, x_{r-1} = SHA-256(x_r). The anchor x_0 goes
into the signed game manifest; x_r is published when round r is revealed. Anyone can then
check SHA-256(x_r) == x_{r-1} down to the anchor, and nobody can compute x_{r+1} from x_r.

L = 512 rounds per game: a Liar's Dice game of 8 players with 10 dice each lasts at most
79 rounds unless "spot on" gives dice back, and the rules' bound (``referee.games.liars_dice.rules.bound``,
RULES.md D) ends every game by round 478, so no game reaches ``ChainExhausted``. x_r is
recomputed from the stored top with L - r hashes (at most 512 SHA-256 calls); the server keeps
every 16th link of a game's chain in memory, so a round's deal and reveal hash at most 15 times.

Draws. Draws are revealed in any order (a difficulty check at once, a hidden pick at the end
of the round), so they cannot share a hash chain: revealing a link reveals every lower one.
Instead the game holds a random 32-byte draw master m; draw n uses
s_n = HMAC-SHA256(m, fields(DRAW_SECRET_TAG, n)). The manifest carries the RFC 6962 root
over the leaves s_1 .. s_N (N = the manifest's ``draw_slots``, what the game can need; leaf
bytes = the 32 raw bytes of s_n, hashed with the 0x00 prefix), so those draw secrets are fixed
when the game opens; revealing s_n with its inclusion proof shows nothing about any other draw.
A game that draws more (a poker-dice game of endless re-rolls) goes on in blocks of N: the
commitment of the middle draw of block b carries the root of block b + 1 (``announced_block``),
N / 2 draws before that block's first.

>>> top = bytes(32)
>>> x3, x2 = link(top, 3), link(top, 2)
>>> sha256(x3) == x2
True
>>> hashes_to(x3, 3, anchor(top))
True
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from functools import lru_cache
from typing import Callable

from referee.fairness.encoding import FairnessError, fields, hmac_sha256, sha256  # noqa: F401 (sha256: the doctests)
from referee.fairness.merkle import audit_path, leaf_hash, root_of_hashes  # noqa: F401 (leaf_hash: the doctests)

CHAIN_LENGTH = 512
CHECKPOINT_EVERY = 16
"""The links of a game's chain kept in memory: every 16th (``_checkpoints``)."""
DRAW_SLOTS = 512
"""Draws a game commits to unless its family asks for more (``open_game(draw_slots=...)``)."""
MAX_DRAW_SLOTS = 16384
CHUNK = 64
MIN_DRAW_SLOTS = CHUNK
"""The fewest draws a game commits to (one chunk of the tree)."""
MAX_DRAWS = 2**20
"""The most draws one game may make, over all its blocks of ``draw_slots``."""
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
    """x_r for round ``round_no`` (0 gives the anchor), computed from the top x_L.

    The game's chain is walked once (``_checkpoints``); a link is then at most
    ``CHECKPOINT_EVERY - 1`` hashes from the checkpoint above it.

    >>> top = bytes(range(32))
    >>> link(top, 500) == _walk(top, CHAIN_LENGTH - 500) and link(top, 0) == _walk(top, CHAIN_LENGTH)
    True
    """
    if not 0 <= round_no <= CHAIN_LENGTH:
        raise ChainExhausted(
            f"round {round_no} is outside the chain of {CHAIN_LENGTH} rounds of this game"
        )
    above = -(-round_no // CHECKPOINT_EVERY)
    return _walk(_checkpoints(top)[above], above * CHECKPOINT_EVERY - round_no)


def anchor(top: bytes) -> bytes:
    """x_0, the public anchor of the chain, published in the game manifest."""
    return _checkpoints(top)[0]


def hashes_to(x_r: bytes, round_no: int, anchor_value: bytes) -> bool:
    """True when hashing ``x_r`` ``round_no`` times gives the anchor x_0."""
    return _walk(x_r, round_no) == anchor_value


def _walk(value: bytes, steps: int) -> bytes:
    """``value`` hashed ``steps`` times with SHA-256."""
    for _ in range(steps):
        value = hashlib.sha256(value).digest()
    return value


@lru_cache(maxsize=1024)
def _checkpoints(top: bytes) -> tuple[bytes, ...]:
    """x_0, x_k, x_2k, ... x_L (k = ``CHECKPOINT_EVERY``) of the chain under ``top``: one walk of
    the chain per game (its opening needs the anchor anyway), then a deal and a reveal of round r
    hash at most k - 1 times instead of L - r (33 links, about 1 KB, a game)."""
    links = [top]
    for _ in range(CHAIN_LENGTH // CHECKPOINT_EVERY):
        links.append(_walk(links[-1], CHECKPOINT_EVERY))
    return tuple(reversed(links))


def draw_secret(master: bytes, draw_no: int) -> bytes:
    """s_n, the secret of draw ``draw_no`` (1..``MAX_DRAWS``) of a game."""
    if not 1 <= draw_no <= MAX_DRAWS:
        raise ChainExhausted(f"draw {draw_no} is outside the {MAX_DRAWS} draws a game may make")
    return hmac_sha256(master, fields(DRAW_SECRET_TAG, draw_no))


def block_of(draw_no: int, slots: int) -> tuple[int, int]:
    """The block (1, 2, ...) of ``slots`` draws that holds draw ``draw_no``, and its leaf index there.

    >>> block_of(1, 64), block_of(64, 64), block_of(65, 64)
    ((1, 0), (1, 63), (2, 0))
    """
    return (draw_no - 1) // slots + 1, (draw_no - 1) % slots


def announced_block(draw_no: int, slots: int) -> int | None:
    """The block whose root draw ``draw_no``'s commitment announces (``next_draw_root``): the
    middle draw of block b announces block b + 1, long before any of its draws; None for the others.

    >>> announced_block(32, 64), announced_block(96, 64), announced_block(33, 64)
    (2, 3, None)
    """
    return draw_no // slots + 2 if draw_no % slots == slots // 2 else None


def draw_secrets_root(master: bytes, slots: int = DRAW_SLOTS, block: int = 1) -> bytes:
    """The Merkle root over the secrets of block ``block`` (s_n for n = (block - 1) * slots + 1 ..
    block * slots): block 1's is the manifest's draw root (``slots``: a power of two from
    ``MIN_DRAW_SLOTS`` to ``MAX_DRAW_SLOTS``), a later block's is announced by a draw (``announced_block``).

    >>> from referee.fairness.merkle import leaf_hash, merkle_root, verify_inclusion
    >>> master = bytes(32)
    >>> proof = draw_secret_proof(master, 7)
    >>> verify_inclusion(leaf_hash(draw_secret(master, 7)), 6, DRAW_SLOTS, proof, draw_secrets_root(master))
    True
    >>> draw_secrets_root(master, 128) == merkle_root([draw_secret(master, n) for n in range(1, 129)])
    True
    >>> draw_secrets_root(master, 64, 2) == merkle_root([draw_secret(master, n) for n in range(65, 129)])
    True
    """
    return _tree(master, slots, block).root


def draw_secret_proof(master: bytes, draw_no: int, slots: int = DRAW_SLOTS) -> list[bytes]:
    """The inclusion proof of s_n in its block's tree (leaf index (n - 1) mod ``slots``).

    >>> from referee.fairness.merkle import inclusion_proof
    >>> master = bytes(range(32))
    >>> draw_secret_proof(master, 100, 256) == inclusion_proof([draw_secret(master, n) for n in range(1, 257)], 99)
    True
    >>> draw_secret_proof(master, 300, 256) == inclusion_proof([draw_secret(master, n) for n in range(257, 513)], 43)
    True
    """
    draw_secret(master, draw_no)  # range check with its clear message
    block, index = block_of(draw_no, slots)
    return _tree(master, slots, block).proof(index)


class _DrawTree:
    """A block of draw secrets' Merkle tree kept small: only the roots of its ``CHUNK``-leaf subtrees.

    A proof rebuilds the one chunk that holds its leaf (``CHUNK`` HMACs) and takes the rest of
    its path from the chunk roots, so a block of ``MAX_DRAW_SLOTS`` draws keeps 4 KB, not a tree.
    As ``slots`` is a power of two, every chunk is a subtree of RFC 6962's tree.
    """

    def __init__(self, master: bytes, slots: int, block: int) -> None:
        if slots < MIN_DRAW_SLOTS or slots > MAX_DRAW_SLOTS or slots & (slots - 1):
            raise FairnessError(f"a game's draw slots are a power of two from {MIN_DRAW_SLOTS} to {MAX_DRAW_SLOTS}, "
                                f"got {slots}")
        if not 1 <= block <= MAX_DRAWS // slots:
            raise ChainExhausted(f"block {block} of {slots} draws is outside the {MAX_DRAWS} draws a game may make")
        self.master = master
        self.first = (block - 1) * slots + 1
        self.chunk_roots = [root_of_hashes(self._chunk(c)) for c in range(slots // CHUNK)]
        self.root = root_of_hashes(self.chunk_roots)

    def _chunk(self, number: int) -> list[bytes]:
        """The leaf hashes of chunk ``number``: ``leaf_hash(draw_secret(master, n))`` written out
        for speed (a game of 8192 draws hashes them all when it opens)."""
        first = self.first + number * CHUNK
        master, prefix = self.master, _DRAW_FIELDS_PREFIX
        return [hashlib.sha256(b"\x00" + hmac.digest(master, prefix + n.to_bytes(8, "big"), "sha256")).digest()
                for n in range(first, first + CHUNK)]

    def proof(self, index: int) -> list[bytes]:
        chunk = index // CHUNK
        return audit_path(index % CHUNK, self._chunk(chunk)) + audit_path(chunk, self.chunk_roots)


_DRAW_FIELDS_PREFIX = fields(DRAW_SECRET_TAG) + (8).to_bytes(4, "big")
"""``fields(DRAW_SECRET_TAG, n)`` without n's 8 bytes (the length of an integer field is 8)."""


@lru_cache(maxsize=256)
def _tree(master: bytes, slots: int, block: int) -> _DrawTree:
    """The tree of a block of a game's draw secrets, built once while the game plays (a draw and
    its reveal both need it)."""
    return _DrawTree(master, slots, block)
