"""Failover and hand-back behind nginx with the Redis queue on: a table's connections move from
the killed worker to the other and back to the restarted one (a new process, a new host on the
channel), and at every step every player gets every ``state``, though the queue carries none of
them (the survivor still counts the dead worker's rooms for a while: it publishes them for
nobody, which costs Redis, never a message)."""
from __future__ import annotations

import pytest

from tests.cluster.test_failover import RULES, first_bid
from tests.scale.test_message_queue import QueueTap, subscribers, wait_until
from tests.support.client import create_table
from tests.support.cluster import RoutedPlayer, http, running_cluster

pytestmark = pytest.mark.slow


def bids(count):
    return lambda state: state["game"] is not None and len(state["game"]["bids"]) == count


def test_a_table_failed_over_and_handed_back_with_the_queue_on_reaches_every_player(tmp_path, postgres, redis_server):
    with running_cluster(tmp_path, postgres.new_database(), lease_s=1.5, server={"message_queue": redis_server.url}) \
            as cluster:
        front = cluster.nginx.base_url
        host = create_table(front, "Anna", **RULES)
        table = host["table"]
        anna = RoutedPlayer(front, table, host["token"])
        ben = RoutedPlayer(front, table)
        try:
            first_bid(anna, ben)
            dead = cluster.holder_of(table)
            dead.kill()
            anna.wait_reconnected(2, timeout=20)
            ben.wait_reconnected(2, timeout=20)
            assert ben.call("bid", {"quantity": 3, "face": 3})["ok"]  # at the survivor
            anna.wait_for(bids(2))
            dead.start()
            wait_until(lambda: http(f"{front}/t/{table}")[0] == 200 and cluster.owner_of(table) is dead, 30,
                       "the hand-over back to the restarted worker")
            anna.wait_reconnected(3, timeout=20)
            ben.wait_reconnected(3, timeout=20)
            wait_until(lambda: subscribers(redis_server.url) == 2, 30, "both workers listen on the channel")
            tap = QueueTap(redis_server.url)
            assert anna.call("bid", {"quantity": 4, "face": 3})["ok"]  # at the restarted worker
            assert ben.wait_for(bids(3))["game"]["bids"][-1] == {"seat": 0, "quantity": 4, "face": 3}
            assert ben.call("liar")["ok"]
            assert anna.wait_for(lambda s: s["game"]["result"] is not None)["game"]["result"]["loser"] in (0, 1)
            tap.close()
            assert not [m for m in tap.messages if m["method"] == "emit" and str(m["room"]).startswith(f"{table}/")]
        finally:
            anna.close()
            ben.close()
