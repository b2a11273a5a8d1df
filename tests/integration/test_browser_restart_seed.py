"""In Chromium: the server is killed right before it stores the seed a player's page sent; after
the restart the page reconnects by itself, sends a seed again, and that seed is in the deal."""
from __future__ import annotations

import json
import time
import urllib.request

import pytest
from playwright.sync_api import Browser

from tests.browser.players import Person
from tests.support.client import Player
from tests.support.server import Server, free_port, server_settings

pytestmark = pytest.mark.browser


def post_table(base_url):
    body = {"name": "Anna", "rules": {"dice_per_player": 2}, "bots": {"count": 1, "level": "easy"}}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def entries_of(base_url, table):
    with urllib.request.urlopen(f"{base_url}/t/{table}/audit.json", timeout=10) as reply:
        return json.loads(reply.read())["entries"]


def wait_until(person, condition, seconds, what):
    """Until ``condition()``, letting the page's events in (Playwright's sync API delivers them only
    inside its own calls); raises after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        person.page.wait_for_timeout(50)


def test_a_seed_lost_in_a_crash_is_sent_again_by_the_reconnected_page(browser: Browser, tmp_path):
    # A long seed wait (50 s after the restart): only the page's seed can deal the round in time.
    server = Server(tmp_path, free_port(), server_settings(tmp_path, fairness={"seed_wait_s": 5}, bots={"think_s": 0}),
                    module="tests.support.crashing_serve",
                    env={"TAVERN_CRASH": "before:seed_contributed", "TAVERN_CRASH_RECORD": str(tmp_path / "crashes")})
    server.start()
    try:
        created = post_table(server.base_url)
        anna = Person.open(browser)
        anna.page.context.add_init_script(
            f"localStorage.setItem({json.dumps('tj:token:' + created['table'])}, {json.dumps(created['token'])})")
        anna.page.goto(server.base_url + created["url"])
        wait_until(anna, lambda: anna.states and anna.states[-1]["you"]["seat"] == 0, 15, "the page took its seat")
        host = Player(server.base_url, created["table"], created["token"])
        host.sio.emit("start", {})
        server.process.wait(15)  # killed right before storing the page's seed
        assert (tmp_path / "crashes").read_text().split() == ["before:seed_contributed"]
        server.start()
        wait_until(anna, lambda: any(e["kind"] == "round_dealt" for e in entries_of(server.base_url, created["table"])),
                   20, "the round was dealt with the page's seed")
        [deal] = [e for e in entries_of(server.base_url, created["table"]) if e["kind"] == "round_dealt"]
        assert list(deal["public"]["seeds"]) == ["0"]
    finally:
        server.stop()
