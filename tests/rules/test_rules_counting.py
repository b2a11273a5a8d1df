"""Counting the cups and deciding who loses a call (RULES.md A1 §8, §10)."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import Bid, Phase, Settings, count_matching
from rules_support import bid, liar, play, play_events, rolled

HAND = (1, 3, 3, 5, 6)
ANNA, BEN, JEM = 0, 1, 2
ANNA_HAND, BEN_HAND, JEM_HAND = (1, 2, 4, 4, 6), (3, 3, 4, 5, 6), (1, 2, 2, 5, 6)


@pytest.mark.parametrize("face, expected", [(2, 1), (3, 3), (4, 1), (5, 2), (6, 2)])
def test_a_one_counts_as_every_face_in_hand_1_3_3_5_6(face: int, expected: int) -> None:
    assert count_matching([HAND], face, wild_ones=True) == expected


@pytest.mark.parametrize("face, expected", [(1, 1), (2, 0), (3, 2), (4, 0), (5, 1), (6, 1)])
def test_without_wild_ones_a_one_counts_only_as_a_one(face: int, expected: int) -> None:
    assert count_matching([HAND], face, wild_ones=False) == expected


def test_the_count_adds_up_every_cup_at_the_table() -> None:
    hands = [ANNA_HAND, BEN_HAND, JEM_HAND]
    assert count_matching(hands, 4, wild_ones=True) == 5
    assert count_matching(hands, 2, wild_ones=True) == 5
    assert count_matching(hands, 6, wild_ones=True) == 5
    assert count_matching(hands, 4, wild_ones=False) == 3
    assert count_matching([], 4, wild_ones=True) == 0
    assert count_matching([(), (1, 1)], 5, wild_ones=True) == 2


def _anna_ben_jem(jem_hand: tuple[int, ...] = JEM_HAND):
    """Ben opens with six fours, Jem (next clockwise) calls Liar."""
    state = rolled(Settings(), (ANNA, BEN, JEM), BEN, {ANNA: ANNA_HAND, BEN: BEN_HAND, JEM: jem_hand})
    state = play(state, bid(BEN, 6, 4))
    assert state.turn == JEM
    return play_events(state, liar(JEM))


def test_ben_bids_six_fours_jem_calls_five_fours_show_so_ben_loses_a_die() -> None:
    state, events = _anna_ben_jem()
    assert state.phase is Phase.REVEALED
    assert state.result is not None
    assert (state.result.bidder, state.result.caller, state.result.bid) == (BEN, JEM, Bid(6, 4))
    assert state.result.count == 5
    assert state.result.loser == BEN
    assert state.result.dice_lost == 1
    assert state.counts == (5, 4, 5)
    assert [e.kind for e in events] == ["liar", "revealed", "die_lost"]
    assert events[1].data["count"] == 5 and events[1].data["loser"] == BEN
    assert events[2].data == {"seat": BEN, "dice_left": 4}


@pytest.mark.parametrize("jem_hand, count", [((1, 2, 4, 5, 6), 6), ((1, 4, 4, 5, 6), 7), ((1, 1, 4, 4, 4), 9)])
def test_with_six_or_more_fours_the_bid_stands_and_jem_the_caller_loses(jem_hand: tuple[int, ...], count: int) -> None:
    state, _ = _anna_ben_jem(jem_hand)
    assert state.result is not None
    assert state.result.count == count
    assert state.result.loser == JEM
    assert state.counts == (5, 5, 4)


@pytest.mark.parametrize("quantity, loser", [(2, "caller"), (3, "caller"), (4, "bidder"), (5, "bidder")])
def test_when_the_count_equals_the_quantity_the_caller_loses(quantity: int, loser: str) -> None:
    # Three fives at the table (5, 5 and a wild one): bids up to 3 stand, 4 and more are false.
    state = rolled(Settings(dice_per_player=3), (0, 1), 0, {0: (5, 5, 2), 1: (1, 3, 3)})
    state = play(state, bid(0, quantity, 5), liar(1))
    assert state.result is not None and state.result.count == 3
    expected = {"caller": 1, "bidder": 0}[loser]
    assert state.result.loser == expected
    assert state.count_of(expected) == 2 and state.count_of(1 - expected) == 3


def test_the_call_always_targets_the_last_bid_of_the_round() -> None:
    state = rolled(Settings(dice_per_player=2), (0, 1, 2), 0, {0: (2, 2), 1: (3, 3), 2: (4, 4)})
    # 2 × 2 is true, 2 × 3 is true, 3 × 3 is false: Liar targets seat 2's 3 × 3.
    state = play(state, bid(0, 2, 2), bid(1, 2, 3), bid(2, 3, 3), liar(0))
    assert state.result is not None
    assert (state.result.bidder, state.result.bid, state.result.count) == (2, Bid(3, 3), 2)
    assert state.result.loser == 2


def test_without_wild_ones_ones_may_be_bid_and_count_only_as_ones() -> None:
    settings = Settings(wild_ones=False, dice_per_player=3)
    state = rolled(settings, (0, 1), 0, {0: (1, 1, 4), 1: (1, 4, 6)})
    called = play(state, bid(0, 3, 1), liar(1))
    assert called.result is not None and called.result.count == 3 and called.result.loser == 1
    # Fours: only the two fours count, the ones do not.
    called = play(state, bid(0, 3, 4), liar(1))
    assert called.result is not None and called.result.count == 2 and called.result.loser == 0


def test_with_wild_ones_the_ones_make_a_bid_true() -> None:
    state = rolled(Settings(dice_per_player=3), (0, 1), 0, {0: (1, 1, 4), 1: (1, 4, 6)})
    called = play(state, bid(0, 5, 4), liar(1))
    assert called.result is not None and called.result.count == 5 and called.result.loser == 1


def test_the_reveal_shows_every_cup_of_the_round() -> None:
    state, events = _anna_ben_jem()
    assert state.result is not None
    assert state.result.hands == ((ANNA, ANNA_HAND), (BEN, BEN_HAND), (JEM, JEM_HAND))
    assert events[1].data["hands"] == {"0": list(ANNA_HAND), "1": list(BEN_HAND), "2": list(JEM_HAND)}
    assert events[1].data["quantity"] == 6 and events[1].data["face"] == 4
    assert events[1].data["bidder"] == BEN and events[1].data["caller"] == JEM
