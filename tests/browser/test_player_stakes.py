"""Stakes at any table on the page (RULES.md C4): two players of a table without a referee set their
own stakes, see both and the pot, in English and in Russian; the form is disabled while a game runs, its reason beside it."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .players import table_for_two
from .test_table_options import in_language

pytestmark = pytest.mark.browser


def test_players_agree_stakes_before_the_game_and_everyone_sees_the_pot(browser: Browser, base_url: str) -> None:
    anna, ben, url = table_for_two(browser, base_url)
    for person, stake in ((anna, "2 gold"), (ben, "1 gold")):
        page = person.page
        expect(page.locator("#stakes")).to_be_visible()
        page.get_by_label("Your stake").fill(stake)
        page.get_by_role("button", name="Set", exact=True).click()
        expect(page.locator("#stakes-list")).to_contain_text(stake)
    for person in (anna, ben):
        expect(person.page.locator("#stakes-list li")).to_have_text(["Anna: 2 gold", "Ben: 1 gold"])
        expect(person.page.locator("#stakes-pot")).to_have_text("Pot: 3 gold")

    russian = in_language(browser, base_url, "ru", None)
    russian.goto(url)
    expect(russian.locator("#stakes-title")).to_have_text("Ставки")
    expect(russian.locator("#stakes-list li")).to_have_text(["Anna: 2 gold", "Ben: 1 gold"])
    expect(russian.locator("#stakes-pot")).to_have_text("Банк: 3 gold")
    expect(russian.locator("#stake-form")).to_be_hidden()

    ben.page.get_by_role("button", name="Clear my stake").click()
    expect(anna.page.locator("#stakes-list li")).to_have_text(["Anna: 2 gold"])
    anna.start()
    for person in (anna, ben):
        page = person.page
        expect(page.locator("#stakes-locked")).to_have_text("Stakes change between games.")
        expect(page.locator("#stakes-pot")).to_have_text("Pot: 2 gold")
        for control in (page.get_by_label("Your stake"), page.get_by_role("button", name="Set", exact=True)):
            expect(control).to_be_visible()
            expect(control).to_be_disabled()              # in sight, not usable, and it says why
            expect(control).to_have_attribute("aria-describedby", "stakes-locked")
            expect(control).to_have_attribute("title", "Stakes change between games.")
    expect(anna.page.get_by_label("Your stake")).to_have_value("2 gold")   # the field holds the real stake
