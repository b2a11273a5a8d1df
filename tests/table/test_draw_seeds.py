"""A table's draws wait for the seeds of the people they concern (referee/table/draw_seeding.py): a
poker-dice evening's bracket draw every entrant's, a match's starter draw and each roll both players', a
roll-off throw the throwers'; a draw made
with nobody's seed says so;
the table option ``require_seeds`` pauses instead; every draw verifies with its seeds."""
from __future__ import annotations

import pytest

from referee.fairness.verify import verify_export
from referee.fairness.keys import Signer
from referee.fairness.export import build_export
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.errors import TableError
from referee.table.registry import Tables
from referee.table.fair_dealer import FairDealer
from referee.web.audit import entry_dict

SIGNER = Signer.from_private_bytes(bytes(range(32)))
WAIT = 5.0


def table_of(rules, seats=2, seed_wait_s=WAIT):
    scheduler = ManualScheduler()
    events = EventLog(":memory:")
    table = Tables(events, FairDealer(SIGNER), scheduler, seed_wait_s=seed_wait_s).create(rules)
    for seat in range(seats):
        table.join(f"P{seat}", f"d{seat}")
    return table, scheduler, events


def kinds_of(events, table):
    return [entry.kind for entry in events.entries(table.id)]


def export_of(events, table):
    return build_export(SIGNER, table.id, [entry_dict(entry) for entry in events.entries(table.id)])


def test_the_starter_draw_then_a_roll_wait_for_both_players_seeds_and_mix_them():
    table, scheduler, events = table_of({"game": "poker_bluff", "tokens": 1})
    table.set_connected(0, True), table.set_connected(1, True)
    table.start(0)
    assert "starter_drawn" not in kinds_of(events, table)
    assert table.draw_parts()["waiting"] == {"draw": 1, "kind": "poker_starter", "seats": [0, 1], "paused": False}
    table.contribute_draw_seed(0, 1, "0c" * 32)
    assert "starter_drawn" not in kinds_of(events, table)  # seat 1's seed is still awaited
    table.contribute_draw_seed(1, 1, "0d" * 32)
    assert kinds_of(events, table)[-5:] == ["draw_seed", "draw_seed", "draw_committed", "draw_revealed", "starter_drawn"]
    assert table.draw_parts()["waiting"] == {"draw": 2, "kind": "poker_roll", "seats": [0, 1], "paused": False}
    assert "cup_rolled" not in kinds_of(events, table)
    table.contribute_draw_seed(0, 2, "0a" * 32)
    assert "cup_rolled" not in kinds_of(events, table)  # seat 1's seed is still awaited
    table.contribute_draw_seed(1, 2, "0b" * 32)
    assert kinds_of(events, table)[-4:] == ["draw_seed", "draw_seed", "draw_committed", "cup_rolled"]
    recent = table.draw_parts()["recent"]
    assert [r["purpose"]["kind"] for r in recent] == ["poker_starter", "poker_roll"]
    assert recent[0]["seeds"] == {"0": "0c" * 32, "1": "0d" * 32} and recent[0]["alone"] is False
    assert recent[1]["seeds"] == {"0": "0a" * 32, "1": "0b" * 32} and recent[1]["alone"] is False
    assert table.game.holder == [e.public["seat"] for e in events.entries(table.id) if e.kind == "starter_drawn"][0]
    assert verify_export(export_of(events, table)).ok


def test_a_late_seed_is_named_and_a_seed_for_another_draw_or_seat_is_refused():
    table, scheduler, events = table_of({"game": "poker_bluff", "tokens": 1}, seats=3)
    for seat in range(3):
        table.set_connected(seat, True)
    table.start(0)
    with pytest.raises(TableError) as late:
        table.contribute_draw_seed(0, 2, "0a" * 32)
    assert late.value.code == "seed/late"
    for seat in range(3):  # the bracket draw (game 1) takes every entrant's seed
        table.contribute_draw_seed(seat, 1, f"{seat:02x}" * 32)
    pair = sorted(table.game.seats)  # game 2, the first match of the bracket
    outside = next(seat for seat in range(3) if seat not in pair)
    with pytest.raises(TableError) as outsider:
        table.contribute_draw_seed(outside, 1, "0c" * 32)
    assert outsider.value.code == "seed/unexpected"
    table.contribute_draw_seed(pair[0], 1, "0c" * 32)
    table.contribute_draw_seed(pair[1], 1, "0d" * 32)  # the starter draw
    table.contribute_draw_seed(pair[0], 2, "0a" * 32)
    scheduler.advance(WAIT)
    committed = table.current.fairness.draws[1][0]
    assert committed["seeds"] == {str(pair[0]): "0a" * 32} and committed["seeds_missing"] == {str(pair[1]): "late"}
    report = verify_export(export_of(events, table))
    assert report.ok
    assert f"game 2 draw 2: note: no seed from seat {pair[1]} (late): their seed had not arrived when the wait for " \
           "seeds ran out" not in [str(c) for c in report.checks]  # noted at the reveal, once the cup is shown


