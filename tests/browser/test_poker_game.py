"""Poker-dice bluff end to end, through the page as a person plays it, on a real server: a whole
two-player game against a bot (create from the home page, believe or doubt, keep dice, declare,
until the game is over), and a bracket of four (one person, three bots) played to its champion.

Needs the server side of poker tables (POST /api/tables with "game": "poker_bluff", the poker
seat view and events, docs/protocol.md).
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Error as PlaywrightError, expect

from tests.browser.players import Person

pytestmark = pytest.mark.browser

MOVES = ("#poker-doubt", "#poker-reroll", "#poker-declare", "#poker-next-round")
"""What the page may offer this person, in the order they are pressed: doubt every declaration, re-roll
without keeping, declare the weakest offered, go on after a reveal."""


def play_alone(browser: Browser, base_url: str, bots: int) -> Person:
    person = Person.open(browser)
    page = person.page
    page.goto(base_url + "/")
    page.wait_for_load_state("load")
    page.get_by_label("Your name").fill("Anna")
    page.get_by_role("radio", name="Poker-dice bluff").check()
    page.locator("#poker-options summary").click()
    page.locator("#poker-tokens").fill("1")
    page.locator("#poker-token_value").fill("1 silver")
    page.get_by_role("radio", name=str(bots), exact=True).check()
    page.get_by_role("radio", name="Easy").check()
    page.locator("#solo-play").click()
    page.wait_for_url("**/t/*")
    expect(page.locator("#poker-duel")).to_be_visible()
    return person


def play_until(person: Person, done: str, timeout_s: float = 120, on_reveal: Callable[[], bool] | None = None) -> None:
    """Press whatever the page offers until ``done`` shows (waiting for the bots in between); while a
    reveal is on the screen, ``on_reveal()`` until it returns True (then it must have)."""
    deadline = time.monotonic() + timeout_s
    while not person.visible(done):
        assert time.monotonic() < deadline, f"{done} never showed"
        if on_reveal is not None and person.visible("#poker-reveal") and on_reveal():
            on_reveal = None
        button = next((b for b in MOVES if person.visible(b)), None)
        if button is None:
            person.page.wait_for_timeout(50)
            continue
        try:
            person.page.locator(button).click(timeout=2000)
        except PlaywrightError:  # the state moved under the click
            pass
    assert on_reveal is None or on_reveal(), "no reveal was ever on the screen"


def test_a_whole_game_against_a_bot(browser: Browser, base_url: str) -> None:
    anna = play_alone(browser, base_url, bots=1)
    expect(anna.page.locator("#poker-duel")).to_contain_text("A token is worth 1 silver.")
    play_until(anna, "#poker-over")
    expect(anna.page.locator("#poker-over .winner")).to_have_text(re.compile(r"^(You win!|.+ wins!)$"))
    anna.expect_announced("did not believe")
    said = anna.page.evaluate("(window.tjAnnounced ?? []).join(' ')")
    assert "gives" in said and "token" in said
    anna.page.context.close()


def test_a_bracket_of_four_to_its_champion(browser: Browser, base_url: str) -> None:
    anna = play_alone(browser, base_url, bots=3)
    expect(anna.page.locator(".bracket-round")).to_have_count(2)
    for _ in range(3):  # three games: two semi-finals, the final
        if anna.visible("#poker-bracket .poker-champion"):
            break
        play_until(anna, "#poker-over")
        if not anna.visible("#poker-bracket .poker-champion"):
            # The next game may be two regulars': with one token each it can end before the page is
            # looked at again, so wait for the headline to name the next game, not for the card to go.
            game = int(re.search(r"\d+", anna.page.locator("#headline").inner_text()).group())
            anna.page.locator("#poker-next-game").click()
            expect(anna.page.locator("#headline")).to_have_text(re.compile(rf"^\D*{game + 1}\D"))  # "Game 3, round 1"
    expect(anna.page.locator("#poker-bracket .poker-champion")).to_contain_text("Champion: ")
    expect(anna.page.locator("#poker-next-game")).to_have_text("New evening")
    anna.page.context.close()
