"""A round waiting for the players' seeds when the server is killed waits for them again after the
restart: a seed sent after the restart is in the deal; one that never comes is missing after the deadline."""
from __future__ import annotations

import json
import secrets
import urllib.request

from tests.support.client import Player, create_table
from tests.support.server import Server, free_port, server_settings


def rolling(state):
    return state["game"] is not None and state["game"]["phase"] == "rolling"


def bidding(state):
    return state["game"] is not None and state["game"]["phase"] == "bidding"


def audit_of(server, table_id):
    with urllib.request.urlopen(f"{server.base_url}/t/{table_id}/audit.json", timeout=5) as reply:
        return json.loads(reply.read())


def test_a_seed_sent_after_a_restart_is_in_the_deal_and_the_absent_one_is_missing(tmp_path):
    server = Server(tmp_path, free_port(), server_settings(tmp_path, fairness={"seed_wait_s": 0.3}),
                    module="tests.support.crashing_serve",
                    env={"TAVERN_CRASH": "after:game_opened", "TAVERN_CRASH_RECORD": str(tmp_path / "crashes.txt")})
    server.start()
    try:
        host = create_table(server.base_url, "Anna")
        anna = Player(server.base_url, host["table"], host["token"])
        ben = Player(server.base_url, host["table"])
        assert ben.call("join", {"name": "Ben"})["ok"]
        anna.sio.emit("start", {})
        server.process.wait(10)  # killed right after the game was opened, before any seed
        server.start()
        anna = Player(server.base_url, host["table"], host["token"])
        assert anna.wait_for(rolling)["game"]["round"] == 1
        seed = secrets.token_hex(32)
        assert anna.call("seed", {"round": 1, "seed": seed})["ok"]
        state = anna.wait_for(bidding, timeout=15)  # Ben never comes back: dealt at the deadline
        assert state["game"]["round"] == 1
        audit = audit_of(server, host["table"])
        [deal] = [entry for entry in audit["entries"] if entry["kind"] == "round_dealt"]
        assert deal["public"]["seeds"] == {"0": seed}
        assert [entry["kind"] for entry in audit["entries"]].count("seed_contributed") == 1
        anna.close()
    finally:
        server.stop()
