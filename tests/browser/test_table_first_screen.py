"""The table's first screen at a player's turn, on a phone (390×844) and a computer (1280×800), in
English and in Russian: the bid control with its Bid button and the line saying whose turn it is
are both in the viewport without scrolling, and after the bid the turn line (now naming the next
player) is still in sight. The phone's table at the turn is kept as an artefact
(phone-table-en.png, phone-table-ru.png)."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.players import DESKTOP, MOBILE, post, seated
from tests.support.artefacts import artefact_path
from tests.support.server import running_server

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": MOBILE, "desktop": DESKTOP}


@pytest.fixture(scope="module")
def slow_regulars(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module whose regulars think two seconds a move: after the player's bid the
    regular's turn lasts long enough to be looked at."""
    with running_server(tmp_path_factory.mktemp("first-screen"), limits={"tables_burst": 0, "connections_per_address": 0},
                        bots={"think_s": 2, "think_spread": 0, "quick_share": 0}) as server:
        yield server.base_url

IN_VIEW = """(ids) => ids.filter((id) => {
  const node = document.getElementById(id);
  const box = node.getBoundingClientRect();
  return !(node.checkVisibility() && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight);
})"""
"""The ids among ``ids`` whose element is not wholly inside the viewport."""

TURN = {"en": "Your turn: you open the round, make the first bid.", "ru": "Твой ход: ты начинаешь раунд, сделай первую ставку."}


def first_screen(page: Page, what: str) -> None:
    """The page has not scrolled, and the turn line, the bid picker and the Bid button are all in view."""
    assert page.evaluate("scrollY") == 0, f"{what}: the page scrolled"
    outside = page.evaluate(IN_VIEW, ["turn-line", "bid-picker", "bid-submit"])
    assert outside == [], f"{what}: not in the first screen: {outside}"


def in_language(page: Page, base_url: str, lang: str) -> None:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", lang)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_at_your_turn_the_bid_control_and_the_turn_line_share_the_first_screen(browser: Browser, slow_regulars: str,
                                                                                tmp_path: Path, size: str) -> None:
    # "Play alone": the game starts with the table, the page opens on the player's first turn.
    created = post(slow_regulars, {"name": "Anna", "bots": {"count": 1, "level": "easy"}, "start": True})
    page = seated(browser, slow_regulars, created, VIEWPORTS[size]).page
    for lang in ("en", "ru"):
        if lang == "ru":
            in_language(page, slow_regulars, lang)
        expect(page.locator("#bid-submit")).to_be_visible()
        expect(page.locator("#turn-line")).to_have_text(TURN[lang])
        first_screen(page, f"{size}, {lang}")
        if size == "phone":  # once the dice have rolled in
            page.wait_for_function("""() => document.getAnimations().every((a) => !(a instanceof CSSAnimation) || a.playState !== "running")""")
            page.screenshot(path=str(artefact_path(tmp_path, f"phone-table-{lang}.png")))
    page.locator("#bid-submit").click()            # in Russian now: the regular's turn stays in sight
    expect(page.locator("#turn-line")).to_have_text(re.compile(r"^Ходит \S"))
    assert page.evaluate(IN_VIEW, ["turn-line"]) == [], f"{size}: the turn line left the screen after the bid"
