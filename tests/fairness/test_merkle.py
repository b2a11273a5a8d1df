import pytest
from hypothesis import given, strategies as st

from referee.fairness.merkle import (ProofError, die_leaf, inclusion_proof, leaf_hash, levels_of_hashes, merkle_root, node_hash,
                                     proofs_of_hashes, root_of_hashes, verify_inclusion)
from referee.store.chain import canonical

# RFC 6962 / Certificate Transparency reference data (inputs, tree heads, audit paths).
CT_LEAVES = [bytes.fromhex(h) for h in ["", "00", "10", "2021", "3031", "40414243", "5051525354555657", "606162636465666768696a6b6c6d6e6f"]]
CT_ROOTS = [
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
]
CT_PATHS = [
    (0, 8, ["96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"]),
    (5, 8, ["bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"]),
    (2, 3, ["fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125"]),
]


@pytest.mark.parametrize("size", range(9))
def test_roots_match_the_rfc_6962_reference_tree_heads(size):
    assert merkle_root(CT_LEAVES[:size]).hex() == CT_ROOTS[size]


@pytest.mark.parametrize("index, size, path", CT_PATHS)
def test_audit_paths_match_the_rfc_6962_reference(index, size, path):
    assert [p.hex() for p in inclusion_proof(CT_LEAVES[:size], index)] == path
    assert verify_inclusion(leaf_hash(CT_LEAVES[index]), index, size, [bytes.fromhex(p) for p in path], bytes.fromhex(CT_ROOTS[size]))


@pytest.mark.parametrize("size", range(1, 41))
def test_every_leaf_of_trees_of_1_to_40_leaves_is_proven(size):
    leaves = [f"leaf {i}".encode() for i in range(size)]
    root = merkle_root(leaves)
    for index in range(size):
        proof = inclusion_proof(leaves, index)
        assert verify_inclusion(leaf_hash(leaves[index]), index, size, proof, root)
        assert not verify_inclusion(leaf_hash(b"forged"), index, size, proof, root)
        if size > 1:
            assert not verify_inclusion(leaf_hash(leaves[index]), (index + 1) % size, size, proof, root)


@given(st.lists(st.binary(max_size=8), min_size=2, max_size=40), st.data())
def test_a_proof_does_not_verify_with_a_changed_sibling_or_an_extra_hash(leaves, data):
    index = data.draw(st.integers(0, len(leaves) - 1))
    position = data.draw(st.integers(0, len(inclusion_proof(leaves, index)) - 1))
    root, proof = merkle_root(leaves), inclusion_proof(leaves, index)
    changed = list(proof)
    changed[position] = bytes(a ^ 1 for a in changed[position][:1]) + changed[position][1:]
    assert not verify_inclusion(leaf_hash(leaves[index]), index, len(leaves), changed, root)
    assert not verify_inclusion(leaf_hash(leaves[index]), index, len(leaves), proof + [bytes(32)], root)
    assert not verify_inclusion(leaf_hash(leaves[index]), index, len(leaves), proof[:-1], root)


def test_a_proof_for_a_leaf_outside_the_tree_is_refused():
    with pytest.raises(ProofError, match="leaf 3 is not in a tree of 3 leaves"):
        inclusion_proof([b"a", b"b", b"c"], 3)


def _reference_root(hashes):
    """RFC 6962 section 2.1 as written: split at the largest power of two below n."""
    if len(hashes) == 1:
        return hashes[0]
    k = 1 << ((len(hashes) - 1).bit_length() - 1)
    return node_hash(_reference_root(hashes[:k]), _reference_root(hashes[k:]))


def _reference_path(index, hashes):
    """RFC 6962 section 2.1.1's PATH(m, D[n]) as written."""
    if len(hashes) <= 1:
        return []
    k = 1 << ((len(hashes) - 1).bit_length() - 1)
    if index < k:
        return _reference_path(index, hashes[:k]) + [_reference_root(hashes[k:])]
    return _reference_path(index - k, hashes[k:]) + [_reference_root(hashes[:k])]


@given(st.integers(1, 300))
def test_the_levels_built_bottom_up_give_rfc_6962_roots_and_paths(size):
    hashes = [leaf_hash(i.to_bytes(2, "big")) for i in range(size)]
    levels = levels_of_hashes(hashes)
    assert levels[-1] == [_reference_root(hashes)] and root_of_hashes(hashes) == _reference_root(hashes)
    assert proofs_of_hashes(hashes, list(range(size))) == [_reference_path(i, hashes) for i in range(size)]


@given(st.integers(0, 2**70), st.integers(0, 2**70), st.integers(-(2**70), 2**70),
       st.one_of(st.text(), st.text("0123456789abcdefABCDEF", max_size=70), st.integers(), st.none()))
def test_a_die_leaf_is_the_canonical_json_of_its_four_fields(seat, index, value, salt):
    assert die_leaf(seat, index, value, salt) == canonical({"index": index, "salt": salt, "seat": seat, "value": value})


@given(st.sampled_from([True, 1.0, "1", None]))
def test_a_die_leaf_of_odd_types_is_still_their_canonical_json(odd):
    assert die_leaf(odd, 0, odd, "ab") == canonical({"index": 0, "salt": "ab", "seat": odd, "value": odd})
