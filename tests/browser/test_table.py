"""The table in a real browser: a whole game by clicking, a spectator, a reload, screenshots."""
from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from .players import DESKTOP, Person, expect_bids, table_for_two, wait_for_actor

pytestmark = pytest.mark.browser

SECRET_KEYS = {"hands", "private", "salts", "proofs"}


def play_round(people: list[Person]) -> None:
    """The opener bids the lowest bid, the next player raises to two fours, the one after calls Liar."""
    opener = wait_for_actor(people, bids=0)
    expect(opener.page.locator("#liar")).to_be_hidden()
    expect(opener.page.locator("#bid-submit")).to_have_text("Bid one two")
    opener.page.locator("#bid-submit").click()
    expect_bids(people, 1)

    raiser = wait_for_actor(people, bids=1)
    page = raiser.page
    expect(page.locator("#bid-rule")).to_contain_text("Must be higher than 1 × 2")
    for face, enabled in ((1, False), (2, False), (3, True), (6, True)):
        expect(page.get_by_role("button", name=f"Face {face}", exact=True)).to_be_enabled(enabled=enabled)
    expect(page.get_by_role("button", name="One die fewer")).to_be_disabled()
    page.get_by_role("button", name="One die more").click()
    expect(page.get_by_role("button", name="Face 2", exact=True)).to_be_enabled()
    page.get_by_role("button", name="Face 4", exact=True).click()
    expect(page.locator("#bid-submit")).to_have_text("Bid two fours")
    page.locator("#bid-submit").click()
    expect_bids(people, 2)

    caller = wait_for_actor(people, bids=2)
    caller.page.get_by_role("button", name="Liar!").click()
    for person in people:
        expect(person.page.locator("#reveal")).to_be_visible()
        expect(person.page.locator("#reveal-hands li")).to_have_count(2)


def test_two_players_play_a_whole_game_from_the_home_page_to_the_winner(browser: Browser, base_url: str) -> None:
    anna, ben, _ = table_for_two(browser, base_url)
    anna.start()
    people = [anna, ben]
    for round_no in range(1, 10):
        expect(anna.page.locator("#headline")).to_have_text(f"Game 1, round {round_no}")
        play_round(people)
        if anna.visible("#over"):
            break
        people[round_no % 2].page.get_by_role("button", name="Next round").click()
    winners = [person for person in people if person.page.locator("#winner").inner_text() == "You win!"]
    assert len(winners) == 1
    loser = ben if winners[0] is anna else anna
    expect(loser.page.locator("#winner")).to_have_text(f"{'Anna' if winners[0] is anna else 'Ben'} wins!")
    expect(loser.page.locator("#next-round")).to_be_hidden()

    loser.page.get_by_role("button", name="Rematch").click()
    for person in people:
        expect(person.page.locator("#headline")).to_have_text("Game 2, round 1")
        expect(person.page.locator("#hand-dice .die")).to_have_count(5)


def test_a_spectator_never_receives_another_seats_dice_before_the_reveal(browser: Browser, base_url: str) -> None:
    anna, ben, url = table_for_two(browser, base_url)
    carla = Person.open(browser, DESKTOP)
    carla.watch(url)
    anna.start()
    for round_no in (1, 2):
        wait_for_actor([anna, ben], bids=0)
        expect(carla.page.locator("#turn-line")).to_contain_text("to act")
        assert not carla.visible("#hand") and carla.page.locator("#hand .die").count() == 0
        assert not carla.visible("#bid")
        play_round([anna, ben])
        expect(carla.page.locator("#reveal-hands li .die")).to_have_count(10 if round_no == 1 else 9)
        if round_no == 1:
            anna.page.get_by_role("button", name="Next round").click()
    expect(carla.page.locator("#next-round")).to_be_hidden()

    assert carla.states, "the spectator received no state"
    for state in carla.states:
        assert state["you"]["seat"] is None
        assert not state["game"] or state["game"]["dice"] == []
        assert _secrets_before_reveal(state) == set()
    for person in (anna, ben):
        assert all(_secrets_before_reveal(state) == set() for state in person.states)


def _secrets_before_reveal(state: dict[str, Any]) -> set[str]:
    """Keys carrying dice other than the viewer's own, found anywhere in a state without a result.

    A player's own ``private`` proof of their dice is theirs to see; it must hold only their seat.
    """
    game = state.get("game") or {}
    if game.get("result"):
        return set()
    own = state.get("private")
    if own is not None and state["you"]["seat"] is not None:
        assert own["seat"] == state["you"]["seat"]
        assert own["dice"] == game["dice"] or not game["dice"]
        state = {key: value for key, value in state.items() if key != "private"}
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            found.update(SECRET_KEYS & value.keys())
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(state)
    return found


