"""Poker-dice's verified replay (static/js/games/poker_bluff/replay_page.js through the shared
templates/replay.html and static/js/replay.js, registry.js `replay`), reached from the game-over
card, stepping move by move through a finished game in English and in Russian with every move's
checks passed; an altered roll shows the failure at that roll's move; the empty replay names no
game. The game itself is played here by a person against a bot on a real server, to game over.
Screenshots go to $TAVERN_ARTEFACTS (else the test's tmp_path)."""
from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Error as PlaywrightError, Page, expect

from tests.browser.page_errors import PageErrors
from tests.browser.players import DESKTOP, MOBILE, Person, post
from tests.browser.test_poker_game import play_until
from tests.support.artefacts import keep_screenshot

pytestmark = pytest.mark.browser

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def poker_table(browser: Browser, base_url: str, tokens: int, viewport: dict[str, int] = MOBILE) -> tuple[Person, str, PageErrors]:
    """Anna's page at a poker table against one easy bot, the game started; and every page error it meets."""
    created = post(base_url, {"name": "Anna", "game": "poker_bluff", "rules": {"tokens": tokens},
                              "bots": {"count": 1, "level": "easy"}, "start": True})
    anna = Person.open(browser, viewport)
    errors = PageErrors.watch(anna.page)
    anna.page.context.add_init_script(
        f"localStorage.setItem({json.dumps('tj:token:' + created['table'])}, {json.dumps(created['token'])})")
    anna.page.goto(base_url + created["url"])
    expect(anna.page.locator("#poker-duel")).to_be_visible()
    return anna, created["table"], errors


