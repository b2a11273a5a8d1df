"""Two real ``referee serve`` processes of one deployment for every test here: one PostgreSQL
(started once for the session, a fresh database per test), one Redis per test (a test may restart it)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.processes import running_processes
from tests.support.postgres import PostgresServer
from tests.support.redis import RedisServer
from tests.support.server import Server


@pytest.fixture
def processes(postgres: PostgresServer, redis_server: RedisServer, tmp_path: Path) -> Iterator[list[Server]]:
    """Process A and process B on one PostgreSQL database and one Redis."""
    with running_processes(tmp_path, postgres.new_database(), redis_server.url, 2) as servers:
        yield servers