def test_a_reload_in_mid_round_keeps_the_seat_the_dice_and_the_bids(browser: Browser, base_url: str) -> None:
    anna, ben, _ = table_for_two(browser, base_url)
    anna.start()
    opener = wait_for_actor([anna, ben], bids=0)
    opener.page.locator("#bid-submit").click()
    expect_bids([anna, ben], 1)
    for person, name in ((anna, "Anna"), (ben, "Ben")):
        hand, bids = person.hand_label(), person.bids_shown()
        assert hand.startswith("Your dice: ") and len(hand.split(",")) == 5
        person.page.reload()
        expect(person.page.locator("#seats-list li.you")).to_contain_text(name)
        expect(person.page.locator("#hand-dice .dice")).to_have_attribute("aria-label", hand)
        expect(person.page.locator("#bids-list li")).to_have_count(1)
        assert person.bids_shown() == bids
    raiser = wait_for_actor([anna, ben], bids=1)
    assert raiser is not opener


def test_a_player_bids_with_the_keyboard_and_hears_the_table(browser: Browser, base_url: str) -> None:
    anna, ben, _ = table_for_two(browser, base_url)
    anna.start()
    opener = wait_for_actor([anna, ben], bids=0)
    expect(opener.page.locator("#bid-submit")).to_be_focused()
    opener.page.keyboard.press("Enter")
    raiser = wait_for_actor([anna, ben], bids=1)
    opener_name = "Anna" if opener is anna else "Ben"
    expect(raiser.page.locator("#announcer")).to_contain_text(f"{opener_name} bids one two. Your turn.")
    page = raiser.page
    page.locator("#q-more").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    expect(page.locator("#q-value")).to_have_text("3")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Face 2", exact=True)).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(page.locator("#bid-submit")).to_have_text("Bid three threes")
    page.locator("#bid-submit").focus()
    page.keyboard.press("Enter")
    expect_bids([anna, ben], 2)
    expect(opener.page.locator("#announcer")).to_contain_text("bids three threes. Your turn.")
    expect(opener.page.locator("#liar")).to_be_visible()


def test_screenshots_of_a_round_on_a_phone_and_a_desktop(browser: Browser, base_url: str, tmp_path: Path) -> None:
    anna, ben, _ = table_for_two(browser, base_url)
    anna.start()
    opener = wait_for_actor([anna, ben], bids=0)
    opener.page.locator("#bid-submit").click()
    expect_bids([anna, ben], 1)
    wait_for_actor([anna, ben], bids=1)
    folder = tmp_path / "screenshots"
    for moment in ("bidding", "reveal"):
        for person, size in ((anna, "390x844"), (ben, "1280x800")):
            person.page.screenshot(path=folder / f"table-{moment}-{size}.png", full_page=True)
            width = person.page.evaluate("document.documentElement.scrollWidth")
            assert width <= person.page.viewport_size["width"], f"{size} page scrolls sideways at {moment}"
        if moment == "bidding":
            wait_for_actor([anna, ben], bids=1).page.locator("#bid-submit").click()
            wait_for_actor([anna, ben], bids=2).page.get_by_role("button", name="Liar!").click()
            expect(anna.page.locator("#reveal")).to_be_visible()
            expect(ben.page.locator("#reveal")).to_be_visible()
    print(f"screenshots in {folder}")
    assert len(list(folder.glob("*.png"))) == 4


def test_the_page_speaks_the_browsers_language_and_switches_on_request(browser: Browser, base_url: str) -> None:
    page = browser.new_context(locale="ru-RU").new_page()
    page.goto(base_url + "/")
    expect(page.get_by_role("button", name="Создать стол")).to_be_visible()
    words = page.evaluate("import('/static/js/i18n.js').then((m) => [m.bidWords(4, 5), m.bidWords(1, 6), m.diceCount(5)])")
    assert words == ["четыре пятёрки", "одна шестёрка", "5 кубиков"]
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("button", name="Create a table")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")


TOAST_RECORDER = """
window.__toasts = [];
document.addEventListener('DOMContentLoaded', () => {
  const toast = document.getElementById('toast');
  if (toast) new MutationObserver(() => window.__toasts.push(toast.textContent))
    .observe(toast, {childList: true, subtree: true, characterData: true});
});
"""


def test_a_stale_seat_token_is_forgotten_and_the_visitor_watches(browser: Browser, base_url: str) -> None:
    anna = Person.open(browser)
    url = anna.create_table(base_url, "Anna")
    key = f"tj:token:{url.rsplit('/', 1)[1]}"
    visitor = Person.open(browser, DESKTOP)
    # The stale token is put in place from the home page (the same origin), before the table's page ever
    # runs: that page starts once its strings and its game's modules have loaded (top-level awaits), which
    # may be after Playwright's `load`, so a token set there could be read, and forgotten, by that page.
    visitor.page.goto(base_url + "/")
    visitor.page.evaluate("([key, token]) => localStorage.setItem(key, token)", [key, secrets.token_urlsafe(32)])
    # Every text the toast shows is recorded: on a loaded machine the toast may come and go between two
    # looks of an expect, so the test waits for the record, not for the toast to be on screen.
    visitor.page.add_init_script(TOAST_RECORDER)
    visitor.page.goto(url)
    # Up to 60 s: in a full parallel run this page's first connection was once not answered within 15 s.
    visitor.page.wait_for_function("() => (window.__toasts || []).some((text) => text.includes('was not recognised'))",
                                   timeout=60_000)
    expect(visitor.page.locator("#join")).to_be_visible()
    assert visitor.page.evaluate("(key) => localStorage.getItem(key)", key) is None
