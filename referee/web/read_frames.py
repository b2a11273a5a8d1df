"""A client's next websocket message, read as gevent-websocket reads it but without its per-byte Python loops.

gevent-websocket unmasks every frame a byte at a time in Python and checks a text message's UTF-8
with a pure-Python automaton (its C accelerator, wsaccel, is not installed): about 3 % of the
server's CPU at 1,000 players, on every client event (bench/README.md, "One frame, written
directly (issue 28)"). ``receive(websocket)`` is gevent-websocket 0.10.1's ``WebSocket.receive``
step for step, the same frames accepted and the same close codes sent (1002 for a protocol error:
reserved bits, an unknown opcode, a continuation out of place, a fragmented or long control frame;
1007 for text that is not UTF-8), but unmasking with one integer XOR (``unmask``) and checking the
UTF-8 with Python's own decoder when the message is whole, where gevent-websocket also checks each
fragment as it comes: an invalid fragmented message is refused after its last frame instead.

>>> unmask(bytes([1 ^ 0xA, 2 ^ 0xB, 3 ^ 0xC, 4 ^ 0xD, 5 ^ 0xA]), bytes([0xA, 0xB, 0xC, 0xD]))
b'\\x01\\x02\\x03\\x04\\x05'
>>> unmask(b"", b"abcd")
b''
"""
from __future__ import annotations

from socket import error as socket_error
from typing import Any

from geventwebsocket.exceptions import ProtocolError, WebSocketError
from geventwebsocket.websocket import MSG_ALREADY_CLOSED, MSG_CLOSED, Header, WebSocket

_TEXT, _BINARY, _CONTINUATION = WebSocket.OPCODE_TEXT, WebSocket.OPCODE_BINARY, WebSocket.OPCODE_CONTINUATION
_CLOSE, _PING, _PONG = WebSocket.OPCODE_CLOSE, WebSocket.OPCODE_PING, WebSocket.OPCODE_PONG


def unmask(payload: bytes, mask: bytes) -> bytes:
    """``payload`` XOR the 4-byte ``mask`` repeated (RFC 6455 5.3), in one integer operation."""
    size = len(payload)
    key = (mask * (size // 4 + 1))[:size]
    return (int.from_bytes(payload, "little") ^ int.from_bytes(key, "little")).to_bytes(size, "little")


def receive(websocket: Any) -> str | bytearray | None:
    """The next text (str) or binary (bytearray) message of gevent-websocket's ``websocket``; None
    once the connection closed (a close frame, a protocol error, bad UTF-8, a socket error)."""
    if websocket.closed:
        websocket.current_app.on_close(MSG_ALREADY_CLOSED)
        raise WebSocketError(MSG_ALREADY_CLOSED)
    try:
        return _read_message(websocket)
    except UnicodeError:
        websocket.close(1007)
    except ProtocolError:
        websocket.close(1002)
    except socket_error:
        websocket.close()
        websocket.current_app.on_close(MSG_CLOSED)
    return None


def _read_frame(websocket: Any) -> tuple[Any, bytes]:
    header = Header.decode_header(websocket.stream)
    if header.flags:
        raise ProtocolError
    if not header.length:
        return header, b""
    try:
        payload = websocket.raw_read(header.length)
    except Exception:  # noqa: BLE001 - gevent-websocket reads any failure as an early end
        payload = b""
    if len(payload) != header.length:
        raise WebSocketError("Unexpected EOF reading frame payload")
    if header.mask:
        payload = unmask(payload, header.mask)
    return header, payload


def _read_message(websocket: Any) -> str | bytearray | None:
    opcode = None
    message = bytearray()
    while True:
        header, payload = _read_frame(websocket)
        frame_opcode = header.opcode
        if frame_opcode in (_TEXT, _BINARY):
            if opcode:
                raise ProtocolError(f"The opcode in non-fin frame is expected to be zero, got {frame_opcode!r}")
            opcode = frame_opcode
        elif frame_opcode == _CONTINUATION:
            if not opcode:
                raise ProtocolError("Unexpected frame with opcode=0")
        elif frame_opcode == _PING:
            websocket.handle_ping(header, payload)
            continue
        elif frame_opcode == _PONG:
            continue
        elif frame_opcode == _CLOSE:  # as gevent-websocket hands it (a masked payload as a bytearray)
            websocket.handle_close(header, bytearray(payload) if header.mask else payload)
            return None
        else:
            raise ProtocolError(f"Unexpected opcode={frame_opcode!r}")
        message += payload
        if header.fin:
            break
    if opcode == _TEXT:
        return message.decode("utf-8")
    return message
