"""Loading tables: a broken log sets one table aside, idle tables are archived and come back on
demand, and a round that waited for seeds at a restart waits for them again."""
from __future__ import annotations

import json
import logging

import pytest

from referee.games.liars_dice.rules import Phase
from referee.store.base import StoreBusy
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.errors import TableError
from referee.table.registry import Tables
from referee.games.liars_dice.seeding import RESUME_FACTOR
from tests.support.dealers import PlainDealer

SEED_A, SEED_B = "aa" * 32, "bb" * 32


def server(store, clock=None, **kwargs):
    """What a (re)started server builds over ``store``."""
    return Tables(store, PlainDealer(seed=3), clock or ManualScheduler(), **kwargs)


def table_in_mid_round(tables):
    table = tables.create({"dice_per_player": 2})
    table.join("Anna", "d0")
    table.join("Ben", "d1")
    table.start(0)
    table.play.bid(table.game.turn, 1, 2)
    return table


def corrupt(store, table_id, seq, public):
    store._db.execute("UPDATE events SET public = ? WHERE table_id = ? AND seq = ?",
                      (json.dumps(public), table_id, seq))


def test_a_table_whose_log_cannot_be_folded_is_set_aside_and_every_other_table_serves(caplog):
    store = EventLog(":memory:")
    first = server(store, seed_wait_s=0)
    good, bad = table_in_mid_round(first), table_in_mid_round(first)
    corrupt(store, bad.id, 7, {"seat": 7, "quantity": 1, "face": 2})
    with caplog.at_level(logging.ERROR, logger="referee.tables"):
        loaded = server(store, seed_wait_s=0).load_all()
    assert [t.id for t in loaded] == [good.id]
    assert loaded[0].state == good.state
    [line] = [r for r in caplog.records if r.getMessage() == "table broken"]
    assert (line.table, line.seq, line.code) == (bad.id, 7, "table/broken")
    assert "seat 7" in line.reason or "turn" in line.reason


def test_a_broken_table_answers_table_broken_to_anyone_who_asks():
    store = EventLog(":memory:")
    bad = table_in_mid_round(server(store, seed_wait_s=0))
    corrupt(store, bad.id, 2, {"name": "no seat number"})
    tables = server(store, seed_wait_s=0)
    for _ in range(2):
        with pytest.raises(TableError) as refused:
            tables.get(bad.id)
        assert refused.value.code == "table/broken" and "entry 2" in refused.value.message
    assert tables.find("no-such-table") is None


def idle_server(store, clock, idle=3600.0, **kwargs):
    return server(store, clock, seed_wait_s=0, idle_archive_s=idle, **kwargs)


def test_a_table_nobody_is_at_is_archived_after_the_idle_time_and_start_up_skips_it():
    clock = ManualScheduler()
    store = EventLog(":memory:", clock=clock.now)
    tables = idle_server(store, clock)
    idle, busy = table_in_mid_round(tables), table_in_mid_round(tables)
    busy.set_connected(0, True)
    clock.advance(3599)
    assert tables.archive_idle() == []
    clock.advance(1)
    assert tables.archive_idle() == [idle.id]
    assert [r.table for r in store.tables(archived=True)] == [idle.id]
    assert [t.id for t in idle_server(store, clock).load_all()] == [busy.id]


def test_the_idle_time_counts_from_the_last_person_leaving():
    clock = ManualScheduler()
    store = EventLog(":memory:", clock=clock.now)
    tables = idle_server(store, clock)
    table = table_in_mid_round(tables)
    table.set_connected(0, True)
    clock.advance(5000)
    table.set_connected(0, False)
    clock.advance(3599)
    assert tables.archive_idle() == []
    clock.advance(1)
    assert tables.archive_idle() == [table.id]


def test_an_archived_table_stops_its_timers_and_refuses_commands():
    clock = ManualScheduler()
    store = EventLog(":memory:", clock=clock.now)
    tables = server(store, clock, seed_wait_s=5, idle_archive_s=1)
    table = tables.create({"dice_per_player": 2})
    table.join("Anna", "d0")
    table.join("Ben", "d1")
    table.set_connected(0, True)
    table.start(0)
    table.set_connected(0, False)
    assert table.game.phase is Phase.ROLLING
    clock.advance(1)
    assert tables.archive_idle() == [table.id]
    head = len(store.entries(table.id))
    clock.advance(10)  # the seed deadline (5 s after the start) would have dealt the round
    assert len(store.entries(table.id)) == head
    with pytest.raises(TableError) as refused:
        table.play.contribute_seed(1, 1, SEED_B)
    assert refused.value.code == "table/archived"


def test_an_archived_table_is_loaded_back_on_demand_as_it_was():
    clock = ManualScheduler()
    store = EventLog(":memory:", clock=clock.now)
    tables = idle_server(store, clock)
    table = table_in_mid_round(tables)
    clock.advance(3600)
    tables.archive_idle()
    again = tables.get(table.id)
    assert again is not table and again.state == table.state and again.version == table.version
    assert [r.archived for r in store.tables()] == [False]
    again.play.liar(again.game.turn)
    assert again.game.phase in (Phase.REVEALED, Phase.OVER)


