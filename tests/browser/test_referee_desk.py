"""The referee's desk as a referee meets it: the whisper relay's copy button, and the desk once a game is over."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import DESKTOP, Person, post

pytestmark = pytest.mark.browser


def desk(browser: Browser, base_url: str, gm: dict | None = None, **rules: object) -> tuple[Person, str]:
    """A refereed table's desk open on a desktop, and the players' link."""
    created = post(base_url, {"referee": {"name": "Мастер"}, "rules": {"turn_timer_s": 0, **rules}, "gm": gm or {}})
    referee = Person.open(browser, DESKTOP)
    referee.page.goto(base_url + created["referee_url"])
    expect(referee.page.locator("#desk-title")).to_have_text("Referee's desk")
    return referee, base_url + created["url"]


def test_copy_all_lines_copies_every_whisper_line_and_says_so(browser: Browser, base_url: str) -> None:
    referee, url = desk(browser, base_url, {"whisper_format": "roll20"}, dice_per_player=2)
    referee.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    referee.page.get_by_role("button", name="Copy all lines").click()
    expect(referee.page.locator("#relay-status")).to_have_text("No lines to copy yet")
    for name in ("Ben the Bold [[1d20]]", "Анна"):
        Person.open(browser).sit_down(url, name)
    expect(referee.page.locator("#desk-seats li")).to_have_count(2)
    referee.page.get_by_role("button", name="Start a game").click()
    lines = referee.page.locator("#desk-relay .whisper-line")
    expect(lines).to_have_count(2)
    expect(lines.first).to_contain_text('/w "Ben the Bold [ [1d20] ]" Your dice: ')
    referee.page.get_by_role("button", name="Copy all lines").click()
    expect(referee.page.locator("#relay-status")).to_have_text("All lines copied")
    assert referee.page.evaluate("navigator.clipboard.readText()") == "\n".join(lines.all_inner_texts())
