"""Hostile frames on the wire, against a real server (gevent): every frame that is not an event,
every event with two payloads or a 101-digit integer, and every refused connection gets a
stable code, changes nothing, logs no traceback, and the server keeps serving.
"""
from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import socketio
import websocket

from referee.web.referee_sockets import PLAYER_CHAT_EVENTS, REFEREE_CHAT_EVENTS, REFEREE_EVENTS
from referee.web.sockets import SEAT_EVENTS
from tests.support.client import create_table
from tests.support.server import Server, running_server

EVENTS = sorted({*SEAT_EVENTS, *PLAYER_CHAT_EVENTS, *REFEREE_EVENTS, *REFEREE_CHAT_EVENTS, "join", "sync",
                 "referee_sync"})
HUGE = "9" * 101


class RawSocket:
    """A Socket.IO connection spoken by hand over a websocket: frames in, frames out."""

    def __init__(self, base_url: str) -> None:
        url = base_url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        self.ws = websocket.create_connection(url, timeout=10)
        handshake = self.ws.recv()
        assert handshake.startswith("0{"), handshake
        self.frames: list[str] = []

    def connect(self, auth: dict[str, Any]) -> str:
        """Send the CONNECT packet; the server's answer (``40{…}`` or ``44{…}``)."""
        self.send("40" + json.dumps(auth))
        return self.next_frame(lambda frame: frame.startswith(("40", "44")))

    def send(self, frame: str) -> None:
        self.ws.send(frame)

    def next_frame(self, wanted: Callable[[str], bool], seconds: float = 10) -> str:
        """The next frame ``wanted`` accepts (answering pings on the way); frames before it are kept."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                frame = self.ws.recv()
            except websocket.WebSocketTimeoutException:
                break
            if frame == "2":
                self.ws.send("3")
                continue
            self.frames.append(frame)
            if wanted(frame):
                return frame
        raise TimeoutError(f"no wanted frame; got {self.frames[-5:]}")

    def ack(self, ack_id: int) -> dict[str, Any]:
        """The acknowledgement with ``ack_id``."""
        frame = self.next_frame(lambda f: f.startswith(f"43{ack_id}["))
        return json.loads(frame[len(f"43{ack_id}"):])[0]

    def error(self) -> dict[str, Any]:
        """The next ``error`` event."""
        frame = self.next_frame(lambda f: f.startswith('42["error"'))
        return json.loads(frame[2:])[1]

    def close(self) -> None:
        self.ws.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # Frames, not budgets, are under test: one token sends every event three times here.
    with running_server(tmp_path_factory.mktemp("frames"), limits={"events_burst": 10_000}) as started:
        yield started


@pytest.fixture
def seated(server: Server) -> Iterator[tuple[RawSocket, dict[str, Any]]]:
    table = create_table(server.base_url, "Anna")
    raw = RawSocket(server.base_url)
    assert raw.connect({"table": table["table"], "token": table["token"]}).startswith("40")
    yield raw, table
    raw.close()


def version(raw: RawSocket, ack_id: int = 999) -> int:
    raw.send(f'42{ack_id}["sync",{{}}]')
    assert raw.ack(ack_id) == {"ok": True}
    state = [f for f in raw.frames if f.startswith('42["state"')][-1]
    return json.loads(state[2:])[1]["version"]


def log_lines(server: Server) -> list[str]:
    return server.log_path.read_text(errors="replace").splitlines()


def assert_quiet_log(server: Server, since: int) -> None:
    """No traceback and no ERROR record after line ``since`` of the server's log."""
    lines = log_lines(server)[since:]
    assert not [line for line in lines if "Traceback" in line or '"level": "ERROR"' in line], lines[-20:]


MALFORMED_FRAMES = {
    "an unfinished array": ("42{id}[", "the frame is not JSON"),
    "an empty array": ("42{id}[]", "an event is a JSON array"),
    "a number as the event": ("42{id}[5]", "an event is a JSON array"),
    "an object": ('42{id}{{"bid": 1}}', "an event is a JSON array"),
    "null": ("42{id}null", "an event is a JSON array"),
    "a string": ('42{id}"bid"', "an event is a JSON array"),
    "no data": ("42{id}", "an event is a JSON array"),
    "a 101-digit integer": ('42{id}["bid",{{"quantity":' + HUGE + ',"face":2}}]', "more than 100 digits"),
    "nesting deeper than the decoder": ('42{id}["bid",' + "[" * 3000 + "]" * 3000 + "]", "nested too deep"),
    "the reserved connect": ('42{id}["connect",{{"table":"x"}}]', "reserved"),
    "the reserved disconnect": ('42{id}["disconnect",{{}}]', "reserved"),
    "a binary event": ('451-{id}["bid",{{"_placeholder":true,"num":0}}]', "binary"),
    "another namespace": ('42/admin,{id}["sync",{{}}]', "namespace"),
}


