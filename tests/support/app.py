"""An in-process app for socket tests: threading mode, in-memory log, injected dealer and clock."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Flask
from flask_socketio import SocketIO, SocketIOTestClient

from referee.config import Config, Limits
from referee.state_parts import StateFeed
from referee.table.dealing import Dealer
from referee.table.scheduler import ManualScheduler
from referee.web.app import create_app


@dataclass
class Harness:
    """An app, its socket server and clock, and helpers to create tables and connect clients."""

    app: Flask
    clock: ManualScheduler
    clients: list[SocketIOTestClient] = field(default_factory=list)

    @property
    def socketio(self) -> SocketIO:
        return self.app.extensions["tavern"].socketio

    def create_table(self, name: str = "Anna", **rules: Any) -> tuple[str, str]:
        """A new table with its host seated: ``(table id, host token)``."""
        response = self.app.test_client().post("/api/tables", json={"name": name, "rules": rules})
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        return body["table"], body["token"]

    def connect(self, table: str, token: str | None = None) -> SocketIOTestClient:
        auth: dict[str, Any] = {"table": table}
        if token is not None:
            auth["token"] = token
        client = self.socketio.test_client(self.app, auth=auth)
        self.clients.append(client)
        return client

    def join(self, table: str, name: str) -> tuple[SocketIOTestClient, str]:
        """A new player at ``table``: ``(client, token)``."""
        client = self.connect(table)
        ack = client.emit("join", {"name": name}, callback=True)
        assert ack["ok"], ack
        return client, ack["token"]


def make_harness(dealer: Dealer, seed_wait_s: float = 0.0, limits: Limits = Limits(tables_burst=0)) -> Harness:
    """An in-process app; the test client creates every table from one address, so the per-address
    table budget is off by default (tests/web/test_limits.py checks it with its own config)."""
    config = Config(async_mode="threading", database=":memory:", signing_key="unused", seed_wait_s=seed_wait_s,
                    limits=limits)
    clock = ManualScheduler()
    return Harness(create_app(config, dealer=dealer, scheduler=clock), clock)


def states_of(client: SocketIOTestClient, received: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Every ``state`` the client now holds, in order, merged from what it received (``received``,
    or its queue, drained) by its own ``referee.state_parts.StateFeed``, as the page merges them; a
    public part naming a seat part it never got fails the test (in process nothing is lost)."""
    feed = client.__dict__.setdefault("tavern_feed", StateFeed())
    states = []
    for message in client.get_received() if received is None else received:
        state, sync = feed.take(message["name"], message["args"][0] if message["args"] else None)
        assert not sync, f"a public part named a seat part the client never got: {message}"
        if state is not None:
            states.append(state)
    return states


def last_state(client: SocketIOTestClient) -> dict[str, Any]:
    """The newest ``state`` the client holds (draining its queue)."""
    states = states_of(client)
    assert states, "no state received"
    return states[-1]


def errors(client: SocketIOTestClient) -> list[str]:
    """Codes of the ``error`` events the client received (draining its queue)."""
    return [m["args"][0]["code"] for m in client.get_received() if m["name"] == "error"]
