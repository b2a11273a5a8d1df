"""The table option ``require_seeds`` on the pages (static/js/seeds_option.js) and the referee desk's list of
seeded draws, in Chromium: the host switches it by keyboard and every other page reads it (a non-host
has no switch and is refused ``host/only``); on a phone the card sits below the player's actions; the
referee switches it at the desk, a roll-off then waits for the absent player and is made with her seed
when she is back, and the desk lists each draw with whose seeds went in, or loudly that the server
rolled it alone."""
from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.players import DESKTOP, MOBILE, Person, post, table_for_two
from tests.browser.test_accessibility import check

pytestmark = pytest.mark.browser
LABEL = "Wait for the players' randomness: never let the server roll alone"
ON = "This table waits for the players' randomness: the server never deals a round or rolls a cup or a roll-off throw alone."
OFF = ("When nobody a deal or a roll concerns is connected, the server deals or rolls it alone (after a short wait for a"
       " roll), and every page says so.")


def emit(page: Page, event: str, payload: dict[str, Any]) -> dict[str, Any]:
    """What the server answers the page's own connection for ``event`` (as a hand-made client would send it)."""
    return page.evaluate("([event, payload]) => new Promise((done) => window.tavern.socket.emit(event, payload, done))",
                         [event, payload])


def logged(base_url: str, table: str, kind: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{base_url}/t/{table}/audit.json", timeout=10) as reply:
        return [e["public"] for e in json.loads(reply.read())["entries"] if e["kind"] == kind]


def test_the_host_requires_seeds_by_keyboard_and_every_other_page_reads_it(browser: Browser, base_url: str) -> None:
    anna, ben, url = table_for_two(browser, base_url)
    switch = anna.page.get_by_role("checkbox", name=LABEL)
    expect(switch).to_be_visible()
    expect(switch).not_to_be_checked()
    expect(switch).to_have_accessible_description(re.compile(r"^When nobody a round's deal, a poker-dice roll or a roll-off throw concerns is connected"))
    expect(ben.page.locator("#table-require-seeds-text")).to_have_text(OFF)
    expect(ben.page.get_by_role("checkbox", name=LABEL)).to_be_hidden()
    expect(anna.page.locator("#table-require-seeds-text")).to_be_hidden()

    switch.focus()
    anna.page.keyboard.press("Space")
    expect(switch).to_be_checked()
    expect(anna.page.locator("#table-require-seeds-status")).to_have_text("The table now waits for the players' randomness.")
    expect(ben.page.locator("#table-require-seeds-text")).to_have_text(ON)
    assert ben.page.locator("#table-require-seeds-text").get_attribute("aria-live") == "polite"
    table = url.rsplit("/", 1)[1]
    assert logged(base_url, table, "seeds_required") == [{"on": True, "by": 0}]

    refused = emit(ben.page, "require_seeds", {"on": False})  # Ben has no switch, and the server refuses him too
    assert refused["ok"] is False and refused["code"] == "host/only"
    expect(ben.page.locator("#toast-text")).to_be_visible()
    assert logged(base_url, table, "seeds_required") == [{"on": True, "by": 0}]
    expect(ben.page.locator("#table-require-seeds-text")).to_have_text(ON)
    expect(switch).to_be_checked()

    anna.page.keyboard.press("Space")  # and off again
    expect(ben.page.locator("#table-require-seeds-text")).to_have_text(OFF)
    expect(switch).not_to_be_checked()
    check(anna.page, "the host's table page with the require-seeds switch")
    for person in (anna, ben):
        person.page.context.close()


def test_on_a_phone_the_card_stays_below_the_players_start_button_and_dice(browser: Browser, base_url: str) -> None:
    anna, ben, _ = table_for_two(browser, base_url)
    page = anna.page  # a phone
    card = page.locator("#table-seeds-option")
    expect(card).to_be_visible()
    start = page.locator("#start").bounding_box()
    assert start["y"] + start["height"] <= MOBILE["height"], "the start button is pushed off the first screen"
    assert card.bounding_box()["y"] > start["y"]
    anna.start()
    expect(page.locator("#hand")).to_be_visible()
    hand = page.locator("#hand").bounding_box()
    assert card.bounding_box()["y"] > hand["y"] + hand["height"]
    ben.page.context.close()
    page.context.close()


def test_the_switch_speaks_russian(browser: Browser, base_url: str) -> None:
    created = post(base_url, {"name": "Анна"})
    context = browser.new_context(viewport=MOBILE, locale="ru")
    context.add_cookies([{"name": "lang", "value": "ru", "url": base_url}])
    context.add_init_script(f"localStorage.setItem({json.dumps('tj:token:' + created['table'])}, {json.dumps(created['token'])})")
    page = context.new_page()
    page.goto(base_url + created["url"])
    expect(page.get_by_role("checkbox", name="Ждать случайности игроков: сервер никогда не бросает один")).to_be_visible()
    expect(page.locator("#table-require-seeds-title")).to_have_text("Честные кости")
    context.close()


def refereed_kul_tiras(browser: Browser, base_url: str) -> tuple[Page, Person, str]:
    """A refereed Kul Tiras table (its games open with a roll-off): the desk, and Anna seated on a phone."""
    created = post(base_url, {"referee": {"name": "GM"}, "preset": "kul_tiras", "rules": {"turn_timer_s": 0}})
    desk = Person.open(browser, DESKTOP).page
    desk.goto(base_url + created["referee_url"])
    expect(desk.locator("#desk-title")).to_have_text("Referee's desk")
    expect(desk.locator("#conn")).to_have_attribute("data-state", "connected")  # its buttons answer now
    anna = Person.open(browser, MOBILE)
    anna.sit_down(base_url + created["url"], "Anna")
    desk.get_by_role("button", name="Seat a regular").click()
    expect(desk.locator("#desk-seats li")).to_have_count(2)
    return desk, anna, created["table"]


def test_the_referee_requires_seeds_and_the_roll_off_waits_for_the_absent_player(browser: Browser, base_url: str) -> None:
    desk, anna, table = refereed_kul_tiras(browser, base_url)
    switch = desk.get_by_role("checkbox", name=LABEL)
    expect(switch).not_to_be_checked()
    switch.check()
    expect(anna.page.locator("#table-require-seeds-text")).to_have_text(ON)
    expect(anna.page.get_by_role("checkbox", name=LABEL)).to_be_hidden()  # at a refereed table the referee decides
    assert emit(anna.page, "require_seeds", {"on": False})["code"] == "host/only"
    assert logged(base_url, table, "seeds_required") == [{"on": True, "by": "referee"}]

    context = anna.page.context
    anna.page.close()  # Anna's browser goes away: nobody the roll-off concerns is connected
    expect(desk.locator("#desk-seats li").first).to_contain_text("offline")
    desk.get_by_role("button", name="Start a game").click()
    expect(desk.locator("#desk-commitments .draw-paused")).to_have_text(re.compile(r"^The table waits for a player's seed"))
    assert logged(base_url, table, "draw_committed") == []  # paused, not rolled by the server alone

    back = context.new_page()  # the same browser, her seat's token kept: her page sends its seed
    back.goto(f"{base_url}/t/{table}")
    row = desk.locator('#desk-commitments dd[data-draw="1"]')
    expect(row).to_have_text("Roll-off throw 1: seeds of seats 0 went into the server's signed draw")
    expect(row).to_have_class(re.compile(r"\bdraw-seeds\b"))
    expect(desk.locator("#desk-commitments .draw-paused")).to_have_count(0)
    first = logged(base_url, table, "draw_committed")[0]
    assert list(first["seeds"]) == ["0"] and first["seeds_missing"] == {}
    check(desk, "the referee's desk with the require-seeds switch and its draws")
    context.close()
    desk.context.close()


def test_the_desk_lists_a_roll_off_throw_nobody_seeded_loudly(browser: Browser, base_url: str) -> None:
    desk, anna, table = refereed_kul_tiras(browser, base_url)
    anna.page.context.close()
    expect(desk.locator("#desk-seats li").first).to_contain_text("offline")
    desk.get_by_role("button", name="Start a game").click()
    row = desk.locator('#desk-commitments dd[data-draw="1"]')
    expect(row).to_have_text("⚠ this roll-off throw was rolled by the server alone: nobody was connected.")
    expect(row).to_have_class(re.compile(r"\bdraw-alone\b"))
    expect(desk.locator("#desk-commitments dt").filter(has_text="Roll-off throw 1")).to_have_count(1)
    first = logged(base_url, table, "draw_committed")[0]
    assert first["seeds"] == {} and first["seeds_missing"] == {"0": "not_connected"}
    desk.context.close()