@pytest.fixture(scope="module")
def finished(browser: Browser, base_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A whole game of two tokens each against a bot, played in Anna's page to game over, its export and page errors."""
    anna, table, errors = poker_table(browser, base_url, tokens=2)
    folder = tmp_path_factory.mktemp("poker-replay")

    def reveal_shot() -> bool:
        """The reveal, once the cup is lifted and every die shows (False when the game moved on meanwhile)."""
        try:
            anna.page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')", timeout=5000)
            anna.page.locator("#poker-reveal").scroll_into_view_if_needed(timeout=2000)
        except PlaywrightError:
            return False
        keep_screenshot(anna.page, folder, "poker-reveal", whole_page=False)
        return True

    play_until(anna, "#poker-over", on_reveal=reveal_shot)
    with urllib.request.urlopen(f"{base_url}/t/{table}/audit.json", timeout=10) as reply:
        export = json.loads(reply.read())
    yield {"anna": anna, "table": table, "export": export, "errors": errors}
    anna.page.context.close()


def moves(export: dict[str, Any], game: int = 1) -> list[dict[str, Any]]:
    """The moves the replay steps through: every roll, declaration, belief, keep and doubt of the game."""
    kinds = {"starter_drawn", "cup_rolled", "declared", "believed", "kept", "doubted"}
    started = [e["seq"] for e in export["entries"] if e["kind"] == "game_started"]
    first = started[game - 1]
    last = started[game] if len(started) > game else 10**9
    return [e for e in export["entries"] if e["kind"] in kinds and first < e["seq"] < last]


PAGE_ERRORS = PageErrors()
"""Every uncaught error and console error of the replay and audit pages this module opens (none may happen)."""


def open_page(browser: Browser, url: str, viewport: dict[str, int], lang: str = "en") -> Page:
    context = browser.new_context(viewport=viewport, locale="en-US")
    if lang != "en":
        context.add_cookies([{"name": "lang", "value": lang, "url": url}])
    page = context.new_page()
    PAGE_ERRORS.follow(page)
    page.goto(url)
    return page


@pytest.fixture(autouse=True)
def no_page_error() -> Iterator[None]:
    """A replay or audit page of a test meets no uncaught error (an altered export's failures are checks, not errors)."""
    PAGE_ERRORS.problems.clear()
    yield
    PAGE_ERRORS.assert_none("the replay and audit pages")


def test_a_whole_game_meets_no_page_error(finished: dict[str, Any]) -> None:
    finished["errors"].assert_none("a whole poker-dice game")
    assert [e for e in finished["export"]["entries"] if e["kind"] == "doubted"], "the game had no doubt"


def test_the_page_s_mute_switch_serves_poker_and_the_liars_dice_switches_are_not_offered(finished: dict[str, Any]) -> None:
    page = finished["anna"].page
    sound = page.locator("#sound-toggle")
    expect(sound).to_be_visible()
    expect(page.locator("#odds-toggle")).to_be_hidden()
    expect(page.locator("#auto-next-toggle")).to_be_hidden()
    expect(sound).to_have_attribute("aria-pressed", "true")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('tavern.pref.sound')") == "off"
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")


def test_the_game_over_card_offers_the_replay_of_the_game(finished: dict[str, Any]) -> None:
    page = finished["anna"].page
    link = page.get_by_role("link", name="Replay this game")
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url(re.compile(r"/replay\?game=1$"))
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "ok", timeout=20000)
    expect(page.locator("#replay-title")).to_have_text("Replay of game 1")
    finished["errors"].assert_none("the game and its replay")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_replay_steps_through_every_move_and_each_is_verified(finished: dict[str, Any], browser: Browser, base_url: str,
                                                                     size: str, tmp_path: Path) -> None:
    steps = moves(finished["export"])
    page = open_page(browser, f"{base_url}/t/{finished['table']}/replay?game=1", MOBILE if size == "phone" else DESKTOP)
    status = page.locator("#replay-status")
    expect(status).to_have_attribute("data-state", "ok", timeout=20000)
    expect(status).to_have_text(f"✓ All {len(steps)} moves verified")
    expect(page.locator("#replay-rounds button")).to_have_count(len(steps))
    expect(page.locator("#replay-lead")).to_contain_text("Every move of the game")
    rolled = [e for e in finished["export"]["entries"] if e["kind"] == "draw_revealed" and e["public"]["game"] == 1]
    values = {e["public"]["draw"]: [r["value"] for r in e["public"]["results"]] for e in rolled}
    for index, entry in enumerate(steps):
        expect(page.locator("#replay-position")).to_contain_text(f"move {index + 1} of {len(steps)}")
        expect(page.locator(".replay-verdict")).to_have_text("✓ Verified: the dice match the signed draws and the signed log")
        said = page.locator(".poker-replay-said")
        if entry["kind"] == "cup_rolled":
            expect(said).to_contain_text(", ".join(map(str, values[entry["public"]["draw"]])))
        elif entry["kind"] == "declared":
            expect(page.locator(".poker-replay-truth")).to_be_visible()
        elif entry["kind"] == "doubted":
            expect(said).to_contain_text("did not believe that")
            expect(page.locator(".poker-replay-reveal")).to_contain_text("gives")
            if index == len(steps) - 1:
                expect(page.locator("#replay-step .winner")).to_have_text(re.compile(r"wins!$"))
        page.keyboard.press("ArrowRight")
    keep_screenshot(page, tmp_path, f"replay/poker-{size}", fits=True)


def test_the_replay_reads_wholly_russian(finished: dict[str, Any], browser: Browser, base_url: str) -> None:
    names = {e["public"]["name"] for e in finished["export"]["entries"] if e["kind"] == "seat_taken"}
    page = open_page(browser, f"{base_url}/t/{finished['table']}/replay?game=1", MOBILE, lang="ru")
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "ok", timeout=20000)
    expect(page.locator("#replay-status")).to_contain_text(re.compile(r"Проверен"))
    for _ in range(len(moves(finished["export"]))):
        text = page.locator("#replay-step").inner_text()
        for name in names:
            text = text.replace(name, "")
        assert CYRILLIC.search(text) and not re.search(r"[A-Za-z]{3,}", text.replace("Anna", "")), text
        page.keyboard.press("ArrowRight")
    whole = page.locator("#replay").inner_text()
    assert not re.search(r"\b(seat|round|move|Verified|declares)\b", whole), whole


