"""The table page as a new user met it: the last round stays readable at game over, a phone keeps your
dice in sight when your turn comes, the bid hint never compares a bid with itself, and a server that
goes away is said plainly (one-line header, no stale "online", a bid refused as not connected)."""
from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import DESKTOP, MOBILE, Person, post, seated, table_for_two, wait_for_actor
from tests.support.server import Server, running_server

pytestmark = pytest.mark.browser


def alone_with_a_regular(browser: Browser, base_url: str, viewport: dict[str, int], **rules: object) -> Person:
    """Anna's page at a table of hers with one regular seated and the game started."""
    created = post(base_url, {"name": "Anna", "rules": {"turn_timer_s": 0, **rules}})
    anna = seated(browser, base_url, created, viewport)
    anna.page.get_by_role("button", name="Add a regular").click()
    expect(anna.page.locator("#seats-list li")).to_have_count(2)
    anna.start()
    return anna


def test_at_game_over_the_last_rounds_bids_stay_and_its_reveal_comes_before_the_regulars(browser: Browser, base_url: str) -> None:
    anna = alone_with_a_regular(browser, base_url, DESKTOP, dice_per_player=1)
    anna.press_on_until(lambda: (anna.states[-1].get("game") or {}).get("phase") == "over", "the game's end")
    game = anna.states[-1]["game"]
    assert game["phase"] == "over" and game["bids"]
    page = anna.page
    expect(page.locator("#over")).to_be_visible()
    expect(page.locator("#bids")).to_be_visible()
    expect(page.locator("#bids-list li .bid-short")).to_have_text([f"{b['quantity']} × {b['face']}" for b in game["bids"]])
    expect(page.locator("#reveal")).to_be_visible()
    expect(page.locator("#bots")).to_be_visible()
    reveal, regulars = page.locator("#reveal").bounding_box(), page.locator("#bots").bounding_box()
    assert reveal is not None and regulars is not None and reveal["y"] < regulars["y"]


ANSWERING = """() => document.getElementById("bid").checkVisibility()
  && document.querySelector("#seats-list li.you.turn") !== null && document.querySelectorAll("#bids-list li").length > 0"""
"""The page, in one render, shows Anna the bid control on her turn with a bid standing."""

OPEN_OR_MOVE_ON = f"""() => {{
  if (({ANSWERING})()) return "answering";
  const press = (id) => {{ const button = document.getElementById(id); if (!button.checkVisibility()) return null; button.click(); return id; }};
  return (document.querySelectorAll("#bids-list li").length === 0 && press("bid-submit")) || press("next-round") || "waiting";
}}"""
"""One step towards Anna answering a bid, read and taken in one go in the page: she opens a round or
presses Next round, but never answers a bid, and the click is the page's own (no scrolling)."""


def until_answering(anna: Person, timeout_s: float = 90) -> None:
    """Anna opens rounds and moves on until she is to answer the regular's bid. A Playwright click
    would scroll to its button, and a check made just after Anna's own move reads the page before
    the server's answer (so her answer could be taken for the turn still to come)."""
    deadline = time.monotonic() + timeout_s
    while (step := anna.page.evaluate(OPEN_OR_MOVE_ON)) != "answering":
        assert time.monotonic() < deadline, f"Anna's turn to answer a bid never came (last step: {step})"
        heard = len(anna.states)
        anna.page.wait_for_timeout(50)
        while step != "waiting" and len(anna.states) == heard and time.monotonic() < deadline:
            anna.page.wait_for_timeout(50)  # after a press, until the server's answer


def test_on_a_phone_your_turn_keeps_your_dice_on_the_screen(browser: Browser, base_url: str) -> None:
    anna = alone_with_a_regular(browser, base_url, MOBILE, dice_per_player=5)
    page = anna.page
    until_answering(anna)
    # the turn brings them into view (waited for: the dice may be drawn again in the frame after the turn's)
    page.wait_for_function("""() => { const box = document.querySelector("#hand-dice").getBoundingClientRect();
                                      return 0 <= box.top && box.top < box.bottom && box.bottom <= innerHeight; }""")


def test_the_bid_hint_never_says_a_bid_is_not_higher_than_itself(browser: Browser, base_url: str) -> None:
    anna, ben, _ = table_for_two(browser, base_url)
    anna.start()
    opener = wait_for_actor([anna, ben], bids=0)
    opener.bid(2, 3)
    raiser = wait_for_actor([anna, ben], bids=1)
    raiser.choose_bid(2, 4)
    reason = raiser.page.locator("#f-reason")
    expect(reason).to_contain_text("2 × 2 is not higher than 2 × 3")
    expect(reason).not_to_contain_text("2 × 3 is not higher")


@pytest.fixture()
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of this test's own, to be stopped and started again."""
    folder = tmp_path / "server"
    folder.mkdir()
    with running_server(folder) as server:
        yield server


def test_while_the_server_is_down_the_page_says_so_and_a_bid_is_refused_not_sent_later(browser: Browser, own_server: Server) -> None:
    anna, ben, _ = table_for_two(browser, own_server.base_url)
    anna.start()
    wait_for_actor([anna, ben], bids=0)
    opener = anna if anna.acts_with(0) else ben
    header = anna.page.locator("header.bar")  # Anna is on a phone
    one_line = header.bounding_box()["height"]
    dots = opener.page.locator("#seats-list .dot")
    expect(dots.first).to_have_attribute("aria-label", "online")

    own_server.kill()
    for person in (anna, ben):
        expect(person.page.locator("#conn")).to_have_text("Reconnecting…")
    assert header.bounding_box()["height"] == one_line
    for dot in dots.all():
        expect(dot).to_have_attribute("aria-label", "not known while reconnecting")
    opener.page.locator("#bid-submit").click()
    expect(opener.page.locator("#toast-text")).to_have_text(
        "Not connected to the server: nothing was sent. Try again once the connection is back.")

    seen = len(opener.states)
    own_server.start()
    expect(opener.page.locator("#conn")).to_be_hidden(timeout=20000)
    expect(dots.first).to_have_attribute("aria-label", "online")
    assert len(opener.states) > seen
    assert opener.states[-1]["game"]["bids"] == []
    expect(opener.page.locator("#bids-list li")).to_have_count(0)
