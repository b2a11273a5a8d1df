"""A real server (gevent): a socket flooding past its budget is cut off and cannot come straight
back, its log line names no secret, and another table keeps answering."""
from __future__ import annotations

import threading

import pytest
import socketio

from tests.support.client import Player, create_table
from tests.support.server import running_server


def refusal_of(base_url: str, auth: dict) -> dict:
    """The ``connect_error`` data (``err.data`` in the browser) of a connection the server refuses."""
    refused: list[dict] = []
    client = socketio.Client(reconnection=False)
    client.on("connect_error", refused.append)
    with pytest.raises(socketio.exceptions.ConnectionError):
        client.connect(base_url, auth=auth, transports=["websocket"], wait_timeout=10)
    return refused[-1]["data"]


def test_a_flooding_socket_is_cut_off_and_another_table_still_answers(tmp_path):
    with running_server(tmp_path, fairness={"seed_wait_s": 0}) as server:
        flooded = create_table(server.base_url, "Mallory")
        other = create_table(server.base_url, "Anna")
        anna = Player(server.base_url, other["table"], other["token"])
        mallory = Player(server.base_url, flooded["table"], flooded["token"])
        gone = threading.Event()
        mallory.sio.on("disconnect", lambda *reason: gone.set())
        for _ in range(200):
            mallory.sio.emit("sync", {})
        assert gone.wait(10), "the flooding socket was not disconnected"
        with mallory._changed:  # noqa: SLF001 - the condition the client notifies on every error
            mallory._changed.wait_for(lambda: any(e["code"] == "rate/cut_off" for e in mallory.errors), 10)
        assert [e["code"] for e in mallory.errors][-1] == "rate/cut_off"
        assert {e["code"] for e in mallory.errors} == {"rate/limited", "rate/cut_off"}

        assert anna.call("sync") == {"ok": True}
        assert anna.call("bid", {"quantity": 1, "face": 2})["code"] == "game/not_started"
        again = refusal_of(server.base_url, {"table": flooded["table"], "token": flooded["token"]})
        assert again["code"] == "rate/cut_off" and again["message"]
        anna.close()

        log = server.log_path.read_text()
        cut = [line for line in log.splitlines() if "connection cut off" in line]
        assert len(cut) == 1 and flooded["table"] in cut[0] and '"seat": 0' in cut[0]
        assert flooded["token"] not in log and other["token"] not in log
