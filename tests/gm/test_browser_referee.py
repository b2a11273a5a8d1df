"""A roleplay evening in real browsers (the session-wide Chromium of tests/conftest.py): the referee
adjudicates a telekinesis attempt, applies its effect, and the player sees their die change."""
from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import DESKTOP, Person
from tests.support.server import running_server

pytestmark = pytest.mark.browser

MARKUP = '<img src=x id="injected"> <b>bold</b>'


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("gm-server")) as server:
        yield server.base_url


def refereed_table(base_url: str) -> dict:
    body = {"referee": {"name": "Мастер"}, "rules": {"dice_per_player": 5, "turn_timer_s": 0},
            "gm": {"cheating": True, "whisper_format": "wow"}}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=5) as reply:
        return json.loads(reply.read())


def test_the_referee_adjudicates_telekinesis_and_the_player_sees_the_changed_die(browser: Browser, base_url: str) -> None:
    created = refereed_table(base_url)
    referee = Person.open(browser, DESKTOP)
    referee.page.goto(base_url + created["referee_url"])
    expect(referee.page.locator("#desk-title")).to_have_text("Referee's desk")
    referee.page.wait_for_function("() => location.hash === \"\"")  # the desk takes the token out of the address once it runs
    anna, ben = Person.open(browser), Person.open(browser, DESKTOP)
    anna.sit_down(base_url + created["url"], "Анна")
    ben.sit_down(base_url + created["url"], "Ben")
    expect(referee.page.locator("#desk-seats li")).to_have_count(2)
    referee.page.get_by_role("button", name="Start a game").click()
    expect(anna.page.locator("#hand-dice .die")).to_have_count(5)

    anna.page.locator("#gm-chat-text").fill(MARKUP)
    anna.page.locator("#gm-chat-form button").click()
    expect(referee.page.locator("#desk-chat li .text")).to_have_text(MARKUP)
    assert referee.page.locator("#injected").count() == 0 and anna.page.locator("#injected").count() == 0

    dice = anna.states[-1]["game"]["dice"]
    index = next((i for i, d in enumerate(dice) if d != 6), 0)
    expect(anna.page.locator("#cheat-form")).to_be_visible()
    anna.page.locator("#cheat-kind").select_option("telekinesis")
    anna.page.locator("#cheat-die").select_option(str(index))
    anna.page.locator("#cheat-value").select_option("6")
    anna.page.locator("#cheat-description").fill("Чародейка шепчет заклинание над кружкой")
    anna.page.get_by_role("button", name="Send to the referee").click()
    expect(anna.page.locator("#cheat-attempts li")).to_contain_text("waiting for the referee")

    attempt = referee.page.locator("#desk-attempts li").first
    expect(attempt).to_contain_text("Чародейка шепчет заклинание над кружкой")
    attempt.locator("input[id^=difficulty]").fill("1")
    attempt.get_by_role("button", name="Roll the check").click()
    expect(attempt).to_contain_text("check succeeded: the referee applies the effect")
    attempt.get_by_role("button", name="Apply the effect").click()
    expect(attempt.locator(".status")).to_have_text("succeeded")

    expect(anna.page.locator("#cheat-attempts li")).to_contain_text(f"Your die {index + 1} now shows 6.")
    after = dice[:index] + [6] + dice[index + 1:]
    expect(anna.page.locator("#hand-dice .dice")).to_have_attribute("aria-label", f"Your dice: {', '.join(map(str, after))}")
    assert anna.states[-1]["game"]["dice"] == after
    relay = referee.page.locator('#desk-relay section[data-seat="0"] .whisper-line')
    expect(relay.first).to_contain_text("/w Анна Your dice:")
    expect(relay.nth(2)).to_contain_text(f"Your die {index + 1} now shows 6.")

