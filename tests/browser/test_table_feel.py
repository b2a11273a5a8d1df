"""The table's feel in a real browser, at 390×844 and 1280×800: the odds hint (the exact chance
from the player's own cup), each player's figures at game over and a rematch that keeps every
seat, the automatic next round and its Cancel, sounds only after a gesture and a mute that
survives a reload; axe on each new state; screenshots kept as artefacts."""
from __future__ import annotations

import re
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.players import DESKTOP, MOBILE, Person, post, seated
from tests.browser.test_accessibility import act, check, play_until
from tests.web.test_odds_js import enumerated
from tests.support.artefacts import keep_screenshot

pytestmark = pytest.mark.browser

VIEWPORTS = {"390x844": MOBILE, "1280x800": DESKTOP}
HINT = re.compile(r"(\d+) × (\d) is true with a chance of ([<>]?\d+) %")
YOURS = re.compile(r"Your bid (\d+) × (\d): ([<>]?\d+) %")
COUNT_TONES = """
window.tjTones = 0;
const started = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) { window.tjTones += 1; return started.apply(this, args); };
"""
"""Counts every tone the page starts (sounds.js makes each sound of oscillators)."""


def shoot(page: Page, tmp_path: Path, name: str) -> None:
    keep_screenshot(page, tmp_path, f"feel/{name}", fits=True)


def shown(chance: Fraction) -> str:
    """A chance as the page words it (odds.js percent)."""
    if chance <= 0:
        return "0"
    if chance >= 1:
        return "100"
    if chance < Fraction(1, 100):
        return "<1"
    if chance > Fraction(99, 100):
        return ">99"
    return str(round(float(chance) * 100))


def my_turn_state(person: Person) -> dict[str, Any]:
    """The newest state this page received; it shows this page's turn to bid."""
    state = person.states[-1]
    game = state["game"]
    assert game["phase"] == "bidding" and game["turn"] == state["you"]["seat"]
    return game


def against_bot(browser: Browser, base_url: str, viewport: dict[str, int], dice: int, **extra: Any) -> Person:
    created = post(base_url, {"name": "Anna", "rules": {"dice_per_player": dice, "turn_timer_s": 0},
                              "bots": {"count": 1, "level": "easy"}, "start": True})
    person = seated(browser, base_url, created, viewport)
    if extra.get("count_tones"):
        person.page.add_init_script(COUNT_TONES)
        person.page.reload()
    return person


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_odds_hint_shows_the_exact_chance_from_your_cup(browser: Browser, base_url: str, tmp_path: Path,
                                                            size: str) -> None:
    anna = against_bot(browser, base_url, VIEWPORTS[size], dice=3)
    page = anna.page
    expect(page.locator("#bid")).to_be_visible()
    expect(page.locator("#odds-hint")).to_be_hidden()          # off until asked for
    page.locator("#odds-toggle").click()
    expect(page.locator("#odds-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#odds-hint")).to_contain_text("Your bid")
    for step in range(2):
        game = my_turn_state(anna)
        text = page.locator("#odds-hint").inner_text()
        quantity, face, percent = YOURS.search(text).groups()
        expected = enumerated(game, {"quantity": int(quantity), "face": int(face)})
        assert percent == shown(expected), (text, game["dice"])
        if game["bids"]:
            standing = game["bids"][-1]
            q, f, p = HINT.search(text).groups()
            assert (int(q), int(f)) == (standing["quantity"], standing["face"])
            assert p == shown(enumerated(game, standing)), (text, game["dice"])
        if step == 0:
            page.get_by_role("button", name="One die more").click()   # the figure follows the choice
            expect(page.locator("#odds-hint")).to_contain_text(f"Your bid {int(quantity) + 1} ×")
    check(page, f"the odds hint @ {size}")
    shoot(page, tmp_path, f"odds-{size}")
    page.reload()                                               # the switch is remembered
    expect(page.locator("#odds-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#odds-hint")).to_contain_text("Your bid")


