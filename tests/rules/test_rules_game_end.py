"""Elimination, the winner, and the events each action produces (A1 §11–12)."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import (IllegalAction, NextRound, Phase, Roll, Settings, apply, legal_actions, new_game, outcome,
                           pending_roll)
from rules_support import bid, liar, play, play_events, rolled, same_face_roll


def test_a_new_game_waits_for_every_player_to_roll_all_their_dice() -> None:
    state = new_game(Settings(dice_per_player=4), (0, 2, 5), 5)
    assert state.phase is Phase.ROLLING and state.round_no == 1
    assert state.counts == (4, 4, 4) and state.total_dice == 12
    assert state.bids == () and state.result is None and state.winner is None
    assert pending_roll(state) == {0: 4, 2: 4, 5: 4}
    assert outcome(state) is None


def test_pending_roll_leaves_out_eliminated_players_and_is_empty_outside_the_roll() -> None:
    state = new_game(Settings(dice_per_player=1), (0, 2, 5), 0)
    state = apply(state, same_face_roll(state, 3)).state
    assert pending_roll(state) == {}
    state = play(state, bid(0, 1, 6), liar(2))
    assert pending_roll(state) == {}
    state = play(state, NextRound())
    assert pending_roll(state) == {2: 1, 5: 1}


def test_the_player_who_loses_the_last_die_is_out_and_keeps_their_seat_in_the_game() -> None:
    state = rolled(Settings(dice_per_player=1), (0, 2, 5), 0, {0: (3,), 2: (3,), 5: (3,)})
    state, events = play_events(state, bid(0, 1, 6), liar(2))
    assert [e.kind for e in events] == ["bid", "liar", "revealed", "die_lost", "player_out"]
    assert events[3].data == {"seat": 0, "dice_left": 0}
    assert events[4].data == {"seat": 0}
    assert state.count_of(0) == 0 and state.in_game == (2, 5) and state.seats == (0, 2, 5)
    assert state.phase is Phase.REVEALED and state.winner is None and outcome(state) is None


def test_losing_a_die_that_is_not_the_last_does_not_put_a_player_out() -> None:
    state = rolled(Settings(dice_per_player=2), (0, 1), 0, {0: (3, 3), 1: (3, 3)})
    state, events = play_events(state, bid(0, 1, 6), liar(1))
    assert [e.kind for e in events] == ["bid", "liar", "revealed", "die_lost"]
    assert events[3].data == {"seat": 0, "dice_left": 1}
    assert state.counts == (1, 2) and state.in_game == (0, 1)


def test_the_last_player_with_dice_wins_and_the_game_is_over() -> None:
    state = rolled(Settings(dice_per_player=1), (2, 5), 5, {2: (4,), 5: (6,)})
    state, events = play_events(state, bid(5, 1, 6), bid(2, 2, 6), liar(5))
    assert [e.kind for e in events] == ["bid", "bid", "liar", "revealed", "die_lost", "player_out", "game_over"]
    assert events[-1].data == {"winner": 5}
    assert state.phase is Phase.OVER and state.winner == 5 and outcome(state) == 5
    assert state.in_game == (5,) and state.counts == (0, 1)
    assert state.result is not None and state.result.loser == 2
    assert legal_actions(state) == ()
    with pytest.raises(IllegalAction) as err:
        apply(state, NextRound())
    assert err.value.code == "game/over"


def test_a_caller_who_loses_the_last_die_loses_the_game() -> None:
    state = rolled(Settings(dice_per_player=1), (0, 1), 0, {0: (2,), 1: (1,)})
    state = play(state, bid(0, 2, 2), liar(1))  # 2 and a wild one: the bid stands
    assert state.winner == 0 and state.phase is Phase.OVER


def test_a_whole_three_player_game_ends_with_one_winner() -> None:
    state = new_game(Settings(dice_per_player=2), (1, 4, 6), 4)
    rounds = 0
    while state.phase is not Phase.OVER:
        state = apply(state, same_face_roll(state, 3)).state
        opener = state.turn
        assert opener is not None
        nxt = state.next_in_game(opener)
        state = play(state, bid(opener, 1, 6), liar(nxt))  # false: the opener always loses
        rounds += 1
        if state.phase is Phase.REVEALED:
            state = play(state, NextRound())
    # Two players out (2 dice each) plus one die of the winner's: rounds == 2 * 3 - 1 at most.
    assert state.winner is not None and state.in_game == (state.winner,)
    assert 4 <= rounds <= 5 and state.round_no == rounds
    assert sum(state.counts) == state.count_of(state.winner) >= 1


def test_round_events_in_order_with_dice_rolled_only_to_its_own_seat() -> None:
    state = new_game(Settings(dice_per_player=2), (0, 2, 5), 2)
    step = apply(state, Roll(((1, 2), (3, 4), (5, 6))))
    assert [e.kind for e in step.events] == ["round_started", "dice_rolled", "dice_rolled", "dice_rolled"]
    started = step.events[0]
    assert started.audience is None
    assert started.data == {"round": 1, "opener": 2, "dice_counts": {"0": 2, "2": 2, "5": 2}, "total_dice": 6}
    assert [(e.audience, e.data) for e in step.events[1:]] == [
        (0, {"round": 1, "dice": [1, 2]}),
        (2, {"round": 1, "dice": [3, 4]}),
        (5, {"round": 1, "dice": [5, 6]}),
    ]


def test_every_event_other_than_dice_rolled_is_public() -> None:
    state = new_game(Settings(dice_per_player=1), (0, 2, 5), 0)
    actions = [Roll(((3,), (3,), (3,))), bid(0, 1, 6), liar(2), NextRound(), Roll(((), (3,), (4,))),
               bid(2, 1, 5), liar(5)]
    state, events = play_events(state, *actions)
    assert [e.kind for e in events] == [
        "round_started", "dice_rolled", "dice_rolled", "dice_rolled", "bid", "liar", "revealed", "die_lost",
        "player_out", "next_round", "round_started", "dice_rolled", "dice_rolled", "bid", "liar", "revealed",
        "die_lost", "player_out", "game_over",
    ]
    for event in events:
        if event.kind == "dice_rolled":
            assert event.audience is not None
        else:
            assert event.audience is None, event
    # Round 2: seat 0 is out, its seat gets no dice and is left out of the public counts.
    second = events[events.index(next(e for e in events if e.kind == "next_round")) + 1:]
    assert second[0].data["dice_counts"] == {"2": 1, "5": 1} and second[0].data["total_dice"] == 2
    assert [e.audience for e in second if e.kind == "dice_rolled"] == [2, 5]
    assert state.winner == 5


def test_bid_liar_and_reveal_events_carry_what_the_table_sees() -> None:
    state = rolled(Settings(dice_per_player=2), (0, 1), 1, {0: (1, 5), 1: (5, 2)})
    state, events = play_events(state, bid(1, 2, 5), bid(0, 3, 5), liar(1))
    assert [(e.kind, e.data) for e in events[:3]] == [
        ("bid", {"seat": 1, "quantity": 2, "face": 5}),
        ("bid", {"seat": 0, "quantity": 3, "face": 5}),
        ("liar", {"seat": 1, "quantity": 3, "face": 5}),
    ]
    assert events[3].kind == "revealed"
    assert events[3].data == {"bidder": 0, "caller": 1, "quantity": 3, "face": 5,
                              "hands": {"0": [1, 5], "1": [5, 2]}, "count": 3, "loser": 1, "dice_lost": 1}


def test_next_round_clears_the_dice_and_bids_and_increments_the_round() -> None:
    state = rolled(Settings(dice_per_player=2), (0, 1), 0, {0: (3, 3), 1: (3, 3)})
    state = play(state, bid(0, 1, 6), liar(1), NextRound())
    assert state.phase is Phase.ROLLING and state.round_no == 2
    assert state.hands == ((), ()) and state.bids == () and state.turn is None
    state = apply(state, Roll(((4,), (5, 6)))).state
    assert state.result is None and state.hands == ((4,), (5, 6)) and state.turn == 0
