"""The fuzzer's batch against a real server (gevent, websockets, python-socketio's client):
hostile events mixed with a legal script sent in order, out of order and again, by a host, a
second player and a spectator of a fresh table each run: 25 runs of 16 events, 400 events
(test_fuzz.py sends the other 9,600 of the 10,000).

Each event is answered: accepted, or refused with a stable code and the table's log (the
audit export's head) unchanged; after each run the server still serves and its log holds no
traceback and no ERROR.
"""
from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from tests.support.client import Player, create_table
from tests.support.properties import examples
from tests.support.server import Server, running_server
from tests.web.fuzzing import PLAYER_EVENTS, hostile_events, resolve

CODE = re.compile(r"[a-z_]+/[a-z_]+")
STEPS = 16
RUNS = examples(25)
LEGAL_SCRIPT = [("host", "start", {}), ("host", "bid", {"quantity": 1, "face": 2}), ("ben", "bid", {"quantity": 2, "face": 2}),
                ("ben", "liar", {}), ("host", "liar", {}), ("host", "next_round", {}), ("ben", "next_round", {}),
                ("host", "new_game", {}), ("watcher", "join", {"name": "Cid"}), ("host", "sync", {})]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("fuzz-wire"), fairness={"seed_wait_s": 0}) as started:
        yield started


def log_seq(server: Server, table: str) -> int:
    """The sequence number of the table's last log entry (the audit export's head)."""
    with urllib.request.urlopen(f"{server.base_url}/t/{table}/audit.json", timeout=5) as reply:
        return json.loads(reply.read())["head"]["seq"]


hostile = st.builds(lambda who, sent: (who, *sent), st.sampled_from(["host", "ben", "watcher"]),
                    hostile_events(PLAYER_EVENTS))
legal = st.sampled_from(LEGAL_SCRIPT).map(lambda step: (step[0], step[1], (step[2],)))
plans = st.lists(st.one_of(hostile, hostile, legal), min_size=STEPS, max_size=STEPS)


@settings(max_examples=RUNS, deadline=None, database=None, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])
@given(plan=plans)
def test_a_real_server_answers_every_event_and_a_refusal_changes_nothing(server, plan):
    table = create_table(server.base_url, "Anna")
    host = Player(server.base_url, table["table"], table["token"])
    ben = Player(server.base_url, table["table"])
    assert ben.call("join", {"name": "Ben"})["ok"]
    clients = {"host": host, "ben": ben, "watcher": Player(server.base_url, table["table"])}
    slots = {"<this table>": table["table"], "<other table>": table["table"], "<other token>": table["token"],
             "<referee token>": table["token"], "<seat token>": table["token"]}
    try:
        for who, event, args in plan:
            before = log_seq(server, table["table"])
            ack = clients[who].sio.call(event, resolve(args, slots), timeout=10)
            assert isinstance(ack, dict) and isinstance(ack.get("ok"), bool), (who, event, args, ack)
            if not ack["ok"]:
                assert CODE.fullmatch(ack["code"]) and ack["code"] != "server/error" and ack["message"], ack
                assert log_seq(server, table["table"]) == before, (who, event, args, ack)
        assert clients["watcher"].call("sync")["ok"]
    finally:
        for client in clients.values():
            client.close()
    log = server.log_path.read_text(errors="replace")
    assert "Traceback" not in log and '"level": "ERROR"' not in log, log[-3000:]
