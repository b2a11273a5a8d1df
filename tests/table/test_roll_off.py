"""The roll-off at a table (``first_opener = roll_off``): each throw is a committed, revealed draw and a
``roll_off`` entry holding exactly its values, all in the start's one append; ties throw again among
the tied only; the game's seat order then follows (turns, next-round openers, views)."""
from __future__ import annotations

import dataclasses

import pytest

from referee.fairness.keys import Signer
from referee.games.liars_dice.rules import Phase, RulesError
from referee.table.scheduler import ManualScheduler
from referee.table.registry import Tables
from referee.table.replay import TableBroken
from referee.table.fold import fold
from referee.table.fair_dealer import FairDealer
from referee.table.replay import replay
from referee.views import table_view
from tests.support.dealers import PlainDealer
from tests.table.test_transactions import RecordingStore

TIED_THEN_SPLIT = [[3, 4, 6, 1, 2, 2], [1, 1, 5, 5]]
"""Throw 1: seats 0 and 1 sum 7, seat 2 sums 4; throw 2 (seats 0 and 1 only): 2 and 10."""


def rolling_off(players=3, draws=None, script=None, dealer=None, **rules):
    store = RecordingStore()
    dealer = dealer or PlainDealer(seed=2, script=script, draws=draws if draws is not None else TIED_THEN_SPLIT)
    table = Tables(store, dealer, ManualScheduler(), seed_wait_s=0).create(
        {"first_opener": "roll_off", "dice_per_player": 3, "turn_timer_s": 0, **rules})
    for seat in range(players):
        table.join(f"P{seat}", f"digest{seat}")
    store.calls.clear()
    return table, store


def logged(store, table, kind):
    return [entry for entry in store.entries(table.id) if entry.kind == kind]


def test_the_start_logs_every_throw_as_a_revealed_draw_then_its_dice_in_one_append():
    table, store = rolling_off()
    table.start(0)

    throw = ["draw_committed", "draw_revealed", "roll_off"]
    assert store.calls == [["game_started", "game_opened", *throw, *throw, "round_dealt"]]
    assert logged(store, table, "game_started")[0].public == {"game": 1, "seats": [0, 1, 2], "opener": None}
    assert [e.public for e in logged(store, table, "roll_off")] == [
        {"game": 1, "counter": 1, "draw": 1, "dice": {"0": [3, 4], "1": [6, 1], "2": [2, 2]}},
        {"game": 1, "counter": 2, "draw": 2, "dice": {"0": [1, 1], "1": [5, 5]}}]


def test_a_tie_is_thrown_again_by_the_tied_seats_only_under_its_own_counter():
    table, store = rolling_off()
    table.start(0)

    draws = logged(store, table, "draw_committed")
    assert [d.public["purpose"] for d in draws] == [{"kind": "roll_off", "ref": 1, "counter": k} for k in (1, 2)]
    assert [[item["label"] for item in d.secret["request"]["items"]] for d in draws] == [
        ["seat 0", "seat 0", "seat 1", "seat 1", "seat 2", "seat 2"], ["seat 0", "seat 0", "seat 1", "seat 1"]]


def test_the_seat_order_follows_the_sums_for_turns_openers_and_views():
    # seat order 1, 0, 2; seat 1 opens. Round 1: seat 1 bids two fives (seat 0 holds both), seat 0 calls
    # and loses its die; round 2 is opened by seat 0, and after it the turn goes to seat 2, not seat 1.
    table, _ = rolling_off(script=[{0: [5, 5, 2], 1: [2, 3, 4], 2: [6, 6, 6]}], dice_per_player=3)
    table.start(0)
    assert table.game.seats == (1, 0, 2) and table.game.opener == 1 and table.game.turn == 1
    table.play.bid(1, 2, 5)
    assert table.game.turn == 0
    table.play.liar(0)
    table.next_round(1)
    assert table.game.opener == 0 and table.game.turn == 0
    table.play.bid(0, 1, 3)
    assert table.game.turn == 2
    view = table_view(table.current, version=table.version, seat=2, connected=set(), spectators=0)
    assert view["game"]["seat_order"] == [1, 0, 2]
    assert view["game"]["roll_off"]["seat_order"] == [1, 0, 2]
    assert [t["standing"] for t in view["game"]["roll_off"]["throws"]] == [[[0, 1], [2]], [[1], [0], [2]]]


