"""A value no person seeded is never silent, on the replay and audit pages too (issue 24 rule 2), and
both pages say for every value whose seeds went in: a Liar's Dice table with a roll-off, created and
started by the API while nobody's page is open, so its roll-off throw and its first round are rolled by
the server alone ("not_connected"); Anna's page, opened once both are logged, then plays game 1 to its
end and opens game 2, whose roll-off and rounds her page seeds. The server waits 5 s for a seed (not the
tests' 0.3 s: on a loaded machine a page's seed may take longer, and "late" is not what is tested here).
In English and Russian, on a phone."""
from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.players import DESKTOP, MOBILE, Person, post, seated
from tests.browser.test_accessibility import check
from tests.support.server import running_server

pytestmark = pytest.mark.browser
DEAL_ALONE = "⚠ this round's dice were dealt by the server alone: nobody was connected."
THROW_ALONE = "⚠ this roll-off throw was rolled by the server alone: nobody was connected."


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("server"), bots={"think_s": 0}, fairness={"seed_wait_s": 5}) as running:
        yield running.base_url


def export_of(base_url: str, table: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base_url}/t/{table}/audit.json", timeout=10) as reply:
        return json.loads(reply.read())


def until_dealt(base_url: str, table: str, timeout_s: float = 60) -> None:
    """Until game 1's first round is logged as dealt (the roll-off and the deal each wait for seeds nobody sends)."""
    deadline = time.monotonic() + timeout_s
    while not publics(export_of(base_url, table), "round_dealt", 1):
        assert time.monotonic() < deadline, "game 1's first round was never dealt"
        time.sleep(0.1)  # polling the log for a condition, not waiting for time


@pytest.fixture(scope="module")
def table(browser: Browser, base_url: str) -> Iterator[dict[str, Any]]:
    """Game 1 started with nobody connected and played to its end by Anna's page; game 2 played to its first reveal."""
    created = post(base_url, {"name": "Anna", "rules": {"dice_per_player": 2, "first_opener": "roll_off"},
                              "bots": {"count": 1, "level": "easy"}, "start": True})
    until_dealt(base_url, created["table"])
    anna: Person = seated(browser, base_url, created)
    # the table page says it too, to everyone, while that round lasts; never a ✓ alone
    alarm = anna.page.locator("#draw-seeds-alarm")
    expect(alarm).to_contain_text(DEAL_ALONE)
    expect(alarm).to_have_attribute("role", "alert")
    watcher = Person.open(browser, DESKTOP)
    watcher.watch(base_url + created["url"])
    expect(watcher.page.locator("#draw-seeds-alarm")).to_contain_text(DEAL_ALONE)
    watcher.page.context.close()
    anna.press_on_until(lambda: anna.visible("#over"), "the end of game 1")
    anna.page.locator("#new-game").click()
    anna.press_on_until(lambda: anna.visible("#reveal") and anna.states[-1]["game"]["game"] == 2, "game 2's first reveal")
    yield {"table": created["table"], "export": export_of(base_url, created["table"])}
    anna.page.context.close()


def publics(export: dict[str, Any], kind: str, game: int) -> list[dict[str, Any]]:
    return [e["public"] for e in export["entries"] if e["kind"] == kind and e["public"].get("game") == game]


def test_the_export_holds_what_the_pages_must_say(table: dict[str, Any]) -> None:
    """The premise: game 1's roll-off throw and first deal took no seed (nobody connected); game 2's took Anna's."""
    export = table["export"]
    first_throw, first_deal = publics(export, "draw_committed", 1)[0], publics(export, "round_dealt", 1)[0]
    for alone in (first_throw, first_deal):
        assert alone["seeds"] == {} and alone["seeds_missing"] == {"0": "not_connected"}
    assert list(publics(export, "round_dealt", 1)[1]["seeds"]) == ["0"]
    assert list(publics(export, "draw_committed", 2)[0]["seeds"]) == ["0"]
    assert list(publics(export, "round_dealt", 2)[0]["seeds"]) == ["0"]


def open_page(browser: Browser, base_url: str, path: str, lang: str = "en", viewport: dict[str, int] = MOBILE) -> Page:
    context = browser.new_context(viewport=viewport, locale=lang)
    context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + path)
    return page


