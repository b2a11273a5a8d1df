"""What every test shares: hypothesis without per-example deadlines (a busy 2-core CI machine
must not turn a slow example into a failure), and for browser tests 15 s for a page to show what
a test expects (5 s by default), one Playwright driver and
one headless Debian Chromium. A missing Chromium fails the browser tests (it is never a skip):
`make test` installs it.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

settings.register_profile("tavern", deadline=None)
settings.load_profile("tavern")
expect.set_options(timeout=15_000)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


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
