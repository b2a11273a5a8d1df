"""The tutorial in a real browser, at 390 × 844 and 1280 × 800: offered on the first visit, played
from the offer to the first real game against bots by keyboard alone (a locked control and a wrong
move each explained, then retried; nothing sent to the server before that game), the offer declined and remembered, the language switched
(ru ↔ en) on the tutorial, where the step reached is kept, and on the home page. Screenshots go to
$TAVERN_ARTEFACTS (else the test's tmp_path)/tutorial.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.support.artefacts import keep_screenshot

from .players import ANNOUNCER_LOG, DESKTOP, MOBILE

pytestmark = pytest.mark.browser

VIEWPORTS = {"390x844": MOBILE, "1280x800": DESKTOP}
STEPS = 16


@pytest.fixture(params=list(VIEWPORTS))
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def page(browser: Browser, size: str) -> Iterator[Page]:
    """A fresh visitor (nothing remembered) at one of the two sizes, in English."""
    context = browser.new_context(viewport=VIEWPORTS[size], locale="en-US")
    opened = context.new_page()
    opened.add_init_script(ANNOUNCER_LOG)
    yield opened
    context.close()


def shoot(page: Page, tmp_path: Path, name: str) -> None:
    keep_screenshot(page, tmp_path, f"tutorial/{name}", fits=True)


def tab_to(page: Page, selector: str, presses: int = 60) -> None:
    """Press Tab until the element matching ``selector`` has the focus (keyboard only)."""
    for _ in range(presses):
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def focused(page: Page, selector: str) -> None:
    page.wait_for_function("(s) => document.activeElement?.matches(s)", arg=selector)


def progress(page: Page, step: int) -> None:
    expect(page.locator("#lesson-progress")).to_contain_text(f"step {step} of {STEPS}")


def said(page: Page, text: str) -> None:
    """The live region said ``text`` (ANNOUNCER_LOG keeps every text it held)."""
    page.wait_for_function("(text) => (window.tjAnnounced ?? []).some((said) => said.includes(text))", arg=text)


def continue_by_keyboard(page: Page, to_step: int) -> None:
    focused(page, "#lesson-continue")
    page.keyboard.press("Enter")
    progress(page, to_step)


def test_from_the_first_visits_offer_to_a_real_game_against_bots_by_keyboard(page: Page, base_url: str, size: str,
                                                                            tmp_path: Path) -> None:
    page.goto(base_url + "/")
    expect(page.locator("#tutorial-offer")).to_be_visible()
    shoot(page, tmp_path, f"home-offer-{size}")
    sent: list[str] = []
    page.on("request", lambda request: sent.append(f"{request.method} {request.url}"))
    tab_to(page, "#tutorial-offer-start")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/learn$"))
    progress(page, 1)
    expect(page.locator("#hand-dice .die")).to_have_count(5)
    expect(page.locator("#hand-dice .dice")).to_have_attribute("aria-label", re.compile(r"1, 3, 3, 5, 6"))
    # Nothing is explained yet: the bid control is there, locked, and says why.
    expect(page.locator("#q-more")).to_be_disabled()
    expect(page.locator("#bid-submit")).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#bid-submit")).to_have_attribute("title", re.compile("read this step"))
    expect(page.locator("#lesson-lock")).to_contain_text("read this step")
    shoot(page, tmp_path, f"step-1-{size}")
    tab_to(page, "#lesson-continue")
    page.keyboard.press("Enter")
    progress(page, 2)
    said(page, "Anna bids “two fours”")
    expect(page.locator("#lesson-bids-list li")).to_have_count(1)
    continue_by_keyboard(page, 3)
    continue_by_keyboard(page, 4)
    expect(page.locator("#lesson-text")).to_contain_text("three threes, two fives, two sixes, one two and one four")
    expect(page.locator("#hand-dice .die.counted")).to_have_count(3)
    shoot(page, tmp_path, f"step-4-wild-ones-{size}")
    continue_by_keyboard(page, 5)

    # Your raise: the quantity stepper has the focus, Liar is locked until it is explained.
    focused(page, "#q-more")
    expect(page.locator("#lesson-continue")).to_be_hidden()
    expect(page.locator("#liar")).to_have_attribute("aria-disabled", "true")
    tab_to(page, "#liar")
    page.keyboard.press("Enter")
    expect(page.locator("#lesson-feedback")).to_contain_text("comes later in the lesson")
    tab_to(page, "#bid-submit")  # the lowest raise, three twos: a legal bid, not the lesson's
    expect(page.locator("#bid-submit")).to_have_text("Bid three twos")
    page.keyboard.press("Enter")
    expect(page.locator("#lesson-feedback")).to_contain_text("“three twos” is a legal raise")
    said(page, "This time bid “three threes”")
    progress(page, 5)
    shoot(page, tmp_path, f"step-5-wrong-move-{size}")
    tab_to(page, '#faces button[data-face="3"]')
    page.keyboard.press("Enter")
    tab_to(page, "#bid-submit")
    expect(page.locator("#bid-submit")).to_have_text("Bid three threes")
    page.keyboard.press("Enter")
    progress(page, 6)
    expect(page.locator("#lesson-feedback")).to_be_hidden()
    said(page, "Anna calls “Liar!”")
    continue_by_keyboard(page, 7)
    expect(page.locator("#lesson-reveal")).to_be_visible()
    expect(page.locator("#lesson-reveal-count")).to_have_text("Matching dice: 3 (ones wild)")
    expect(page.locator("#lesson-reveal-verdict")).to_have_text("The bid stands: Anna loses 1 die.")
    expect(page.locator("#bid")).to_be_hidden()
    shoot(page, tmp_path, f"step-7-reveal-{size}")

    # Round 2, the rules page's example: raise to five twos, then call Ben's six fours.
    continue_by_keyboard(page, 8)
    expect(page.locator("#hand-dice .dice")).to_have_attribute("aria-label", re.compile(r"1, 2, 2, 5, 6"))
    continue_by_keyboard(page, 9)
    continue_by_keyboard(page, 10)
    continue_by_keyboard(page, 11)
    focused(page, "#q-more")
    page.keyboard.press("Enter")  # five fives (the face stays while it may)
    tab_to(page, '#faces button[data-face="2"]')
    page.keyboard.press("Enter")
    tab_to(page, "#bid-submit")
    page.keyboard.press("Enter")
    progress(page, 12)
    continue_by_keyboard(page, 13)
    continue_by_keyboard(page, 14)
    focused(page, "#liar")
    expect(page.locator("#liar")).not_to_have_attribute("aria-disabled", "true")
    page.keyboard.press("Enter")
    progress(page, 15)
    expect(page.locator("#lesson-reveal-count")).to_have_text("Matching dice: 5 (ones wild)")
    expect(page.locator("#lesson-reveal-verdict")).to_have_text("The bid is false: Ben loses 1 die.")
    expect(page.locator("#lesson-seats-list")).to_contain_text("4 dice")
    continue_by_keyboard(page, 16)

    # The end: a real game against two bots, by the home page's own request.
    focused(page, "#lesson-name")
    shoot(page, tmp_path, f"step-16-end-{size}")
    # The whole lesson ran in the page: it loaded itself and its assets, and sent nothing else.
    assert sent and all(re.match(rf"GET {re.escape(base_url)}/(learn|static/)", line) for line in sent), sent
    page.keyboard.type("Jem")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))
    expect(page.locator("#hand-dice .die")).to_have_count(5)
    expect(page.locator("#seats-list li")).to_have_count(3)
    shoot(page, tmp_path, f"first-real-game-{size}")
    page.goto(base_url + "/")
    expect(page.locator("#create-name")).to_be_visible()
    expect(page.locator("#tutorial-offer")).to_be_hidden()  # remembered: the tutorial was opened


def test_a_bid_instead_of_the_lessons_call_is_explained_and_the_call_still_waits(page: Page, base_url: str) -> None:
    page.goto(base_url + "/learn")
    for step in range(2, 15):
        if page.locator("#lesson-continue").is_visible():
            page.locator("#lesson-continue").click()
        elif step == 6:
            page.locator('#faces button[data-face="3"]').click()
            page.locator("#bid-submit").click()
        else:
            page.locator("#q-more").click()
            page.locator('#faces button[data-face="2"]').click()
            page.locator("#bid-submit").click()
        progress(page, step)
    expect(page.locator("#bid-rule")).to_contain_text("6 × 4")
    page.locator("#bid-submit").click()  # the lowest raise: six fives
    expect(page.locator("#lesson-feedback")).to_contain_text("“six fives” claims even more than “six fours”")
    progress(page, 14)
    page.locator("#liar").click()
    progress(page, 15)


def test_the_offer_declined_is_remembered_and_the_tutorial_stays_on_the_home_page(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    expect(page.locator("#tutorial-offer")).to_be_visible()
    page.locator("#tutorial-offer-dismiss").click()
    expect(page.locator("#tutorial-offer")).to_be_hidden()
    expect(page.locator("#create-name")).to_be_focused()
    page.reload()
    page.wait_for_load_state("load")
    expect(page.locator("#tutorial-offer")).to_be_hidden()
    page.locator("#tutorial-link").click()
    expect(page).to_have_url(re.compile(r"/learn$"))
    progress(page, 1)


def test_the_language_switches_on_the_tutorial_keeping_the_step_and_on_the_home_page(page: Page, base_url: str,
                                                                                  size: str, tmp_path: Path) -> None:
    page.goto(base_url + "/learn")
    page.locator("#lesson-continue").click()
    page.locator("#lesson-continue").click()
    progress(page, 3)
    page.locator('button.lang[data-lang="ru"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#lesson-progress")).to_have_text(f"Раунд 1 из 2 · шаг 3 из {STEPS}")
    expect(page.locator("#lesson-text")).to_contain_text("Бен повышает: «две шестёрки» вместо «две четвёрки»")
    expect(page.locator("#lesson-continue")).to_have_text("Дальше")
    expect(page.locator("#lesson-bids-list")).to_contain_text("Анна: две четвёрки")
    shoot(page, tmp_path, f"step-3-ru-{size}")
    page.locator('button.lang[data-lang="en"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    progress(page, 3)
    expect(page.locator("#lesson-text")).to_contain_text("Ben raises “two fours” to “two sixes”")

    page.goto(base_url + "/")
    expect(page.locator("#tutorial-offer")).to_be_hidden()  # the tutorial was opened
    page.evaluate("localStorage.clear()")
    page.locator('button.lang[data-lang="ru"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#tutorial-offer-title")).to_have_text("Впервые в таверне?")
    expect(page.locator("#tutorial-link")).to_have_text("Учиться, играя: тренировка на две минуты")
    shoot(page, tmp_path, f"home-offer-ru-{size}")
    page.locator('button.lang[data-lang="en"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#tutorial-offer-title")).to_have_text("First time at the tavern?")
