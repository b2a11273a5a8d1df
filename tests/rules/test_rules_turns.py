"""Turn order and who opens: clockwise among players in the game, loser opens, rotating first opener (A1 §3, §6)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from referee.games.liars_dice.rules import GameState, NextRound, Phase, RoundResult, Settings, apply, first_opener, new_game
from referee.games.liars_dice.rules import Bid
from rules_support import bid, liar, play, play_events, roll_of, rolled, same_face_roll

ONE_DIE = Settings(dice_per_player=1)


def test_round_one_is_opened_by_the_given_opener() -> None:
    for opener in (0, 2, 5):
        state = new_game(Settings(), (0, 2, 5), opener)
        assert state.opener == opener and state.turn is None and state.phase is Phase.ROLLING
        state = apply(state, same_face_roll(state, 3)).state
        assert state.turn == opener and state.phase is Phase.BIDDING


def test_turn_passes_clockwise_with_non_contiguous_seats_and_wraps_around() -> None:
    state = rolled(Settings(), (0, 2, 5), 2, {0: (2,) * 5, 2: (3,) * 5, 5: (4,) * 5})
    turns = [state.turn]
    for quantity in range(1, 8):
        state = play(state, bid(state.turn, quantity, 2))
        turns.append(state.turn)
    assert turns == [2, 5, 0, 2, 5, 0, 2, 5]


def test_turn_order_is_ascending_seat_numbers_from_the_opener() -> None:
    state = rolled(Settings(), (1, 3, 4, 7), 4, {s: (6,) * 5 for s in (1, 3, 4, 7)})
    turns = [state.turn]
    for quantity in range(1, 5):
        state = play(state, bid(state.turn, quantity, 6))
        turns.append(state.turn)
    assert turns == [4, 7, 1, 3, 4]


def test_the_loser_of_a_round_opens_the_next_one() -> None:
    state = rolled(Settings(), (0, 2, 5), 0, {0: (2,) * 5, 2: (3,) * 5, 5: (4,) * 5})
    # Seat 2 bids a false 6 × 6 and seat 5 calls: seat 2 loses and opens round 2.
    state, events = play_events(state, bid(0, 1, 2), bid(2, 6, 6), liar(5), NextRound())
    assert state.phase is Phase.ROLLING and state.round_no == 2 and state.opener == 2
    assert events[-1].kind == "next_round" and events[-1].data == {"round": 2, "opener": 2}
    state = apply(state, same_face_roll(state, 3)).state
    assert state.turn == 2

    # Now the caller loses (a true bid): seat 0 calls seat 2's 4 × 3, seat 0 opens round 3.
    state = play(state, bid(2, 4, 3), bid(5, 5, 3), liar(0), NextRound())
    assert state.opener == 0


def _first_die_lost(state: GameState, bidder: int, caller: int) -> GameState:
    """``bidder`` opens with a false 1 × 6 (every die shows a 3), ``caller`` (next clockwise) calls."""
    return play(state, same_face_roll(state, 3), bid(bidder, 1, 6), liar(caller), NextRound())


def test_when_the_loser_is_out_the_next_player_in_the_game_clockwise_opens() -> None:
    seats = (0, 2, 5, 7, 9)
    state = new_game(ONE_DIE, seats, 2)
    # Round 1: seat 2 bids falsely and loses its only die: seat 5, next clockwise, opens.
    state = _first_die_lost(state, bidder=2, caller=5)
    assert state.in_game == (0, 5, 7, 9) and state.opener == 5

    # Round 2: seat 9 (the last seat) loses its only die: the next in the game wraps to seat 0.
    state = play(state, same_face_roll(state, 3), bid(5, 1, 3), bid(7, 2, 3), bid(9, 4, 6), liar(0), NextRound())
    assert state.in_game == (0, 5, 7) and state.opener == 0

    # Round 3: seat 0 loses its only die; seat 2 after it is out already, so seat 5 opens.
    state = _first_die_lost(state, bidder=0, caller=5)
    assert state.in_game == (5, 7) and state.opener == 5
    state = apply(state, same_face_roll(state, 3)).state
    assert state.turn == 5


def test_turn_skips_eliminated_seats() -> None:
    seats = (0, 2, 5, 7, 9)
    state = new_game(ONE_DIE, seats, 2)
    state = _first_die_lost(state, bidder=2, caller=5)  # seat 2 out
    state = play(state, same_face_roll(state, 3), bid(5, 1, 3), bid(7, 2, 3), bid(9, 4, 6), liar(0), NextRound())
    assert state.in_game == (0, 5, 7)  # seats 2 and 9 out
    state = apply(state, roll_of(state, {0: (2,), 5: (2,), 7: (2,)})).state
    turns = [state.turn]
    for quantity, face in [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2)]:
        state = play(state, bid(state.turn, quantity, face))
        turns.append(state.turn)
    assert turns == [0, 5, 7, 0, 5, 7, 0]


def test_an_eliminated_seat_rolls_no_dice() -> None:
    state = new_game(ONE_DIE, (0, 2, 5), 0)
    state = _first_die_lost(state, bidder=0, caller=2)
    assert state.count_of(0) == 0
    step = apply(state, roll_of(state, {2: (4,), 5: (5,)}))
    assert step.state.hand_of(0) == ()
    assert [e.audience for e in step.events if e.kind == "dice_rolled"] == [2, 5]


def test_next_round_opener_skips_several_eliminated_seats_clockwise() -> None:
    # Seats 2 and 5 are out; seat 0 has just lost its last die: seats 2 and 5 are skipped, 7 opens.
    base = new_game(Settings(), (0, 2, 5, 7, 9), 0)
    result = RoundResult(bidder=0, caller=7, bid=Bid(2, 6), hands=((0, (3,)), (7, (3, 3)), (9, (3,))),
                         count=0, loser=0, dice_lost=1)
    revealed = replace(base, counts=(0, 0, 0, 2, 1), phase=Phase.REVEALED, result=result)
    assert apply(revealed, NextRound()).state.opener == 7
    # The last seat lost its last die with only the first seat left before it in the game: wrap around.
    result = replace(result, loser=9)
    revealed = replace(base, counts=(0, 0, 3, 0, 0), phase=Phase.REVEALED, result=result)
    assert revealed.in_game == (5,)
    assert apply(revealed, NextRound()).state.opener == 5


@pytest.mark.parametrize(
    "seats, previous, expected",
    [
        ((0, 1), None, 0),
        ((0, 2, 5), None, 0),
        ((3, 4), None, 3),
        ((0, 2, 5), 0, 2),
        ((0, 2, 5), 2, 5),
        ((0, 2, 5), 5, 0),  # wraps around
        ((0, 5), 2, 5),  # the previous first opener left the table: the next seat clockwise from theirs
        ((0, 2, 5), 1, 2),
        ((0, 2, 5), 7, 0),  # left, and nobody sits clockwise after them: wrap around
        ((1, 3), 0, 1),
    ],
)
def test_first_opener_is_the_first_seat_then_the_next_seat_clockwise_from_the_last_first_opener(
    seats: tuple[int, ...], previous: int | None, expected: int
) -> None:
    assert first_opener(seats, previous) == expected


def test_the_first_opener_rotates_round_the_table_game_after_game() -> None:
    seats = (0, 2, 5)
    openers: list[int] = []
    previous = None
    for _ in range(7):
        previous = first_opener(seats, previous)
        openers.append(previous)
        assert new_game(Settings(), seats, previous).opener == previous
    assert openers == [0, 2, 5, 0, 2, 5, 0]


def test_when_seats_change_between_games_the_rotation_continues_from_the_last_first_opener() -> None:
    previous = first_opener((0, 1, 2), None)  # game 1: seat 0
    previous = first_opener((0, 1, 2), previous)  # game 2: seat 1
    assert previous == 1
    previous = first_opener((0, 2, 4), previous)  # seat 1 left, seat 4 joined: game 3 opens at 2
    assert previous == 2
    previous = first_opener((0, 4), previous)  # seat 2 left too: game 4 opens at 4
    assert previous == 4
    assert first_opener((0, 4), previous) == 0  # game 5 wraps to the first seat
