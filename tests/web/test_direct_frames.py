"""``referee.web.direct_frames``: a packet framed once and written straight to each websocket.

The frame is the one gevent-websocket writes for the same packet, byte for byte; and against a
real gevent server, connections whose socket buffers fill in the middle of a broadcast (nobody
reads while it runs) still get every frame whole and in the order it was sent, the rest of a
frame going through the connection's queue and every later frame behind it.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websocket
from engineio import packet as eio_packet
from geventwebsocket.websocket import WebSocket

from referee.web.direct_frames import Frame, Rest, frame_of
from tests.support.server import REPO, free_port, terminate, wait_until_healthy


class _Stream:
    """What gevent-websocket writes to: every write kept."""

    def __init__(self) -> None:
        self.written = b""

    def write(self, data: bytes) -> None:
        self.written += bytes(data)

    def read(self, size: int) -> bytes:
        raise AssertionError("nothing is read")


@pytest.mark.parametrize("size", [0, 1, 124, 125, 40_000, 70_000])
def test_the_frame_is_the_one_gevent_websocket_writes(size: int) -> None:
    text = ('2["public",{"name":"Аня"}]' + "é" * size)[:size]
    stream = _Stream()
    websocket = WebSocket({}, stream, None)
    websocket.send("4" + text)
    written = stream.written
    websocket.closed = True  # no closing frame when it is collected
    assert frame_of(eio_packet.Packet(eio_packet.MESSAGE, text)) == written


def test_a_rest_is_written_as_it_is() -> None:
    rest = Rest(b"\x81\x05hello"[3:])
    assert rest.encode() == b"ello" and type(rest.encode()) is Frame


class _Client:
    """A Socket.IO connection over a raw websocket (websocket-client), in the room ``room``."""

    def __init__(self, port: int, room: str) -> None:
        self.ws = websocket.create_connection(f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket",
                                              timeout=30)
        assert self.ws.recv().startswith("0{")
        self.ws.send("40" + json.dumps({"room": room}))
        assert self.next_event()[0] == "connected"

    def next_event(self) -> list[Any]:
        """The next event's name and payload (answering pings; the CONNECT answer as ``connected``)."""
        while True:
            frame = self.ws.recv()
            if frame == "2":
                self.ws.send("3")
            elif frame.startswith("40"):
                return ["connected"]
            elif frame.startswith("42"):
                event: list[Any] = json.loads(frame[2:])
                return event

    def emit(self, event: str, data: Any = None) -> None:
        self.ws.send("42" + json.dumps([event] if data is None else [event, data]))


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    port = free_port()
    log = tmp_path_factory.mktemp("frames") / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "tests.support.frames_serve", str(port)],
                                   cwd=REPO, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_until_healthy(process, f"http://127.0.0.1:{port}", Path(log))
        yield port
    finally:
        terminate(process)


COUNT, SIZE = 200, 5_000
"""200 frames of 5 KB each: 1 MB a connection, more than its socket buffers hold (the server's send buffer
is 64 KB: ``frames_serve.SEND_BUFFER``; a reader that reads nothing keeps its receive buffer small)."""


def test_full_buffers_keep_every_frame_whole_and_in_order(port: int) -> None:
    sender, idle = _Client(port, "busy"), _Client(port, "busy")
    before = _stats(sender)
    sender.emit("burst", {"count": COUNT, "size": SIZE})
    pad = "x" * SIZE
    for client in (sender, idle):  # the idle one reads nothing until the sender has read every frame
        for seq in range(COUNT):
            assert client.next_event() == ["state", {"seq": seq, "pad": pad}]
    after = _stats(sender)
    assert after["rests"] > before["rests"], "no socket's buffer filled: the queued path was not exercised"
    assert after["written"] > before["written"]


def test_small_frames_leave_directly(port: int) -> None:
    clients = [_Client(port, "quiet") for _ in range(3)]
    before = _stats(clients[0])
    clients[0].emit("burst", {"count": 5, "size": 10})
    for client in clients:
        assert [client.next_event()[1]["seq"] for _ in range(5)] == [0, 1, 2, 3, 4]
    after = _stats(clients[0])
    assert after["written"] - before["written"] >= 15 + 1  # five frames to three connections, and a stats answer
    assert after["rests"] == before["rests"]


def _stats(client: _Client) -> dict[str, int]:
    client.emit("stats")
    name, stats = client.next_event()
    assert name == "stats"
    return stats  # type: ignore[no-any-return]
