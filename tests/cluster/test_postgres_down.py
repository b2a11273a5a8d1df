"""PostgreSQL stopped under a serving worker: every command gets a clear ``store/unavailable``
(to its sender only), nothing is half-written, the worker keeps serving what it has in memory,
and the table plays on once the database is back; the audit verifies."""
from __future__ import annotations

import psycopg

from referee.fairness.verify import verify_export
from tests.support.client import Player, create_table
from tests.support.cluster import http, running_cluster, wait_until


def bidding(state):
    return state["game"] is not None and state["game"]["phase"] == "bidding"


def test_postgres_down_refuses_clearly_writes_nothing_and_the_table_plays_on_when_it_returns(tmp_path, postgres):
    database = postgres.new_database()
    with running_cluster(tmp_path, database, size=1, lease_s=1.5, nginx=False) as cluster:
        worker = cluster.workers[0]
        host = create_table(worker.base_url, "Anna", dice_per_player=2)
        table = host["table"]
        anna = Player(worker.base_url, table, host["token"])
        ben = Player(worker.base_url, table)
        try:
            assert ben.call("join", {"name": "Ben"})["ok"]
            assert anna.call("start")["ok"]
            state = anna.wait_for(bidding)
            with psycopg.connect(database) as conn:
                head = conn.execute("SELECT max(seq) FROM events WHERE table_id = %s", (table,)).fetchone()[0]
            postgres.stop()
            try:
                refused = anna.call("bid", {"quantity": 2, "face": 3})
                assert (refused["ok"], refused["code"]) == (False, "store/unavailable")
                assert anna.errors[-1]["code"] == "store/unavailable" and not ben.errors  # to the sender only
                status, body = http(f"{worker.base_url}/api/tables", {"name": "Cleo", "rules": {}})
                assert (status, body["code"]) == (503, "store/unavailable")
                assert http(f"{worker.base_url}/healthz")[0] == 200  # the worker keeps serving
                assert anna.call("sync")["ok"]
                assert anna.wait_for(bidding)["version"] == state["version"]  # nothing changed
            finally:
                postgres.start()
            answer = wait_until(lambda: _bid(anna), what="a bid once PostgreSQL is back")
            assert answer["ok"]
            assert ben.wait_for(lambda s: len(s["game"]["bids"]) == 1)["game"]["bids"][0]["quantity"] == 2
            assert ben.call("liar")["ok"]
            anna.wait_for(lambda s: s["game"]["result"] is not None)
        finally:
            anna.close()
            ben.close()
        with psycopg.connect(database) as conn:
            kinds = [row[0] for row in conn.execute(
                "SELECT kind FROM events WHERE table_id = %s AND seq > %s ORDER BY seq", (table, head))]
        assert kinds.count("bid") == 1 and kinds[0] == "bid"  # the refused bid left nothing behind
        status, export = http(f"{worker.base_url}/t/{table}/audit.json")
        assert status == 200 and verify_export(export).ok


def _bid(player):
    answer = player.call("bid", {"quantity": 2, "face": 3})
    assert answer["ok"] or answer["code"] == "store/unavailable", answer
    return answer if answer["ok"] else None
