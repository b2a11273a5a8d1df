"""Under gevent, an outgoing packet is framed once and written straight to each websocket it goes to.

python-engineio queues every packet a connection is sent, and a writer greenlet per connection
takes it from the queue, encodes it (``"4" + text``), and gevent-websocket frames it (UTF-8,
header) and writes it. A change told to a table's room of five and its spectators is one packet
object (python-socketio's manager builds it once per emit), but each connection paid a queue
put, two greenlet switches, a timeout, the encoding and the framing of the same bytes: a fifth of
the server's CPU at 1,000 players (bench/README.md, "One frame, written directly (issue 28)").

``direct_frames(socketio)`` hooks python-socketio's ``_send_eio_packet``: the packet's websocket
frame is built once (``frame_of``: the frame gevent-websocket writes for it, byte for byte) and
written with one non-blocking ``send`` to every connection that can take it now: its websocket
upgraded, nothing waiting in its queue, its writer not inside a frame. Anything else keeps
Engine.IO's way, and so does the rest of a frame the socket's buffer did not take at once (a
slow reader): it goes into the connection's queue as a ``Rest`` its writer writes as it is, and
every packet after it queues behind it. So each connection's packets leave in the order they
were sent (the versions of ``Broadcaster``), whichever path each took, and a slow connection
never holds the sender. Flask-SocketIO, rooms, the message queue (its listener emits through the
same manager) and polling connections are unchanged.

>>> from engineio import packet as eio_packet
>>> frame_of(eio_packet.Packet(eio_packet.MESSAGE, '2["public",{"version":3}]'))
b'\\x81\\x1a42["public",{"version":3}]'
>>> len(frame_of(eio_packet.Packet(eio_packet.MESSAGE, "x" * 200))[:4]), frame_of(eio_packet.Packet(eio_packet.MESSAGE, "x" * 200))[:4]
(4, b'\\x81~\\x00\\xc9')
"""
from __future__ import annotations

import _socket
from typing import Any

from flask_socketio import SocketIO
from gevent.socket import socket as gevent_socket
from geventwebsocket.websocket import Header, WebSocket


def frame_of(pkt: Any) -> bytes:
    """The websocket text frame (server to client: unmasked, final) carrying Engine.IO packet ``pkt``."""
    data = pkt.encode().encode("utf-8")
    return bytes(Header.encode_header(True, WebSocket.OPCODE_TEXT, b"", len(data), 0)) + data


def raw_socket(connection: Any) -> _socket.socket | None:
    """The OS socket under a plain gevent socket (non-blocking), to write frames to directly; None
    for anything else: a TLS socket (gevent's ``SSLSocket`` is a subclass) encrypts what it writes.

    >>> connection = gevent_socket()
    >>> raw_socket(connection) is connection._sock, raw_socket(None)
    (True, None)
    >>> class Wrapped(gevent_socket): pass
    >>> raw_socket(Wrapped()) is None
    True
    """
    if type(connection) is not gevent_socket:
        return None
    raw = connection._sock
    return raw if isinstance(raw, _socket.socket) else None


class Frame(bytes):
    """Bytes already framed: what a connection's writer writes as they are."""


class Rest:
    """The end of a frame its socket did not take at once, queued for the connection's writer
    (which writes ``encode()`` of whatever it takes from the queue)."""

    __slots__ = ("frame",)

    def __init__(self, frame: bytes) -> None:
        self.frame = Frame(frame)

    def encode(self, b64: bool = False) -> Frame:
        return self.frame


def _websocket_class() -> type:
    """python-engineio's websocket under gevent, telling its Engine.IO socket it can be written to
    directly (``direct``) for as long as it serves it, and noting when its writer is inside a frame."""
    from engineio.async_drivers.gevent import WebSocketWSGI

    class DirectWebSocket(WebSocketWSGI):  # type: ignore[misc,valid-type]
        busy = False
        raw: _socket.socket | None = None

        def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
            websocket = environ.get("wsgi.websocket")
            if websocket is None:
                return super().__call__(environ, start_response)  # python-engineio's own error
            self.raw = raw_socket(getattr(websocket.handler, "socket", None))
            owner = self.app.__self__  # the Engine.IO socket whose websocket handler this serves
            owner.direct = self
            try:
                return super().__call__(environ, start_response)
            finally:
                owner.direct = None

        def send(self, message: Any) -> Any:
            self.busy = True
            try:
                if type(message) is Frame:
                    return self._sock.raw_write(message)
                return self._sock.send(message)
            finally:
                self.busy = False

    return DirectWebSocket


class DirectFrames:
    """``_send_eio_packet`` of a python-socketio server: each packet framed once, written directly
    where the connection can take it now, queued as before otherwise. ``written`` counts the
    frames written directly, ``rests`` those a socket took only in part (for the tests and benches)."""

    def __init__(self, server: Any) -> None:
        self._sockets = server.eio.sockets
        self._queued = server._send_eio_packet
        self._packet: Any = None
        self._frame = b""
        self.written = 0
        self.rests = 0

    def send(self, eio_sid: str, pkt: Any) -> None:
        socket = self._sockets.get(eio_sid)
        direct = getattr(socket, "direct", None)
        if direct is None or direct.raw is None or direct.busy or socket.queue.qsize() or socket.closed \
                or socket.upgrading or not socket.upgraded or pkt.binary:
            self._queued(eio_sid, pkt)
            return
        if not socket.check_ping_timeout():
            return
        if pkt is not self._packet:
            self._frame, self._packet = frame_of(pkt), pkt
        frame = self._frame
        try:
            sent = direct.raw.send(frame)
        except BlockingIOError:
            sent = 0
        except OSError:  # the writer meets the error too, and closes the connection
            self._queued(eio_sid, pkt)
            return
        self.written += 1
        if sent < len(frame):
            self.rests += 1
            socket.queue.put(Rest(frame[sent:]))


def direct_frames(socketio: SocketIO, async_mode: str) -> DirectFrames | None:
    """Write ``socketio``'s packets directly to its websockets (gevent with gevent-websocket only;
    any other mode is left as it is: None)."""
    server = socketio.server
    if async_mode != "gevent" or server is None:
        return None
    eio = server.eio
    eio._async = {**eio._async, "websocket": _websocket_class()}
    frames = DirectFrames(server)
    server._send_eio_packet = frames.send
    return frames