def test_the_replay_says_loudly_at_the_round_and_the_throw_that_the_server_rolled_them_alone(
        table: dict[str, Any], browser: Browser, base_url: str) -> None:
    page = open_page(browser, base_url, f"/t/{table['table']}/replay?game=1")
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "ok", timeout=20000)
    expect(page.locator("#replay-position")).to_have_text(re.compile(r"^Round 1 "))
    step = page.locator("#replay-step")
    expect(step.locator(".seed-alone")).to_have_text(DEAL_ALONE)
    expect(step.locator(".seed-line")).to_have_count(0)  # never a quiet line for it
    expect(page.locator("#replay-roll-off")).to_be_visible()
    throws = page.locator("#replay-roll-off-throws > li")
    expect(throws.first.locator(".seed-alone")).to_have_text(THROW_ALONE)
    for later in range(1, throws.count()):  # a tie's throw again: whose seeds went in, or loudly that none did
        expect(throws.nth(later).locator(".seed-alone, .seed-line")).to_have_count(1)

    page.keyboard.press("ArrowRight")  # round 2: Anna's page was open, her seed went in
    expect(page.locator("#replay-position")).to_have_text(re.compile(r"^Round 2 "))
    expect(step.locator(".seed-alone")).to_have_count(0)
    expect(step.locator(".seed-line")).to_have_text("Seeds that went in: Anna")
    page.keyboard.press("ArrowLeft")  # and the screen reader hears it with the round
    expect(page.locator("#announcer")).to_have_text(re.compile(rf"^Round 1 .*\. Verified.* {re.escape(DEAL_ALONE)}$"))
    check(page, "the replay of a round the server dealt alone")
    page.context.close()


def test_the_replay_of_a_seeded_game_names_whose_seeds_went_into_each_throw_and_round(
        table: dict[str, Any], browser: Browser, base_url: str) -> None:
    page = open_page(browser, base_url, f"/t/{table['table']}/replay?game=2", viewport=DESKTOP)
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "ok", timeout=20000)
    expect(page.locator("#replay-step .seed-line")).to_have_text("Seeds that went in: Anna")
    expect(page.locator("#replay-roll-off-throws > li").first.locator(".seed-line")).to_have_text("Seeds that went in: Anna")
    expect(page.locator(".seed-alone")).to_have_count(0)
    page.context.close()


def test_the_replay_says_it_in_russian(table: dict[str, Any], browser: Browser, base_url: str) -> None:
    page = open_page(browser, base_url, f"/t/{table['table']}/replay?game=1", lang="ru")
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "ok", timeout=20000)
    expect(page.locator("#replay-step .seed-alone")).to_have_text("⚠ кости этого раунда раздал один сервер: никого не было на связи.")
    expect(page.locator("#replay-roll-off-throws > li").first.locator(".seed-alone")).to_have_text(
        "⚠ этот бросок за первый ход сделал один сервер: никого не было на связи.")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-step .seed-line")).to_have_text("Вошли зёрна: Anna")
    page.context.close()


def test_the_audit_page_names_whose_seeds_went_into_every_deal_and_draw(table: dict[str, Any], browser: Browser, base_url: str) -> None:
    page = open_page(browser, base_url, f"/t/{table['table']}/audit", viewport=DESKTOP)
    expect(page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    game1, game2 = page.locator("#game-1"), page.locator("#game-2")
    round1 = game1.locator(".round", has=page.get_by_role("heading", name=re.compile(r"^Round 1\b"))).first
    expect(round1.locator(".seed-alone")).to_have_text(DEAL_ALONE)
    draw1 = game1.locator('.draw[data-draw="1"]')
    expect(draw1.locator(".seed-alone")).to_have_text(THROW_ALONE)
    expect(draw1.locator(".facts")).to_contain_text("Players' seedsnone")
    expect(draw1.locator(".facts")).to_contain_text("Missing seedsAnna (seat 1): not connected when the draw was made")
    expect(game1.locator(".roll-off-audit .throw").first.locator(".seed-alone")).to_have_text(THROW_ALONE)
    seed = publics(table["export"], "draw_committed", 2)[0]["seeds"]["0"]
    draw = game2.locator(".draw").first
    expect(draw.locator(".seed-alone")).to_have_count(0)
    expect(draw.locator(".facts")).to_contain_text(f"Players' seedsAnna (seat 1): {seed[:16]}…")
    expect(game2.locator(".seed-alone")).to_have_count(0)
    check(page, "the audit of a game whose first throw and deal the server rolled alone")
    page.context.close()
