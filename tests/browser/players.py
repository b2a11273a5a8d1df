"""People at a table, driven through the page the way a person would: by clicking."""
from __future__ import annotations

import json
import re
import time
import urllib.request
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Error as PlaywrightError, Page, expect

from referee.state_parts import StateFeed

MOBILE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

ANNOUNCER_LOG = """
addEventListener("DOMContentLoaded", () => {
  const region = document.getElementById("announcer");
  if (region === null) return;
  window.tjAnnounced = [];
  new MutationObserver(() => window.tjAnnounced.push(region.textContent))
    .observe(region, { childList: true, characterData: true, subtree: true });
});
"""
"""Keeps every text the page's live region says: a later one replaces it on the page (the screen
reader has read it by then), so a test asks what was said, not what is left."""

FACES_OFFERED = """() => [Number(document.getElementById("q-value").textContent),
  [...document.querySelectorAll("#faces button[data-face]")].filter((b) => !b.disabled).map((b) => Number(b.dataset.face))]"""


@dataclass
class Person:
    """One browser context: a page, and every `state` it held (merged from the parts it received,
    as the page merges them: ``referee.state_parts.StateFeed``)."""

    page: Page
    states: list[dict[str, Any]] = field(default_factory=list)
    feed: StateFeed = field(default_factory=StateFeed)

    @classmethod
    def open(cls, browser: Browser, viewport: dict[str, int] = MOBILE) -> Person:
        page = browser.new_context(viewport=viewport, locale="en-US").new_page()
        person = cls(page)
        page.on("websocket", lambda socket: socket.on("framereceived", person._frame))
        page.on("response", person._polling_response)
        page.add_init_script(ANNOUNCER_LOG)
        return person

    def _frame(self, payload: str | bytes) -> None:
        if isinstance(payload, str):
            self._packet(payload)

    def _polling_response(self, response: Any) -> None:
        if "/socket.io/" in response.url and response.request.method == "GET":
            try:
                body = response.text()
            except Exception:  # noqa: BLE001 - a polling response cut short by a reload has no body
                return
            for packet in body.split("\x1e"):
                self._packet(packet)

    def _packet(self, packet: str) -> None:
        if packet.startswith("42"):
            event, *args = json.loads(packet[2:])
            state, _sync = self.feed.take(event, args[0] if args else None)  # the page asks sync itself
            if state is not None:
                self.states.append(state)

    # Moves

    def press_on(self) -> None:
        """One step of "play to the end": call Liar when the page offers it, else bid the lowest
        raise, else press Next round; when none is offered, let the page's events in for 50 ms."""
        button = next((b for b in ("#liar", "#bid-submit", "#next-round") if self.visible(b)), None)
        if button is None:
            self.page.wait_for_timeout(50)
            return
        try:
            self.page.locator(button).click(timeout=2000)
        except PlaywrightError:  # a bot moved first and the button went away
            pass

    def press_on_until(self, done: Callable[[], bool], what: str, timeout_s: float = 90) -> None:
        """``press_on`` until ``done()`` holds (checked before each step); fail naming ``what`` and
        the page's headline if it has not within ``timeout_s`` (generous: a loaded machine is slow)."""
        deadline = time.monotonic() + timeout_s
        while not done():
            headline = self.page.locator("#headline").inner_text()
            assert time.monotonic() < deadline, f"{what} never came (the page says {headline!r})"
            self.press_on()

    # What the page shows

    def visible(self, selector: str) -> bool:
        return self.page.locator(selector).is_visible()

    def acts_with(self, bids: int) -> bool:
        """True when the page offers the bid control with ``bids`` bids shown, read in one go
        (two separate reads could straddle a new state)."""
        return bool(self.page.evaluate(
            """(n) => document.getElementById("bid").checkVisibility()
                   && document.querySelectorAll("#bids-list li .bid-short").length === n""", bids))

    def bids_shown(self) -> list[str]:
        return self.page.locator("#bids-list li .bid-short").all_inner_texts()

    def hand_label(self) -> str:
        return self.page.locator("#hand-dice .dice").get_attribute("aria-label") or ""

    def expect_announced(self, text: str) -> None:
        """Wait until the live region has said something holding ``text`` (it may have said more since)."""
        self.page.wait_for_function("(text) => (window.tjAnnounced ?? []).some((said) => said.includes(text))", arg=text)

    def offered_bids(self) -> set[tuple[int, int]]:
        """Every ``(quantity, face)`` the bid control lets this person choose: − down to the lowest
        quantity it offers, then + up to the highest, taking the face buttons left enabled at each.
        The selection ends on the highest quantity."""
        less, more, shown = (self.page.locator(selector) for selector in ("#q-less", "#q-more", "#q-value"))
        while less.is_enabled():
            quantity = int(shown.inner_text())
            less.click()
            expect(shown).to_have_text(str(quantity - 1))
        offered: set[tuple[int, int]] = set()
        while True:
            quantity, faces = self.page.evaluate(FACES_OFFERED)
            offered |= {(quantity, face) for face in faces}
            if not more.is_enabled():
                return offered
            more.click()
            expect(shown).to_have_text(str(quantity + 1))

    def choose_bid(self, quantity: int, face: int) -> None:
        """Step the quantity to ``quantity`` and press the face, as a person would."""
        shown = self.page.locator("#q-value")
        while (now := int(shown.inner_text())) != quantity:
            self.page.locator("#q-less" if now > quantity else "#q-more").click()
            expect(shown).not_to_have_text(str(now))
        button = self.page.locator(f'#faces button[data-face="{face}"]')
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")

    def bid(self, quantity: int, face: int) -> None:
        self.choose_bid(quantity, face)
        self.page.locator("#bid-submit").click()

    # What a person does

    def create_table(self, base_url: str, name: str) -> str:
        self.page.goto(base_url + "/")
        self.page.get_by_label("Your name").fill(name)
        self.page.get_by_role("button", name="Create a table").click()
        self.page.wait_for_url("**/t/*")
        expect(self.page.locator("#seats-list li.you")).to_contain_text(name)
        return self.share_link()

    def wait_for_states(self, timeout_s: float = 15.0) -> None:
        """Until a ``state`` frame has reached this test (Playwright hands frames over while the
        test waits on the page)."""
        deadline = time.monotonic() + timeout_s
        while not self.states:
            assert time.monotonic() < deadline, "no state reached the test"
            self.page.wait_for_timeout(50)

    def share_link(self) -> str:
        """The table's link as the share panel gives it, once the page has filled it in (the page
        starts once its game's modules have loaded)."""
        expect(self.page.locator("#share-link")).to_have_value(re.compile(r"/t/[^/]+$"))
        return self.page.locator("#share-link").input_value()

    def sit_down(self, url: str, name: str) -> None:
        self.page.goto(url)
        self.page.locator("#join-name").fill(name)
        self.page.get_by_role("button", name="Sit down").click()
        expect(self.page.locator("#seats-list li.you")).to_contain_text(name)

    def watch(self, url: str) -> None:
        self.page.goto(url)
        expect(self.page.locator("#join")).to_be_visible()

    def start(self) -> None:
        self.page.get_by_role("button", name="Start the game").click()


