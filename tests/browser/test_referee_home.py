"""Run as referee from the home page: a refereed table with the table options and the game
master's options; the referee's link is shown once, with a copy button and the warning to keep
it, beside the players' link; the desk opens from it and shows the table's rules."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, expect

from .players import MOBILE, Person

pytestmark = pytest.mark.browser


def test_run_as_referee_shows_the_link_once_copies_it_and_opens_the_desk(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=MOBILE, locale="en-US")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = context.new_page()
    page.goto(base_url + "/")
    page.get_by_label("Your name").fill("Мастер")
    page.locator("#options summary").click()
    page.get_by_label("Rules preset").select_option("perudo")
    expect(page.get_by_role("button", name="Create a refereed table")).to_be_hidden()
    page.locator("#gm summary").click()
    page.get_by_label("Roleplay cheating").check()
    page.get_by_role("radio", name=re.compile("^World of Warcraft")).check()
    page.get_by_role("radio", name="d100").check()
    with page.expect_request(lambda r: r.url.endswith("/api/tables")) as sent:
        page.get_by_role("button", name="Create a refereed table").click()
    body = json.loads(sent.value.post_data or "{}")
    assert body["referee"] == {"name": "Мастер"} and (body["preset"], body["rules"]) == ("perudo", {})
    assert body["gm"] == {"cheating": True, "blind": False, "check_die": 100, "whisper_format": "wow"}

    ready = page.locator("#referee-ready")
    expect(ready).to_be_visible()
    expect(page.locator("#referee-ready-title")).to_be_focused()
    expect(page.locator("#home")).to_be_hidden()
    expect(page.locator("#referee-warning")).to_have_text(
        "Save this link now and keep it to yourself: it is the only key to the referee's desk, and it is shown only this once.")
    referee_link = page.get_by_label("Referee's link").input_value()
    table = re.fullmatch(re.escape(base_url) + r"/t/([\w-]+)/referee#([\w-]{40,})", referee_link)
    assert table, referee_link
    expect(page.get_by_label("Players' link: send it to the players")).to_have_value(f"{base_url}/t/{table.group(1)}")
    page.get_by_role("button", name="Copy the referee's link").click()
    expect(page.locator("#referee-status")).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == referee_link
    page.get_by_role("button", name="Copy the players' link").click()
    assert page.evaluate("navigator.clipboard.readText()") == f"{base_url}/t/{table.group(1)}"

    page.get_by_role("link", name="Open the referee's desk").click()
    page.wait_for_url(f"**/t/{table.group(1)}/referee")
    expect(page.locator("#desk-title")).to_have_text("Referee's desk")
    expect(page.locator("#conn")).to_be_hidden()  # connected with the token the link carried
    expect(page.locator("#desk-settings")).to_contain_text("Cheating: on")
    expect(page.locator("#desk-rules .rules-badge")).to_have_text("5 dice · ones wild · bids on ones · spot on · palifico")
    assert "#" not in page.url  # the desk moved the token out of the address bar

    page.go_back()
    expect(page.locator("#create-name")).to_be_visible()
    expect(page.locator("#referee-ready")).to_be_hidden()
    assert table.group(2) not in page.content()  # shown once: nothing on the home page holds it any more
    page.reload()
    assert table.group(2) not in page.content()

    player = Person.open(browser)
    player.sit_down(f"{base_url}/t/{table.group(1)}", "Anna")
    expect(player.page.locator("#rules-panel .rules-badge")).to_have_text("5 dice · ones wild · bids on ones · spot on · palifico")
