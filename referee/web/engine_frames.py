"""WebSocket frames that are not even Engine.IO packets close the connection quietly.

Engine.IO reads a text frame's first character as the packet type and raises ``ValueError``
for anything but a digit (``"x"``, an empty frame) outside any handler, so the connection closed with
a traceback in the log, and ignores a digit that is no packet type (``"9"``). ``QuietEngineFrames`` wraps the WSGI app and hands Engine.IO a
websocket (gevent-websocket's ``wsgi.websocket``) whose ``receive`` ends the connection on
such a frame instead, as a client closing it would; well-formed frames pass untouched. The
client reconnects by itself (docs/protocol.md, "Frames that are not events").

>>> is_engine_frame("42[\\"sync\\",{}]"), is_engine_frame("2"), is_engine_frame(b"\\x01"), is_engine_frame("x")
(True, True, True, False)
>>> is_engine_frame(""), is_engine_frame("9"), is_engine_frame("7[]")
(False, False, False)
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

from .read_frames import receive

log = logging.getLogger("referee.web")

PACKET_TYPES = frozenset("0123456b")
"""First characters of an Engine.IO packet: its types 0–6 (open … noop), or ``b`` for base64. Engine.IO's
decoder reads 7, 8 and 9 too, then drops the packet of no type silently: they close the connection here."""

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def is_engine_frame(message: str | bytes | bytearray | None) -> bool:
    """True for a frame Engine.IO can decode: a binary frame, or text starting with a packet type."""
    if isinstance(message, (bytes, bytearray)):
        return True
    return bool(message) and message[0] in PACKET_TYPES


class _CheckedWebSocket:
    """gevent-websocket's socket, read by ``read_frames.receive``, except that a frame Engine.IO cannot
    decode ends the connection."""

    def __init__(self, socket: Any) -> None:
        self._socket = socket
        self.send = socket.send  # every packet out: found here, not through ``__getattr__``

    def receive(self) -> str | bytes | bytearray | None:
        """The next frame, or None (closed) once the client sends one that is not an Engine.IO packet."""
        message = receive(self._socket)
        if message is None or is_engine_frame(message):
            return message
        log.info("frame refused", extra={"code": "payload/malformed", "reason": "not an Engine.IO packet"})
        self._socket.close()
        return None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._socket, name)


class QuietEngineFrames:
    """WSGI middleware: every websocket that reaches Engine.IO is a ``_CheckedWebSocket``."""

    def __init__(self, app: WsgiApp) -> None:
        self._app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        socket = environ.get("wsgi.websocket")
        if socket is not None:
            environ["wsgi.websocket"] = _CheckedWebSocket(socket)
        return self._app(environ, start_response)