def table_for_two(browser: Browser, base_url: str) -> tuple[Person, Person, str]:
    """Anna (phone) creates a table and Ben (desktop) sits down through the shared link."""
    anna = Person.open(browser, MOBILE)
    url = anna.create_table(base_url, "Anna")
    ben = Person.open(browser, DESKTOP)
    ben.sit_down(url, "Ben")
    expect(anna.page.locator("#start")).to_be_enabled()
    return anna, ben, url


def wait_for_actor(people: list[Person], bids: int, timeout_s: float = 15) -> Person:
    """The one person whose page offers the bid control with ``bids`` bids on the table."""
    page = people[0].page
    deadline_ms = timeout_s * 1000
    waited = 0
    while waited < deadline_ms:
        for person in people:
            if person.acts_with(bids):
                return person
        page.wait_for_timeout(50)
        waited += 50
    raise AssertionError(f"nobody got the turn with {bids} bids on the table")


def expect_bids(people: list[Person], count: int) -> None:
    for person in people:
        expect(person.page.locator("#bids-list li")).to_have_count(count)


def post(base_url: str, body: dict[str, Any]) -> dict[str, Any]:
    """`POST /api/tables` with ``body``: the created table (its url, token or referee_url)."""
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def seated(browser: Browser, base_url: str, created: dict[str, Any], viewport: dict[str, int] = MOBILE) -> Person:
    """The creator's page, holding their seat token as the home page would have left it."""
    person = Person.open(browser, viewport)
    person.page.context.add_init_script(
        f"localStorage.setItem({json.dumps('tj:token:' + created['table'])}, {json.dumps(created['token'])})")
    person.page.goto(base_url + created["url"])
    return person
