"""A whole Liar's Dice game in the page without one page error: a player and two regulars play to
game over (and a rematch when the player has not yet bid, called Liar and called Spot on), the
player pressing bid, Liar, Spot on and Next round as a person would; any uncaught error or
console.error of the page fails the test (tests/browser/page_errors.py)."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Error as PlaywrightError, expect

from tests.browser.page_errors import PageErrors
from tests.browser.players import MOBILE, Person, post

pytestmark = pytest.mark.browser

PICK = """(used) => {
  const shown = (id) => document.getElementById(id)?.checkVisibility() ? id : null;
  if (shown("new-game") && document.getElementById("over").checkVisibility()) return "new-game";
  if (shown("next-round")) return "next-round";
  if (!shown("bid")) return null;
  const answering = shown("liar") !== null;
  if (answering && shown("spot-on") && !used.includes("spot-on")) return "spot-on";
  if (answering && !used.includes("liar")) return "liar";
  return shown("bid-submit") ?? shown("liar");
}"""
"""The player's next press: the rematch, Next round, else on their turn Spot on and Liar once each
when a bid stands, otherwise the lowest bid (or Liar when no bid is left)."""


def test_a_whole_game_with_bids_liar_and_spot_on_raises_no_page_error(browser: Browser, base_url: str) -> None:
    created = post(base_url, {"name": "Anna", "rules": {"dice_per_player": 2, "turn_timer_s": 0, "spot_on": True},
                              "bots": {"count": 2, "level": "easy"}, "start": True})
    anna = Person.open(browser, MOBILE)
    page = anna.page
    errors = PageErrors.watch(page)
    page.context.add_init_script(
        f"localStorage.setItem('tj:token:{created['table']}', '{created['token']}')")
    page.goto(base_url + created["url"])
    used: set[str] = set()
    rematches = 0
    deadline = time.monotonic() + 150
    while True:
        game = (anna.states[-1].get("game") if anna.states else None) or {}
        if game.get("phase") == "over" and {"bid-submit", "liar", "spot-on"} <= used:
            break
        assert time.monotonic() < deadline, f"the game never ended with every move made (made: {sorted(used)})"
        press = page.evaluate(PICK, sorted(used))
        if press is None:
            page.wait_for_timeout(50)
            continue
        heard = len(anna.states)
        try:
            page.locator(f"#{press}").click(timeout=2000)
        except PlaywrightError:  # a regular moved first and the button went away
            continue
        used.add(press)
        rematches += press == "new-game"
        assert rematches < 4, f"four games and still not every move made: {sorted(used)}"
        while len(anna.states) == heard and time.monotonic() < deadline:
            page.wait_for_timeout(20)  # until the server's answer (a second look would press again)
    expect(page.locator("#over")).to_be_visible()
    expect(page.locator("#headline")).to_be_visible()
    errors.assert_none("a whole Liar's Dice game")
