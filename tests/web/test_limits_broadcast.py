"""What a table sends, and in which order: spectators coming and going are coalesced into one
trailing update per window, and the versions a connection receives never go back, even when
two changes are told at once."""
from __future__ import annotations

import threading

from tests.support.app import make_harness, states_of
from tests.support.dealers import PlainDealer

WINDOW_S = 0.2
"""``limits.spectator_update_s`` by default."""


def states(client) -> list[dict]:
    """Every ``state`` the client received since the last call (draining its queue)."""
    return states_of(client)


def test_a_burst_of_fifty_spectators_sends_each_viewer_one_trailing_state_not_one_per_arrival():
    harness = make_harness(PlainDealer())
    table, token = harness.create_table()
    anna = harness.connect(table, token)
    states(anna)
    watchers = [harness.connect(table) for _ in range(50)]
    arrivals = [states(watcher) for watcher in watchers]
    assert all(len(got) == 1 for got in arrivals)
    assert states(anna) == []
    harness.clock.advance(WINDOW_S)
    trailing = [states(watcher) for watcher in watchers]
    assert all(len(got) == 1 and got[0]["table"]["spectators"] == 50 for got in trailing)
    assert [s["table"]["spectators"] for s in states(anna)] == [50]
    harness.clock.advance(10 * WINDOW_S)
    assert states(anna) == [] and all(states(watcher) == [] for watcher in watchers)

    for watcher in watchers[:49]:
        watcher.disconnect()
    assert states(anna) == [] and states(watchers[49]) == []
    harness.clock.advance(WINDOW_S)
    assert [s["table"]["spectators"] for s in states(anna)] == [1]
    assert [s["table"]["spectators"] for s in states(watchers[49])] == [1]


def test_a_change_within_the_window_tells_the_new_count_at_once_and_nothing_trails():
    harness = make_harness(PlainDealer())
    table, token = harness.create_table()
    anna = harness.connect(table, token)
    ben, _ = harness.join(table, "Ben")
    watcher = harness.connect(table)
    states(anna), states(ben), states(watcher)
    assert anna.emit("start", {}, callback=True) == {"ok": True}
    told = states(anna)
    assert told and told[-1]["table"]["spectators"] == 1 and told[-1]["game"] is not None
    states(ben), states(watcher)
    harness.clock.advance(WINDOW_S)
    assert states(anna) == [] and states(ben) == [] and states(watcher) == []


def test_versions_never_go_back_when_two_changes_are_told_at_once():
    """The opener's bid is logged and its broadcast is held while building the opener's view (as a
    greenlet or thread may be); meanwhile the other player calls Liar, the round is revealed and
    told. The held broadcast must not then send the older version."""
    harness = make_harness(PlainDealer(script=[{0: [1, 2, 3, 4, 5], 1: [6, 6, 6, 6, 6]}]))
    table_id, token = harness.create_table()
    anna = harness.connect(table_id, token)
    ben, _ = harness.join(table_id, "Ben")
    assert anna.emit("start", {}, callback=True) == {"ok": True}
    states(anna), states(ben)
    table = harness.app.extensions["tavern"].tables.get(table_id)
    assert table.current.game.phase.value == "bidding"
    opener = table.current.game.turn

    held, release = threading.Event(), threading.Event()
    bidding = threading.Thread(target=lambda: table.play.bid(opener, 2, 6))
    real_private_for = table.private_for

    def private_for(seat: int) -> dict:
        if threading.current_thread() is bidding and not held.is_set():
            held.set()
            release.wait(10)
        return real_private_for(seat)

    table.private_for = private_for
    bidding.start()
    assert held.wait(10)
    table.play.liar(1 - opener)
    release.set()
    bidding.join(10)

    for client in (anna, ben):
        got = states(client)
        versions = [state["version"] for state in got]
        assert versions == sorted(versions), versions
        assert got[-1]["version"] == table.version and got[-1]["game"]["phase"] == "revealed"
