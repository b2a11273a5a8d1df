"""The tutorial under axe-core (tests/browser/test_accessibility.py's audit: WCAG 2.0/2.1 A and AA,
zero serious or critical violations, at 390 × 844 and 1280 × 800): every step of /learn in English
and one of each kind in Russian, the locked controls' explanation, a wrong move's explanation, and the home page's
offer of the tutorial.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .players import MOBILE
from .test_accessibility import check

pytestmark = pytest.mark.browser

STEPS = 16
LEARNER_MOVES = {5: ("3", False), 11: ("2", True)}
"""The learner's bids by step: the face to pick, and whether one die more is needed first."""
AUDITED = {"en": set(range(1, STEPS + 1)), "ru": {1, 4, 5, 7, 14, 16}}
"""Every step in English; in Russian one step of each kind (read, wild ones, a bid, a reveal, a
call, the end): the same markup with other words, and each audit costs seconds on a shared machine."""


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=MOBILE, locale="en-US")
    yield context.new_page()
    context.close()


def at_step(page: Page, step: int) -> None:
    """The progress line reads "… step {step} of 16" (or "… шаг {step} из 16")."""
    expect(page.locator("#lesson-progress")).to_have_text(re.compile(rf"· \S+ {step} \S+ {STEPS}$"))


def move_on(page: Page, step: int) -> None:
    """Leave ``step`` the way the lesson asks: Continue, the lesson's bid, or Liar."""
    if step in LEARNER_MOVES:
        face, more = LEARNER_MOVES[step]
        if more:
            page.locator("#q-more").click()
        page.locator(f'#faces button[data-face="{face}"]').click()
        page.locator("#bid-submit").click()
    elif step == 14:
        page.locator("#liar").click()
    else:
        page.locator("#lesson-continue").click()
    at_step(page, step + 1)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_step_of_the_tutorial(page: Page, base_url: str, lang: str) -> None:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page.goto(base_url + "/learn")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for step in range(1, STEPS + 1):
        at_step(page, step)
        if step in AUDITED[lang]:
            check(page, f"tutorial ({lang}) step {step}")
        if step == 5:  # a locked control pressed, then a wrong move: both explained beside the control
            page.locator("#liar").click(force=True)  # aria-disabled: pressable, and it says why it is locked
            expect(page.locator("#lesson-feedback")).to_be_visible()
            page.locator("#bid-submit").click()
            expect(page.locator("#lesson-feedback")).to_contain_text("«три двойки»" if lang == "ru" else "“three twos”")
            check(page, f"tutorial ({lang}) step {step}, a wrong move explained")
        if step < STEPS:
            move_on(page, step)
    expect(page.locator("#lesson-play")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_home_pages_offer_of_the_tutorial(page: Page, base_url: str, lang: str) -> None:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page.goto(base_url + "/")
    expect(page.locator("#tutorial-offer")).to_be_visible()
    expect(page.locator("#tutorial-link")).to_be_visible()
    check(page, f"home ({lang}) with the tutorial's offer")
