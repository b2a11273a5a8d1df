"""Refused actions: each with a stable code, malformed apart from not allowed now, and nothing changes."""
from __future__ import annotations

import copy

import pytest

from referee.games.liars_dice.rules import (Bid, CallLiar, GameState, IllegalAction, MakeBid, MalformedAction, NextRound, Roll,
                           RulesError, Settings, apply, new_game)
from rules_support import bid, liar, play, rolled, same_face_roll


def _bidding() -> GameState:
    """Seats 0, 2, 5 with 2 dice each (N = 6); seat 0 bid 2 × 4, seat 2 to act."""
    state = rolled(Settings(dice_per_player=2), (0, 2, 5), 0, {0: (1, 4), 2: (4, 6), 5: (2, 3)})
    return play(state, bid(0, 2, 4))


def _refused(state: GameState, action: object, error: type[RulesError], code: str) -> RulesError:
    """Apply ``action``, expect ``error`` with ``code``, and check the state is exactly as before."""
    before = copy.deepcopy(state)
    with pytest.raises(error) as caught:
        apply(state, action)  # type: ignore[arg-type]
    assert caught.value.code == code
    assert caught.value.message and str(caught.value) == caught.value.message
    assert state == before
    return caught.value


def test_only_the_player_to_act_may_bid() -> None:
    state = _bidding()
    for seat in (0, 5, 1, 99):
        _refused(state, bid(seat, 3, 4), IllegalAction, "action/not_your_turn")


def test_only_the_player_to_act_may_call_liar() -> None:
    state = _bidding()
    for seat in (0, 5, 99):
        _refused(state, liar(seat), IllegalAction, "action/not_your_turn")


def test_an_eliminated_player_cannot_act() -> None:
    state = new_game(Settings(dice_per_player=1), (0, 2, 5), 0)
    state = play(state, same_face_roll(state, 3), bid(0, 1, 6), liar(2), NextRound())
    state = apply(state, same_face_roll(state, 3)).state
    assert state.count_of(0) == 0 and state.turn == 2
    _refused(state, bid(0, 1, 3), IllegalAction, "action/not_your_turn")
    _refused(play(state, bid(2, 1, 3)), liar(0), IllegalAction, "action/not_your_turn")


def test_nobody_bids_or_calls_before_the_roll() -> None:
    state = new_game(Settings(), (0, 1), 0)
    _refused(state, bid(0, 1, 2), IllegalAction, "action/wrong_phase")
    _refused(state, liar(0), IllegalAction, "action/wrong_phase")
    _refused(state, NextRound(), IllegalAction, "action/wrong_phase")


def test_dice_are_rolled_only_at_the_start_of_a_round() -> None:
    state = _bidding()
    _refused(state, Roll(((2, 2), (3, 3), (4, 4))), IllegalAction, "action/wrong_phase")
    revealed = play(state, liar(2))
    _refused(revealed, Roll(((2, 2), (3, 3), (4, 4))), IllegalAction, "action/wrong_phase")


def test_next_round_only_after_a_reveal() -> None:
    _refused(_bidding(), NextRound(), IllegalAction, "action/wrong_phase")


def test_nobody_bids_or_calls_after_the_reveal() -> None:
    revealed = play(_bidding(), liar(2))
    for seat in (0, 2, 5):
        _refused(revealed, bid(seat, 6, 6), IllegalAction, "action/wrong_phase")
        _refused(revealed, liar(seat), IllegalAction, "action/wrong_phase")


@pytest.mark.parametrize("face", [1, 0, 7, -3, 100])
def test_a_bid_names_a_face_from_2_to_6_with_wild_ones(face: int) -> None:
    _refused(_bidding(), bid(2, 3, face), IllegalAction, "bid/face")


