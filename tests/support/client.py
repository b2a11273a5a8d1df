"""A real Socket.IO client over websockets for integration tests: remembers every state it got."""
from __future__ import annotations

import json
import threading
import time
import urllib.request
from typing import Any

import socketio

from referee.state_parts import FEED_EVENTS, StateFeed


def create_table(base_url: str, name: str, **rules: Any) -> dict[str, Any]:
    """POST /api/tables; returns the JSON body (table, seat, token, url)."""
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps({"name": name, "rules": rules}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=5) as reply:
        return json.loads(reply.read())


def listen(player: "Player") -> None:
    """Hear the table's parts and errors on ``player.sio`` (a new ``StateFeed`` merges the parts)."""
    player.feed = StateFeed()
    for event in FEED_EVENTS:
        player.sio.on(event, lambda payload, event=event: player._on_part(event, payload))
    player.sio.on("error", player._on_error)


class Player:
    """One connection to a table; ``states`` and ``errors`` keep what the server sent."""

    def __init__(self, base_url: str, table: str, token: str | None = None) -> None:
        self.states: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.frames: list[str] = []
        self._changed = threading.Condition()
        self.sio = socketio.Client(reconnection=False)
        listen(self)
        auth = {"table": table, **({"token": token} if token else {})}
        self.sio.connect(base_url, auth=auth, transports=["websocket"], wait_timeout=10)

    def _on_part(self, event: str, payload: Any) -> None:
        """A ``state``, ``seat`` or ``public`` event (kept in ``frames`` as it came), merged by the
        connection's ``StateFeed`` into ``states``; a missed seat part asks ``sync``, as the page does."""
        with self._changed:
            self.frames.append(json.dumps(payload))
            state, sync = self.feed.take(event, payload)
            if state is not None:
                self.states.append(state)
            self._changed.notify_all()
        if sync:
            self.sio.emit("sync", {})

    def _on_error(self, error: dict[str, Any]) -> None:
        with self._changed:
            self.frames.append(json.dumps(error))
            self.errors.append(error)
            self._changed.notify_all()

    @property
    def state(self) -> dict[str, Any]:
        """The newest state heard: the one of the highest version (python-socketio's client handles each
        message in a thread of its own, so an older state can be appended after a newer one)."""
        return max(reversed(self.states), key=lambda state: state.get("version", -1))

    def call(self, event: str, data: Any = None) -> dict[str, Any]:
        return self.sio.call(event, {} if data is None else data, timeout=10)

    def wait_for(self, predicate, timeout: float = 10.0) -> dict[str, Any]:  # noqa: ANN001
        """Wait until the newest state satisfies ``predicate``; return it."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not (self.states and predicate(self.state)):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no matching state; last: {self.state if self.states else None}")
                self._changed.wait(left)
            return self.state

    def wait_for_any(self, predicate, timeout: float = 10.0) -> dict[str, Any]:  # noqa: ANN001
        """Wait until any state got so far satisfies ``predicate`` (a connection that hears
        several tables); return the newest such state."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                matching = [state for state in self.states if predicate(state)]
                if matching:
                    return matching[-1]
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no matching state among {len(self.states)}")
                self._changed.wait(left)

    def close(self) -> None:
        self.sio.disconnect()
