"""What every test shares: hypothesis without per-example deadlines (a busy 2-core CI machine
must not turn a slow example into a failure), and for browser tests 15 s for a page to show what
a test expects (5 s by default), one Playwright driver and
one headless Debian Chromium. A missing Chromium fails the browser tests (it is never a skip):
`make test` installs it. One real PostgreSQL (initdb/pg_ctl in a temporary folder) for the tests
that ask for ``postgres``: started on first use, a fresh database per test
(``postgres.new_database()``), removed at the end.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

from tests.support.postgres import PostgresServer

settings.register_profile("tavern", deadline=None)
settings.load_profile("tavern")
expect.set_options(timeout=15_000)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer()
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
