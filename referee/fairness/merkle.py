"""RFC 6962 (Certificate Transparency) Merkle tree hashing, inclusion proofs, and the
exact leaf encodings of dice and draw results.

* leaf hash  = SHA-256(0x00 ‖ leaf bytes); node hash = SHA-256(0x01 ‖ left ‖ right);
* the root of n > 1 leaves splits them at k, the largest power of two below n:
  MTH(D[0:n]) = node(MTH(D[0:k]), MTH(D[k:n])); the root of no leaves is SHA-256("");
* an inclusion proof is RFC 6962's audit path (siblings from the leaf upwards), checked
  with RFC 9162 section 2.1.3.2.

>>> leaves = [b"a", b"b", b"c"]
>>> root = merkle_root(leaves)
>>> proof = inclusion_proof(leaves, 2)
>>> verify_inclusion(leaf_hash(b"c"), 2, 3, proof, root)
True
>>> verify_inclusion(leaf_hash(b"x"), 2, 3, proof, root)
False
"""
from __future__ import annotations

from collections.abc import Sequence

from referee.fairness.encoding import FairnessError, sha256
from referee.store.chain import canonical


class ProofError(FairnessError):
    """An inclusion proof was asked for a leaf that is not in the tree."""


def leaf_hash(data: bytes) -> bytes:
    """SHA-256(0x00 ‖ data)."""
    return sha256(b"\x00" + data)


def node_hash(left: bytes, right: bytes) -> bytes:
    """SHA-256(0x01 ‖ left ‖ right)."""
    return sha256(b"\x01" + left + right)


def _split(size: int) -> int:
    """The largest power of two strictly below ``size`` (size >= 2)."""
    return 1 << ((size - 1).bit_length() - 1)


def root_of_hashes(hashes: list[bytes]) -> bytes:
    """The Merkle tree hash of leaves given by their leaf hashes."""
    if not hashes:
        return sha256(b"")
    if len(hashes) == 1:
        return hashes[0]
    k = _split(len(hashes))
    return node_hash(root_of_hashes(hashes[:k]), root_of_hashes(hashes[k:]))


def merkle_root(leaves: list[bytes]) -> bytes:
    """The Merkle tree hash of ``leaves`` (raw leaf bytes)."""
    return root_of_hashes([leaf_hash(leaf) for leaf in leaves])


def inclusion_proof(leaves: list[bytes], index: int) -> list[bytes]:
    """The audit path of leaf ``index`` in the tree of ``leaves`` (raw leaf bytes)."""
    if not 0 <= index < len(leaves):
        raise ProofError(f"leaf {index} is not in a tree of {len(leaves)} leaves")
    return audit_path(index, [leaf_hash(leaf) for leaf in leaves])


def inclusion_proofs(leaves: list[bytes], indices: list[int]) -> list[list[bytes]]:
    """The audit paths of several leaves, hashing the leaves and each subtree once.

    >>> leaves = [bytes([i]) for i in range(11)]
    >>> inclusion_proofs(leaves, list(range(11))) == [inclusion_proof(leaves, i) for i in range(11)]
    True
    """
    return proofs_of_hashes([leaf_hash(leaf) for leaf in leaves], indices)


def proofs_of_hashes(hashes: Sequence[bytes], indices: list[int]) -> list[list[bytes]]:
    """The audit paths of several leaves given by their leaf hashes, each subtree hashed once.

    >>> proofs_of_hashes([leaf_hash(b"a"), leaf_hash(b"b")], [1]) == [inclusion_proof([b"a", b"b"], 1)]
    True
    """
    for index in indices:
        if not 0 <= index < len(hashes):
            raise ProofError(f"leaf {index} is not in a tree of {len(hashes)} leaves")
    roots: dict[tuple[int, int], bytes] = {}

    def root(low: int, high: int) -> bytes:
        """The root of the subtree of leaves ``low``..``high - 1`` (each computed once)."""
        if (low, high) not in roots:
            if high - low == 1:
                roots[low, high] = hashes[low]
            else:
                middle = low + _split(high - low)
                roots[low, high] = node_hash(root(low, middle), root(middle, high))
        return roots[low, high]

    def path(index: int, low: int, high: int) -> list[bytes]:
        if high - low <= 1:
            return []
        middle = low + _split(high - low)
        if index < middle:
            return path(index, low, middle) + [root(middle, high)]
        return path(index, middle, high) + [root(low, middle)]

    return [path(index, 0, len(hashes)) for index in indices]


def audit_path(index: int, hashes: list[bytes]) -> list[bytes]:
    """The audit path of leaf ``index`` in the tree of leaves given by their leaf hashes."""
    if len(hashes) <= 1:
        return []
    k = _split(len(hashes))
    if index < k:
        return audit_path(index, hashes[:k]) + [root_of_hashes(hashes[k:])]
    return audit_path(index - k, hashes[k:]) + [root_of_hashes(hashes[:k])]


def verify_inclusion(leaf: bytes, index: int, size: int, proof: list[bytes], root: bytes) -> bool:
    """True when ``proof`` shows the leaf hash ``leaf`` at ``index`` of a tree of ``size``
    leaves whose root is ``root`` (RFC 9162, 2.1.3.2)."""
    if not 0 <= index < size:
        return False
    fn, sn, value = index, size - 1, leaf
    for sibling in proof:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            value = node_hash(sibling, value)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            value = node_hash(value, sibling)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and value == root


def die_leaf(seat: int, index: int, value: int, salt_hex: str) -> bytes:
    """The leaf of one die: canonical JSON of {index, salt, seat, value}.

    >>> die_leaf(2, 0, 5, "ab" * 32)[-22:]
    b'b","seat":2,"value":5}'
    """
    return canonical({"seat": seat, "index": index, "value": value, "salt": salt_hex})


def draw_leaf(index: int, label: str, sides: int, value: int, salt_hex: str) -> bytes:
    """The leaf of one draw result: canonical JSON of {index, label, salt, sides, value}.

    >>> draw_leaf(0, "d20", 20, 17, "00" * 32)[:32]
    b'{"index":0,"label":"d20","salt":'
    """
    return canonical({"index": index, "label": label, "sides": sides, "value": value, "salt": salt_hex})


def hand_leaves(hands: dict[int, list[int]], salts: dict[int, list[str]]) -> list[bytes]:
    """The leaves of a round, seats ascending, dice in hand order within a seat."""
    return [
        die_leaf(seat, j, value, salts[seat][j])
        for seat in sorted(hands)
        for j, value in enumerate(hands[seat])
    ]