def test_the_idle_sweep_runs_again_and_again():
    clock = ManualScheduler()
    store = EventLog(":memory:", clock=clock.now)
    tables = idle_server(store, clock, idle=400)
    tables.sweep_idle()
    table = table_in_mid_round(tables)
    clock.advance(500)
    assert [r.archived for r in store.tables() if r.table == table.id] == [True]


def rolling_at_a_crash(store, clock):
    """A round waiting for Anna's and Ben's seeds when the server stops; Anna's seed is in (held
    by the table, not logged: the deal logs the round's seeds)."""
    tables = server(store, clock, seed_wait_s=1.5)
    table = tables.create({"dice_per_player": 2})
    table.join("Anna", "d0")
    table.join("Ben", "d1")
    table.set_connected(0, True)
    table.set_connected(1, True)
    table.start(0)
    table.play.contribute_seed(0, 1, SEED_A)
    assert table.game.phase is Phase.ROLLING
    assert "seed_contributed" not in [entry.kind for entry in store.entries(table.id)]
    return table


def test_after_a_restart_a_round_waits_for_every_person_in_the_game_again():
    clock = ManualScheduler()
    store = EventLog(":memory:", clock=clock.now)
    before = rolling_at_a_crash(store, clock)
    after = server(store, ManualScheduler(clock.now()), seed_wait_s=1.5).get(before.id)
    assert after.game.phase is Phase.ROLLING
    after.play.contribute_seed(1, 1, SEED_B)  # Ben's browser, reconnected or not yet: his seed is awaited
    assert after.game.phase is Phase.ROLLING  # and Anna's, which the crash lost before anybody heard of it
    after.play.contribute_seed(0, 1, SEED_A)  # her page sends the seed it kept again
    assert after.game.phase is Phase.BIDDING
    assert after.current.fairness.seeds == {0: SEED_A, 1: SEED_B}
    kinds = [entry.kind for entry in store.entries(after.id)]
    assert kinds[-3:] == ["seed_contributed", "seed_contributed", "round_dealt"]


def test_after_a_restart_a_seed_that_never_comes_is_dealt_without_at_the_deadline():
    clock = ManualScheduler()
    store = EventLog(":memory:", clock=clock.now)
    before = rolling_at_a_crash(store, clock)
    later = ManualScheduler(clock.now())
    after = server(store, later, seed_wait_s=1.5).get(before.id)
    after.play.contribute_seed(0, 1, SEED_A)
    later.advance(RESUME_FACTOR * 1.5 - 0.1)
    assert after.game.phase is Phase.ROLLING
    later.advance(0.1)
    assert after.game.phase is Phase.BIDDING
    assert after.current.fairness.seeds == {0: SEED_A}


def test_after_a_restart_a_seat_a_bot_plays_is_not_waited_for():
    clock = ManualScheduler()
    store = EventLog(":memory:", clock=clock.now)
    before = rolling_at_a_crash(store, clock)
    before.set_autopilot(1, True, "disconnected")
    after = server(store, ManualScheduler(clock.now()), seed_wait_s=1.5).get(before.id)
    assert after.game.phase is Phase.ROLLING
    after.play.contribute_seed(0, 1, SEED_A)
    assert after.game.phase is Phase.BIDDING
    assert after.current.fairness.seeds == {0: SEED_A}


class LockedStore(EventLog):
    """A store whose database stays locked by another process: every append fails with ``store/busy``."""

    def append(self, table, entries, expected_seq):
        raise StoreBusy(5.0)


def test_a_table_whose_resumed_deal_cannot_be_stored_is_skipped_at_start_up_and_the_server_starts(tmp_path):
    path = str(tmp_path / "db.sqlite3")
    clock = ManualScheduler()
    before = rolling_at_a_crash(EventLog(path, clock=clock.now), clock)
    tables = server(LockedStore(path), ManualScheduler(clock.now()), seed_wait_s=0)
    assert tables.load_all() == []
    again = server(EventLog(path), ManualScheduler(clock.now()), seed_wait_s=0).get(before.id)
    assert again.game.phase is Phase.BIDDING


def test_the_reason_a_table_is_broken_never_quotes_a_secret_part(caplog):
    store = EventLog(":memory:")
    bad = table_in_mid_round(server(store, seed_wait_s=0))
    dealt = [e for e in store.entries(bad.id) if e.kind == "round_dealt"][0]
    store._db.execute("UPDATE events SET secret = ? WHERE table_id = ? AND seq = ?",
                      (json.dumps({"hands": {"0": "secret-dice-654321"}}), bad.id, dealt.seq))
    with caplog.at_level(logging.ERROR, logger="referee.tables"):
        with pytest.raises(TableError) as refused:
            server(store, seed_wait_s=0).get(bad.id)
    assert "654321" not in refused.value.message and "654321" not in caplog.text
    assert "details withheld" in refused.value.message
