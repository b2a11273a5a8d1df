"""A referee's check in real browsers (the session-wide Chromium of tests/conftest.py): the player attempts,
the referee judges, the player's page sends its seed for the check without a click, and the result appears
on the desk. The server waits 30 s for seeds, so a check rolled in a few seconds was rolled with the seed
the page sent; the other player's page learns nothing of it. After the game the page finds its seed in
the revealed check, and alarms when the draw lacks it."""
from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import DESKTOP, Person
from tests.support.server import running_server

from .test_browser_changes import attempt, evening, inject
from .test_browser_referee import refereed_table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("check-seeds"), fairness={"seed_wait_s": 30}) as server:
        yield server.base_url


def audit(base_url: str, table: str) -> dict:
    with urllib.request.urlopen(f"{base_url}/t/{table}/audit.json", timeout=5) as reply:
        return json.loads(reply.read())


def seeds_kept(person: Person) -> dict[str, str]:
    """The draw seeds a page keeps in its localStorage, by key."""
    return person.page.evaluate(
        "() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('tavern-draw-seed:')))")


def test_the_attempters_page_seeds_its_check_and_the_desk_shows_the_result(browser: Browser, base_url: str) -> None:
    created = refereed_table(base_url)
    referee = Person.open(browser, DESKTOP)
    referee.page.goto(base_url + created["referee_url"])
    expect(referee.page.locator("#desk-title")).to_have_text("Referee's desk")
    anna, ben = Person.open(browser), Person.open(browser, DESKTOP)
    anna.sit_down(base_url + created["url"], "Анна")
    ben.sit_down(base_url + created["url"], "Ben")
    expect(referee.page.locator("#desk-seats li")).to_have_count(2)
    referee.page.get_by_role("button", name="Start a game").click()
    expect(anna.page.locator("#hand-dice .die")).to_have_count(5, timeout=20000)  # dealt with both pages' seeds
    kept_before = seeds_kept(anna)

    anna.page.locator("#cheat-kind").select_option("loaded_die")
    anna.page.locator("#cheat-description").fill("Кость со свинцом")
    anna.page.get_by_role("button", name="Send to the referee").click()
    desk = referee.page.locator("#desk-attempts li").first
    expect(desk).to_contain_text("Кость со свинцом")
    desk.locator("input[id^=difficulty]").fill("1")
    desk.get_by_role("button", name="Roll the check").click()
    expect(desk).to_contain_text("succeeded", timeout=10000)  # far within the server's 30 s wait

    export = audit(base_url, created["table"])
    (sealed,) = [e for e in export["entries"] if e["kind"] == "draw_seed" and "attempt" in e["public"]]
    assert sealed["public"] == {"draw": sealed["public"]["draw"], "attempt": 1} and sealed["secret"] is None
    new = {key: seed for key, seed in seeds_kept(anna).items() if key not in kept_before}
    game = anna.states[-1]["game"]["game"]
    assert list(new) == [f"tavern-draw-seed:{created['table']}:{game}:{sealed['public']['draw']}:0:a1"]
    assert all(seed not in json.dumps(export) for seed in new.values())  # sealed: not even the seed is public
    assert not any(state.get("private", {}).get("draw_waiting") for state in ben.states)
    assert not any(f":{sealed['public']['draw']}:1" in key for key in seeds_kept(ben))


def test_after_the_game_the_attempters_page_finds_its_seed_in_the_check_and_alarms_when_it_is_not(
        browser: Browser, base_url: str) -> None:
    created, referee, anna, ben = evening(browser, base_url, dice=1)
    referee.page.get_by_role("button", name="Start a game").click()
    expect(anna.page.locator("#hand-dice .die")).to_have_count(1, timeout=20000)
    attempt(anna, "loaded_die", "Кость со свинцом")
    desk = referee.page.locator("#desk-attempts li").first
    desk.locator("input[id^=difficulty]").fill("1")
    desk.get_by_role("button", name="Roll the check").click()
    expect(desk).to_contain_text("succeeded", timeout=10000)

    for _ in range(400):  # one call ends a game of one die each
        if anna.states and anna.states[-1]["game"].get("winner") is not None:
            break
        for person in (anna, ben):
            person.press_on()
    assert anna.states[-1]["game"]["winner"] is not None
    mine = anna.page.locator("#draw-seeds-list li", has_text="A cheat attempt's check roll")
    expect(mine).to_contain_text("✓")
    expect(mine).to_contain_text("your seed")
    expect(anna.page.locator("#draw-seeds-alarm")).to_be_hidden()

    # A server that left her seed out of the check (it says "late") is caught by her page, loudly.
    state = anna.states[-1]
    recent = [dict(draw, seeds={}, seeds_missing={"0": "late"}, alone=True)
              if draw["purpose"]["kind"] == "attempt_check" else draw for draw in state["draws"]["recent"]]
    inject(anna, {**state, "version": state["version"] + 1, "draws": {**state["draws"], "recent": recent}})
    alarm = anna.page.locator("#draw-seeds-alarm")
    expect(alarm).to_be_visible()
    expect(alarm).to_contain_text("the seed your browser sent for A cheat attempt's check roll is NOT in the server's signed draw")
