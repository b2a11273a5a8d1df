"""A table that reads at a glance, in a real browser at 390×844 and 1280×800: the seats as a table
(compact chips that wrap whole on a phone, yours at the bottom on a computer), last round's
cups under each seat, earlier rounds collapsed, bids a regular made for a person marked and said,
your dice rolling in and the reveal counting one by one (still under reduced motion), by keyboard
alone, and axe on each of these states. Screenshots go to $TAVERN_ARTEFACTS (else the test's tmp_path)."""
from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError
from tests.support.artefacts import keep_screenshot

from .players import DESKTOP, MOBILE, Person, post, seated
from .test_accessibility import check

pytestmark = pytest.mark.browser

VIEWPORTS = {"390x844": MOBILE, "1280x800": DESKTOP}


def shoot(page: Page, tmp_path: Path, name: str) -> None:
    keep_screenshot(page, tmp_path, f"table_glance/{name}", whole_page=False)


def against_bots(browser: Browser, base_url: str, viewport: dict[str, int], *, bots: int = 1, dice: int = 2,
                 timer: int = 0, reduced: bool = False) -> Person:
    created = post(base_url, {"name": "Anna", "rules": {"dice_per_player": dice, "turn_timer_s": timer},
                              "bots": {"count": bots, "level": "easy"}, "start": True})
    person = seated(browser, base_url, created, viewport)
    if reduced:
        person.page.emulate_media(reduced_motion="reduce")
    errors: list[str] = []
    person.page.on("pageerror", lambda error: errors.append(str(error)))
    person.page.errors = errors  # type: ignore[attr-defined]
    return person


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not laid out"
    return found


def play_to_reveal(person: Person, timeout_s: float = 30) -> None:
    """Anna bids the lowest raise until she may call, then calls: the round's reveal shows."""
    deadline = time.monotonic() + timeout_s
    while not person.visible("#reveal"):
        assert time.monotonic() < deadline, "no reveal came"
        button = "#liar" if person.visible("#liar") else "#bid-submit" if person.visible("#bid-submit") else None
        if button is not None:
            try:
                person.page.locator(button).click(timeout=2000)
            except PlaywrightError:  # the regular moved first and the button went away: look again
                pass
        person.page.wait_for_timeout(50)


def test_on_a_phone_the_seats_wrap_whole_and_your_dice_are_in_view_at_your_turn(
        browser: Browser, base_url: str, tmp_path: Path) -> None:
    anna = against_bots(browser, base_url, MOBILE, bots=3, dice=3)
    page = anna.page
    expect(page.locator("#bid")).to_be_visible()
    seats = page.locator("#seats-list li")
    expect(seats).to_have_count(4)
    expect(seats.last).to_have_class(re.compile(r"\byou\b"))  # yours last: nearest to you
    card = box(page, "#seats-list")
    for n in (1, 2, 3, 4):  # each seat whole, none cut at the card's edge ("7 d…")
        seat = box(page, f"#seats-list li:nth-child({n})")
        assert card["x"] <= seat["x"] and seat["x"] + seat["width"] <= card["x"] + card["width"], f"seat {n} is cut"
    assert page.evaluate("(list) => list.scrollWidth <= list.clientWidth", page.locator("#seats-list").element_handle())
    hand = box(page, "#hand-dice")
    shoot(page, tmp_path, "strip-390x844")
    assert 0 <= hand["y"] and hand["y"] + hand["height"] <= MOBILE["height"], "your dice are off the screen"
    expect(page.locator("#seats-list .seat-mark")).to_have_count(4)
    expect(page.locator("#seats-list li").first.locator(".seat-dice")).to_contain_text("3 dice")
    assert page.evaluate("document.documentElement.scrollWidth") <= MOBILE["width"], "the page scrolls sideways"
    shoot(page, tmp_path, "strip-390x844")
    check(page, "the seats' strip at your turn")
    assert page.errors == []  # type: ignore[attr-defined]


def test_on_a_computer_the_others_sit_round_the_table_and_yours_is_at_the_bottom(
        browser: Browser, base_url: str, tmp_path: Path) -> None:
    anna = against_bots(browser, base_url, DESKTOP, bots=3, dice=3)
    page = anna.page
    expect(page.locator("#bid")).to_be_visible()
    mine = box(page, "#seats-list li.you")
    for n in (1, 2, 3):
        other = box(page, f"#seats-list li:nth-child({n})")
        assert other["y"] + other["height"] <= mine["y"], "another seat sits below yours"
    shoot(page, tmp_path, "table-1280x800")


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_last_rounds_cups_stay_under_each_seat_and_earlier_rounds_are_collapsed(
        browser: Browser, base_url: str, tmp_path: Path, size: str) -> None:
    anna = against_bots(browser, base_url, VIEWPORTS[size], bots=2, dice=3)
    page = anna.page
    play_to_reveal(anna)
    expect(page.locator("#seats-list li .last-cups")).to_have_count(3)
    expect(page.locator("#bids-list li").first).to_be_visible()  # the round's bids stay beside its reveal
    expect(page.locator("#history")).to_be_hidden()  # the round revealed is the reveal's, not history yet
    page.locator("#next-round").click()
    expect(page.locator("#headline")).to_contain_text("round 2")
    past = page.locator("#history-list details.past-round")
    expect(past).to_have_count(1)
    expect(past).not_to_have_attribute("open", "")
    expect(past.locator("summary")).to_contain_text("Round 1:")
    expect(past.locator(".hands .dice").first).to_be_hidden()  # collapsed
    past.locator("summary").click()
    expect(past.locator(".hands li")).to_have_count(3)
    expect(past.locator(".bids li").first).to_be_visible()
    assert anna.page.locator("#history-list details[open]").count() == 1
    shoot(page, tmp_path, f"history-{size}")
    check(page, f"round 2 with round 1 open in the history ({size})")


