"""Several real ``referee serve`` processes of one deployment: one PostgreSQL event log, one Redis
message queue, one signing key, each process on its own port with its own log.

Used by tests/scale and by ``bench/load.py --processes 2`` (tests/cluster has nginx in front: ``cluster.py``). The processes start one after
another (the first one creates the shared signing key) and stop together.
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.support.postgres import PostgresServer
from tests.support.redis import RedisServer
from tests.support.server import Server, free_port, server_settings


def process_settings(folder: Path, database: str, message_queue: str,
                     **sections: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """One process's config: the shared store, queue and key (under ``folder``), ``sections`` over the test defaults."""
    settings = server_settings(folder, **sections)
    settings["store"]["database"] = database
    settings["server"]["message_queue"] = message_queue
    settings["fairness"]["signing_key"] = str(folder / "server_key.pem")
    return settings


@contextlib.contextmanager
def running_processes(folder: Path, database: str, message_queue: str, processes: int = 2,
                      **sections: dict[str, Any]) -> Iterator[list[Server]]:
    """``processes`` started servers sharing ``database`` and ``message_queue`` ("" for none); stopped on exit."""
    settings = process_settings(folder, database, message_queue, **sections)
    servers: list[Server] = []
    try:
        for index in range(processes):
            own = folder / f"process-{index}"
            own.mkdir(parents=True, exist_ok=True)
            server = Server(own, free_port(), settings)
            servers.append(server)
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


@contextlib.contextmanager
def running_backends() -> Iterator[tuple[PostgresServer, RedisServer]]:
    """A started PostgreSQL and Redis, each in its own temporary folder; both removed on exit."""
    postgres = PostgresServer()
    redis = RedisServer()
    try:
        postgres.start()
        redis.start()
        yield postgres, redis
    finally:
        redis.remove()
        postgres.remove()
