"""A refereed evening in real browsers (the session-wide Chromium of tests/conftest.py), for what a
player and an auditor see of approved changes and freed seats:

* after a telekinesis the referee approved, the player's page says "verified as dealt" and names
  the changed die instead of a bare "verified"; a die that differs with no approved change the
  player knows of still raises the loud warning;
* the audit page lists each round's approved die changes and, once the game is settled, its
  roleplay attempts with their kind, check, outcome and effect (only their numbers before);
* a player whose seat the referee frees is told so plainly, forgets the seat token and may sit
  down again.
"""
from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import DESKTOP, Person
from tests.support.server import running_server

pytestmark = pytest.mark.browser

VERIFIED = "✓ Verified: your dice match the server's signed commitment"
FREED = "The referee has freed your seat; you are watching now."


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # A long seed deadline: a round is dealt when the pages' seeds arrive, not when time runs out.
    with running_server(tmp_path_factory.mktemp("gm-changes"), fairness={"seed_wait_s": 5}) as server:
        yield server.base_url


def refereed_table(base_url: str, dice: int) -> dict[str, Any]:
    body = {"referee": {"name": "Мастер"}, "rules": {"dice_per_player": dice, "turn_timer_s": 0},
            "gm": {"cheating": True}}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=5) as reply:
        return json.loads(reply.read())


def export_of(base_url: str, table: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base_url}/t/{table}/audit.json", timeout=10) as reply:
        return json.loads(reply.read())


def evening(browser: Browser, base_url: str, dice: int) -> tuple[dict[str, Any], Person, Person, Person]:
    """The referee's desk and Анна and Ben seated (not started): (created, referee, anna, ben)."""
    created = refereed_table(base_url, dice)
    referee = Person.open(browser, DESKTOP)
    referee.page.goto(base_url + created["referee_url"])
    anna, ben = Person.open(browser), Person.open(browser, DESKTOP)
    anna.sit_down(base_url + created["url"], "Анна")
    ben.sit_down(base_url + created["url"], "Ben")
    expect(referee.page.locator("#desk-seats li")).to_have_count(2)
    return created, referee, anna, ben


def attempt(person: Person, kind: str, description: str, **fields: str) -> None:
    person.page.locator("#cheat-kind").select_option(kind)
    for name, value in fields.items():
        person.page.locator(f"#cheat-{name}").select_option(value)
    person.page.locator("#cheat-description").fill(description)
    person.page.get_by_role("button", name="Send to the referee").click()
    expect(person.page.locator("#cheat-attempts li").first).to_contain_text("waiting for the referee")


def inject(person: Person, state: dict[str, Any]) -> None:
    """Hand ``state`` to every `state` listener of the page, as if the server had sent it."""
    person.page.evaluate("(state) => window.tavern.socket.listeners('state').forEach((listen) => listen(state))", state)


