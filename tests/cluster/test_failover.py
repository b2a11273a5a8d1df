"""Failover behind nginx: SIGKILL the worker serving a table in mid-round; the other worker serves
it within a few seconds (lease_s = 1.5 here) with the same seats, dice, bids and turn timer; the
clients reconnect by themselves through nginx; no event is lost and the audit verifies. When the
killed worker is back, nginx routes the table to it again, and the table is handed over to it."""
from __future__ import annotations

import pytest
import psycopg

from referee.fairness.verify import verify_export
from tests.support.client import create_table
from tests.support.cluster import RoutedPlayer, http, running_cluster, wait_until

pytestmark = pytest.mark.slow

RULES = {"dice_per_player": 2, "turn_timer_s": 60}


def one_bid(state):
    return state["game"] is not None and state["game"]["phase"] == "bidding" and len(state["game"]["bids"]) == 1


def first_bid(anna, ben):
    """Ben joins, Anna starts the game and bids 2 × 3: the state each holds once both see the bid."""
    ben.keep_token(ben.call("join", {"name": "Ben"})["token"])
    assert anna.call("start")["ok"]
    anna.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "bidding")
    assert anna.call("bid", {"quantity": 2, "face": 3})["ok"]
    return {"anna": anna.wait_for(one_bid), "ben": ben.wait_for(one_bid)}


def seated(state):
    """Who sits where (whether each is connected right now depends on who reconnected first)."""
    return [(seat["seat"], seat["name"], seat["kind"]) for seat in state["table"]["seats"]]


def log_of(database: str, table: str) -> list[tuple[int, str]]:
    with psycopg.connect(database) as conn:
        return [(int(seq), str(kind)) for seq, kind in conn.execute(
            "SELECT seq, kind FROM events WHERE table_id = %s ORDER BY seq", (table,))]


def test_a_worker_killed_in_mid_round_its_table_plays_on_at_the_other_and_comes_back(tmp_path, postgres):
    database = postgres.new_database()
    with running_cluster(tmp_path, database, lease_s=1.5) as cluster:
        front = cluster.nginx.base_url
        host = create_table(front, "Anna", **RULES)
        table = host["table"]
        anna = RoutedPlayer(front, table, host["token"])
        ben = RoutedPlayer(front, table)
        try:
            before = first_bid(anna, ben)
            logged = log_of(database, table)
            dead = cluster.holder_of(table)
            survivor = next(worker for worker in cluster.workers if worker is not dead)
            dead.kill()

            after = {"anna": anna.wait_reconnected(2, timeout=20), "ben": ben.wait_reconnected(2, timeout=20)}
            assert cluster.holder_of(table) is survivor
            for who in ("anna", "ben"):
                assert after[who]["version"] == before[who]["version"]
                assert after[who]["you"] == before[who]["you"]  # the same seat and the same dice
                assert after[who]["game"] == before[who]["game"]  # the same bids, turn and round
                assert seated(after[who]) == seated(before[who])
                assert after[who]["table"]["turn_deadline_ms"] == before[who]["table"]["turn_deadline_ms"]
            assert log_of(database, table) == logged  # nothing lost, nothing written twice

            dead.start()  # back on its port: nginx routes the table's id to it again once it answers
            wait_until(lambda: http(f"{front}/t/{table}")[0] == 200 and cluster.owner_of(table) is dead,
                       what="the hand-over back to the restarted worker")
            anna.wait_reconnected(3, timeout=20)
            ben.wait_reconnected(3, timeout=20)
            assert ben.call("liar")["ok"]
            result = anna.wait_for(lambda s: s["game"]["result"] is not None)["game"]["result"]
            assert result["loser"] in (0, 1)
        finally:
            anna.close()
            ben.close()
        seqs = [seq for seq, _ in log_of(database, table)]
        assert seqs == list(range(1, len(seqs) + 1))
        status, export = http(f"{front}/t/{table}/audit.json")
        assert status == 200
        report = verify_export(export)
        assert report.ok, [check for check in report.checks if not check.ok]
