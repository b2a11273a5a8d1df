"""What every test shares: hypothesis on a fixed profile (tests/support/properties.py: derandomised
and without per-example deadlines under `make test`, fresh examples under `make fuzz`), reports
that always reach the run (tests/support/report_safety.py), and for browser tests 15 s for a page to show what
a test expects (5 s by default), one Playwright driver and
one headless Debian Chromium. A missing Chromium fails the browser tests (it is never a skip):
`make test` installs it. A Redis per test that asks for ``redis_server``. One real PostgreSQL (initdb/pg_ctl in a temporary folder) for the tests
that ask for ``postgres``: started on first use, a fresh database per test
(``postgres.new_database()``), removed at the end. In-process socket clients are let go with their test.
"""
from __future__ import annotations

import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask_socketio import SocketIOTestClient
from hypothesis import is_hypothesis_test, settings
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

from tests.support import properties
from tests.support.postgres import PostgresServer
from tests.support.redis import RedisServer
from tests.support.report_safety import pytest_report_to_serializable  # noqa: F401  (a hook: pytest finds it here)

settings.load_profile(properties.PROFILE)
expect.set_options(timeout=15_000)
SocketIOTestClient.clients = weakref.WeakValueDictionary()
"""Flask-SocketIO finds a test client by its sid in this class-wide dict, which kept every client ever made
(it never removes one, even disconnected), and with it its app, tables and logs: a worker of `make test`
carried hundreds of dead apps (618 after tests/web, gm and audit), which every full garbage collection
walks. Held weakly, a client stays while its test holds it; a packet for one that is gone had no reader."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def pytest_report_header() -> str:
    return properties.describe()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under `make fuzz` only the properties (hypothesis tests) run; the files longest first."""
    if properties.FUZZ:
        kept = [item for item in items if is_hypothesis_test(getattr(item, "obj", None))]
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept
    items[:] = longest_first(items)


def longest_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """Each file's tests together and in their order, the files that take longest first: those marked
    ``slow``, then those of the browser, then the rest by how many tests they hold. `make test` hands
    a worker a whole file in this order (``--dist loadfile --no-loadscope-reorder``), so the run does not
    end waiting for one long file that started last (xdist's own order, by the count of tests alone,
    started the one-test files that each take half a minute last)."""
    files: dict[str, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::", 1)[0], []).append(item)

    def marked(name: str, tests: list[pytest.Item]) -> bool:
        return any(test.get_closest_marker(name) is not None for test in tests)
    order = sorted(files.values(), key=lambda tests: (not marked("slow", tests), not marked("browser", tests), -len(tests)))
    return [item for tests in order for item in tests]


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer()
    try:
        server.start()
        yield server
    finally:
        server.remove()


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A Redis of the test's own (Debian's redis-server on a random loopback port); a test may restart it."""
    server = RedisServer()
    try:
        server.start()
        yield server
    finally:
        server.remove()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is not installed: run `make test`, which installs Debian's chromium")
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture(autouse=True)
def close_pages_of_the_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """A browser test's own pages are closed when it ends (the module's and session's fixtures
    keep theirs): a page left open keeps animating, polling and reconnecting, and slows every
    test after it."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser: Browser = request.getfixturevalue("browser")
    kept = set(browser.contexts)
    yield
    for context in browser.contexts:
        if context not in kept:
            context.close()