def test_with_nobody_connected_the_starter_and_the_cup_are_drawn_by_the_server_alone_after_the_wait_and_say_so():
    table, scheduler, events = table_of({"game": "poker_bluff", "tokens": 1})
    table.start(0)
    assert "starter_drawn" not in kinds_of(events, table)  # a bounded wait: somebody may come back
    scheduler.advance(WAIT)
    assert "starter_drawn" in kinds_of(events, table) and "cup_rolled" not in kinds_of(events, table)
    scheduler.advance(WAIT)
    recent = table.draw_parts()["recent"]
    assert [r["purpose"]["kind"] for r in recent] == ["poker_starter", "poker_roll"]
    assert all(r["alone"] is True and r["seeds_missing"] == {"0": "not_connected", "1": "not_connected"}
               for r in recent)
    report = verify_export(export_of(events, table))
    assert report.ok
    assert "game 1 draw 1: note: this starter draw was rolled by the server alone: nobody was connected" \
        in [str(c) for c in report.checks]  # revealed at once: said at once


def test_require_seeds_pauses_a_draw_nobody_seeds_until_a_person_sends_one():
    table, scheduler, events = table_of({"game": "poker_bluff", "tokens": 1})
    with pytest.raises(TableError) as refused:
        table.set_require_seeds(True, by=1)
    assert refused.value.code == "host/only"
    table.set_require_seeds(True, by=0)
    table.start(0)
    scheduler.advance(10 * WAIT)
    assert "starter_drawn" not in kinds_of(events, table)
    assert table.draw_parts()["waiting"]["paused"] is True
    table.set_connected(1, True)
    table.contribute_draw_seed(1, 1, "0d" * 32)
    assert kinds_of(events, table)[-4:] == ["draw_seed", "draw_committed", "draw_revealed", "starter_drawn"]
    table.contribute_draw_seed(1, 2, "0b" * 32)
    assert kinds_of(events, table)[-3:] == ["draw_seed", "draw_committed", "cup_rolled"]
    assert [draw[0]["seeds_missing"] for draw in table.current.fairness.draws] == [{"0": "not_connected"}] * 2


def test_a_roll_off_throw_waits_for_the_throwers_and_the_round_opens_after_it():
    table, scheduler, events = table_of({"first_opener": "roll_off", "dice_per_player": 2})
    table.set_connected(0, True), table.set_connected(1, True)
    table.start(0)
    while table.draw_parts()["waiting"] is not None:
        waiting = table.draw_parts()["waiting"]
        assert waiting["kind"] == "roll_off"
        for seat in waiting["seats"]:
            table.contribute_draw_seed(seat, waiting["draw"], f"{seat + 1:02x}" * 32)
    assert "roll_off" in kinds_of(events, table)
    seeds = [e.public for e in events.entries(table.id) if e.kind == "draw_seed"]
    assert seeds and {seed["seat"] for seed in seeds} <= {0, 1}
    scheduler.advance(WAIT)  # the first round's deal waits for its own seeds
    assert "round_dealt" in kinds_of(events, table)
    assert verify_export(export_of(events, table)).ok


def test_a_draw_waiting_when_the_server_restarts_is_awaited_again():
    table, scheduler, events = table_of({"game": "poker_bluff", "tokens": 1})
    table.set_connected(0, True)
    table.start(0)
    table.close()  # the server stops: its timers with it
    loaded = Tables(events, FairDealer(SIGNER), scheduler, seed_wait_s=WAIT).get(table.id)
    assert loaded.draw_parts()["waiting"]["draw"] == 1
    scheduler.advance(WAIT)
    assert loaded.current.fairness.draws[0][0]["seeds_missing"] == {"0": "not_connected", "1": "not_connected"}
