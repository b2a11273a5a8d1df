"""Two workers behind nginx: a table created through nginx (by whichever worker) is then served,
page, long-polling and websocket, by the one worker its id routes to, to several clients at once."""
from __future__ import annotations

import socketio

from referee.fairness.verify import verify_export
from tests.support.client import create_table
from tests.support.cluster import RoutedPlayer, http, running_cluster


def bidding(state):
    return state["game"] is not None and state["game"]["phase"] == "bidding"


def test_a_table_created_through_nginx_is_played_through_it_by_several_clients(tmp_path, postgres):
    with running_cluster(tmp_path, postgres.new_database()) as cluster:
        front = cluster.nginx.base_url
        host = create_table(front, "Anna", dice_per_player=2)
        table = host["table"]
        status, page = http(f"{front}/t/{table}", accept="text/html")
        assert status == 200 and f'data-table="{table}"' in page
        owner = cluster.holder_of(table)  # the page's worker loaded it under its lease
        anna = RoutedPlayer(front, table, host["token"])
        ben = RoutedPlayer(front, table)
        watcher = socketio.Client()
        seen = []
        watcher.on("state", seen.append)
        watcher.connect(f"{front}?table={table}", auth={"table": table}, transports=["polling"], wait_timeout=10)
        try:
            assert ben.call("join", {"name": "Ben"})["ok"]
            assert anna.call("start")["ok"]
            anna.wait_for(bidding)
            assert anna.call("bid", {"quantity": 2, "face": 3})["ok"]
            ben.wait_for(lambda s: s["game"] is not None and len(s["game"]["bids"]) == 1)
            assert ben.call("liar")["ok"]
            result = anna.wait_for(lambda s: s["game"]["result"] is not None)["game"]["result"]
            assert result["loser"] in (0, 1)
            assert watcher.call("sync", {}, timeout=10)["ok"]  # the long-polling spectator is at the same worker
            assert seen and seen[-1]["game"]["result"] == result
        finally:
            watcher.disconnect()
            anna.close()
            ben.close()
        assert cluster.holder_of(table) is owner  # all of it went to that one worker
        status, export = http(f"{front}/t/{table}/audit.json")
        assert status == 200 and verify_export(export).ok
