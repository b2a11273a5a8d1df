"""Changing a table's rules between games: the host (or the referee at a refereed table), never while a
game runs; logged as ``rules_changed`` ``{rules, by}``; the next game plays them; a refusal logs nothing."""
from __future__ import annotations

import pytest

from referee.gm.settings import GmSettings
from referee.games.liars_dice.rules import Phase, RulesError, Settings
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.registry import Tables
from referee.table import desk
from referee.table.replay import replay
from tests.support.dealers import PlainDealer

PERUDO = Settings.from_preset("perudo", {"turn_timer_s": 0})


def table_of(players=2, **rules):
    events = EventLog(":memory:")
    table = Tables(events, PlainDealer(seed=4), ManualScheduler(), seed_wait_s=0).create(
        {"dice_per_player": 1, "turn_timer_s": 0, **rules})
    for seat in range(players):
        table.join(f"P{seat}", f"digest{seat}")
    return table, events


def refusal(action) -> str:  # noqa: ANN001
    with pytest.raises(RulesError) as refused:
        action()
    return refused.value.code


def logged(events, table, kind):
    return [entry.public for entry in events.entries(table.id) if entry.kind == kind]


def play_out(table):
    while table.game.phase is not Phase.OVER:
        if table.game.phase is Phase.REVEALED:
            table.next_round(0)
        table.play.bid(table.game.turn, 1, 2)
        table.play.liar(table.game.turn)


def test_the_host_changes_the_rules_before_a_game_and_the_next_game_plays_them():
    table, events = table_of()
    table.set_rules(0, PERUDO)
    assert logged(events, table, "rules_changed") == [{"rules": PERUDO.to_dict(), "by": 0}]
    assert table.current.settings == PERUDO
    table.start(0)
    assert table.game.settings == PERUDO and table.game.counts == (5, 5)
    assert replay(table.id, events.entries(table.id))[-1][1] == table.state


def test_only_the_host_changes_the_rules_and_never_while_a_game_runs():
    table, events = table_of()
    before = len(events.entries(table.id))
    assert refusal(lambda: table.set_rules(1, PERUDO)) == "host/only"
    assert len(events.entries(table.id)) == before
    table.start(0)
    running = (table.version, table.state)
    assert refusal(lambda: table.set_rules(0, PERUDO)) == "game/running"
    assert (table.version, table.state) == running
    assert logged(events, table, "rules_changed") == []
    play_out(table)
    table.set_rules(0, PERUDO)
    assert table.current.settings == PERUDO


def test_rules_equal_to_the_tables_log_nothing_and_too_few_seats_for_the_players_is_refused():
    table, events = table_of(players=3)
    before = len(events.entries(table.id))
    table.set_rules(0, table.current.settings)
    assert len(events.entries(table.id)) == before
    assert refusal(lambda: table.set_rules(0, Settings(max_players=2))) == "settings/seats_taken"
    assert len(events.entries(table.id)) == before


def test_the_referee_changes_the_rules_of_a_refereed_table_and_no_player_may():
    events = EventLog(":memory:")
    table = Tables(events, PlainDealer(seed=4), ManualScheduler(), seed_wait_s=0).create({})
    desk.name_referee(table, "Мастер", "referee-digest", GmSettings())
    table.join("P0", "digest0")
    assert refusal(lambda: table.set_rules(0, PERUDO)) == "host/only"
    desk.set_rules(table, PERUDO)
    assert logged(events, table, "rules_changed") == [{"rules": PERUDO.to_dict(), "by": "referee"}]


def test_the_change_is_a_public_event_of_the_table():
    table, _ = table_of()
    table.set_rules(0, PERUDO)
    seq, event = table.recent[-1]
    assert (seq, event.kind, event.data, event.audience) == (table.version, "rules_changed",
                                                             {"rules": PERUDO.to_dict(), "by": 0}, None)