def test_an_approved_change_is_named_next_to_the_dice_and_listed_by_the_audit(browser: Browser, base_url: str) -> None:
    created, referee, anna, ben = evening(browser, base_url, dice=1)
    referee.page.get_by_role("button", name="Start a game").click()
    for person in (anna, ben):
        expect(person.page.locator("#dice-verified")).to_have_text(VERIFIED, timeout=15000)
    dealt = anna.states[-1]["game"]["dice"][0]
    wanted = dealt % 6 + 1

    # Анна's telekinesis succeeds: her die is no longer the committed one, and the mark says why.
    attempt(anna, "telekinesis", "Чародейка шепчет над кружкой", die="0", value=str(wanted))
    desk = referee.page.locator("#desk-attempts li").first
    desk.locator("input[id^=difficulty]").fill("1")
    desk.get_by_role("button", name="Roll the check").click()
    desk.get_by_role("button", name="Apply the effect").click()  # a succeeded telekinesis waits for the referee
    expect(anna.page.locator("#cheat-attempts li").first).to_contain_text(f"Your die 1 now shows {wanted}.")
    mark = anna.page.locator("#dice-verified")
    expect(mark).to_have_text(f"✓ Verified as dealt; since then, 1 die changed by an approved change (die 1: {dealt} → {wanted})")
    expect(mark).to_have_attribute("role", "status")
    expect(mark).not_to_have_class(re.compile(r"\bfailed\b"))
    state = next(s for s in reversed(anna.states) if s.get("private"))
    assert state["private"]["dice"] == [dealt] and state["game"]["dice"] == [wanted]

    # Ben's die changing with no approved change logged for it is a loud warning.
    ben_state = next(s for s in reversed(ben.states) if s.get("private"))
    committed = ben_state["private"]["dice"][0]
    ben_state["game"]["dice"] = [committed % 6 + 1]
    inject(ben, ben_state)
    warning = ben.page.locator("#dice-verified")
    expect(warning).to_have_text(re.compile(
        rf"^⚠ Warning: your dice differ from the dice the server committed to, and you know of no approved change: "
        rf"die 1: {committed} → {committed % 6 + 1}\.?$"))
    expect(warning).to_have_attribute("role", "alert")
    expect(warning).to_have_class(re.compile(r"\bfailed\b"))
    # A change the server logged as approved for Ben's own die (a knock, or the referee's hand) is named;
    # a logged change to another value explains nothing.
    ben_state["private"]["changes"] = [{"index": 0, "value": committed % 6 + 1}]
    inject(ben, ben_state)
    expect(warning).to_have_text(f"✓ Verified as dealt; since then, 1 die changed by an approved change (die 1: {committed} → {committed % 6 + 1})")
    expect(warning).to_have_attribute("role", "status")
    ben_state["private"]["changes"] = [{"index": 0, "value": committed}]
    inject(ben, ben_state)
    expect(warning).to_have_attribute("role", "alert")
    ben_state["private"]["changes"], ben_state["game"]["dice"] = [], [committed]
    inject(ben, ben_state)
    expect(warning).to_have_text(VERIFIED)

    # Ben tries to knock; the referee dismisses it.
    attempt(ben, "knock", "Ben kicks the table leg", target="0", value="1")
    referee.page.locator("#desk-attempts li").first.get_by_role("button", name="Dismiss").click()
    expect(ben.page.locator("#cheat-attempts li").first).to_contain_text("dismissed")

    # Mid-game the audit page shows the attempts' numbers only, and the change as a count.
    auditor = Person.open(browser, DESKTOP)
    auditor.page.goto(f"{base_url}/t/{created['table']}/audit?game=1")
    expect(auditor.page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    round_one = auditor.page.locator("#game-1 .round").first
    expect(round_one.locator(".gm-audit.attempts")).to_contain_text(
        "Attempts #1, #2 were made in this round; who tried what is published when the game ends.")
    expect(round_one.locator(".gm-audit.changes")).to_contain_text("1 approved change, kept secret until the round is revealed")
    assert "Чародейка" not in auditor.page.locator("#audit-results").inner_text()

    # One die each: a bid and a call end the game, and the game is settled.
    turn = anna.states[-1]["game"]["turn"]
    first, second = (anna, ben) if turn == 0 else (ben, anna)
    first.page.evaluate("window.tavern.socket.emit('bid', {quantity: 1, face: 2})")
    expect(second.page.locator("#liar")).to_be_visible()
    second.page.locator("#liar").click()
    expect(anna.page.locator("#over")).to_be_visible()
    kinds = [e["kind"] for e in export_of(base_url, created["table"])["entries"]]
    assert "game_settled" in kinds

    auditor.page.get_by_role("button", name="Check the server's export again").click()
    expect(auditor.page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    expect(auditor.page.locator("#audit-summary")).to_have_text(re.compile(r"^✓ All \d+ checks hold$"))
    changes = round_one.locator(".gm-audit.changes")
    expect(changes.locator("h4")).to_have_text("Approved die changes")
    expect(changes.locator("li")).to_have_text(f"Анна (seat 1): die 1, {dealt} → {wanted} (attempt #1)")
    items = round_one.locator(".gm-audit.attempts li.attempt")
    expect(items).to_have_count(2)
    tk, knock = items.nth(0), items.nth(1)
    expect(tk.locator(".who")).to_have_text(f"#1, Анна (seat 1): Telekinesis · die 1 · to {wanted}")
    expect(tk.locator(".description")).to_have_text("Чародейка шепчет над кружкой")
    expect(tk).to_contain_text(re.compile(r"Check\s*d20: \d+ \+0 = \d+ against 1: success"))
    expect(tk).to_contain_text(re.compile(r"Outcome\s*succeeded"))
    expect(tk).to_contain_text(re.compile(rf"Effect\s*die 1 of Анна \(seat 1\): {dealt} → {wanted}"))
    expect(knock.locator(".who")).to_have_text("#2, Ben (seat 2): Knock under the table · against Анна (seat 1) · to 1")
    expect(knock).to_contain_text(re.compile(r"Check\s*not rolled"))
    expect(knock).to_contain_text(re.compile(r"Outcome\s*dismissed"))


def test_a_player_whose_seat_the_referee_frees_is_told_and_may_sit_down_again(browser: Browser, base_url: str) -> None:
    created, referee, _anna, ben = evening(browser, base_url, dice=2)
    key = f"tj:token:{created['table']}"
    assert ben.page.evaluate("(key) => localStorage.getItem(key)", key)

    # The referee frees Ben's seat; the server moves his connection to the spectators at once.
    referee.page.locator('#desk-seats li[data-seat="1"]').get_by_role("button", name="Remove").click()
    expect(referee.page.locator("#desk-seats li")).to_have_count(1)

    notice = ben.page.locator("#seat-lost")
    expect(notice).to_have_text(FREED)
    expect(notice).to_have_attribute("aria-live", "polite")
    expect(ben.page.locator("#join")).to_be_visible()
    expect(ben.page.locator("#toast")).to_be_hidden()
    expect(ben.page.locator("#seats-list li.you")).to_have_count(0)
    assert ben.page.evaluate("(key) => localStorage.getItem(key)", key) is None

    # He sits down again from the same page: the fresh connection watches, so the join is accepted.
    ben.page.locator("#join-name").fill("Ben")
    ben.page.get_by_role("button", name="Sit down").click()
    expect(ben.page.locator("#seats-list li.you")).to_contain_text("Ben")
    expect(notice).to_be_hidden()
    assert ben.page.evaluate("(key) => localStorage.getItem(key)", key)


def test_a_freed_page_does_not_show_the_next_occupant_of_its_seat_as_its_own(browser: Browser, base_url: str) -> None:
    created, referee, _anna, ben = evening(browser, base_url, dice=2)
    connection = ben.page.evaluate("window.tavern.socket.id")
    referee.page.locator('#desk-seats li[data-seat="1"]').get_by_role("button", name="Remove").click()
    expect(referee.page.locator("#desk-seats li")).to_have_count(1)

    # Вера takes the freed seat 1: Ben's old connection already watches, and his page never shows
    # her seat as its own.
    vera = Person.open(browser)
    vera.sit_down(base_url + created["url"], "Вера")
    expect(ben.page.locator("#seat-lost")).to_have_text(FREED)
    expect(ben.page.locator("#seats-list li.you")).to_have_count(0)
    expect(ben.page.locator("#join")).to_be_visible()
    assert ben.page.evaluate("(key) => localStorage.getItem(key)", f"tj:token:{created['table']}") is None
    # The same connection now watches: the server moved it out of the seat's room.
    assert ben.page.evaluate("window.tavern.socket.id") == connection
    referee.page.get_by_role("button", name="Start a game").click()
    expect(vera.page.locator("#hand-dice .die")).to_have_count(2)
    expect(ben.page.locator("#hand")).to_be_hidden()
    expect(ben.page.locator("#cheat-form")).to_be_hidden()