def test_a_bid_a_regular_made_for_a_timed_out_person_is_marked_and_said(
        browser: Browser, base_url: str, tmp_path: Path) -> None:
    created = post(base_url, {"name": "Anna", "rules": {"dice_per_player": 4, "turn_timer_s": 2}})
    anna = seated(browser, base_url, created, MOBILE)
    ben = Person.open(browser, DESKTOP)
    ben.sit_down(base_url + created["url"], "Ben")
    anna.start()
    for person, size in ((anna, "390x844"), (ben, "1280x800")):
        marked = person.page.locator("#bids-list li.stand-in").first
        expect(marked).to_be_visible(timeout=15_000)  # nobody moves: at the deadline a regular bids
        name = marked.locator(".seat-name").inner_text()
        assert name in ("Anna", "Ben")
        expect(marked).to_contain_text(f"played by a regular for {name}")
        person.expect_announced(f"A regular plays for {name}:")
        shoot(person.page, tmp_path, f"stand-in-mark-{size}")
    check(anna.page, "a bid a regular made for a person, marked")


def animation(page: Page, selector: str) -> list[dict[str, Any]]:
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)].map((node) => {
        const style = getComputedStyle(node);
        return { name: style.animationName, delay: parseFloat(style.animationDelay) };
    })""", selector)


def test_your_dice_roll_in_and_the_reveal_counts_the_matching_dice_one_by_one(
        browser: Browser, base_url: str) -> None:
    anna = against_bots(browser, base_url, DESKTOP, bots=1, dice=5)
    page = anna.page
    expect(page.locator("#hand-dice .dice.rolling .die")).to_have_count(5)
    rolls = animation(page, "#hand-dice .die")
    assert {roll["name"] for roll in rolls} == {"die-roll"} and [r["delay"] for r in rolls] == sorted(r["delay"] for r in rolls)
    play_to_reveal(anna)
    expect(page.locator("#reveal.counting")).to_be_visible()
    counted = animation(page, "#reveal-hands .die.counted")
    delays = [item["delay"] for item in counted]
    assert counted and {item["name"] for item in counted} == {"count-pop"}
    assert delays == sorted(delays) and len(set(delays)) == len(delays), f"not one by one: {delays}"
    count_at = animation(page, "#reveal-count")[0]
    assert count_at["delay"] >= delays[-1], "the count shows before the last die is counted"


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_reduced_motion_shows_the_same_dice_and_count_without_moving(
        browser: Browser, base_url: str, tmp_path: Path, size: str) -> None:
    anna = against_bots(browser, base_url, VIEWPORTS[size], bots=1, dice=5, reduced=True)
    page = anna.page
    expect(page.locator("#hand-dice .die")).to_have_count(5)
    assert {item["name"] for item in animation(page, "#hand-dice .die")} == {"none"}
    play_to_reveal(anna)
    counted = page.locator("#reveal-hands .die.counted")
    assert {item["name"] for item in animation(page, "#reveal-hands .die.counted, #reveal-hands .die.counted .die-face")} \
        <= {"none"}
    fills = page.evaluate("""() => [...document.querySelectorAll('#reveal-hands .die.counted:not(.wild) .die-face')]
        .map((node) => getComputedStyle(node).fill)""")
    assert len(set(fills)) <= 1, fills  # every counted die lit at once
    wild = page.locator("#reveal-hands .die.wild")
    expect(wild.locator(".wild-ring")).to_have_count(wild.count())
    expect(page.locator("#reveal-count")).to_contain_text(str(page.locator("#reveal-count").get_attribute("data-count")))
    assert counted.count() == int(page.locator("#reveal-count").get_attribute("data-count") or -1)
    shoot(page, tmp_path, f"reveal-reduced-{size}")
    check(page, f"the reveal under reduced motion ({size})")


def test_a_round_played_by_keyboard_alone_is_announced_and_lands_in_the_history(
        browser: Browser, base_url: str, tmp_path: Path) -> None:
    anna = against_bots(browser, base_url, MOBILE, bots=1, dice=2)
    page = anna.page
    deadline = time.monotonic() + 30
    while not anna.visible("#liar"):
        assert time.monotonic() < deadline, "Anna never had a bid to call"
        if page.evaluate("document.activeElement?.id") == "bid-submit":
            page.keyboard.press("Enter")  # the turn's focus is on Bid: Anna opens with the lowest bid
        page.wait_for_timeout(50)
    anna.expect_announced("bids")
    for _ in range(40):  # Tab on to the Liar button
        if page.evaluate("document.activeElement?.id") == "liar":
            break
        page.keyboard.press("Tab")
    expect(page.locator("#liar")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#next-round")).to_be_focused()
    anna.expect_announced("Matching dice")
    page.keyboard.press("Enter")
    expect(page.locator("#history-list details")).to_have_count(1)
    page.locator("#history-list summary").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#history-list details")).to_have_attribute("open", "")
    # a spectator comes: Anna's page hears the new count and draws the history again, her place kept
    watcher = Person.open(browser, DESKTOP)
    watcher.page.goto(page.url)
    deadline = time.monotonic() + 30
    while (anna.states[-1]["table"]["spectators"]) < 1:
        assert time.monotonic() < deadline, "Anna's page never heard of the spectator"
        page.wait_for_timeout(50)
    expect(page.locator("#history-list summary")).to_be_focused()
    expect(page.locator("#history-list details")).to_have_attribute("open", "")
    shoot(page, tmp_path, "keyboard-history-390x844")
    assert page.errors == []  # type: ignore[attr-defined]
