"""Кореша in a real browser: play alone from the home page, the host's bot seats, the countdown."""
from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Error as PlaywrightError, Page, expect

from tests.support.server import running_server
from tests.support.artefacts import keep_screenshot

from .players import DESKTOP, MOBILE, Person, wait_for_actor

pytestmark = pytest.mark.browser

HOUR_MS = 3_600_000


@pytest.fixture(scope="module")
def bots_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("bots-server"), bots={"think_s": 0}) as server:
        yield server.base_url


def shoot(page: Page, tmp_path: Path, name: str) -> None:
    keep_screenshot(page, tmp_path, f"bots/{name}", fits=True)


def click_if_there(page: Page, selector: str) -> bool:
    """Click a control that a state change may hide at any moment; False if it went away."""
    try:
        page.locator(selector).click(timeout=1500)
        return True
    except PlaywrightError:
        return False


def settle(page: Page, condition: str, arg: object = None) -> None:
    """Wait for the page to take in a click; a tap lost to a re-render is simply made again."""
    try:
        page.wait_for_function(condition, arg=arg, timeout=3000)
    except PlaywrightError:
        pass


def standing_quantity(page: Page) -> int:
    shorts = page.locator("#bids-list li .bid-short").all_inner_texts()
    return int(shorts[-1].split("×")[0]) if shorts else 0


def test_play_alone_from_the_home_page_against_three_easy_regulars_to_the_winner(
    browser: Browser, bots_url: str, tmp_path: Path
) -> None:
    me = Person.open(browser, MOBILE)
    page = me.page
    page.goto(bots_url + "/")
    shoot(page, tmp_path, "home-390x844")
    page.get_by_label("Your name").fill("Anna")
    page.get_by_role("radio", name="3", exact=True).check()
    page.get_by_role("radio", name="easy", exact=True).check()
    page.get_by_role("button", name="Play alone").click()
    page.wait_for_url("**/t/*")
    expect(page.locator("#seats-list li")).to_have_count(4)
    expect(page.locator("#seats-list li.you")).to_contain_text("Anna")
    expect(page.locator("#seats-list li.bot")).to_have_count(3)
    for badge in page.locator("#seats-list li.bot .badge.bot").all_inner_texts():
        assert badge == "regular, easy"
    expect(page.locator("#headline")).to_have_text(re.compile(r"Game 1, round \d+"))
    expect(page.locator("#lobby")).to_be_hidden()
    expect(page.locator("#timer")).to_be_hidden()  # one person at the table: no turn timer

    started, shot_mid = time.monotonic(), False
    while not page.locator("#over").is_visible():
        assert time.monotonic() - started < 60, "the solo game did not end within 60 s"
        if page.locator("#bid").is_visible():
            bids = len(page.locator("#bids-list li").all())
            if not shot_mid and bids:
                shoot(page, tmp_path, "solo-bidding-390x844")
                shot_mid = True
            call = page.locator("#liar").is_visible() and standing_quantity(page) >= 2
            if click_if_there(page, "#liar" if call else "#bid-submit"):
                settle(page, "(n) => document.getElementById('bid').hidden"
                             " || document.querySelectorAll('#bids-list li').length !== n", bids)
        elif page.locator("#next-round").is_visible():
            # Once you are out, the regulars play a whole round in milliseconds: wait for the
            # round number to move on, not for the button to disappear.
            headline = page.locator("#headline").inner_text()
            if click_if_there(page, "#next-round"):
                settle(page, "(h) => document.getElementById('headline').textContent !== h"
                             " || !document.getElementById('over').hidden", headline)
        else:
            page.wait_for_timeout(50)
    winner = page.locator("#winner").inner_text()
    assert winner == "You win!" or winner.endswith(" wins!")
    final = me.states[-1]["game"]
    assert final["phase"] == "over" and final["winner"] is not None
    shoot(page, tmp_path, "solo-over-390x844")
    print(f"solo game over in {time.monotonic() - started:.1f} s: {winner}")


def test_the_host_adds_a_regular_in_the_lobby_and_removes_it(browser: Browser, bots_url: str, tmp_path: Path) -> None:
    anna = Person.open(browser, DESKTOP)
    url = anna.create_table(bots_url, "Anna")
    page = anna.page
    expect(page.locator("#bots")).to_be_visible()
    expect(page.locator("#start")).to_be_disabled()
    page.get_by_role("radio", name="strong", exact=True).check()
    page.get_by_role("button", name="Add a regular").click()
    bot_seat = page.locator("#seats-list li.bot")
    expect(bot_seat).to_have_count(1)
    expect(bot_seat.locator(".badge.bot")).to_have_text("regular, strong")
    expect(page.locator("#announcer")).to_contain_text("sat down.")
    expect(page.locator("#start")).to_be_enabled()

    ben = Person.open(browser, MOBILE)
    ben.watch(url)  # not the host: no bot panel, no remove buttons
    expect(ben.page.locator("#seats-list li.bot")).to_have_count(1)
    expect(ben.page.locator("#bots")).to_be_hidden()
    expect(ben.page.locator("#seats-list .remove")).to_have_count(0)

    page.get_by_role("radio", name="easy", exact=True).check()
    page.get_by_role("button", name="Add a regular").click()
    expect(bot_seat).to_have_count(2)
    shoot(page, tmp_path, "lobby-bots-1280x800")
    name = bot_seat.first.locator(".seat-name").inner_text()
    page.get_by_role("button", name=f"Remove {name}").click()
    expect(bot_seat).to_have_count(1)
    expect(page.locator("#bot-add")).to_be_focused()
    expect(page.locator("#announcer")).to_contain_text(f"{name} left the table.")
    expect(ben.page.locator("#seats-list li.bot")).to_have_count(1)

    # While the bot plays a running game the server would refuse: the button is disabled and says why.
    anna.start()
    expect(page.locator("#bots")).to_be_hidden()
    remaining = bot_seat.first.locator(".seat-name").inner_text()
    remove = page.get_by_role("button", name=f"Remove {remaining}")
    expect(remove).to_be_disabled()
    expect(remove).to_have_attribute("title", f"{remaining} is playing this game: remove them once it is over.")
    expect(bot_seat).to_have_count(1)