@pytest.mark.parametrize("what", sorted(MALFORMED_FRAMES))
def test_a_frame_that_is_not_an_event_is_answered_payload_malformed_and_changes_nothing(server, seated, what):
    raw, _ = seated
    frame, reason = MALFORMED_FRAMES[what]
    since, before = len(log_lines(server)), version(raw)
    raw.send(frame.format(id=7))
    error = raw.error()
    assert error["code"] == "payload/malformed" and reason in error["message"]
    if "/admin" not in frame:
        assert raw.ack(7) == {"ok": False, **error}
    assert version(raw) == before
    assert_quiet_log(server, since)


@pytest.mark.parametrize("frame", ["431[]", '44{"message":"x"}', "49", "4", '41/admin,'])
def test_packets_a_client_never_sends_are_refused_or_ignored_without_a_traceback(server, seated, frame):
    raw, _ = seated
    since, before = len(log_lines(server)), version(raw)
    raw.send(frame)
    if frame != "41/admin,":
        assert raw.error()["code"] == "payload/malformed"
    assert version(raw) == before
    assert_quiet_log(server, since)


def test_every_event_with_two_payloads_none_or_a_huge_integer_is_payload_malformed(server, seated):
    watcher, table = seated
    referee = create_refereed_table(server.base_url)
    since, before = len(log_lines(server)), version(watcher)
    for event in EVENTS:
        raw = RawSocket(server.base_url)
        auth = ({"table": referee["table"], "referee_token": referee["referee_token"]} if event.startswith("referee_")
                else {"table": table["table"], "token": table["token"]})
        assert raw.connect(auth).startswith("40")
        for ack_id, frame in enumerate((f'["{event}",{{}},{{}}]', f'["{event}"]', f'["{event}",{{"seat":{HUGE}}}]'), 1):
            raw.send(f"42{ack_id}{frame}")
            ack = raw.ack(ack_id)
            assert (ack["ok"], ack["code"]) == (False, "payload/malformed"), (event, frame, ack)
        raw.close()
    assert version(watcher) == before
    assert_quiet_log(server, since)


def test_an_unknown_event_is_event_unknown(server, seated):
    raw, _ = seated
    raw.send('423["shuffle",{}]')
    assert raw.ack(3)["code"] == "event/unknown"
    raw.send('424["",{}]')
    assert raw.ack(4)["code"] == "event/unknown"


def refusal_seen_by_a_real_client(base_url: str, auth: Any) -> dict[str, Any]:
    """What python-socketio's client receives in ``connect_error`` for ``auth``."""
    client = socketio.Client(reconnection=False)
    seen: list[Any] = []
    arrived = threading.Event()

    @client.on("connect_error")
    def on_refused(data: Any) -> None:
        seen.append(data)
        arrived.set()

    with pytest.raises(socketio.exceptions.ConnectionError):
        client.connect(base_url, auth=auth, transports=["websocket"], wait_timeout=5)
    assert arrived.wait(5)
    client.disconnect()
    return seen[0]


def refused_connects(table: dict[str, Any], referee: dict[str, Any]) -> list[tuple[Any, str]]:
    return [
        ({"table": "no-such-table"}, "table/unknown"),
        ({"table": 42}, "payload/malformed"),
        ({"table": ""}, "payload/malformed"),
        ({"table": table["table"], "token": "x" * 200}, "payload/malformed"),
        ({"table": table["table"], "token": 7}, "payload/malformed"),
        ({"table": table["table"], "seat": 0}, "payload/malformed"),
        ({"table": table["table"], "token": None, "extra": [1] * 5}, "payload/malformed"),
        ({"table": [table["table"]]}, "payload/malformed"),
        ({"table": referee["table"], "referee_token": "wrong"}, "auth/not_referee"),
        ({"table": table["table"], "referee_token": "x"}, "auth/not_referee"),
        ({"table": "no-such-table", "referee_token": "x"}, "table/unknown"),
        ({"table": referee["table"], "referee_token": 5}, "payload/malformed"),
        ({"table": referee["table"], "referee_token": "x", "token": "y"}, "payload/malformed"),
        ({"referee_token": "x"}, "payload/malformed"),
        (None, "payload/malformed"),
    ]


