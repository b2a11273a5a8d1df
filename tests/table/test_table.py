"""The table service: commands are checked before logging, the log rebuilds the table exactly."""
from __future__ import annotations

import threading

import pytest

from referee.games.liars_dice.rules import Phase
from referee.store.log import EventLog
from referee.games.liars_dice.rules import RulesError
from referee.table.scheduler import ManualScheduler
from referee.table.table import Table
from referee.table.errors import TableError
from referee.table.registry import Tables
from tests.support.dealers import PlainDealer


def make_table(events=None, dealer=None, rules=None, seed_wait_s=0.0):
    events = events or EventLog(":memory:")
    tables = Tables(events, dealer or PlainDealer(seed=1), ManualScheduler(), seed_wait_s=seed_wait_s)
    table = tables.create(rules or {})
    return table, events


def seated(n=2, **kwargs):
    table, events = make_table(**kwargs)
    for i in range(n):
        table.join(f"P{i}", f"digest{i}")
    return table, events


def test_starting_a_game_deals_every_player_their_dice_at_once():
    table, _ = seated(2)
    table.start(0)
    assert table.game.phase is Phase.BIDDING
    assert [len(table.game.hand_of(s)) for s in (0, 1)] == [5, 5]


def test_a_refused_command_logs_nothing_and_changes_nothing():
    table, events = seated(2)
    table.start(0)
    before = (table.version, table.state, len(events.entries(table.id)))
    with pytest.raises(RulesError) as refused:
        table.play.bid(1, 1, 2)
    assert refused.value.code == "action/not_your_turn"
    assert (table.version, table.state, len(events.entries(table.id))) == before


def test_only_the_host_starts_the_first_game():
    table, _ = seated(2)
    with pytest.raises(TableError) as refused:
        table.start(1)
    assert refused.value.code == "start/not_host"


def test_a_game_needs_two_players():
    table, _ = seated(1)
    with pytest.raises(TableError) as refused:
        table.start(0)
    assert refused.value.code == "start/too_few"


def test_one_token_holds_one_seat():
    table, _ = seated(1)
    with pytest.raises(TableError) as refused:
        table.join("again", "digest0")
    assert refused.value.code == "seat/already_seated"


def test_a_full_table_refuses_another_player():
    table, _ = seated(2, rules={"max_players": 2})
    with pytest.raises(TableError) as refused:
        table.join("late", "digest9")
    assert refused.value.code == "table/full"


def play_round(table):
    game = table.game
    table.play.bid(game.turn, 1, 2)
    table.play.liar(table.game.turn)


def test_reloading_the_log_rebuilds_the_same_table_mid_round():
    table, events = seated(3, dealer=PlainDealer(seed=7))
    table.start(0)
    play_round(table)
    table.next_round(1)
    table.play.bid(table.game.turn, 2, 3)
    reloaded = Table.load(table.id, events, PlainDealer(seed=99), ManualScheduler())
    assert reloaded.state == table.state
    assert reloaded.version == table.version


def test_a_whole_game_ends_with_one_winner_and_the_next_game_rotates_the_opener():
    table, _ = seated(2, rules={"dice_per_player": 2})
    table.start(0)
    assert table.game.opener == 0
    while table.game.winner is None:
        play_round(table)
        if table.game.winner is None:
            table.next_round(0)
    table.start(1)
    assert table.current.game_no == 2 and table.game.opener == 1


def test_players_acting_at_once_are_applied_one_at_a_time():
    table, events = seated(2, rules={"dice_per_player": 10})
    table.start(0)
    errors = []

    def hammer(seat):
        for quantity in range(1, 21):
            for face in range(2, 7):
                try:
                    table.play.bid(seat, quantity, face)
                except RulesError as refused:
                    errors.append(refused.code)

    threads = [threading.Thread(target=hammer, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    bids = [(b.bid.quantity, b.bid.face) for b in table.game.bids]
    assert bids == sorted(bids) and len(set(bids)) == len(bids)
    seats = [b.seat for b in table.game.bids]
    assert all(a != b for a, b in zip(seats, seats[1:]))
    reloaded = Table.load(table.id, events, PlainDealer(), ManualScheduler())
    assert reloaded.state == table.state


def test_a_round_waits_for_connected_players_seeds_then_deals():
    table, _ = seated(2, seed_wait_s=1.5)
    table.set_connected(0, True)
    table.set_connected(1, True)
    table.start(0)
    assert table.game.phase is Phase.ROLLING
    table.play.contribute_seed(0, 1, "aa" * 32)
    assert table.game.phase is Phase.ROLLING
    table.play.contribute_seed(0, 1, "cc" * 32)
    table.play.contribute_seed(1, 1, "bb" * 32)
    assert table.game.phase is Phase.BIDDING
    assert table.current.fairness.seeds == {0: "aa" * 32, 1: "bb" * 32}
