"""One Socket.IO connection to a table, as a page makes it: everything it hears goes to an inbox.

The connection's own thread only puts messages in the inbox (``("state", state)``: the ``state``
merged from the server's parts by ``referee.state_parts.StateFeed``,
``("error", error)``, ``("ack", (send, reply))``, ``("disconnect", None)``); the bot's loop
reads them in order in its own thread, so nothing is decided inside a Socket.IO callback.
A refused connection raises ``Refused`` with the server's stable code (docs/protocol.md); the bot's
loop retries every refusal but a fatal one, so ``table/moving`` (a table passing between server
processes) mends by itself.
"""
from __future__ import annotations

import queue
from typing import Any
from urllib.parse import urlencode

import socketio  # type: ignore[import-untyped]

from referee.state_parts import FEED_EVENTS, StateFeed

from .seat import Send

Inbox = queue.Queue[tuple[str, Any]]


class Refused(Exception):
    """The server (or the network) refused the connection: ``code`` is the server's, or ``net/unreachable``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


def routed_url(base_url: str, table: str) -> str:
    """The connection's URL with ``?table=``, which nginx routes on to the table's process (docs/deploy.md).

    >>> routed_url("http://127.0.0.1:8080", "a-b_C")
    'http://127.0.0.1:8080?table=a-b_C'
    """
    return f"{base_url}?{urlencode({'table': table})}"


class Link:
    """A connection to ``table`` at ``base_url`` with the seat ``token`` (None: as a spectator)."""

    def __init__(self, base_url: str, table: str, token: str | None, inbox: Inbox) -> None:
        self.base_url, self.table, self.inbox = base_url, table, inbox
        self._auth = {"table": table, **({"token": token} if token else {})}
        self._refusal: dict[str, Any] = {}
        self.sio = socketio.Client(reconnection=False, handle_sigint=False)
        self.feed = StateFeed()
        for event in FEED_EVENTS:
            self.sio.on(event, lambda payload, event=event: self._on_part(event, payload))
        self.sio.on("error", lambda error: inbox.put(("error", error)))
        self.sio.on("disconnect", lambda *_reason: inbox.put(("disconnect", None)))
        self.sio.on("connect_error", self._refused)

    def _on_part(self, event: str, payload: Any) -> None:
        """A ``state``, ``seat`` or ``public`` event: the merged ``state`` goes to the inbox; a
        public part naming a seat part this connection missed asks ``sync`` (docs/protocol.md)."""
        state, sync = self.feed.take(event, payload)
        if sync:
            self.sio.emit("sync", {})
        if state is not None:
            self.inbox.put(("state", state))

    def _refused(self, data: Any = None) -> None:
        self._refusal = data if isinstance(data, dict) else {"message": str(data)}

    def connect(self) -> None:
        """Connect over websocket; raise ``Refused`` when the server says no or cannot be reached."""
        try:
            self.sio.connect(routed_url(self.base_url, self.table), auth=self._auth, transports=["websocket"],
                             wait_timeout=10)
        except socketio.exceptions.ConnectionError as error:
            refusal = self._refusal.get("data", self._refusal)
            code = refusal.get("code") if isinstance(refusal, dict) else None
            raise Refused(str(code or "net/unreachable"), str(refusal.get("message") or error)) from None

    def send(self, send: Send) -> None:
        """Emit ``send``; its acknowledgement comes back through the inbox."""
        self.sio.emit(send.event, send.payload, callback=lambda reply=None: self.inbox.put(("ack", (send, reply))))

    def close(self) -> None:
        """Leave the table (the seat stays the bot's: its token takes it back)."""
        self.sio.disconnect()