def test_the_countdown_runs_on_the_servers_clock_and_a_regular_plays_the_slow_turn(
    browser: Browser, bots_url: str, tmp_path: Path
) -> None:
    request = urllib.request.Request(
        bots_url + "/api/tables", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"name": "Anna", "rules": {"turn_timer_s": 5}}).encode())
    with urllib.request.urlopen(request) as reply:
        created = json.load(reply)
    url = bots_url + created["url"]
    anna, ben = Person.open(browser, MOBILE), Person.open(browser, DESKTOP)
    # Both devices' clocks are an hour wrong, in opposite directions: the countdown must not care.
    anna.page.add_init_script(f"{{ const now = Date.now.bind(Date); Date.now = () => now() + {HOUR_MS}; }}")
    ben.page.add_init_script(f"{{ const now = Date.now.bind(Date); Date.now = () => now() - {HOUR_MS}; }}")
    anna.page.goto(url)
    anna.page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                       [f"tj:token:{created['table']}", created["token"]])
    anna.page.reload()
    expect(anna.page.locator("#seats-list li.you")).to_contain_text("Anna")
    ben.sit_down(url, "Ben")
    anna.start()

    slow = wait_for_actor([anna, ben], bids=0)
    other = ben if slow is anna else anna
    slow_name = "Anna" if slow is anna else "Ben"
    for person in (anna, ben):
        expect(person.page.locator("#timer")).to_be_visible()
        seconds = int(person.page.locator("#timer-text").inner_text().split()[0])
        assert 1 <= seconds <= 5, f"countdown shows {seconds} s on a device with a wrong clock"
    # The player to act hears it once, politely; the other player is not nagged.
    expect(slow.page.locator("#timer-announcer")).to_have_text(re.compile(r"[1-5] seconds? left for your turn\."))
    expect(other.page.locator("#timer-announcer")).to_have_text("")
    before = int(slow.page.locator("#timer-text").inner_text().split()[0])
    shoot(slow.page, tmp_path, f"countdown-{'390x844' if slow is anna else '1280x800'}")
    shoot(other.page, tmp_path, f"countdown-other-{'390x844' if other is anna else '1280x800'}")
    # the countdown runs down (a state arriving meanwhile may correct the clock's offset by a second either way)
    slow.page.wait_for_function(
        """(before) => { const timer = document.getElementById("timer");
                         return timer.hidden || parseInt(document.getElementById("timer-text").textContent, 10) < before; }""",
        arg=before, timeout=10_000)

    # Nobody clicks: at the deadline a regular makes the slow player's bid.
    for person in (anna, ben):
        expect(person.page.locator("#bids-list li")).to_have_count(1, timeout=10_000)
        expect(person.page.locator("#bids-list li .seat-name")).to_have_text(slow_name)
    expect(slow.page.locator("#bid")).to_be_hidden()
    expect(other.page.locator("#bid")).to_be_visible()
    expect(other.page.locator("#timer")).to_be_visible()
    expect(other.page.locator("#timer-announcer")).to_have_text(re.compile(r"seconds? left for your turn\."))

    # The other player bids; the slow one lets a second turn run out: a regular takes the seat,
    # marked for everyone, until the player comes back (a reload is a return).
    other.page.locator("#bid-submit").click()
    for person in (anna, ben):
        expect(person.page.locator("#bids-list li")).to_have_count(2)
    stand_in = f"a regular plays for {slow_name}"
    for person in (anna, ben):
        expect(person.page.locator("#seats-list .stand-in-note")).to_have_text(stand_in, timeout=10_000)
    expect(other.page.locator("#seats-list li.stand-in .seat-name")).to_have_text(slow_name)
    shoot(other.page, tmp_path, f"stand-in-{'390x844' if other is anna else '1280x800'}")
    slow.page.reload()
    expect(slow.page.locator("#seats-list li.you")).to_contain_text(slow_name)
    for person in (anna, ben):
        expect(person.page.locator("#seats-list .stand-in-note")).to_have_count(0)
