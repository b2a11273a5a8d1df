"""Socket.IO events dispatched by python-socketio itself: a handler is told who sent the event,
and no Flask request context is built for it.

Flask-SocketIO runs every event inside ``app.request_context`` of the connection's first request
(the URL matched again, a session, ``flask.request.sid``): at 1,000 players a tenth of the
server's CPU went there, outside any handler (bench/README.md, "Events without a request
context"). Only ``connect`` reads the request (the address, the headers, the cookies), so it
stays with Flask-SocketIO; every other event is registered here, on the Socket.IO server under
Flask-SocketIO, and its handler is called as ``handler(sid, *args)``. What the handler returns
is the event's acknowledgement. A handler that raises is logged (``handler failed``) and the
sender alone gets ``server/error``, as an ``error`` event and as the acknowledgement; the
connection and the server go on.

>>> class Server:
...     def __init__(self): self.handlers, self.sent = {}, []
...     def on(self, event, handler, namespace): self.handlers[event] = handler
...     def emit(self, event, data, to, namespace): self.sent.append((to, event, data["code"]))
>>> events = Events(Server())
>>> events.on("ping", lambda sid, data: {"ok": True, "from": sid, "got": data})
>>> events.on("boom", lambda sid, data: 1 / 0)
>>> events.server.handlers["ping"]("s1", 7)
{'ok': True, 'from': 's1', 'got': 7}
>>> events.server.handlers["boom"]("s2", None)["code"], events.server.sent
('server/error', [('s2', 'error', 'server/error')])
>>> events.on("*", lambda sid, event, *args: event)
>>> events.server.handlers["*"]("nope", "s3", {})
'nope'
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

log = logging.getLogger("referee.web")

NAMESPACE = "/"
SERVER_ERROR = {"code": "server/error", "message": "the server could not handle that event"}

Handler = Callable[..., Any]
"""``handler(sid, *args)``: the event's acknowledgement (or None)."""


class SocketServer(Protocol):
    """What ``Events`` uses of python-socketio's ``Server`` (``SocketIO.server``)."""

    def on(self, event: str, handler: Handler, namespace: str) -> Any: ...

    def emit(self, event: str, data: Any, to: str, namespace: str) -> Any: ...

    def disconnect(self, sid: str, namespace: str) -> Any: ...

    def enter_room(self, sid: str, room: str, namespace: str) -> Any: ...

    def leave_room(self, sid: str, room: str, namespace: str) -> Any: ...


class Events:
    """The events of one Socket.IO server, each handler called with the sender's session id."""

    def __init__(self, server: SocketServer | None) -> None:
        if server is None:
            raise RuntimeError("Events needs a SocketIO that has been initialised with its app")
        self.server = server

    def on(self, event: str, handler: Handler) -> None:
        """Call ``handler(sid, *args)`` for each ``event``; for ``"*"`` (an event nobody else
        handles) ``handler(sid, event, *args)``."""
        def dispatch(*args: Any) -> Any:
            if event == "*":
                name, sid, rest = args[0], args[1], args[2:]
                return self._call(event, handler, sid, (name, *rest))
            return self._call(event, handler, args[0], args[1:])
        self.server.on(event, dispatch, namespace=NAMESPACE)

    def _call(self, event: str, handler: Handler, sid: str, args: tuple[Any, ...]) -> Any:
        try:
            return handler(sid, *args)
        except Exception:  # a broken handler must not break the connection, nor tell it why
            log.exception("handler failed", extra={"event": event})  # the name registered ("*": any other)
            self.emit(sid, "error", SERVER_ERROR)
            return {"ok": False, **SERVER_ERROR}

    def emit(self, sid: str, event: str, data: Any) -> None:
        """Send ``event`` to the connection ``sid`` only."""
        self.server.emit(event, data, to=sid, namespace=NAMESPACE)

    def disconnect(self, sid: str) -> None:
        """Close the connection ``sid`` (its ``disconnect`` handler runs)."""
        self.server.disconnect(sid, namespace=NAMESPACE)

    def enter(self, sid: str, room: str) -> None:
        """Add the connection ``sid`` to ``room``."""
        self.server.enter_room(sid, room, namespace=NAMESPACE)

    def leave(self, sid: str, room: str) -> None:
        """Take the connection ``sid`` out of ``room``."""
        self.server.leave_room(sid, room, namespace=NAMESPACE)