def create_refereed_table(base_url: str) -> dict[str, Any]:
    body = json.dumps({"referee": {"name": "Мастер"}}).encode()
    request = urllib.request.Request(base_url + "/api/tables", data=body, headers={"Content-Type": "application/json"},
                                     method="POST")
    with urllib.request.urlopen(request, timeout=5) as reply:
        return json.loads(reply.read())


def test_a_refused_connection_gives_the_client_err_data_with_its_code_and_message(server):
    table = create_table(server.base_url, "Anna")
    referee = create_refereed_table(server.base_url)
    since = len(log_lines(server))
    for auth, code in refused_connects(table, referee):
        data = refusal_seen_by_a_real_client(server.base_url, auth)
        assert isinstance(data, dict) and data["data"]["code"] == code, (auth, data)
        assert data["data"]["message"] and data["message"] == data["data"]["message"]
    assert_quiet_log(server, since)


def test_an_event_from_a_client_whose_connect_was_refused_is_not_read_at_all(server):
    """docs/protocol.md: no answer, no ``error`` (``auth/not_connected`` is never seen): the event after
    the connect that succeeds is answered, so the one before it was read and dropped."""
    table = create_table(server.base_url, "Anna")
    raw = RawSocket(server.base_url)
    assert raw.connect({"table": "no-such-table"}).startswith("44")
    raw.send('421["sync",{}]')
    assert raw.connect({"table": table["table"]}).startswith("40")
    raw.send('422["sync",{}]')
    assert raw.ack(2) == {"ok": True}
    assert not [f for f in raw.frames if f.startswith("431") or f.startswith('42["error"')], raw.frames
    raw.close()


def test_a_connect_to_another_namespace_is_refused_with_a_code(server):
    raw = RawSocket(server.base_url)
    raw.send('40/admin,{"table":"x"}')
    frame = raw.next_frame(lambda f: f.startswith(("40", "44")))
    assert frame.startswith("44/admin,"), frame
    refusal = json.loads(frame[len("44/admin,"):])
    assert refusal["data"]["code"] == "namespace/unknown" and refusal["message"] == refusal["data"]["message"]
    raw.close()


@pytest.mark.parametrize("auth", ['{"table": 42}', "[1, 2]", '"table"', "{", "null", '{"table":' + HUGE + "}"])
def test_a_refused_connect_frame_carries_data_with_the_code(server, auth):
    raw = RawSocket(server.base_url)
    raw.send("40" + auth)
    frame = raw.next_frame(lambda f: f.startswith(("40", "44")))
    assert frame.startswith("44"), frame
    assert json.loads(frame[2:])["data"]["code"] == "payload/malformed"
    raw.close()


@pytest.mark.parametrize("frame", ["x", "9", "7[]"])
def test_a_frame_that_is_not_even_an_engine_io_packet_closes_only_that_connection(server, seated, frame):
    watcher, table = seated
    since = len(log_lines(server))
    raw = RawSocket(server.base_url)
    assert raw.connect({"table": table["table"], "token": table["token"]}).startswith("40")
    raw.send(frame)
    raw.ws.settimeout(10)
    with pytest.raises((websocket.WebSocketConnectionClosedException, ConnectionError)):
        while True:
            if raw.ws.recv() in ("", None):
                raise websocket.WebSocketConnectionClosedException("closed")
    watcher.send('428["sync",{}]')
    assert watcher.ack(8) == {"ok": True}
    assert_quiet_log(server, since)


def test_after_all_that_the_server_still_serves(server):
    with urllib.request.urlopen(server.base_url + "/healthz", timeout=5) as reply:
        assert json.loads(reply.read()) == {"ok": True}
    table = create_table(server.base_url, "Anna")
    raw = RawSocket(server.base_url)
    assert raw.connect({"table": table["table"], "token": table["token"]}).startswith("40")
    raw.send('421["sync",{}]')
    assert raw.ack(1) == {"ok": True}
    raw.close()
