"""A seed changes nothing anyone sees until it completes the deal: it is held by the table (logged
with the deal, in the deal's transaction), answered, and told to nobody; the seed that completes
the deal is told with the deal, and a client can always ask for the table's newest version (``sync``)."""
from __future__ import annotations

from tests.support.app import make_harness, states_of
from tests.support.dealers import PlainDealer

HANDS = {0: [1, 2, 3, 4, 5], 1: [6, 6, 6, 6, 6], 2: [2, 2, 4, 4, 6]}


def states(client) -> list[dict]:
    """Every ``state`` the client received since the last call (draining its queue)."""
    return states_of(client)


def rolling_table():
    """Three players and a spectator at a table whose first round waits for their seeds."""
    harness = make_harness(PlainDealer(script=[HANDS]), seed_wait_s=1.5)
    table_id, token = harness.create_table()
    anna = harness.connect(table_id, token)
    ben, _ = harness.join(table_id, "Ben")
    cleo, _ = harness.join(table_id, "Cleo")
    watcher = harness.connect(table_id)
    assert anna.emit("start", {}, callback=True) == {"ok": True}
    table = harness.app.extensions["tavern"].tables.get(table_id)
    assert table.current.game.phase.value == "rolling"
    harness.clock.advance(1.0)  # the spectator's trailing update, well inside the seed wait
    clients = [anna, ben, cleo, watcher]
    for client in clients:
        states(client)
    return harness, table, clients


def seed(client, letter: str) -> dict:
    return client.emit("seed", {"round": 1, "seed": letter * 64}, callback=True)


def test_a_seed_that_leaves_the_round_waiting_is_held_and_answered_but_sends_nobody_a_state():
    _, table, (anna, ben, cleo, watcher) = rolling_table()
    version = table.version
    assert seed(anna, "a") == {"ok": True}
    assert seed(ben, "b") == {"ok": True}
    assert table.version == version and table.current.fairness.seeds == {}  # held, not logged yet
    assert [states(client) for client in (anna, ben, cleo, watcher)] == [[], [], [], []]
    assert seed(cleo, "c") == {"ok": True}  # the deal logs the three seeds and itself
    assert table.version == version + 4 and set(table.current.fairness.seeds) == {0, 1, 2}


def test_the_seed_that_completes_the_deal_tells_every_viewer_the_dealt_round_once():
    _, table, (anna, ben, cleo, watcher) = rolling_table()
    seed(anna, "a"), seed(ben, "b")
    assert seed(cleo, "c") == {"ok": True}
    assert table.current.game.phase.value == "bidding"
    for seat, client in enumerate((anna, ben, cleo)):
        [state] = states(client)
        assert state["version"] == table.version and state["game"]["dice"] == HANDS[seat]
    [seen] = states(watcher)
    assert seen["version"] == table.version and seen["game"]["phase"] == "bidding" and seen["game"]["dice"] == []


def test_a_client_that_missed_the_seeds_versions_gets_the_newest_one_on_sync():
    _, table, (anna, ben, _cleo, watcher) = rolling_table()
    seed(anna, "a"), seed(ben, "b")
    for client in (anna, watcher):
        assert client.emit("sync", {}, callback=True) == {"ok": True}
        [state] = states(client)
        assert state["version"] == table.version and state["game"]["phase"] == "rolling"


def test_the_seed_wait_running_out_tells_everyone_the_deal_with_the_seeds_that_came():
    harness, table, (anna, ben, cleo, watcher) = rolling_table()
    seed(anna, "a")
    harness.clock.advance(0.5)
    assert table.current.game.phase.value == "bidding"
    for client in (anna, ben, cleo, watcher):
        [state] = states(client)
        assert state["version"] == table.version and state["game"]["phase"] == "bidding"