def test_an_altered_roll_fails_at_that_move_only(finished: dict[str, Any], browser: Browser, base_url: str) -> None:
    export = json.loads(json.dumps(finished["export"]))
    reveal = next(e for e in export["entries"] if e["kind"] == "draw_revealed" and e["public"]["game"] == 1
                  and e["public"]["draw"] > 1)
    face = reveal["public"]["results"][0]["value"]
    reveal["public"]["results"][0]["value"] = face % 6 + 1
    page = open_page(browser, f"{base_url}/t/{finished['table']}/replay?game=1", DESKTOP)
    page.route(f"**/t/{finished['table']}/audit.json", lambda route: route.fulfill(body=json.dumps(export), content_type="application/json"))
    page.reload()
    expect(page.locator("#replay-status")).to_have_attribute("data-state", "failed", timeout=20000)
    failed = page.locator("#replay-rounds button.failed")
    assert failed.count() >= 1
    assert failed.count() < page.locator("#replay-rounds button").count()


def test_the_empty_replay_of_a_poker_table_names_no_game(browser: Browser, base_url: str) -> None:
    created = post(base_url, {"name": "Anna", "game": "poker_bluff"})
    page = open_page(browser, f"{base_url}/t/{created['table']}/replay", MOBILE)
    expect(page.locator("#replay-status")).to_have_text("This table has no revealed round to replay yet.")


LATIN_ALLOWED = re.compile(r"[0-9a-f]{8,}…?|[0-9a-f]{4}(-[0-9a-f]{4}){3}|Tavern Jack|WebCrypto Ed25519")
"""What a Russian audit page may keep in Latin letters: hashes, seeds, fingerprints, the house's name."""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_poker_audit_page_counts_seats_from_one_and_reads_wholly_russian(finished: dict[str, Any], browser: Browser,
                                                                             base_url: str, lang: str, tmp_path: Path) -> None:
    page = open_page(browser, f"{base_url}/t/{finished['table']}/audit", DESKTOP, lang=lang)
    expect(page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    keep_screenshot(page, tmp_path, f"audit/poker-{lang}")
    expect(page.locator("#game-1 .round:not(.draw)").first.locator(".check")).not_to_have_count(0)
    expect(page.locator("#game-1 .round:not(.draw) .facts")).to_have_count(0)  # no deal's facts: a poker round deals nothing
    text = " ".join(page.locator(selector).inner_text() for selector in ("#audit-general", "#audit-games", "#audit-results"))
    for name in {e["public"]["name"] for e in finished["export"]["entries"] if e["kind"] == "seat_taken"} | {finished["table"]}:
        text = text.replace(name, "")
    assert not re.search(r"\b(seat|seats|место|места) 0\b", text), "a seat counted from 0"
    games = page.locator("#audit-results > section").first  # the evening's games, one line each
    expect(page.locator("#game-1 a.replay-link")).to_have_attribute("href", f"/t/{finished['table']}/replay?game=1")
    if lang == "en":
        expect(games).to_contain_text(re.compile(r"game 1: seats [12], [12] \(seat [12] opens\): seat [12] wins, \d+ rounds? checked"))
        assert "poker_roll of game 1 (roll 1)" in text and "seq " in text
        return
    expect(games).to_contain_text(re.compile(r"партия 1: места [12] и [12] \(открывает место [12]\): побеждает место [12]"))
    for fragment in ("poker_roll", "poker_starter", "game_settled", "tavern-jack-audit", "seat", "of game"):
        assert fragment not in text, fragment
    left = LATIN_ALLOWED.sub("", text)
    assert not re.search(r"[A-Za-z]{2,}", left), re.findall(r".{0,30}[A-Za-z]{2,}.{0,30}", left)[:5]
