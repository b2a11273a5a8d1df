"""One real PostgreSQL for the cluster tests (a database of its own for each test)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.postgres import PostgresServer


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer()
    try:
        server.start()
        yield server
    finally:
        server.remove()