def test_with_the_committed_dealer_every_roll_off_entry_holds_its_revealed_draw_and_the_table_replays():
    table, store = rolling_off(players=4, dealer=FairDealer(Signer.from_private_bytes(bytes(range(32)))))
    table.start(0)

    revealed = {e.public["draw"]: e.public for e in logged(store, table, "draw_revealed")}
    for entry in logged(store, table, "roll_off"):
        results = revealed[entry.public["draw"]]["results"]
        by_seat = {}
        for result in results:
            by_seat.setdefault(result["label"].removeprefix("seat "), []).append(result["value"])
        assert entry.public["dice"] == by_seat
    standing = table.current.family_state.roll_off[-1]["standing"]
    assert all(len(group) == 1 for group in standing)
    assert list(table.game.seats) == [group[0] for group in standing]
    assert replay(table.id, store.entries(table.id))[-1][1] == table.state


def before_first_throw(table, store):
    """The table's state just before its first ``roll_off`` entry, and that entry."""
    entries = store.entries(table.id)
    index = next(i for i, e in enumerate(entries) if e.kind == "roll_off")
    state = replay(table.id, entries[:index])[-1][1]
    return state, entries[index]


@pytest.mark.parametrize("change, code", [
    (lambda p: {**p, "dice": {**p["dice"], "2": [6, 6]}}, "roll_off/draw"),
    (lambda p: {**p, "draw": 2}, "roll_off/draw"),
    (lambda p: {**p, "counter": 2}, "roll_off/order"),
    (lambda p: {**p, "game": 2}, "roll_off/order"),
])
def test_the_fold_refuses_a_roll_off_entry_that_is_not_its_revealed_draw(change, code):
    table, store = rolling_off()
    table.start(0)
    state, entry = before_first_throw(table, store)

    with pytest.raises(RulesError) as refused:
        fold(state, "roll_off", change(dict(entry.public)), None)
    assert refused.value.code == code


def test_a_roll_off_entry_before_its_draw_is_revealed_is_refused_and_a_log_holding_one_is_broken():
    table, store = rolling_off()
    table.start(0)
    state, entry = before_first_throw(table, store)
    fairness = dataclasses.replace(state.fairness, draws_revealed=frozenset())
    with pytest.raises(RulesError) as refused:
        fold(dataclasses.replace(state, fairness=fairness), "roll_off", entry.public, None)
    assert refused.value.code == "roll_off/draw"

    entries = [e for e in store.entries(table.id) if e.kind != "draw_revealed"]
    with pytest.raises(TableBroken):
        replay(table.id, entries)


def test_a_rotating_game_after_a_roll_off_game_rotates_from_the_last_rotating_game():
    table, _ = rolling_off(players=2, draws=[[6, 6, 1, 1]], first_opener="rotate", dice_per_player=1)
    table.start(0)
    assert table.game.opener == 0
    finish(table)
    table.set_rules(0, dataclasses.replace(table.current.settings, first_opener="roll_off"))
    table.start(0)
    assert table.game.opener == 0 and table.current.family_state.last_first_opener == 0
    finish(table)
    table.set_rules(0, dataclasses.replace(table.current.settings, first_opener="rotate"))
    table.start(0)
    assert table.game.opener == 1


def finish(table):
    """Rounds of one low bid and a call of Liar until the game is over."""
    while table.game.phase is not Phase.OVER:
        if table.game.phase is Phase.REVEALED:
            table.next_round(0)
            continue
        table.play.bid(table.game.turn, 1, 2)
        table.play.liar(table.game.turn)
