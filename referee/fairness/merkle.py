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
from typing import TypeVar

from referee.fairness.encoding import FairnessError, sha256
from referee.store.chain import canonical

Node = TypeVar("Node")
"""A tree node in whatever form its levels hold it (bytes, hex)."""


class ProofError(FairnessError):
    """An inclusion proof was asked for a leaf that is not in the tree."""


def leaf_hash(data: bytes) -> bytes:
    """SHA-256(0x00 ‖ data)."""
    return sha256(b"\x00" + data)


def node_hash(left: bytes, right: bytes) -> bytes:
    """SHA-256(0x01 ‖ left ‖ right)."""
    return sha256(b"\x01" + left + right)


def levels_of_hashes(hashes: Sequence[bytes]) -> list[list[bytes]]:
    """The tree's levels bottom up: the leaf hashes, then each level's nodes paired left to right,
    a last node without a partner carried up as it is, up to the root (RFC 6962's tree: its left
    subtrees are the complete ones). No leaves give one empty level.

    >>> a, b, c = (leaf_hash(x) for x in (b"a", b"b", b"c"))
    >>> levels_of_hashes([a, b, c]) == [[a, b, c], [node_hash(a, b), c], [node_hash(node_hash(a, b), c)]]
    True
    """
    level = list(hashes)
    levels = [level]
    while len(level) > 1:
        paired = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            paired.append(level[-1])
        levels.append(paired)
        level = paired
    return levels


def path_in_levels(levels: Sequence[Sequence[Node]], index: int) -> list[Node]:
    """The audit path of leaf ``index`` from a tree's ``levels_of_hashes`` (or the same levels in
    another form, e.g. hex): its sibling at each level, none where its node is carried up alone.

    >>> path_in_levels([["a", "b", "c"], ["ab", "c"], ["abc"]], 2)
    ['ab']
    """
    if not 0 <= index < len(levels[0]):
        raise ProofError(f"leaf {index} is not in a tree of {len(levels[0])} leaves")
    path = []
    for level in levels[:-1]:
        sibling = index ^ 1
        if sibling < len(level):
            path.append(level[sibling])
        index >>= 1
    return path


def root_of_hashes(hashes: Sequence[bytes]) -> bytes:
    """The Merkle tree hash of leaves given by their leaf hashes (SHA-256 of nothing for none)."""
    return levels_of_hashes(hashes)[-1][0] if hashes else sha256(b"")


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
    levels = levels_of_hashes(hashes)
    return [path_in_levels(levels, index) for index in indices]


def audit_path(index: int, hashes: Sequence[bytes]) -> list[bytes]:
    """The audit path of leaf ``index`` in the tree of leaves given by their leaf hashes."""
    return proofs_of_hashes(hashes, [index])[0]


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
    """The leaf of one die: canonical JSON of {index, salt, seat, value} (written directly for a
    hex salt and integers, the dealer's own leaves; through ``canonical`` for anything else).

    >>> die_leaf(2, 0, 5, "ab" * 32)[-22:]
    b'b","seat":2,"value":5}'
    """
    if type(seat) is int and type(index) is int and type(value) is int and _plain(salt_hex):
        return b'{"index":%d,"salt":"%s","seat":%d,"value":%d}' % (index, salt_hex.encode(), seat, value)
    return canonical({"seat": seat, "index": index, "value": value, "salt": salt_hex})


def _plain(text: object) -> bool:
    """True for a string of ASCII letters and digits, which canonical JSON writes as it is between quotes."""
    return isinstance(text, str) and text.isascii() and text.isalnum()


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
