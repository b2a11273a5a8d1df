"""Browser fixtures: one real server for the whole session (Chromium comes from tests/conftest.py).

Every browser test creates its tables and opens its pages from 127.0.0.1, so the session's server
does not count tables or connections per address (the limits have their own tests, with servers
of their own); everything else is the default config."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.server import running_server


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("server"),
                        limits={"tables_burst": 0, "connections_per_address": 0}) as server:
        yield server.base_url
