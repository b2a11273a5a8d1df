"""Form fields as a new user meets them: every select and text area drawn like the text inputs (no
native face), and a blank name told as a missing name, not as one with special characters."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.players import DESKTOP, Person, post

pytestmark = pytest.mark.browser

LOOK = """(selector) => {
  const style = (element) => getComputedStyle(element);
  const input = style(document.querySelector("input:not([type=radio]):not([type=checkbox]):not([type=file])"));
  return [...document.querySelectorAll(selector)].map((element) => {
    const own = style(element);
    return { id: element.id, appearance: own.appearance, background: own.backgroundColor === input.backgroundColor,
             border: own.borderTopColor === input.borderTopColor && own.borderTopWidth === input.borderTopWidth,
             radius: own.borderTopLeftRadius === input.borderTopLeftRadius };
  });
}"""


def looks(page: Page, selector: str) -> list[dict]:
    found = page.evaluate(LOOK, selector)
    assert found, f"no {selector} on the page"
    return found


def test_selects_and_text_areas_are_drawn_like_the_inputs(browser: Browser, base_url: str) -> None:
    created = post(base_url, {"referee": {"name": "Мастер"}, "rules": {"turn_timer_s": 0, "dice_per_player": 2},
                              "gm": {"cheating": True}})
    referee = Person.open(browser, DESKTOP)
    referee.page.goto(base_url + created["referee_url"])
    expect(referee.page.locator("#desk-bot-level")).to_be_visible()
    for field in looks(referee.page, "select"):
        assert field == {"id": field["id"], "appearance": "none", "background": True, "border": True, "radius": True}
    anna, ben = Person.open(browser), Person.open(browser)
    anna.sit_down(base_url + created["url"], "Анна")
    ben.sit_down(base_url + created["url"], "Ben")
    referee.page.get_by_role("button", name="Start a game").click()
    expect(anna.page.locator("#cheat-form")).to_be_visible()
    selects = looks(anna.page, "#cheat-form select")
    assert {f["id"] for f in selects} >= {"cheat-kind", "cheat-value"}
    for field in selects:
        assert field == {"id": field["id"], "appearance": "none", "background": True, "border": True, "radius": True}
    (area,) = looks(anna.page, "#cheat-form textarea")
    assert area["background"] and area["border"] and area["radius"]


@pytest.mark.parametrize("blank", ["   ", "\u3164"])
def test_a_blank_name_is_asked_for_not_called_special(browser: Browser, base_url: str, blank: str) -> None:
    anna = Person.open(browser)
    url = anna.create_table(base_url, "Anna")
    ben = Person.open(browser)
    ben.watch(url)
    ben.page.locator("#join-name").fill(blank)
    ben.page.get_by_role("button", name="Sit down").click()
    expect(ben.page.locator("#toast-text")).to_have_text("Enter your name first: 1 to 24 characters.")
    expect(ben.page.locator("#join")).to_be_visible()
