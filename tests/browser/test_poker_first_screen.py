"""Poker-dice's first screen at a player's turn, on a phone (390×844) and a computer (1280×800), in
English and in Russian: whichever control the turn asks for (the declaration picker with its
Declare button when the player declares, Believe and Doubt when a declaration is put to them) and the
line saying whose turn it is are all in the viewport without scrolling. The regular playing the
evening cannot be removed: its button is disabled, with the reason."""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.players import DESKTOP, MOBILE, post, seated
from tests.browser.test_table_first_screen import IN_VIEW, in_language
from tests.support.server import running_server

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": MOBILE, "desktop": DESKTOP}
CONTROLS = {"declare": ["poker-kinds", "poker-declare"], "answer": ["poker-believe", "poker-doubt"]}
"""The controls of each kind of turn, by id."""


@pytest.fixture(scope="module")
def slow_regulars(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module whose regulars think a second a move: the player's turns come one by one."""
    with running_server(tmp_path_factory.mktemp("poker-first-screen"), limits={"tables_burst": 0, "connections_per_address": 0},
                        bots={"think_s": 1, "think_spread": 0, "quick_share": 0}) as server:
        yield server.base_url


def turn_kind(page: Page) -> str:
    """Wait for the player's turn; which controls it asks for."""
    page.wait_for_function("() => ['poker-declare', 'poker-believe'].some((id) => document.getElementById(id)?.checkVisibility())",
                           timeout=30_000)
    return "declare" if page.locator("#poker-declare").is_visible() else "answer"


def first_screen(page: Page, what: str) -> str:
    """The page has not scrolled, and the turn line and the turn's controls are all in view."""
    kind = turn_kind(page)
    expect(page.locator("#turn-line")).to_have_class(re.compile(r"\bmine\b"), timeout=10_000)  # it says: your turn
    assert page.evaluate("scrollY") == 0, f"{what}: the page scrolled"
    outside = page.evaluate(IN_VIEW, ["turn-line", *CONTROLS[kind]])
    assert outside == [], f"{what} ({kind}): not in the first screen: {outside}"
    return kind


@pytest.mark.parametrize("size", VIEWPORTS)
def test_at_your_turn_the_declaration_control_and_the_turn_line_share_the_first_screen(browser: Browser, slow_regulars: str,
                                                                                        size: str) -> None:
    created = post(slow_regulars, {"name": "Anna", "game": "poker_bluff", "bots": {"count": 1, "level": "easy"}, "start": True})
    page = seated(browser, slow_regulars, created, VIEWPORTS[size]).page
    for lang in ("en", "ru"):
        if lang == "ru":
            in_language(page, slow_regulars, lang)
        if first_screen(page, f"{size}, {lang}") == "answer":  # then the turn that declares, after believing
            page.locator("#poker-believe").click()
            page.locator("#poker-reroll").click()  # the cup taken, the dice it offers are thrown again
            page.locator("#poker-declare").wait_for(state="visible")
            assert first_screen(page, f"{size}, {lang}, after believing") == "declare"
    remove = page.locator("#seats-list .remove")  # the regular plays the evening: the server keeps its seat
    expect(remove).to_be_disabled()
    expect(remove).to_have_attribute("aria-describedby", re.compile(r"^remove-why-"))
    page.context.close()
