"""The verified replay of a finished game (templates/replay.html, static/js/replay.js), on a phone
(390 × 844) and a desktop (1280 × 800): reached from the winner screen and from the audit page, it
steps through every round by keyboard with every cup open and says "verified" for each; a log with
one altered die shows the failure at that round and only there; axe finds nothing serious.
Screenshots go to $TAVERN_ARTEFACTS (else the test's tmp_path)."""
from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.web.i18n import translate
from tests.browser.players import DESKTOP, MOBILE, post, seated
from tests.browser.test_accessibility import check
from tests.support.artefacts import keep_screenshot

pytestmark = pytest.mark.browser
VIEWPORTS = {"phone": MOBILE, "desktop": DESKTOP}
VERIFIED = "✓ Verified: the dice match the signed commitment and the signed log"


def screenshot(page: Page, tmp_path: Path, name: str) -> None:
    keep_screenshot(page, tmp_path, f"replay/{name}")


@pytest.fixture(scope="module")
def finished(browser: Browser, base_url: str) -> Iterator[dict[str, Any]]:
    """A game of two dice each against a bot, played to its end in Anna's page, and its export."""
    created = post(base_url, {"name": "Anna", "rules": {"dice_per_player": 2},
                              "bots": {"count": 1, "level": "easy"}, "start": True})
    anna = seated(browser, base_url, created)
    anna.press_on_until(lambda: anna.visible("#over"), "the game's end")
    with urllib.request.urlopen(f"{base_url}/t/{created['table']}/audit.json", timeout=10) as reply:
        export = json.loads(reply.read())
    yield {"anna": anna, "table": created["table"], "export": export}
    anna.page.context.close()


def revealed(export: dict[str, Any]) -> list[dict[str, Any]]:
    return [e["public"] for e in export["entries"] if e["kind"] == "round_revealed" and e["public"]["game"] == 1]


def open_replay(browser: Browser, url: str, viewport: dict[str, int]) -> Page:
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(url)
    return page


def test_the_winner_screen_links_to_the_replay(finished: dict[str, Any], base_url: str, tmp_path: Path) -> None:
    page = finished["anna"].page
    link = page.get_by_role("link", name="Replay this game")
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url(re.compile(r"/replay$"))
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "ok", timeout=20000)
    expect(page.locator("#replay-title")).to_have_text("Replay of game 1")
    screenshot(page, tmp_path, "from-the-table")


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_replay_steps_through_every_round_by_keyboard_and_each_is_verified(
        finished: dict[str, Any], browser: Browser, base_url: str, size: str, tmp_path: Path) -> None:
    rounds = revealed(finished["export"])
    assert len(rounds) >= 2
    page = open_replay(browser, f"{base_url}/t/{finished['table']}/replay?game=1", VIEWPORTS[size])
    status = page.locator("#replay-status")
    expect(status).to_have_attribute("data-state", "ok", timeout=20000)
    expect(status).to_have_text(f"✓ All {len(rounds)} rounds verified" if len(rounds) > 1 else "✓ 1 round verified")
    expect(page.locator("#replay-rounds button")).to_have_count(len(rounds))
    for index, reveal in enumerate(rounds):
        expect(page.locator("#replay-position")).to_have_text(f"Round {reveal['round']} ({index + 1} of {len(rounds)})")
        expect(page.locator(".replay-verdict")).to_have_text(VERIFIED)
        expect(page.locator(".replay-cup")).to_have_count(len(reveal["hands"]))
        for seat, dice in reveal["hands"].items():
            cup = page.locator(".replay-cup").nth(int(seat))
            expect(cup.locator(".dice")).to_have_attribute("aria-label", re.compile(rf": {', '.join(map(str, dice))}$"))
            expect(cup.locator(".die")).to_have_count(len(dice))
        expect(page.locator(".replay-cup").first.locator(".who")).to_contain_text("Anna")
        expect(page.locator(".play-audit")).to_contain_text("Loser")
        if index == 0:
            screenshot(page, tmp_path, f"first-round-{size}")
            expect(page.locator("#replay-prev")).to_be_disabled()
        page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-next")).to_be_disabled()
    expect(page.locator(".play-audit")).to_contain_text("wins the game")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-position")).to_have_text(re.compile(rf"\({len(rounds) - 1} of {len(rounds)}\)$"))
    expect(page.locator("#announcer")).to_have_text(re.compile(rf"\({len(rounds) - 1} of {len(rounds)}\)\. Verified"))
    page.context.close()


def test_the_round_list_and_buttons_work_with_tab_and_enter_alone(finished: dict[str, Any], browser: Browser, base_url: str) -> None:
    rounds = revealed(finished["export"])
    page = open_replay(browser, f"{base_url}/t/{finished['table']}/replay?game=1", MOBILE)
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "ok", timeout=20000)
    reached = []
    for _ in range(40):  # Tab through the page until the last round's button has focus
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.id || document.activeElement.textContent"))
        if page.evaluate("document.activeElement.dataset.step") == str(len(rounds) - 1):
            break
    else:
        pytest.fail(f"Tab never reached the last round: {reached}")
    assert "replay-next" in reached
    page.keyboard.press("Enter")
    expect(page.locator("#replay-position")).to_have_text(re.compile(rf"\({len(rounds)} of {len(rounds)}\)$"))
    expect(page.locator(f'#replay-rounds button[data-step="{len(rounds) - 1}"]')).to_have_attribute("aria-current", "step")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # the round before it, from the list
    expect(page.locator("#replay-position")).to_have_text(re.compile(rf"\({len(rounds) - 1} of {len(rounds)}\)$"))
    page.context.close()