@pytest.mark.parametrize("face", [0, 7])
def test_a_bid_names_a_face_from_1_to_6_without_wild_ones(face: int) -> None:
    state = rolled(Settings(wild_ones=False), (0, 1), 0, {0: (1,) * 5, 1: (2,) * 5})
    _refused(state, bid(0, 1, face), IllegalAction, "bid/face")
    assert apply(state, bid(0, 1, 1)).state.standing_bid is not None


@pytest.mark.parametrize("quantity", [0, -1, 7, 50])
def test_a_bid_quantity_is_from_1_to_n(quantity: int) -> None:
    _refused(_bidding(), bid(2, quantity, 5), IllegalAction, "bid/quantity")


def test_the_opener_quantity_is_also_capped_at_n() -> None:
    state = rolled(Settings(dice_per_player=2), (0, 1), 0, {0: (2, 2), 1: (2, 2)})
    _refused(state, bid(0, 5, 2), IllegalAction, "bid/quantity")
    _refused(state, bid(0, 0, 2), IllegalAction, "bid/quantity")


@pytest.mark.parametrize("quantity, face", [(2, 4), (2, 3), (2, 2), (1, 6), (1, 2)])
def test_a_bid_that_does_not_raise_is_refused_as_not_higher(quantity: int, face: int) -> None:
    error = _refused(_bidding(), bid(2, quantity, face), IllegalAction, "bid/not_higher")
    assert f"{quantity} × {face}" in error.message and "2 × 4" in error.message


@pytest.mark.parametrize(
    "quantity, face", [("3", 4), (3, "4"), (True, 4), (3, True), (False, 4), (3.0, 4), (3, 4.0), (None, 4), (3, None)]
)
def test_bid_values_that_are_not_integers_are_malformed(quantity: object, face: object) -> None:
    error = _refused(_bidding(), MakeBid(2, Bid(quantity, face)), MalformedAction, "bid/malformed")  # type: ignore[arg-type]
    assert not isinstance(error, IllegalAction)


def test_a_malformed_bid_is_malformed_whoever_sends_it() -> None:
    _refused(_bidding(), MakeBid(0, Bid("3", 4)), MalformedAction, "bid/malformed")  # type: ignore[arg-type]


def test_the_opener_cannot_call_liar_without_a_bid() -> None:
    state = rolled(Settings(), (0, 2, 5), 2, {0: (2,) * 5, 2: (2,) * 5, 5: (2,) * 5})
    _refused(state, liar(2), IllegalAction, "call/no_bid")


@pytest.mark.parametrize(
    "hands",
    [
        ((2, 2), (3, 3)),  # too few hands
        ((2, 2), (3, 3), (4, 4), (5, 5)),  # too many hands
        ((2, 2), (3,), (4, 4)),  # too few dice
        ((2, 2), (3, 3, 3), (4, 4)),  # too many dice
        ((2, 0), (3, 3), (4, 4)),  # die 0
        ((2, 7), (3, 3), (4, 4)),  # die 7
        ((2, -1), (3, 3), (4, 4)),
        ((2, True), (3, 3), (4, 4)),  # a bool is not a die
        ((2, "3"), (3, 3), (4, 4)),
        ((2, 3.0), (3, 3), (4, 4)),
    ],
)
def test_a_malformed_roll_is_refused(hands: tuple[tuple[object, ...], ...]) -> None:
    state = new_game(Settings(dice_per_player=2), (0, 2, 5), 0)
    error = _refused(state, Roll(hands), MalformedAction, "roll/hands")  # type: ignore[arg-type]
    assert not isinstance(error, IllegalAction)


def test_an_eliminated_seat_must_roll_no_dice() -> None:
    state = new_game(Settings(dice_per_player=1), (0, 2, 5), 0)
    state = play(state, same_face_roll(state, 3), bid(0, 1, 6), liar(2), NextRound())
    assert state.counts == (0, 1, 1)
    _refused(state, Roll(((3,), (3,), (3,))), MalformedAction, "roll/hands")
    assert apply(state, Roll(((), (3,), (3,)))).state.turn == 2


