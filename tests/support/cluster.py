"""Several ``referee serve`` workers on one PostgreSQL database, optionally behind nginx, and
players that reconnect by themselves (as the page does) through nginx.

Every worker signs with one key (a shared file, created by the first worker to start); the
workers trust one proxy in front (``X-Forwarded-For`` from nginx). ``owner_of(table)`` says which
worker holds a table's lease, from the ``table_leases`` row (its owner names the process's pid).
"""
from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import socketio

from tests.support.client import Player, listen
from tests.support.nginx import Nginx
from tests.support.server import Server, free_port, server_settings


def worker_settings(folder: Path, shared: Path, database: str, lease_s: float,
                    **sections: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """One worker's config: the shared database and signing key, a short lease, one trusted proxy."""
    settings = server_settings(folder, store={"database": database, "lease_s": lease_s, "pool_size": 3},
                               fairness={"signing_key": str(shared / "server_key.pem"), "seed_wait_s": 0.3},
                               limits={"trusted_proxies": 1}, timer={"disconnect_grace_s": 30})
    for section, values in sections.items():
        settings.setdefault(section, {}).update(values)
    return settings


@dataclass
class Cluster:
    """``workers`` servers on ``database``; ``nginx`` in front once ``front()`` is called."""

    folder: Path
    database: str
    size: int = 2
    lease_s: float = 1.5
    sections: dict[str, dict[str, Any]] = field(default_factory=dict)
    workers: list[Server] = field(default_factory=list)
    nginx: Nginx | None = None

    def start(self) -> None:
        shared = self.folder / "shared"
        shared.mkdir(parents=True, exist_ok=True)
        for index in range(self.size):
            folder = self.folder / f"worker{index}"
            folder.mkdir(exist_ok=True)
            worker = Server(folder, free_port(), worker_settings(folder, shared, self.database, self.lease_s,
                                                                 **self.sections))
            worker.start()  # one after another: the first one creates the shared signing key
            self.workers.append(worker)

    def front(self) -> Nginx:
        """Start nginx in front of every worker."""
        self.nginx = Nginx([worker.port for worker in self.workers], fail_timeout_s=2)
        self.nginx.start()
        return self.nginx

    def stop(self) -> None:
        for worker in self.workers:
            worker.stop()
        if self.nginx is not None:
            self.nginx.stop()

    def owner_of(self, table: str) -> Server | None:
        """The live worker holding ``table``'s unexpired lease (None: nobody does now)."""
        import psycopg
        with psycopg.connect(self.database, autocommit=True) as conn:
            row = conn.execute("SELECT owner FROM table_leases WHERE table_id = %s AND expires_at > clock_timestamp()",
                               (table,)).fetchone()
        if row is None:
            return None
        pid = int(str(row[0]).split(":")[1])
        return next((w for w in self.workers if w.process is not None and w.process.pid == pid and not w.dead), None)

    def holder_of(self, table: str, seconds: float = 20.0) -> Server:
        """The live worker holding ``table``'s lease, waited for: on a loaded machine a short lease can
        lapse for a moment before its late renewal, and that is not a hand-over."""
        return wait_until(lambda: self.owner_of(table), seconds, f"a worker holding {table}'s lease")


@contextmanager
def running_cluster(folder: Path, database: str, size: int = 2, lease_s: float = 1.5, nginx: bool = True,
                    **sections: dict[str, Any]) -> Iterator[Cluster]:
    """Started workers (and nginx in front when ``nginx``); all stopped on exit."""
    cluster = Cluster(folder, database, size, lease_s, dict(sections))
    try:
        cluster.start()
        if nginx:
            cluster.front()
        yield cluster
    finally:
        cluster.stop()


def http(url: str, body: Any = None, accept: str = "application/json") -> tuple[int, Any]:
    """GET (or POST ``body`` as JSON) ``url``: the status and the JSON (or text) answer, errors included."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Accept": accept, **({"Content-Type": "application/json"} if data else {})}
    request = urllib.request.Request(url, data=data, headers=headers, method="POST" if data else "GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            status, text = reply.status, reply.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def wait_until(condition: Callable[[], Any], seconds: float = 20.0, what: str = "the condition") -> Any:
    """Poll ``condition`` until it returns something true; that value (a TimeoutError past ``seconds``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"{what} did not happen within {seconds:.0f} s")


def answers(port: int) -> bool:
    """True once a server answers ``/healthz`` on ``127.0.0.1:port`` (False while nothing listens there)."""
    try:
        return http(f"http://127.0.0.1:{port}/healthz")[0] == 200
    except OSError:
        return False


class RoutedPlayer(Player):
    """A player whose connection carries ``?table=`` (nginx routes on it) and reconnects by itself,
    as the page does: after a closed transport, and after a refusal that passes (``table/moving``)."""

    def __init__(self, base_url: str, table: str, token: str | None = None) -> None:
        self.states: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.frames: list[str] = []
        self.connects = 0
        self._changed = threading.Condition()
        self.sio = socketio.Client(reconnection=True, reconnection_delay=0.2, reconnection_delay_max=1,
                                   randomization_factor=0)
        listen(self)
        self.sio.on("connect", self._on_connect)
        self.auth = {"table": table, **({"token": token} if token else {})}
        deadline = time.monotonic() + 60  # a worker under a loaded machine may take long to take the table
        while True:  # the first connection too is tried again, as the page tries it, until the table is served
            try:
                self.sio.connect(f"{base_url}?{urlencode({'table': table})}", auth=self.auth,
                                 transports=["websocket"], wait_timeout=30)
                return
            except socketio.exceptions.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)  # the pause the page's client makes between tries (reconnection_delay)

    def keep_token(self, token: str) -> None:
        """Reconnect with this seat token from now on, as the page does once it has joined."""
        self.auth = {**self.auth, "token": token}
        self.sio.connection_auth = self.auth

    def _on_connect(self) -> None:
        with self._changed:
            self.connects += 1
            self._changed.notify_all()

    def wait_reconnected(self, connects: int, timeout: float = 30.0) -> dict[str, Any]:
        """Wait until the connection has been made ``connects`` times in all, then ask for the table's
        state (``sync``) and return what this connection hears (a client's events are handled in
        threads of their own, so the state sent on connecting may be heard before or after ``connect``)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self.connects < connects:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"not reconnected: {self.connects} connections, errors {self.errors[-3:]}")
                self._changed.wait(left)
            heard = len(self.states)
        assert self.call("sync")["ok"]
        with self._changed:
            while len(self.states) <= heard:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("no state after the reconnection")
                self._changed.wait(left)
            return self.state