@pytest.mark.parametrize("size", VIEWPORTS)
def test_game_over_shows_each_players_figures_and_a_rematch_keeps_every_seat(browser: Browser, base_url: str,
                                                                             tmp_path: Path, size: str) -> None:
    anna = against_bot(browser, base_url, VIEWPORTS[size], dice=1)
    page = anna.page
    expect(page.locator("#seats-list li")).to_have_count(2)
    anna.wait_for_states()
    seats_before = [(seat["seat"], seat["name"], seat["kind"]) for seat in anna.states[-1]["table"]["seats"]]
    shown_before = page.locator("#seats-list li").all_inner_texts()
    assert all(text.split("\n")[0].strip() for text in shown_before), shown_before
    play_until(anna, "#over")
    expect(page.locator("#stats")).to_be_visible()
    stats = anna.states[-1]["stats"]
    rows = page.locator("#stats-rows tr")
    expect(rows).to_have_count(2)
    for index, row in enumerate(stats):
        cells = rows.nth(index).locator("td").all_inner_texts()
        assert cells == [str(row[key]) for key in ("bids", "calls_won", "calls_lost", "dice_lost", "caught")]
    assert sum(row["dice_lost"] for row in stats) == 1              # one die each: one loss ends it
    assert sum(row["calls_won"] + row["calls_lost"] for row in stats) == 1
    page.locator(".stats-help summary").click()
    expect(page.locator(".stats-help dd").first).to_be_visible()
    expect(page.locator("#rematch-hint")).to_contain_text("Everyone stays seated")
    check(page, f"game over with the figures @ {size}")
    shoot(page, tmp_path, f"over-{size}")
    page.get_by_role("button", name="Rematch").click()
    expect(page.locator("#headline")).to_have_text("Game 2, round 1")
    expect(page.locator("#stats")).to_be_hidden()
    assert [(seat["seat"], seat["name"], seat["kind"]) for seat in anna.states[-1]["table"]["seats"]] == seats_before
    assert sorted(anna.states[-1]["game"]["seat_order"]) == [0, 1]  # the bot plays the rematch too
    seats = page.locator("#seats-list li")
    expect(seats).to_have_count(2)
    for index, before in enumerate(shown_before):
        expect(seats.nth(index)).to_contain_text(before.split("\n")[0].strip())   # the same name in each seat


def play_to_the_reveal(person: Person, timeout_s: float = 30) -> None:
    """Play Anna's turns until this round's reveal shows, never pressing Next round (``play_until``
    presses it, and the button shows a frame before the countdown beside it)."""
    deadline = time.monotonic() + timeout_s
    while not person.visible("#reveal"):
        assert time.monotonic() < deadline, "the reveal never showed"
        if person.visible("#bid"):
            act(person)
        person.page.wait_for_timeout(50)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_next_round_starts_by_itself_unless_cancelled(browser: Browser, base_url: str, tmp_path: Path,
                                                          size: str) -> None:
    anna = against_bot(browser, base_url, VIEWPORTS[size], dice=3)
    page = anna.page
    page.locator("#auto-next-toggle").click()
    expect(page.locator("#auto-next-toggle")).to_have_attribute("aria-pressed", "true")
    play_to_the_reveal(anna)
    expect(page.locator("#auto-next")).to_be_visible()
    expect(page.locator("#auto-next-text")).to_have_text("The next round starts by itself in 5 seconds.")
    expect(page.locator("#auto-next-left")).to_have_text(re.compile(r"^[1-5]$"))
    shoot(page, tmp_path, f"auto-next-{size}")
    check(page, f"the automatic next round's countdown @ {size}")
    expect(page.locator("#headline")).to_have_text("Game 1, round 2", timeout=15_000)   # nobody pressed
    play_to_the_reveal(anna)
    expect(page.locator("#auto-next")).to_be_visible()
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("#auto-next")).to_be_hidden()
    expect(page.locator("#next-round")).to_be_focused()           # the reveal stays; the button still works
    page.locator("#next-round").click()
    expect(page.locator("#headline")).to_have_text("Game 1, round 3")


def test_sounds_wait_for_a_gesture_and_mute_is_remembered_across_a_reload(browser: Browser, base_url: str) -> None:
    anna = against_bot(browser, base_url, MOBILE, dice=3, count_tones=True)
    page = anna.page
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")   # on until muted
    expect(page.locator("#bid")).to_be_visible()
    assert page.evaluate("window.tjTones") == 0                     # her turn came before any gesture: silence
    page.locator("#bid-submit").click()                             # a gesture; the bot answers at once
    page.wait_for_function("() => window.tjTones > 0")
    page.locator("#sound-toggle").click()
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")
    play_until(anna, "#reveal")                                     # clicks (gestures), a turn and a call
    expect(page.locator("#reveal")).to_be_visible()
    assert page.evaluate("window.tjTones") == 0
