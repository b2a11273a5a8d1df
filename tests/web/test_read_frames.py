"""``referee.web.read_frames.receive`` reads every frame sequence as gevent-websocket's own ``receive``
does: the same message (or None), and the same bytes written back (pongs, close frames and codes)."""
from __future__ import annotations

import io
import os
import struct
from typing import Any

import pytest
from geventwebsocket.websocket import WebSocket

from referee.web.read_frames import receive, unmask


class _Stream:
    """gevent-websocket's stream over fixed bytes: reads from them, keeps what is written."""

    def __init__(self, data: bytes) -> None:
        self.read = io.BytesIO(data).read
        self.written = b""

    def write(self, data: bytes) -> None:
        self.written += bytes(data)


class _Handler:
    class server:  # noqa: N801 - the shape gevent-websocket reads (handler.server.application)
        application = object()


def frame(opcode: int, payload: bytes, fin: bool = True, rsv: int = 0, masked: bool = True) -> bytes:
    """One client frame (masked, as a client must send them)."""
    first = (0x80 if fin else 0) | rsv | opcode
    size = len(payload)
    if size < 126:
        head = struct.pack("!BB", first, (0x80 if masked else 0) | size)
    elif size <= 0xFFFF:
        head = struct.pack("!BBH", first, (0x80 if masked else 0) | 126, size)
    else:
        head = struct.pack("!BBQ", first, (0x80 if masked else 0) | 127, size)
    if not masked:
        return head + payload
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


TEXT, BINARY, CONT, CLOSE, PING, PONG = 1, 2, 0, 8, 9, 10
CASES: dict[str, bytes] = {
    "text": frame(TEXT, '42["bid",{"quantity":3,"face":5}]'.encode()),
    "cyrillic": frame(TEXT, '42["chat",{"text":"Аня"}]'.encode()),
    "empty text": frame(TEXT, b""),
    "long text": frame(TEXT, b"4" + b"x" * 70_000),
    "medium text": frame(TEXT, b"4" + b"y" * 300),
    "binary": frame(BINARY, bytes(range(256))),
    "unmasked": frame(TEXT, b"42[]", masked=False),
    "fragmented": frame(TEXT, "42[\"a\",\"Ан".encode(), fin=False) + frame(CONT, "я\"]".encode()),
    "ping between fragments": frame(TEXT, b"42", fin=False) + frame(PING, b"hi") + frame(CONT, b"[]"),
    "pong then text": frame(PONG, b"") + frame(TEXT, b"3"),
    "split code point": frame(TEXT, "Аня".encode()[:3], fin=False) + frame(CONT, "Аня".encode()[3:]),
    "bad utf-8": frame(TEXT, b"42[\"\xff\"]"),
    "surrogate": frame(TEXT, b"\xed\xa0\x80"),
    "overlong": frame(TEXT, b"\xc0\xaf"),
    "cut code point": frame(TEXT, "Аня".encode()[:-1]),
    "reserved bit": frame(TEXT, b"42[]", rsv=0x40),
    "unknown opcode": frame(3, b"x"),
    "continuation first": frame(CONT, b"x"),
    "text inside text": frame(TEXT, b"4", fin=False) + frame(TEXT, b"2"),
    "fragmented ping": frame(PING, b"x", fin=False),
    "long ping": frame(PING, b"x" * 126),
    "close": frame(CLOSE, b""),
    "close with code": frame(CLOSE, struct.pack("!H", 1000) + b"bye"),
    "close bad code": frame(CLOSE, struct.pack("!H", 999)),
    "close one byte": frame(CLOSE, b"\x03"),
    "eof in header": b"\x81",
    "eof in payload": frame(TEXT, b"42[1,2,3]")[:-2],
    "nothing": b"",
}


def _read(reader: Any, data: bytes) -> tuple[Any, bytes, bool]:
    stream = _Stream(data)
    websocket = WebSocket({}, stream, _Handler())
    try:
        message = reader(websocket)
    except Exception as error:  # noqa: BLE001 - the failure itself is compared
        message = type(error)
    written, closed = stream.written, websocket.closed
    websocket.closed = True  # no closing frame when it is collected
    return message, written, closed


@pytest.mark.parametrize("name", sorted(CASES))
def test_reads_as_gevent_websocket_does(name: str) -> None:
    data = CASES[name]
    assert _read(receive, data) == _read(WebSocket.receive, data)


def test_unmask_is_the_byte_by_byte_xor() -> None:
    payload, mask = os.urandom(1001), os.urandom(4)
    assert unmask(payload, mask) == bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
