"""A bid or a call names the turn it answers (``against``): once the table has moved on, it is refused."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import Phase, RulesError
from tests.table.test_table import seated


def started(n=2, **rules):
    table, events = seated(n, rules=rules or None)
    table.start(0)
    return table, events


def refusal(action) -> str:  # noqa: ANN001
    with pytest.raises(RulesError) as refused:
        action()
    return refused.value.code


def test_a_call_against_the_bids_the_caller_saw_is_applied():
    table, _ = started()
    table.play.bid(0, 1, 2, against=(1, 1, 0))
    table.play.liar(1, against=(1, 1, 1))
    assert table.game.phase in (Phase.REVEALED, Phase.OVER)


def test_a_call_that_had_not_seen_the_standing_bid_is_stale_and_changes_nothing():
    table, events = started(3)
    table.play.bid(0, 1, 2)
    table.play.bid(1, 1, 3)
    before = (table.version, table.state, len(events.entries(table.id)))
    assert refusal(lambda: table.play.liar(2, against=(1, 1, 1))) == "action/stale"
    assert (table.version, table.state, len(events.entries(table.id))) == before


def test_a_bid_or_a_call_for_another_round_or_game_is_stale():
    table, _ = started()
    assert refusal(lambda: table.play.bid(0, 1, 2, against=(1, 2, 0))) == "action/stale"
    assert refusal(lambda: table.play.bid(0, 1, 2, against=(2, 1, 0))) == "action/stale"
    table.play.bid(0, 1, 2)
    table.play.liar(1)
    assert refusal(lambda: table.play.liar(1, against=(1, 1, 1))) == "action/stale"


def test_without_against_an_action_applies_to_the_table_as_it_is():
    table, _ = started(3)
    table.play.bid(0, 1, 2)
    table.play.bid(1, 1, 3)
    table.play.liar(2)
    assert table.game.result.bid.face == 3


def test_the_turn_is_checked_before_whose_turn_it_is_so_a_stale_call_says_stale():
    table, _ = started()
    table.play.bid(0, 1, 2)
    assert refusal(lambda: table.play.liar(0, against=(1, 1, 0))) == "action/stale"
    assert refusal(lambda: table.play.liar(0, against=(1, 1, 1))) == "action/not_your_turn"
