"""The table's page behind nginx: when the worker serving its table is killed, the page reconnects
by itself and shows the table as it was; a page opened at a worker that does not serve the table
says the table is moving and reloads itself until it is handed over."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.players import Person
from tests.support.client import Player, create_table
from tests.support.cluster import RoutedPlayer, running_cluster, wait_until
from tests.support.artefacts import keep_screenshot

pytestmark = pytest.mark.slow

SECONDS = 30_000


def shot(page, tmp_path: Path, name: str) -> None:  # noqa: ANN001
    """A screenshot kept as an artefact (TAVERN_ARTEFACTS when set, else the test's folder)."""
    keep_screenshot(page, tmp_path, f"cluster/{name}", whole_page=False)


def test_the_page_reconnects_by_itself_when_its_worker_is_killed(tmp_path, postgres, browser):
    with running_cluster(tmp_path, postgres.new_database(), lease_s=1.5) as cluster:
        front = cluster.nginx.base_url
        host = create_table(front, "Anna", dice_per_player=2)
        table = host["table"]
        anna = RoutedPlayer(front, table, host["token"])
        ben = RoutedPlayer(front, table)
        watcher = Person.open(browser)
        try:
            ben.keep_token(ben.call("join", {"name": "Ben"})["token"])
            assert anna.call("start")["ok"]
            anna.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "bidding")
            assert anna.call("bid", {"quantity": 2, "face": 3})["ok"]
            page = watcher.page
            page.goto(f"{front}/t/{table}")
            expect(page.locator("#conn")).to_have_attribute("data-state", "connected", timeout=SECONDS)
            expect(page.locator("#bids-list li")).to_have_count(1, timeout=SECONDS)
            heard = len(watcher.states)
            cluster.holder_of(table).kill()
            expect(page.locator("#conn")).to_have_attribute("data-state", "connecting", timeout=SECONDS)
            shot(page, tmp_path, "reconnecting")
            expect(page.locator("#conn")).to_have_attribute("data-state", "connected", timeout=SECONDS)
            assert ben.wait_reconnected(2)["game"]["bids"][0]["quantity"] == 2
            assert ben.call("liar")["ok"]
            page.wait_for_function("() => window.tavern.state?.game?.result != null", timeout=SECONDS)
            assert len(watcher.states) > heard and watcher.states[-1]["game"]["result"] is not None
            shot(page, tmp_path, "after-failover")
        finally:
            anna.close()
            ben.close()
            watcher.page.context.close()


def test_a_page_at_the_wrong_worker_says_the_table_is_moving_and_reloads_until_it_is_handed_over(
        tmp_path, postgres, browser):
    with running_cluster(tmp_path, postgres.new_database(), lease_s=3.0, nginx=False) as cluster:
        first, second = cluster.workers
        host = create_table(first.base_url, "Anna")
        table = host["table"]
        anna = Player(first.base_url, table, host["token"])  # the first worker serves it (and she does not come back)
        visitor = Person.open(browser)
        try:
            assert cluster.holder_of(table) is first
            page = visitor.page
            page.goto(f"{second.base_url}/t/{table}")
            expect(page.locator("h1")).to_have_text("This table is moving")
            shot(page, tmp_path, "moving")
            expect(page.locator("#conn")).to_have_attribute("data-state", "connected", timeout=SECONDS)
            # the second worker serves the page's table (on a loaded machine its short lease may lapse for a
            # moment and the first adopt it, until the page, refused, asks for it back: so it is waited for)
            wait_until(lambda: cluster.owner_of(table) is second, 60, "the second worker holding the page's table")
        finally:
            anna.close()
            visitor.page.context.close()
