"""`first_opener = roll_off` (RULES.md A2): two dice each, the highest sum opens, the seat order follows
descending sums, ties re-roll among the tied players only. The dice come in as ``RollOff`` chance actions."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import (IllegalAction, MalformedAction, Phase, RollOff, Settings, apply, legal_actions, new_game,
                           pending_roll, pending_roll_off, replay)
from rules_support import bid, play_events, roll_of

ROLL_OFF = Settings(first_opener="roll_off")


def test_the_highest_sum_opens_and_the_seat_order_follows_descending_sums() -> None:
    """Seats 0, 2, 5 throw 3+4, 6+6, 1+2: seat 2 opens, then 0, then 5."""
    state = new_game(ROLL_OFF, (0, 2, 5), None)
    assert state.phase is Phase.ROLLING_OFF and pending_roll_off(state) == (0, 2, 5) and pending_roll(state) == {}
    state, events = play_events(state, RollOff(((3, 4), (6, 6), (1, 2))))
    assert state.phase is Phase.ROLLING and state.seats == (2, 0, 5) and state.opener == 2
    assert [e.kind for e in events] == ["roll_off", "seat_order"]
    assert events[0].data == {"dice": {"0": [3, 4], "2": [6, 6], "5": [1, 2]}, "standing": [[2], [0], [5]]}
    assert all(e.audience is None for e in events)
    assert events[1].data == {"seats": [2, 0, 5], "opener": 2}


def test_the_turn_then_passes_in_the_roll_off_order() -> None:
    """After the order 2, 0, 5 the round's dice are given in that order and the turn goes 2 → 0 → 5."""
    state, _ = play_events(new_game(ROLL_OFF, (0, 2, 5), None), RollOff(((3, 4), (6, 6), (1, 2))))
    state, _ = play_events(state, roll_of(state, {0: (2,) * 5, 2: (3,) * 5, 5: (4,) * 5}))
    assert state.turn == 2 and state.hand_of(2) == (3,) * 5
    state, _ = play_events(state, bid(2, 1, 2))
    assert state.turn == 0
    state, _ = play_events(state, bid(0, 2, 2))
    assert state.turn == 5


def test_tied_players_reroll_among_themselves_only() -> None:
    """Seats 0, 1, 2, 3 throw 5+5, 4+6, 2+3, 1+4: 0 and 1 tie for first (10), 2 and 3 tie for third (5).
    Only the tied throw again: 0 and 1 throw 2+2 and 3+1 (tied again), 2 and 3 throw 6+1 and 1+1
    (2 now places third); then only 0 and 1 throw, 1+1 and 6+6: the order is 1, 0, 2, 3."""
    state = new_game(ROLL_OFF, (0, 1, 2, 3), None)
    state, _ = play_events(state, RollOff(((5, 5), (4, 6), (2, 3), (1, 4))))
    assert state.roll_off == ((0, 1), (2, 3)) and pending_roll_off(state) == (0, 1, 2, 3)
    state, _ = play_events(state, RollOff(((2, 2), (3, 1), (6, 1), (1, 1))))
    assert state.roll_off == ((0, 1), (2,), (3,)) and pending_roll_off(state) == (0, 1)
    with pytest.raises(MalformedAction) as err:
        apply(state, RollOff(((1, 1), (6, 6), (2, 2), ())))  # seat 2 is placed: it throws nothing
    assert err.value.code == "roll_off/dice"
    state, events = play_events(state, RollOff(((1, 1), (6, 6), (), ())))
    assert state.seats == (1, 0, 2, 3) and state.opener == 1 and state.phase is Phase.ROLLING
    assert events[0].data["dice"] == {"0": [1, 1], "1": [6, 6]}


@pytest.mark.parametrize("throw", [((3, 4),), ((3, 4), (7, 1)), ((3,), (1, 2)), ((3, 4), (1, 2, 3)),
                                   ((True, 4), (1, 2)), "dice"])
def test_a_malformed_throw_is_refused_and_changes_nothing(throw: object) -> None:
    state = new_game(ROLL_OFF, (0, 1), None)
    with pytest.raises(MalformedAction) as err:
        apply(state, RollOff(throw))  # type: ignore[arg-type]
    assert err.value.code == "roll_off/dice"
    assert state == new_game(ROLL_OFF, (0, 1), None)


def test_nothing_but_the_roll_off_happens_before_it_decides() -> None:
    state = new_game(ROLL_OFF, (0, 1), None)
    assert legal_actions(state) == ()
    for action in (bid(0, 1, 2), roll_of(state, {0: (2,) * 5, 1: (2,) * 5})):
        with pytest.raises(IllegalAction) as err:
            apply(state, action)
        assert err.value.code == "action/wrong_phase"
    rolled = play_events(state, RollOff(((6, 6), (1, 1))))[0]
    with pytest.raises(IllegalAction) as err:
        apply(rolled, RollOff(((6, 6), (1, 1))))
    assert err.value.code == "action/wrong_phase"


def test_under_roll_off_no_opener_is_given_and_under_rotate_one_must_be() -> None:
    with pytest.raises(IllegalAction) as err:
        new_game(ROLL_OFF, (0, 1), 0)
    assert err.value.code == "game/opener"
    with pytest.raises(IllegalAction) as err:
        new_game(Settings(), (0, 1), None)
    assert err.value.code == "game/opener"


def test_replaying_a_roll_off_gives_the_live_state() -> None:
    actions = [RollOff(((4, 4), (4, 4), (1, 1))), RollOff(((1, 2), (2, 2), ()))]
    state = new_game(ROLL_OFF, (3, 4, 7), None)
    for action in actions:
        state = apply(state, action).state
    assert replay(ROLL_OFF, (3, 4, 7), None, actions) == state
    assert state.seats == (4, 3, 7)
