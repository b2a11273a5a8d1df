"""In Chromium: the player's page checks that the signed commitment holds the seed it sent
for its seat, and shows a loud warning instead of "verified" when it does not."""
from __future__ import annotations

import copy
import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from referee.fairness.encoding import DEAL_DOMAIN, statement, without_signature
from referee.fairness.keys import Signer, load_or_create_signing_key
from tests.audit.test_browser import VERIFIED, open_seat, play_alone
from tests.support.server import running_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Signer]]:
    """A real server (a long seed deadline: a round is dealt when the page's seed arrives) and its
    signing key, so the test can sign a commitment the way a dishonest server would."""
    folder = tmp_path_factory.mktemp("server")
    with running_server(folder, bots={"think_s": 0}, fairness={"seed_wait_s": 5}) as running:
        yield running.base_url, load_or_create_signing_key(str(folder / "server_key.pem"))


def play_to_a_seeded_turn(person, timeout_s: float = 60) -> None:
    """Play on (Liar, else the lowest raise, else next round) until it is the person's turn in a
    round dealt with the seed their page sent: no real state comes until they act."""
    page = person.page
    deadline = time.monotonic() + timeout_s
    while not (page.locator("#dice-verified").get_attribute("data-seed") == "used" and person.visible("#bid-submit")):
        assert time.monotonic() < deadline and not person.visible("#over"), "no seeded round reached the person's turn"
        person.press_on()


def replay_round(person, created, signer, dealt, change, later):
    """Hand the page the ``dealt`` state (one it held) again as a round it has not checked yet
    (``later`` rounds on), its commitment changed by ``change(commitment, seat)`` and signed again;
    the page's own seed for that round is the one it really sent."""
    state = copy.deepcopy(dealt)
    own, commitment = state["private"], state["commitment"]
    sent = commitment["seeds"][str(own["seat"])]
    change(commitment, own["seat"])
    commitment["signature"] = signer.sign(statement(DEAL_DOMAIN, without_signature(commitment)))
    own["round"] += later
    key = f"tavern-seed:{created['table']}:{own['game']}:{own['round']}:{own['seat']}"
    person.page.evaluate("([key, seed]) => localStorage.setItem(key, seed)", [key, sent])
    person.page.evaluate("(state) => window.tavern.socket.listeners('state').forEach((listen) => listen(state))", state)


def held_state(person):
    """The state the page holds now (``window.tavern.state``): the states the test reads from the
    page's frames can lag a frame behind it, and the page drops a state older than the one it holds."""
    state = person.page.evaluate("() => window.tavern.state")
    assert state.get("private") and state.get("commitment"), "the page holds no dealt round"
    return state


def test_the_page_shows_verified_only_when_its_own_seed_is_in_the_commitment(browser: Browser, server):
    base_url, signer = server
    created = play_alone(base_url, dice=3)
    anna = open_seat(browser, base_url, created)
    mark = anna.page.locator("#dice-verified")
    expect(mark).to_have_text(VERIFIED, timeout=15000)
    expect(mark).to_have_attribute("data-seed", "not_sent")  # round 1 was dealt before the page opened
    play_to_a_seeded_turn(anna)
    expect(mark).to_have_text(VERIFIED)
    dealt = held_state(anna)

    def left_out_as_late(commitment, seat):
        del commitment["seeds"][str(seat)]
        commitment["seeds_missing"] = {str(seat): "late"}

    replay_round(anna, created, signer, dealt, left_out_as_late, later=100)
    expect(mark).to_have_text(re.compile(r"^⚠ Warning: the seed your browser sent for this round is NOT in the "
                                         r"server's signed commitment \(the server says it arrived too late\)\. "
                                         r"Without it the server could have chosen these dice\.$"))
    expect(mark).to_have_attribute("role", "alert")
    expect(mark).to_have_class(re.compile(r"\bfailed\b"))

    def replaced(commitment, seat):
        commitment["seeds"][str(seat)] = "ab" * 32

    replay_round(anna, created, signer, dealt, replaced, later=200)
    expect(mark).to_have_text("⚠ Warning: the server's signed commitment holds ANOTHER seed for your seat than the one "
                              "your browser sent. The server could have chosen these dice.")
    expect(mark).to_have_attribute("data-seed", "different")
    assert "✓" not in mark.inner_text()
