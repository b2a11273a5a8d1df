"""A poker-dice evening of three or more draws its bracket order (RULES.md B8, docs/fairness.md section 6,
"The bracket of an evening"): a shuffle of the entrants, seeded by every person entered, committed in a
game of its own and revealed before the first match; the bracket pairs the entrants in that order. The
table refuses a second start while it is drawn and a ``bracket_drawn`` its draw does not give; a restart
waits for the draw again; over many seeded evenings every seat has the bye about as often."""
from __future__ import annotations

from collections import Counter

import pytest

from referee.fairness.purposes import bracket_order
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.errors import TableError
from referee.table.registry import Tables
from referee.table.fold import fold
from tests.audit.house_logs import SeededDealer

EVENINGS = 300


def poker_table(seed: int, players: int = 3, seed_wait_s: float = 0.0, connected: bool = False):
    events, scheduler = EventLog(":memory:"), ManualScheduler()
    tables = Tables(events, SeededDealer(seed), scheduler, seed_wait_s=seed_wait_s)
    table = tables.create({"game": "poker_bluff", "tokens": 1})
    for seat in range(players):
        table.join(f"P{seat}", f"d{seat}")
        if connected:
            table.set_connected(seat, True)
    return table, events, scheduler, tables


def logged(events, table, kind):
    return [entry for entry in events.entries(table.id) if entry.kind == kind]


def test_the_bracket_waits_for_every_entrants_seed_then_orders_the_first_match():
    table, events, _, _ = poker_table(seed=1, seed_wait_s=30, connected=True)
    table.start(0)
    evening = table.current.family_state.evening
    assert evening.drawing_bracket and table.current.game is None
    assert table.draw_parts()["waiting"] == {"draw": 1, "kind": "bracket", "seats": [0, 1, 2], "paused": False}
    with pytest.raises(TableError) as again:
        table.start(0)
    assert again.value.code == "evening/drawing"
    seeds = {seat: f"{seat:02x}" * 32 for seat in range(3)}
    for seat, seed in seeds.items():
        table.contribute_draw_seed(seat, 1, seed)
    committed = logged(events, table, "draw_committed")[0].public
    assert committed["purpose"] == {"kind": "bracket", "ref": 1, "counter": 1}
    assert committed["seeds"] == {str(seat): seed for seat, seed in seeds.items()} and committed["seeds_missing"] == {}
    revealed = logged(events, table, "draw_revealed")[0].public
    order = bracket_order([0, 1, 2], [result["value"] for result in revealed["results"]])
    assert logged(events, table, "bracket_drawn")[0].public == {"evening": 1, "game": 1, "draw": 1, "order": order}
    started = logged(events, table, "game_started")[0].public
    assert started["game"] == 2 and started["seats"] == order[:2]
    assert [p.seats for p in table.current.family_state.evening.bracket.current] == [tuple(order[:2]), (order[2],)]


def test_an_evening_of_two_draws_no_bracket():
    table, events, _, _ = poker_table(seed=2, players=2)
    table.start(0)
    assert not logged(events, table, "bracket_drawn")
    assert logged(events, table, "game_started")[0].public["game"] == 1
    assert "bracket" not in logged(events, table, "evening_started")[0].public


def test_a_restart_waits_for_the_bracket_draw_again_and_makes_it_when_the_wait_runs_out():
    table, events, _, _ = poker_table(seed=3, seed_wait_s=30, connected=True)
    table.start(0)
    table.contribute_draw_seed(1, 1, "ab" * 32)
    scheduler = ManualScheduler()
    reloaded = Tables(events, SeededDealer(4), scheduler, seed_wait_s=30).get(table.id)
    assert reloaded.current.family_state.evening.drawing_bracket and not logged(events, table, "draw_committed")
    scheduler.advance(30)
    missing = logged(events, table, "draw_committed")[0].public["seeds_missing"]
    assert missing == {"0": "not_connected", "1": "not_connected", "2": "not_connected"}  # none reconnected
    assert not reloaded.current.family_state.evening.drawing_bracket and reloaded.current.game_running


def test_the_fold_refuses_a_bracket_order_its_draw_does_not_give():
    table, events, _, _ = poker_table(seed=5)
    table.start(0)
    entries = list(events.entries(table.id))
    at = next(index for index, entry in enumerate(entries) if entry.kind == "bracket_drawn")
    state = None
    for entry in entries[:at]:
        state = fold(state, entry.kind, entry.public, entry.secret)
    honest = entries[at].public
    forged = {**honest, "order": honest["order"][1:] + honest["order"][:1]}
    with pytest.raises(TableError) as refused:
        fold(state, "bracket_drawn", forged, None)
    assert refused.value.code == "bracket/draw"
    assert fold(state, "bracket_drawn", honest, None).family_state.evening.bracket.entrants == tuple(honest["order"])


def test_over_many_seeded_evenings_every_seat_has_the_bye_about_as_often():
    byes = Counter()
    for seed in range(EVENINGS):
        table, _, _, _ = poker_table(seed)
        table.start(0)
        byes[next(p.seats[0] for p in table.current.family_state.evening.bracket.current if p.is_bye)] += 1
    # each seat's count is binomial(300, 1/3): 100 ± 33 holds 4 standard deviations out; the seeds are
    # fixed, so the test gives the same answer every run
    assert set(byes) == {0, 1, 2} and all(abs(count - EVENINGS // 3) <= 33 for count in byes.values()), byes
