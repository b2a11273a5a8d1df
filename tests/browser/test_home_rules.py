"""The home page's "How to play" never contradicts the rules chosen in the form: with the Kul Tiras
preset (no wild ones) it drops the line on wild ones and names the chosen rules instead, and back
on the usual rules it says the usual again."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


def test_how_to_play_follows_the_rules_chosen_in_the_form(browser: Browser, base_url: str) -> None:
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.goto(base_url + "/")
    wild, chosen = page.locator("#rule-wild"), page.locator("#rules-chosen")
    expect(wild).to_have_text("Ones are wild: they count as any face, so nobody bids on ones.")
    expect(chosen).to_be_hidden()
    page.locator("#options summary").click()
    page.locator("#opt-preset").select_option("kul_tiras")
    expect(wild).to_be_hidden()
    expect(chosen).to_be_visible()
    expect(chosen).to_contain_text("ones not wild")
    expect(chosen).to_contain_text("The table you create plays other rules")
    page.locator("#opt-preset").select_option("tavern")
    expect(wild).to_be_visible()
    expect(chosen).to_be_hidden()
    context.close()