def test_the_loser_rolls_one_die_fewer() -> None:
    state = play(_bidding(), liar(2), NextRound())  # 2 × 4: count 3 (4, 4 and a one): caller 2 loses
    assert state.counts == (2, 1, 2)
    _refused(state, Roll(((2, 2), (3, 3), (4, 4))), MalformedAction, "roll/hands")
    assert apply(state, Roll(((2, 2), (3,), (4, 4)))).state.total_dice == 5


def test_an_unknown_action_is_malformed() -> None:
    for action in ("bid", None, Bid(2, 3), {"kind": "liar"}):
        _refused(_bidding(), action, MalformedAction, "action/unknown")


def test_after_the_game_is_over_no_action_is_accepted() -> None:
    state = rolled(Settings(dice_per_player=1), (0, 1), 0, {0: (3,), 1: (3,)})
    state = play(state, bid(0, 2, 6), liar(1))
    assert state.winner == 1
    for action in (NextRound(), Roll(((3,), (3,))), Roll(((), (3,))), bid(1, 1, 2), bid(0, 1, 2), liar(0), liar(1)):
        _refused(state, action, IllegalAction, "game/over")


@pytest.mark.parametrize("seats", [(), (0,), (0, 0), (0, 1, 1), tuple(range(7))])
def test_a_game_needs_2_to_max_players_distinct_seats(seats: tuple[int, ...]) -> None:
    with pytest.raises(IllegalAction) as err:
        new_game(Settings(), seats, seats[0] if seats else 0)
    assert err.value.code == "game/players"


def test_max_players_is_a_setting() -> None:
    with pytest.raises(IllegalAction) as err:
        new_game(Settings(max_players=3), (0, 1, 2, 3), 0)
    assert err.value.code == "game/players"
    assert new_game(Settings(max_players=8), tuple(range(8)), 0).total_dice == 40
    assert new_game(Settings(max_players=2), (3, 9), 9).seats == (3, 9)


@pytest.mark.parametrize("opener", [1, 3, -1, 6])
def test_the_opener_must_be_one_of_the_seats(opener: int) -> None:
    with pytest.raises(IllegalAction) as err:
        new_game(Settings(), (0, 2, 5), opener)
    assert err.value.code == "game/opener"


def test_malformed_and_illegal_are_both_rules_errors_but_distinct() -> None:
    assert issubclass(MalformedAction, RulesError) and issubclass(IllegalAction, RulesError)
    assert not issubclass(MalformedAction, IllegalAction) and not issubclass(IllegalAction, MalformedAction)


def test_a_refused_action_leaves_the_state_usable() -> None:
    state = _bidding()
    for action in (bid(0, 3, 4), bid(2, 1, 2), bid(2, 9, 2), liar(5), NextRound(), CallLiar(0)):
        with pytest.raises(RulesError):
            apply(state, action)
    after = apply(state, bid(2, 3, 4)).state
    assert after.turn == 5 and after.standing_bid is not None and after.standing_bid.bid == Bid(3, 4)


def test_a_seat_that_is_not_an_integer_or_a_bid_that_is_not_a_bid_is_malformed():
    from referee.games.liars_dice.rules import Bid, MakeBid, MalformedAction, Roll, Settings, apply, new_game
    state = apply(new_game(Settings(), (0, 1), 0), Roll(((1, 2, 3, 4, 5), (1, 2, 3, 4, 5)))).state
    for action, code in ((MakeBid(True, Bid(1, 2)), "action/seat"), (MakeBid(0, (1, 2)), "bid/malformed")):
        with pytest.raises(MalformedAction) as refused:
            apply(state, action)
        assert refused.value.code == code
    with pytest.raises(MalformedAction) as refused:
        apply(new_game(Settings(), (0, 1), 0), Roll(5))
    assert refused.value.code == "roll/hands"
