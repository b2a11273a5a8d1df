"""Bids and raises: faces, the cap at N, what counts as higher, exact counts of legal actions (A1 §4–7)."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import (Bid, CallLiar, IllegalAction, MakeBid, NextRound, Roll, Settings, apply, is_raise,
                           legal_actions, legal_raises, new_game)
from rules_support import bid, liar, play, rolled

WILD_FACES = (2, 3, 4, 5, 6)
ALL_FACES = (1, 2, 3, 4, 5, 6)


def _two_players(dice: int = 5, **settings: object):
    """Seats 0 and 1 with ``dice`` dice each, rolled, seat 0 to open: N = 2 × dice."""
    hand = tuple((i % 6) + 1 for i in range(dice))
    return rolled(Settings(dice_per_player=dice, **settings), (0, 1), 0, {0: hand, 1: hand})


def _bids(state) -> list[Bid]:
    return [a.bid for a in legal_actions(state) if isinstance(a, MakeBid)]


def _has_liar(state) -> bool:
    return any(isinstance(a, CallLiar) for a in legal_actions(state))


# --- is_raise -------------------------------------------------------------------------------


def test_bid_must_raise_quantity_or_face() -> None:
    standing = Bid(4, 5)
    assert is_raise(standing, Bid(5, 2), total_dice=10)  # more dice, any face
    assert is_raise(standing, Bid(5, 5), total_dice=10)
    assert is_raise(standing, Bid(4, 6), total_dice=10)  # as many dice, higher face
    assert not is_raise(standing, Bid(4, 5), total_dice=10)  # the same bid
    assert not is_raise(standing, Bid(4, 4), total_dice=10)  # as many dice, lower face
    assert not is_raise(standing, Bid(3, 6), total_dice=10)  # fewer dice, even on a higher face


def test_a_raise_never_goes_above_n_dice_in_play() -> None:
    assert is_raise(Bid(9, 6), Bid(10, 2), total_dice=10)
    assert not is_raise(Bid(9, 6), Bid(11, 2), total_dice=10)
    assert not is_raise(None, Bid(11, 2), total_dice=10)
    assert not is_raise(None, Bid(0, 2), total_dice=10)


@pytest.mark.parametrize("total", [1, 2, 7, 30])
def test_is_raise_agrees_with_the_lexicographic_order_of_quantity_then_face(total: int) -> None:
    candidates = [Bid(q, f) for q in range(0, total + 2) for f in ALL_FACES]
    for standing in [Bid(q, f) for q in range(1, total + 1) for f in ALL_FACES]:
        for new in candidates:
            expected = 1 <= new.quantity <= total and (new.quantity, new.face) > (standing.quantity, standing.face)
            assert is_raise(standing, new, total_dice=total) is expected, (standing, new)


# --- legal_raises and legal_actions: exact counts ---------------------------------------------


def test_the_opener_may_bid_any_quantity_1_to_n_on_faces_2_to_6_fifty_bids_with_n_10() -> None:
    state = _two_players(5)
    actions = legal_actions(state)
    assert len(actions) == 50
    assert all(isinstance(a, MakeBid) and a.seat == 0 for a in actions)
    assert {a.bid for a in actions} == {Bid(q, f) for q in range(1, 11) for f in WILD_FACES}


def test_the_opener_cannot_call_liar() -> None:
    state = _two_players(5)
    assert not _has_liar(state)
    with pytest.raises(IllegalAction) as err:
        apply(state, liar(0))
    assert err.value.code == "call/no_bid"


def test_after_three_fours_with_n_10_there_are_37_raises_and_liar() -> None:
    state = play(_two_players(5), bid(0, 3, 4))
    bids = _bids(state)
    # 3 × 5, 3 × 6, then 4..10 of any of five faces.
    assert len(bids) == 2 + 7 * 5 == 37
    assert bids[:3] == [Bid(3, 5), Bid(3, 6), Bid(4, 2)]
    assert bids[-1] == Bid(10, 6)
    assert _has_liar(state)
    assert len(legal_actions(state)) == 38
    assert legal_actions(state)[-1] == CallLiar(1)


@pytest.mark.parametrize(
    "dice, standing, expected",
    [
        (5, (1, 2), 4 + 9 * 5),
        (5, (1, 6), 9 * 5),
        (5, (9, 6), 5),
        (5, (10, 2), 4),
        (5, (10, 5), 1),
        (1, (1, 2), 4 + 5),
        (1, (2, 5), 1),
        (10, (13, 3), 3 + 7 * 5),
    ],
)
def test_the_number_of_legal_raises_is_higher_faces_plus_five_per_higher_quantity(
    dice: int, standing: tuple[int, int], expected: int
) -> None:
    state = play(_two_players(dice), bid(0, *standing))
    assert len(_bids(state)) == expected
    assert _has_liar(state)


def test_legal_bids_are_listed_lowest_first_and_liar_last() -> None:
    state = play(_two_players(2), bid(0, 2, 5))
    assert legal_actions(state) == (
        MakeBid(1, Bid(2, 6)), MakeBid(1, Bid(3, 2)), MakeBid(1, Bid(3, 3)), MakeBid(1, Bid(3, 4)),
        MakeBid(1, Bid(3, 5)), MakeBid(1, Bid(3, 6)), MakeBid(1, Bid(4, 2)), MakeBid(1, Bid(4, 3)),
        MakeBid(1, Bid(4, 4)), MakeBid(1, Bid(4, 5)), MakeBid(1, Bid(4, 6)), CallLiar(1),
    )
    bids = _bids(state)
    assert bids == sorted(bids)


@pytest.mark.parametrize("dice", [1, 3, 5, 10])
def test_after_n_sixes_only_liar_is_legal(dice: int) -> None:
    n = 2 * dice
    state = play(_two_players(dice), bid(0, n, 6))
    assert legal_actions(state) == (CallLiar(1),)
    for face in ALL_FACES:
        with pytest.raises(IllegalAction):
            apply(state, bid(1, n, face))
        with pytest.raises(IllegalAction):
            apply(state, bid(1, n + 1, face))
    called = apply(state, liar(1)).state
    assert called.result is not None and called.result.bid == Bid(n, 6)


def test_after_n_fives_the_only_raise_is_n_sixes() -> None:
    state = play(_two_players(5), bid(0, 10, 5))
    assert legal_actions(state) == (MakeBid(1, Bid(10, 6)), CallLiar(1))


def test_the_cap_is_the_dice_in_play_this_round_not_at_the_start() -> None:
    state = _two_players(2)  # N = 4
    state = play(state, bid(0, 1, 6), liar(1))  # one six, wild ones: (1, 2) each → count 2, caller 1 loses
    assert state.result is not None and state.result.loser == 1
    state = play(state, NextRound())
    state = apply(state, Roll(((3, 3), (3,)))).state
    assert state.total_dice == 3
    assert len(_bids(state)) == 3 * 5
    assert max(b.quantity for b in _bids(state)) == 3
    with pytest.raises(IllegalAction) as err:
        apply(state, bid(1, 4, 3))
    assert err.value.code == "bid/quantity"
    assert apply(state, bid(1, 3, 3)).state.standing_bid is not None


def test_with_wild_ones_nobody_bids_on_ones() -> None:
    state = _two_players(5)
    assert all(b.face != 1 for b in _bids(state))
    with pytest.raises(IllegalAction) as err:
        apply(state, bid(0, 1, 1))
    assert err.value.code == "bid/face"
    assert Settings().faces == WILD_FACES


def test_without_wild_ones_bids_name_faces_1_to_6_sixty_opening_bids_with_n_10() -> None:
    state = _two_players(5, wild_ones=False)
    bids = _bids(state)
    assert len(bids) == 60
    assert {b.face for b in bids} == set(ALL_FACES)
    assert bids[0] == Bid(1, 1)
    after = play(state, bid(0, 3, 1))
    assert len(_bids(after)) == 5 + 7 * 6
    assert Settings(wild_ones=False).faces == ALL_FACES


def test_legal_raises_lists_only_the_given_faces() -> None:
    assert legal_raises(None, (2, 3, 4, 5, 6), total_dice=1) == tuple(Bid(1, f) for f in (2, 3, 4, 5, 6))
    assert legal_raises(Bid(1, 6), (2, 3, 4, 5, 6), total_dice=1) == ()
    assert legal_raises(Bid(1, 3), (1, 2, 3, 4, 5, 6), total_dice=2)[:4] == (Bid(1, 4), Bid(1, 5), Bid(1, 6), Bid(2, 1))


def test_a_bid_passes_the_turn_to_the_next_player_and_becomes_the_standing_bid() -> None:
    state = play(_two_players(5), bid(0, 2, 3))
    assert state.turn == 1
    assert state.standing_bid is not None
    assert (state.standing_bid.seat, state.standing_bid.bid) == (0, Bid(2, 3))
    state = play(state, bid(1, 2, 4))
    assert [(b.seat, b.bid) for b in state.bids] == [(0, Bid(2, 3)), (1, Bid(2, 4))]
    assert state.turn == 0


def test_nothing_is_legal_while_waiting_for_the_roll_and_only_next_round_after_a_reveal() -> None:
    state = new_game(Settings(), (0, 1), 0)
    assert legal_actions(state) == ()
    revealed = play(_two_players(5), bid(0, 1, 2), liar(1))
    assert legal_actions(revealed) == (NextRound(),)
