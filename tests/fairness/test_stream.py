import collections

import pytest
from hypothesis import given, strategies as st

from referee.fairness.encoding import EncodingError, fields, hmac_sha256, sha256
from referee.fairness.stream import (
    DICE_TAG,
    DIE_SALT_TAG,
    ROUND_KEY_TAG,
    HmacStream,
    derive_draw,
    derive_hands,
    round_key,
    seeds_digest,
    uniform_value,
)


class ScriptedBytes:
    """A byte source that hands out a fixed script and counts what was taken."""

    def __init__(self, data: bytes) -> None:
        self.data, self.taken = data, 0

    def take(self, count: int) -> bytes:
        out, self.data = self.data[:count], self.data[count:]
        assert len(out) == count, "the script ran out"
        self.taken += count
        return out


@pytest.mark.parametrize("byte, value", [(0, 1), (5, 6), (6, 1), (251, 6)])
def test_accepted_bytes_map_to_one_plus_byte_mod_six(byte, value):
    assert uniform_value(ScriptedBytes(bytes([byte])), 6) == value


@pytest.mark.parametrize("rejected", [252, 253, 254, 255])
def test_bytes_above_the_largest_multiple_of_six_are_rejected(rejected):
    source = ScriptedBytes(bytes([rejected, rejected, 10]))
    assert uniform_value(source, 6) == 5
    assert source.taken == 3


def test_each_byte_value_below_the_limit_gives_every_face_equally_often():
    faces = collections.Counter(uniform_value(ScriptedBytes(bytes([b])), 6) for b in range(252))
    assert faces == {face: 42 for face in range(1, 7)}


@pytest.mark.parametrize("sides, width", [(2, 1), (20, 1), (100, 1), (256, 1), (257, 2), (1000, 2), (70000, 3)])
def test_wider_dice_read_enough_bytes_and_reject_only_the_biased_tail(sides, width):
    space = 256**width
    limit = space - space % sides
    assert uniform_value(ScriptedBytes((limit - 1).to_bytes(width, "big")), sides) == 1 + (limit - 1) % sides
    if limit < space:
        source = ScriptedBytes(limit.to_bytes(width, "big") + bytes(width))
        assert uniform_value(source, sides) == 1 and source.taken == 2 * width


def test_a_one_sided_die_needs_no_bytes():
    source = ScriptedBytes(b"")
    assert uniform_value(source, 1) == 1 and source.taken == 0


@pytest.mark.parametrize("sides", [0, -3, True, 2.0, 2**32 + 1])
def test_impossible_dice_are_refused(sides):
    with pytest.raises(EncodingError, match="sides must be an integer"):
        uniform_value(ScriptedBytes(bytes(8)), sides)


def test_the_stream_is_the_hmac_blocks_in_order():
    key = bytes(range(32))
    stream = HmacStream(key, "label", 3)
    expected = hmac_sha256(key, fields("label", 3, 0)) + hmac_sha256(key, fields("label", 3, 1))
    assert stream.take(10) + stream.take(54) == expected


def test_the_round_key_is_the_documented_hmac():
    x, digest = bytes([9]) * 32, seeds_digest({"1": "aa" * 32})
    assert round_key(x, "t", 2, 7, digest) == hmac_sha256(x, fields(ROUND_KEY_TAG, "t", 2, 7, digest))


def test_the_seeds_digest_is_over_length_prefixed_seat_seed_pairs_in_seat_order():
    seeds = {"10": "bb" * 32, "2": "aa" * 32}
    assert seeds_digest(seeds) == sha256(fields(2, bytes.fromhex("aa" * 32), 10, bytes.fromhex("bb" * 32)))


def test_the_seeds_digest_rejects_a_seed_that_is_not_32_bytes():
    with pytest.raises(EncodingError, match="the seed of seat 1 must be 64 lowercase hex digits"):
        seeds_digest({"1": "ab"})


@given(st.binary(min_size=32, max_size=32), st.dictionaries(st.integers(0, 7), st.integers(1, 10), min_size=1))
def test_dice_and_salts_are_a_deterministic_function_of_key_and_counts(key, counts):
    hands, salts = derive_hands(key, counts)
    assert (hands, salts) == derive_hands(key, counts)
    for seat, count in counts.items():
        assert len(hands[seat]) == count and all(1 <= d <= 6 for d in hands[seat])
        assert salts[seat] == [hmac_sha256(key, fields(DIE_SALT_TAG, seat, j)) for j in range(count)]


def test_a_seats_dice_do_not_depend_on_the_other_seats():
    key = bytes([5]) * 32
    assert derive_hands(key, {0: 5, 1: 5})[0][1] == derive_hands(key, {1: 5, 3: 2})[0][1]


def test_the_dice_of_a_seat_are_its_own_stream_read_in_order():
    key = bytes([5]) * 32
    stream = HmacStream(key, DICE_TAG, 4)
    assert derive_hands(key, {4: 6})[0][4] == [uniform_value(stream, 6) for _ in range(6)]


def test_different_keys_give_different_hands():
    hands = {tuple(derive_hands(bytes([k]) * 32, {0: 10})[0][0]) for k in range(20)}
    assert len(hands) == 20


def test_a_draw_reads_its_items_in_order_from_one_stream():
    values, salts = derive_draw(bytes(32), [20, 100, 3])
    assert 1 <= values[0] <= 20 and 1 <= values[1] <= 100 and 1 <= values[2] <= 3
    assert len(set(salts)) == 3 and derive_draw(bytes(32), [20, 100, 3]) == (values, salts)