def tampered(export: dict[str, Any], round_number: int) -> tuple[str, int, int]:
    """The export with seat 1's first die of ``round_number`` changed in its reveal: (JSON, committed, shown)."""
    forged = json.loads(json.dumps(export))
    reveal = next(e for e in forged["entries"] if e["kind"] == "round_revealed" and e["public"]["round"] == round_number)
    committed = reveal["public"]["hands"]["1"][0]
    reveal["public"]["hands"]["1"][0] = committed % 6 + 1
    return json.dumps(forged), committed, committed % 6 + 1


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_tampered_log_fails_at_the_altered_round_and_only_there(
        finished: dict[str, Any], browser: Browser, base_url: str, size: str, tmp_path: Path) -> None:
    rounds = revealed(finished["export"])
    target = rounds[1]["round"]
    body, committed, shown = tampered(finished["export"], target)
    page = browser.new_context(viewport=VIEWPORTS[size]).new_page()
    page.route("**/audit.json", lambda route: route.fulfill(status=200, content_type="application/json", body=body))
    page.goto(f"{base_url}/t/{finished['table']}/replay?game=1")

    expect(page.locator("#replay-status")).to_have_attribute("data-state", "failed", timeout=20000)
    expect(page.locator("#replay-status")).to_have_text("✗ 1 round failed its checks")
    expect(page.locator(".replay-verdict")).to_have_text(VERIFIED)
    expect(page.locator("#replay-rounds button.failed")).to_have_count(1)
    page.locator("#replay-rounds button.failed").click()
    expect(page.locator("#replay-position")).to_have_text(re.compile(rf"^Round {target} "))
    verdict = page.locator(".replay-verdict")
    expect(verdict).to_have_attribute("data-state", "failed")
    expect(verdict).to_contain_text("2 checks failed")
    expect(verdict).to_contain_text(f"die 0 of seat 2 is revealed as {shown} but was committed as {committed}")
    expect(verdict).to_contain_text("the entry was altered")
    expect(page.locator(".replay-cup").nth(1).locator(".dice")).to_have_attribute("aria-label", re.compile(rf": {shown}\b"))
    screenshot(page, tmp_path, f"tampered-{size}")
    check(page, f"the replay of a tampered log @ {size}")
    page.context.close()


def test_the_audit_page_links_each_game_to_its_replay_and_axe_passes(finished: dict[str, Any], browser: Browser, base_url: str) -> None:
    page = open_replay(browser, f"{base_url}/t/{finished['table']}/audit", DESKTOP)
    expect(page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    page.locator("#game-1").get_by_role("link", name="Replay this game").click()
    page.wait_for_url(re.compile(r"/replay\?game=1$"))
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "ok", timeout=20000)
    check(page, "the replay of a finished game")
    page.context.close()


def test_the_replay_speaks_russian(finished: dict[str, Any], browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=MOBILE, locale="ru")
    context.add_cookies([{"name": "lang", "value": "ru", "url": base_url}])
    page = context.new_page()
    page.goto(f"{base_url}/t/{finished['table']}/replay?game=1")
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "ok", timeout=20000)
    expect(page.locator("#replay-title")).to_have_text("Повтор партии 1")
    expect(page.locator(".replay-verdict")).to_have_text(re.compile("^✓ Проверено"))
    expect(page.locator("#replay-next")).to_have_text("Вперёд →")
    context.close()


def test_a_table_without_a_finished_game_says_there_is_nothing_to_replay(browser: Browser, base_url: str) -> None:
    created = post(base_url, {"name": "Ben"})
    page = open_replay(browser, f"{base_url}/t/{created['table']}/replay", MOBILE)
    expect(page.locator("#replay-status")).to_have_text("This table has no revealed round to replay yet.", timeout=20000)
    expect(page.locator("#replay-player")).to_be_hidden()
    page.context.close()


def test_an_unknown_table_has_no_replay_page(base_url: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{base_url}/t/nope/replay", timeout=10)
    assert refused.value.code == 404


def test_a_regular_is_named_in_the_pages_language_on_the_replay_and_the_audit(finished: dict[str, Any], browser: Browser,
                                                                                base_url: str) -> None:
    """The log names the regular in Russian (its bar name); the English pages say its English name."""
    logged = next(e["public"]["name"] for e in finished["export"]["entries"]
                  if e["kind"] == "seat_taken" and e["public"]["kind"] == "bot")
    english = translate("en", f"regular.{logged}")
    assert english != f"regular.{logged}" and english != logged
    page = open_replay(browser, f"{base_url}/t/{finished['table']}/replay?game=1", DESKTOP)
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "ok", timeout=20000)
    expect(page.locator(".replay-cup .who").filter(has_text=english)).to_have_count(1)
    expect(page.locator("#replay-player")).not_to_contain_text(logged)
    page.goto(f"{base_url}/t/{finished['table']}/audit")
    expect(page.locator("main")).to_contain_text(english, timeout=20000)
    expect(page.locator("main")).not_to_contain_text(logged)
    page.context.close()
