"""The referee's adjustments: an approved die change counts at the reveal; a penalty die is taken between rounds."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import ChangeDie, IllegalAction, LoseDie, MalformedAction, NextRound, Phase, Settings, apply, new_game

from rules_support import bid, liar, play, roll_of


def bidding(dice=(2, 3, 3), other=(4, 4, 5), **settings):
    state = new_game(Settings(dice_per_player=len(dice), **settings), (0, 1), 0)
    return play(state, roll_of(state, {0: dice, 1: other}))


def test_a_changed_die_is_counted_when_liar_is_called():
    state = bidding()
    state = play(state, ChangeDie(0, 0, 6), bid(0, 2, 6), liar(1))
    assert state.result.hands == ((0, (6, 3, 3)), (1, (4, 4, 5)))
    assert state.result.count == 1 and state.result.loser == 0


def test_a_die_change_is_private_to_the_changed_seat():
    step = apply(bidding(), ChangeDie(1, 2, 1))
    assert [(e.kind, e.audience) for e in step.events] == [("die_changed", 1)]
    assert step.state.hand_of(1) == (4, 4, 1) and step.state.hand_of(0) == (2, 3, 3)


@pytest.mark.parametrize("change, code", [
    (ChangeDie(0, 3, 6), "die/none"),
    (ChangeDie(0, -1, 6), "die/none"),
    (ChangeDie(5, 0, 6), "die/none"),
    (ChangeDie(0, 0, 7), "die/value"),
    (ChangeDie(0, 0, 0), "die/value"),
])
def test_a_die_change_names_a_held_die_and_a_face(change, code):
    with pytest.raises(IllegalAction) as refused:
        apply(bidding(), change)
    assert refused.value.code == code


def test_a_die_change_with_a_non_integer_is_malformed():
    with pytest.raises(MalformedAction):
        apply(bidding(), ChangeDie(0, "0", 6))


def test_a_die_changes_only_while_bidding():
    state = play(bidding(), bid(0, 1, 2), liar(1))
    with pytest.raises(IllegalAction) as refused:
        apply(state, ChangeDie(0, 0, 6))
    assert refused.value.code == "action/wrong_phase"


def test_a_penalty_die_is_taken_before_the_next_roll():
    state = play(bidding(), bid(0, 1, 2), liar(1), NextRound())
    assert state.phase is Phase.ROLLING
    step = apply(state, LoseDie(1))
    assert step.state.counts == (3, 1)
    assert step.events[0].data == {"seat": 1, "dice_left": 1, "penalty": True}


def test_a_penalty_die_is_refused_while_bidding():
    with pytest.raises(IllegalAction) as refused:
        apply(bidding(), LoseDie(0))
    assert refused.value.code == "action/wrong_phase"


def test_a_penalty_after_a_reveal_changes_the_counts_but_not_the_result():
    state = play(bidding(), bid(0, 1, 2), liar(1))
    step = apply(state, LoseDie(0))
    assert step.state.phase is Phase.REVEALED and step.state.result == state.result
    assert step.state.counts == (2, 2)


def test_losing_the_last_die_to_a_penalty_ends_a_two_player_game():
    state = new_game(Settings(dice_per_player=1), (0, 1), 0)
    step = apply(state, LoseDie(0))
    assert step.state.phase is Phase.OVER and step.state.winner == 1
    assert [e.kind for e in step.events] == ["die_lost", "player_out", "game_over"]


def test_an_opener_put_out_by_a_penalty_passes_the_opening_clockwise():
    state = new_game(Settings(dice_per_player=1), (0, 2, 5), 5)
    after = apply(state, LoseDie(5)).state
    assert after.opener == 0 and after.in_game == (0, 2)


def test_a_seat_without_dice_cannot_lose_one():
    state = apply(new_game(Settings(dice_per_player=1), (0, 1, 2), 0), LoseDie(1)).state
    with pytest.raises(IllegalAction) as refused:
        apply(state, LoseDie(1))
    assert refused.value.code == "seat/out"
