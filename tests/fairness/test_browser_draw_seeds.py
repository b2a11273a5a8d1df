"""In Chromium, a poker-dice game against a bot: the player's page sends a fresh seed for every roll
that concerns it (no click), shows that each signed roll holds that very seed, and raises a loud
warning instead of a ✓ when a roll lacks its seed or holds another; the export proves the seeds went in."""
from __future__ import annotations

import copy
import json
import re
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from referee.fairness.verify import verify_export
from tests.browser.test_poker_game import play_alone, play_until
from tests.support.server import running_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server whose draws wait up to 30 s for the players' seeds (a roll is made when the page's seed
    arrives; the first roll, made when the home page starts the game, waits for the table page to open)."""
    with running_server(tmp_path_factory.mktemp("server"), bots={"think_s": 0}, fairness={"seed_wait_s": 30}) as running:
        yield running.base_url


def replay_roll(page, held, change, later: int, kind: str = "poker_roll") -> None:
    """Hand the page the state it ``held`` again with its newest draw of ``kind`` seeded by this page renumbered
    ``later`` draws on and changed by ``change(draw, seat)``; the page's own seed for that draw is the one it really sent."""
    state = copy.deepcopy(held)
    seat, game = state["you"]["seat"], state["game"]["game"]
    draw = next(draw for draw in reversed(state["draws"]["recent"])
                if str(seat) in draw["seeds"] and draw["purpose"]["kind"] == kind)
    sent = draw["seeds"][str(seat)]
    draw["draw"] += later
    change(draw, seat)
    state["draws"]["recent"] = [draw]
    key = f"tavern-draw-seed:{state['table']['id']}:{game}:{draw['draw']}:{seat}"
    page.evaluate("([key, seed]) => localStorage.setItem(key, seed)", [key, sent])
    page.evaluate("(state) => window.tavern.socket.listeners('state').forEach((listen) => listen(state))", state)


def test_the_page_seeds_every_roll_shows_it_and_warns_when_its_seed_is_missing(browser: Browser, base_url: str):
    anna = play_alone(browser, base_url, bots=1)
    page = anna.page
    rolls = page.locator("#draw-seeds-list li")
    expect(rolls.first).to_have_text(re.compile(r"^✓ The draw of who starts: your seed [0-9a-f]{8}… is in the server's "
                                                r"signed draw \(seeds of seats 0\)$"), timeout=40000)
    expect(rolls.nth(1)).to_have_text(re.compile(r"^✓ Roll 1: your seed [0-9a-f]{8}… is in the server's signed draw "
                                                 r"\(seeds of seats 0\)$"), timeout=40000)
    starting = page.evaluate("() => window.tavern.state")
    play_until(anna, "#poker-over")
    held = page.evaluate("() => window.tavern.state")
    table, seat = held["table"]["id"], held["you"]["seat"]
    with urllib.request.urlopen(f"{base_url}/t/{table}/audit.json", timeout=10) as reply:
        export = json.loads(reply.read())
    report = verify_export(export)
    assert report.ok, [str(check) for check in report.failures]
    seeded = [e["public"]["draw"] for e in export["entries"] if e["kind"] == "draw_seed" and e["public"]["seat"] == seat]
    rolled = [e["public"]["draw"] for e in export["entries"] if e["kind"] in ("cup_rolled", "starter_drawn")]
    assert seeded and set(seeded) <= set(rolled)  # the page seeded the starter and rolls, each of them used
    assert seeded[0] == [e["public"]["draw"] for e in export["entries"] if e["kind"] == "starter_drawn"][0]
    expect(page.locator("#draw-seeds-alarm")).to_be_hidden()

    def left_out_as_late(draw, seat):
        del draw["seeds"][str(seat)]
        draw["seeds_missing"] = {str(seat): "late"}

    replay_roll(page, held, left_out_as_late, later=100)
    alarm = page.locator("#draw-seeds-alarm")
    expect(alarm).to_have_text(re.compile(r"^⚠ Warning: the seed your browser sent for Roll \d+ is NOT in the server's "
                                          r"signed draw \(the server says it arrived too late\)\. Without it the server "
                                          r"could have chosen these dice\.$"))
    expect(alarm).to_have_attribute("role", "alert")
    expect(rolls).to_have_count(0)  # no ✓ for it

    def replaced(draw, seat):
        draw["seeds"][str(seat)] = "ab" * 32

    replay_roll(page, held, replaced, later=200)
    expect(alarm).to_have_text(re.compile(r"^⚠ Warning: the server's signed draw for Roll \d+ holds ANOTHER seed for your "
                                          r"seat than the one your browser sent\. The server could have chosen these dice\.$"))

    def rolled_alone(draw, seat):
        draw["seeds"], draw["seeds_missing"], draw["alone"] = {}, {str(seat): "not_connected"}, True

    replay_roll(page, held, rolled_alone, later=300)
    expect(alarm).to_contain_text("this cup was rolled by the server alone: nobody was connected.")
    # its own warning and the loud line, a space between (the minifier once ate it inside a nested template)
    expect(alarm).to_contain_text("could have chosen these dice. this cup was rolled by the server alone")
    assert "✓" not in alarm.inner_text()
    starting["version"] = held["version"]  # the page takes no state older than the one it holds
    replay_roll(page, starting, rolled_alone, later=400, kind="poker_starter")
    expect(alarm).to_contain_text("The draw of who starts is NOT in the server's signed draw")
    expect(alarm).to_contain_text("who starts was drawn by the server alone: nobody was connected.")
    assert "✓" not in alarm.inner_text()
    page.context.close()
