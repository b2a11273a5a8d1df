"""The referee's desk as a referee meets it: the whisper relay's copy button, and the desk once a game is over."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import DESKTOP, Person, post

pytestmark = pytest.mark.browser


def desk(browser: Browser, base_url: str, gm: dict | None = None, **rules: object) -> tuple[Person, str]:
    """A refereed table's desk open on a desktop, and the players' link."""
    created = post(base_url, {"referee": {"name": "Мастер"}, "rules": {"turn_timer_s": 0, **rules}, "gm": gm or {}})
    referee = Person.open(browser, DESKTOP)
    referee.page.goto(base_url + created["referee_url"])
    expect(referee.page.locator("#desk-title")).to_have_text("Referee's desk")
    # The title is in the HTML; the desk's buttons answer only once its script runs, which connects it.
    expect(referee.page.locator("#conn")).to_have_attribute("data-state", "connected")
    return referee, base_url + created["url"]


def test_copy_all_lines_copies_every_whisper_line_and_says_so(browser: Browser, base_url: str) -> None:
    referee, url = desk(browser, base_url, {"whisper_format": "roll20"}, dice_per_player=2)
    referee.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    referee.page.get_by_role("button", name="Copy all lines").click()
    expect(referee.page.locator("#relay-status")).to_have_text("No lines to copy yet")
    for name in ("Ben the Bold [[1d20]]", "Анна"):
        Person.open(browser).sit_down(url, name)
    expect(referee.page.locator("#desk-seats li")).to_have_count(2)
    referee.page.get_by_role("button", name="Start a game").click()
    lines = referee.page.locator("#desk-relay .whisper-line")
    expect(lines).to_have_count(2)
    expect(lines.first).to_contain_text('/w "Ben the Bold [ [1d20] ]" Your dice: ')
    referee.page.get_by_role("button", name="Copy all lines").click()
    expect(referee.page.locator("#relay-status")).to_have_text("All lines copied")
    assert referee.page.evaluate("navigator.clipboard.readText()") == "\n".join(lines.all_inner_texts())


def test_after_game_over_the_desk_names_the_winner_and_shows_no_die_for_a_player_who_is_out(browser: Browser, base_url: str) -> None:
    referee, _ = desk(browser, base_url, dice_per_player=1)
    page = referee.page
    for seated in range(1, 4):  # one at a time: a click while the last one is on its way may be lost
        page.get_by_role("button", name="Seat a regular").click()
        expect(page.locator("#desk-seats li")).to_have_count(seated)
    page.get_by_role("button", name="Start a game").click()
    deadline = time.monotonic() + 180  # the regulars play at once; the referee moves each round on
    while (referee.states[-1].get("game") or {}).get("phase") != "over" and time.monotonic() < deadline:
        if page.locator("#desk-next").is_visible():
            revealed = referee.states[-1]["game"]["round"]
            page.locator("#desk-next").click()
            # until the next round's state arrives a second look would click again, and that click would
            # wait for a button the next round (or the game's end) may keep hidden past its timeout
            while referee.states[-1]["game"]["round"] == revealed and time.monotonic() < deadline:
                page.wait_for_timeout(20)
        page.wait_for_timeout(50)
    game = referee.states[-1]["game"]
    assert game["phase"] == "over"
    english = {"Бочка": "Barrel", "Крюк": "Hook", "Штиль": "Calm"}  # the first three regulars, on an English page
    names = {s["seat"]: english[s["name"]] for s in referee.states[-1]["table"]["seats"]}
    winner = names[game["winner"]]
    headline = page.locator("#desk-headline")
    expect(headline).to_have_text(f"Game 1 is over: {winner} wins")
    for seat in (0, 1, 2):
        row = page.locator(f'#desk-seats li[data-seat="{seat}"]')
        if seat == game["winner"]:
            expect(row.locator(".desk-dice")).to_have_text(f"Dice of {winner}: {game['result']['hands'][str(seat)][0]}")
        else:
            expect(row.locator(".count")).to_have_text("out of the game")
            expect(row.locator(".desk-dice")).to_have_text("")
    cups = " · ".join(f"{names[int(seat)]}: {dice[0]}" for seat, dice in sorted(game["result"]["hands"].items()))
    expect(page.locator("#desk-result")).to_contain_text(f"Cups: {cups}")


@pytest.mark.parametrize(("game", "own", "other"), [("liars_dice", "games.liars_dice.desk", "games.poker_bluff.desk"),
                                                    ("poker_bluff", "games.poker_bluff.desk", "games.liars_dice.desk")])
def test_the_desk_loads_only_its_own_games_scripts(browser: Browser, base_url: str, game: str, own: str, other: str) -> None:
    created = post(base_url, {"referee": {"name": "Мастер"}, "game": game, "gm": {}})
    referee = Person.open(browser, DESKTOP)
    fetched: list[str] = []
    referee.page.on("request", lambda request: fetched.append(request.url))
    referee.page.goto(base_url + created["referee_url"])
    expect(referee.page.locator("#desk-start")).to_have_text("Start a game")
    assert any(own in url for url in fetched)
    assert not any(other in url for url in fetched)
    assert any("poker" in url and url.endswith(".css") for url in fetched) == (game == "poker_bluff")
