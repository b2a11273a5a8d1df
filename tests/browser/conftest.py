"""Browser fixtures: one real server for the whole session (Chromium comes from tests/conftest.py)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.server import running_server


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("server")) as server:
        yield server.base_url
