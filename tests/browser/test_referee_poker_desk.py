"""A refereed poker-dice evening in a real browser: the referee creates the table from the home page
(no roleplay cheating offered), seats two bots from the desk, stakes them, starts the evening and
watches it to its champion; the desk shows the cup's five dice while a round is played, the
reveal, the champion who takes the pot, and the scoreboard; axe finds nothing serious, and the
desk reads in Russian."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.support.server import running_server

from .players import DESKTOP, Person
from .test_accessibility import check

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def thinking_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots think a steady quarter second per move (no spread, no quicker obvious
    moves), so that the desk shows a round being played: even a round of two moves (a declaration
    and a doubt) lasts half a second. The equilibrium bots believe often, so a round is several
    re-rolls and an evening of two tokens each a few rounds: a longer think only makes it slower."""
    with running_server(tmp_path_factory.mktemp("poker-desk"),
                        bots={"think_s": 0.25, "think_spread": 0, "quick_share": 1}) as server:
        yield server.base_url


def test_a_referee_runs_a_poker_evening_of_two_bots_to_its_champion(browser: Browser, thinking_server: str) -> None:
    referee = Person.open(browser, DESKTOP)
    page = referee.page
    page.goto(thinking_server + "/")
    page.get_by_label("Your name").fill("Мастер")
    page.get_by_role("radio", name="Poker-dice bluff").check()
    page.locator("#poker-options summary").click()
    page.get_by_label("Tokens each").fill("2")
    page.locator("#gm summary").click()
    expect(page.locator("#gm-cheating")).to_be_hidden()
    with page.expect_request(lambda r: r.url.endswith("/api/tables")) as sent:
        page.get_by_role("button", name="Create a refereed table").click()
    body = json.loads(sent.value.post_data or "{}")
    assert body["game"] == "poker_bluff" and body["rules"]["tokens"] == 2 and body["gm"]["cheating"] is False
    page.get_by_role("link", name="Open the referee's desk").click()
    page.wait_for_url("**/referee")
    expect(page.locator("#desk-rules .rules-badge")).to_have_text("2 tokens")
    expect(page.locator("#desk-attempts-card")).to_be_hidden()
    expect(page.locator("#desk-rules-change")).to_be_hidden()

    for _ in range(2):
        page.get_by_role("button", name="Seat a regular").click()
    expect(page.locator("#desk-seats li")).to_have_count(2)
    names = page.locator("#desk-seats .seat-name").all_inner_texts()
    for seat, stake in enumerate(("1 gold", "2 gold")):
        page.get_by_label(f"{names[seat]}'s stake").fill(stake)
        page.locator(f'#desk-seats li[data-seat="{seat}"] button[type=submit]').click()
    expect(page.locator("#desk-pot")).to_have_text("Pot: 3 gold")

    page.get_by_role("button", name="Start a game").click()
    cup = page.locator("#desk-poker-cup .dice")
    expect(cup).to_have_attribute("aria-label", re.compile(r"^The cup holds \d, \d, \d, \d, \d$"))
    expect(cup.locator(".die:not(.hidden)")).to_have_count(5)
    shown = [state["game"]["referee_cup"] for state in referee.states if state["game"] and "referee_cup" in state["game"]]
    assert shown and all(len(dice) == 5 for dice in shown)
    expect(page.locator("#desk-poker-bracket")).to_contain_text("The bracket")
    expect(page.locator("#desk-poker-bracket")).not_to_contain_text("Evening")  # a game of two is no numbered evening

    champion = page.locator("#desk-poker-bracket .poker-champion")
    next_round = page.locator("#desk-next")
    for _ in range(100):
        page.wait_for_function("() => !document.querySelector('#desk-next').hidden"
                               " || !document.querySelector('#desk-poker-bracket .poker-champion').hidden")
        if champion.is_visible():
            break
        expect(page.locator("#desk-poker-reveal")).to_contain_text("did not believe")
        expect(page.locator("#desk-poker-reveal .dice")).to_have_attribute("aria-label", re.compile(r"^The cup held "))
        next_round.click()
        expect(next_round).to_be_hidden()
    expect(champion).to_have_text(re.compile(r"^Champion: "))
    winner = champion.inner_text().removeprefix("Champion: ")
    assert winner in names
    expect(page.locator("#desk-poker-bracket .poker-pot")).to_contain_text(f"{winner} takes the pot: 3 gold.")
    expect(page.locator("#desk-poker-duel .winner")).to_have_text(f"{winner} wins!")
    expect(page.get_by_role("button", name="New evening")).to_be_visible()
    rows = page.locator("#desk-scores tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_have_text(re.compile(f"^{re.escape(winner)}\\s*1\\s*1\\s*3 gold$"))
    expect(rows.nth(1)).to_have_text(re.compile(r"^.+\s*1\s*0\s*$"))
    check(page, "the referee's desk at a poker-dice table")
    page.context.add_cookies([{"name": "lang", "value": "ru", "url": thinking_server}])
    page.reload()
    expect(page.locator("#desk-title")).to_have_text("Стол рефери")
    expect(page.locator("#desk-poker-duel-title")).to_have_text("У стакана")
    english = json.loads((REPO / "referee" / "web" / "catalog" / "en.json").read_text(encoding="utf-8"))
    logged = next((key.removeprefix("regular.") for key, text in english.items()
                   if key.startswith("regular.") and text == winner), winner)
    expect(champion).to_have_text(f"Чемпион: {logged}")  # a regular goes by its bar name in Russian
    expect(page.get_by_role("button", name="Новый вечер")).to_be_visible()
