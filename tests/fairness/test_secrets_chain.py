import hashlib

import pytest
from hypothesis import given, strategies as st

from referee.fairness.merkle import leaf_hash, verify_inclusion
from referee.fairness.secrets_chain import (
    CHAIN_LENGTH,
    DRAW_SLOTS,
    MAX_DRAWS,
    ChainExhausted,
    anchor,
    draw_secret,
    draw_secret_proof,
    draw_secrets_root,
    hashes_to,
    link,
    new_secret,
)
from referee.fairness.encoding import FairnessError, sha256

tops = st.binary(min_size=32, max_size=32)


@given(tops, st.integers(1, CHAIN_LENGTH))
def test_each_link_hashes_to_the_one_below(top, r):
    assert sha256(link(top, r)) == link(top, r - 1)


@given(tops, st.integers(0, CHAIN_LENGTH))
def test_every_link_hashes_back_to_the_anchor_in_r_steps(top, r):
    assert hashes_to(link(top, r), r, anchor(top))
    if r > 0:
        assert not hashes_to(link(top, r), r - 1, anchor(top))


@given(tops)
def test_every_link_is_the_top_hashed_l_minus_r_times(top):
    expected, value = {CHAIN_LENGTH: top}, top
    for r in range(CHAIN_LENGTH - 1, -1, -1):
        value = hashlib.sha256(value).digest()
        expected[r] = value
    assert [link(top, r) for r in range(CHAIN_LENGTH + 1)] == [expected[r] for r in range(CHAIN_LENGTH + 1)]
    assert anchor(top) == expected[0]


def test_the_top_is_the_last_link():
    top = bytes(range(32))
    assert link(top, CHAIN_LENGTH) == top


@pytest.mark.parametrize("r", [-1, CHAIN_LENGTH + 1])
def test_rounds_outside_the_chain_are_refused(r):
    with pytest.raises(ChainExhausted, match=f"round {r} is outside the chain of 512 rounds"):
        link(bytes(32), r)


def test_new_secrets_are_32_fresh_bytes():
    assert len(new_secret()) == 32 and new_secret() != new_secret()


def test_draw_secrets_differ_and_each_is_proven_under_the_root():
    master = bytes([3]) * 32
    root = draw_secrets_root(master)
    assert len({draw_secret(master, n) for n in range(1, 20)}) == 19
    for n in (1, 2, 255, 256, DRAW_SLOTS):
        proof = draw_secret_proof(master, n)
        assert verify_inclusion(leaf_hash(draw_secret(master, n)), n - 1, DRAW_SLOTS, proof, root)
        assert not verify_inclusion(leaf_hash(draw_secret(master, n)), n % DRAW_SLOTS, DRAW_SLOTS, proof, root)


@pytest.mark.parametrize("n", [0, MAX_DRAWS + 1])
def test_draw_numbers_outside_a_games_draws_are_refused(n):
    with pytest.raises(ChainExhausted, match=f"draw {n} is outside the {MAX_DRAWS} draws a game may make"):
        draw_secret(bytes(32), n)


@pytest.mark.parametrize("slots", [64, 1024, 8192])
def test_a_game_with_more_draw_slots_proves_every_draw_under_its_root(slots):
    master = bytes([7]) * 32
    root = draw_secrets_root(master, slots)
    assert root != draw_secrets_root(master, slots * 2)
    for n in sorted({1, 63, 64, min(65, slots), slots // 2 + 1, slots}):
        proof = draw_secret_proof(master, n, slots)
        assert verify_inclusion(leaf_hash(draw_secret(master, n)), n - 1, slots, proof, root)
        assert not verify_inclusion(leaf_hash(draw_secret(master, n)), n % slots, slots, proof, root)
    next_block = draw_secrets_root(master, slots, 2)
    for n in (slots + 1, 2 * slots):
        proof = draw_secret_proof(master, n, slots)
        assert verify_inclusion(leaf_hash(draw_secret(master, n)), n - slots - 1, slots, proof, next_block)
        assert not verify_inclusion(leaf_hash(draw_secret(master, n)), n - slots - 1, slots, proof, root)


@pytest.mark.parametrize("slots", [32, 100, 32768])
def test_draw_slots_that_are_not_a_power_of_two_in_range_are_refused(slots):
    with pytest.raises(FairnessError, match="a power of two from 64 to 16384"):
        draw_secrets_root(bytes([slots % 256]) * 32, slots)
