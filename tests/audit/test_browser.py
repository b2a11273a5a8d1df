"""In Chromium: a player's page verifies their own dice ("verified", or a loud warning) and
sends its seed; the audit page passes every check of a finished game, shows each round as the
rules re-derived it (bids, call, count, loser) in English and Russian, and fails a tampered file;
under the house rules it shows a kul_tiras game's roll-off (each throw, the ties, the seat order)
and a perudo evening's spot ons and palifico rounds in words.
"""
from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from referee.fairness.keys import fingerprint
from referee.fairness.report import Report
from referee.fairness.verify_play import check_play
from referee.web.i18n import regular_name, translate
from tests.browser.players import Person

from .house_logs import house_evening, preset
from .play_logs import Forger
from tests.support.server import running_server

pytestmark = pytest.mark.browser
VERIFIED = "✓ Verified: your dice match the server's signed commitment"


@pytest.fixture(scope="module")
def chromium(browser: Browser) -> Browser:
    return browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # A long seed deadline: a round is dealt when the page's seed arrives, not when time runs out.
    with running_server(tmp_path_factory.mktemp("server"), bots={"think_s": 0}, fairness={"seed_wait_s": 5}) as server:
        yield server.base_url


def play_alone(base_url: str, dice: int, preset: str | None = None, bots: int = 1) -> dict[str, Any]:
    """POST /api/tables: Anna against ``bots`` easy bots at a table of ``preset`` (or plain rules), started at once."""
    body: dict[str, Any] = {"name": "Anna", "rules": {"dice_per_player": dice}, "bots": {"count": bots, "level": "easy"},
                            "start": True}
    if preset is not None:
        body["preset"] = preset
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def open_seat(browser: Browser, base_url: str, created: dict[str, Any]) -> Person:
    """Anna's page, holding her seat token as the home page would have left it."""
    person = Person.open(browser)
    person.page.context.add_init_script(
        f"localStorage.setItem({json.dumps('tj:token:' + created['table'])}, {json.dumps(created['token'])})")
    person.page.goto(base_url + created["url"])
    return person


def export_of(base_url: str, table: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base_url}/t/{table}/audit.json", timeout=10) as reply:
        return json.loads(reply.read())


def press_on(person: Person, marks: list[str], timeout_s: float = 60) -> None:
    """Play to the end of the game: call Liar when possible, else bid the lowest raise, else next round."""
    page = person.page
    deadline = time.monotonic() + timeout_s
    while not person.visible("#over"):
        assert time.monotonic() < deadline, "the game did not end"
        if person.visible("#dice-verified"):
            marks.append(page.locator("#dice-verified").inner_text())
        person.press_on()


@pytest.fixture(scope="module")
def finished(chromium: Browser, base_url: str) -> dict[str, Any]:
    """A whole game of two dice each, played in Anna's page: her page, table, and every mark shown."""
    created = play_alone(base_url, dice=2)
    anna = open_seat(chromium, base_url, created)
    expect(anna.page.locator("#dice-verified")).to_have_text(VERIFIED, timeout=15000)
    marks: list[str] = []
    press_on(anna, marks)
    return {"anna": anna, "table": created["table"], "marks": marks}


def test_a_players_page_shows_verified_next_to_their_dice_every_round(finished):
    marks = finished["marks"]
    assert marks and set(marks) == {VERIFIED}
    mark = finished["anna"].page.locator("#dice-verified")
    expect(mark).to_have_attribute("role", "status")
    expect(mark).not_to_have_class(re.compile("failed"))


def test_the_page_sends_a_seed_for_every_round_it_sees_rolling(finished, base_url):
    dealt = [e["public"] for e in export_of(base_url, finished["table"])["entries"] if e["kind"] == "round_dealt"]

    assert len(dealt) >= 2
    assert dealt[0]["seeds"] == {}  # round 1 was dealt when the table was created, before the page opened
    for later in dealt[1:]:
        assert list(later["seeds"]) == ["0"] and re.fullmatch("[0-9a-f]{64}", later["seeds"]["0"])
    assert len({later["seeds"]["0"] for later in dealt[1:]}) == len(dealt) - 1


def test_the_footer_shows_the_server_key_fingerprint(finished, base_url):
    key = export_of(base_url, finished["table"])["server_key"]
    expect(finished["anna"].page.locator(".fair-footer .fingerprint")).to_have_text(fingerprint(key))


def test_the_audit_page_passes_every_check_of_the_finished_game(finished, base_url):
    page = finished["anna"].page
    page.get_by_role("link", name="Check every roll (audit)").click()
    page.wait_for_url(re.compile(r"/audit\?game=1$"))
    summary = page.locator("#audit-summary")

    expect(summary).to_have_attribute("data-state", "ok", timeout=20000)
    expect(summary).to_have_text(re.compile(r"^✓ All \d+ checks hold$"))
    rounds = [e for e in export_of(base_url, finished["table"])["entries"] if e["kind"] == "round_revealed"]
    expect(page.locator("#game-1 .round")).to_have_count(len(rounds))
    expect(page.locator("#game-1 .round").first).to_contain_text("Anna (seat 1)")  # seats counted from 1, as the seat chips
    expect(page.locator(".check.ok").first).to_be_visible()
    assert page.locator(".check.failed, .check.unchecked").count() == 0
    assert page.locator(".check.ok").count() >= 2 + 2 * len(rounds)


def test_the_audit_page_fails_a_tampered_export_loaded_from_a_file(finished, base_url, tmp_path):
    page = finished["anna"].page
    page.goto(f"{base_url}/t/{finished['table']}/audit")
    expect(page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    export = export_of(base_url, finished["table"])
    reveal = next(e for e in export["entries"] if e["kind"] == "round_revealed")
    committed = reveal["public"]["hands"]["1"][0]
    reveal["public"]["hands"]["1"][0] = committed % 6 + 1
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(export), encoding="utf-8")

    page.set_input_files("#audit-file", str(path))

    expect(page.locator("#audit-summary")).to_have_attribute("data-state", "failed", timeout=20000)
    expect(page.locator("#audit-summary")).to_have_text(re.compile(r"^✗ 2 of \d+ checks failed$"))
    expect(page.locator("#audit-source")).to_have_text("Local file tampered.json")
    failed = page.locator(f"#game-1 .round:nth-of-type(1) .check.failed, #game-{reveal['public']['game']} .check.failed")
    expect(failed.first).to_contain_text(f"die 0 of seat 2 is revealed as {committed % 6 + 1} but was committed as {committed}")
    expect(page.locator("#audit-general .check.failed")).to_contain_text("the entry was altered")


def test_a_die_that_does_not_match_the_commitment_raises_a_loud_warning(chromium, base_url):
    created = play_alone(base_url, dice=3)
    anna = open_seat(chromium, base_url, created)
    expect(anna.page.locator("#dice-verified")).to_have_text(VERIFIED, timeout=15000)
    expect(anna.page.locator("#bid")).to_be_visible()  # Anna's turn: no real state comes until she acts
    state = next(s for s in reversed(anna.states) if s.get("private"))
    state["private"]["dice"][0] = state["private"]["dice"][0] % 6 + 1
    state["private"]["round"] += 100  # a round the page has not checked yet

    anna.page.evaluate("(state) => window.tavern.socket.listeners('state').forEach((listen) => listen(state))", state)

    mark = anna.page.locator("#dice-verified")
    expect(mark).to_have_text(re.compile(r"^⚠ Warning: your dice do NOT match the server's signed commitment! "
                                         r".*die 0 does not match the commitment root"))
    expect(mark).to_have_attribute("role", "alert")
    expect(mark).to_have_class(re.compile(r"\bfailed\b"))


def test_the_audit_page_shows_each_rounds_bids_call_count_and_loser_in_english_and_russian(finished, base_url):
    export = export_of(base_url, finished["table"])
    report = Report()
    check_play(export, report)
    called = [re.search(r"calls Liar on (\d+) × (\d) by seat \d: (\d+) counted, so seat (\d) loses 1 die", c.message)
              for c in report.checks if " calls Liar on " in c.message]
    quantity, face, count, loser = called[0].groups()
    # As logged: a regular under its bar name (Бочка), which each language's page shows translated.
    names = {e["public"]["seat"]: e["public"]["name"] for e in export["entries"] if e["kind"] == "seat_taken"}
    page = finished["anna"].page
    for lang, texts in (("en", ["The game, re-derived by the rules", f"called “Liar!” on", f"{quantity} × {face}",
                                f"{count} matching di", f"{regular_name('en', names[int(loser)])} (seat {int(loser) + 1}) loses 1 die"]),
                        ("ru", ["Игра, пересчитанная по правилам", "кричит «Лжец!» в ответ на ставку",
                                f"{regular_name('ru', names[int(loser)])} (место {int(loser) + 1}) теряет 1 кубик"])):
        page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
        page.goto(f"{base_url}/t/{finished['table']}/audit")
        expect(page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
        blocks = page.locator("#game-1 .play-audit")
        expect(blocks).to_have_count(len(called))
        for text in texts:
            expect(blocks.first).to_contain_text(text)
    page.context.add_cookies([{"name": "lang", "value": "en", "url": base_url}])


@pytest.fixture(scope="module")
def kul_tiras(chromium: Browser, base_url: str) -> dict[str, Any]:
    """A kul_tiras game (roll-off, calls by anyone, elimination) of two dice, Anna and two bots, played out in her page."""
    created = play_alone(base_url, dice=2, preset="kul_tiras", bots=2)
    anna = open_seat(chromium, base_url, created)
    expect(anna.page.locator("#dice-verified")).to_have_text(VERIFIED, timeout=15000)
    press_on(anna, [])
    return {"anna": anna, "table": created["table"], "export": export_of(base_url, created["table"])}


def test_the_audit_page_shows_a_kul_tiras_roll_off_throw_by_throw_in_english_and_russian(kul_tiras, base_url):
    entries = kul_tiras["export"]["entries"]
    throws = [e["public"] for e in entries if e["kind"] == "roll_off"]
    names = {e["public"]["seat"]: e["public"]["name"] for e in entries if e["kind"] == "seat_taken"}
    regulars = {e["public"]["seat"] for e in entries if e["kind"] == "seat_taken" and e["public"]["kind"] == "bot"}
    report = Report()
    check_play(kul_tiras["export"], report)
    order = next(c.message for c in report.checks if "the seat order is " in c.message)
    seats = [int(s) for s in re.search(r"the seat order is ([\d, ]+):", order).group(1).split(", ")]
    page = kul_tiras["anna"].page
    for lang, throw_word, seat_word, sum_word, order_words in (
            ("en", "Throw {n}, draw {draw}", "seat", "sum", "Seat order: {names}. {name} opens."),
            ("ru", "Бросок {n}, жребий {draw}", "место", "сумма", "Порядок игроков: {names}. Открывает {name}.")):
        shown = {seat: translate(lang, f"regular.{names[seat]}") if seat in regulars else names[seat] for seat in names}
        name = {seat: f"{shown[seat]} ({seat_word} {seat + 1})" for seat in names}  # a regular in the page's language
        page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
        page.goto(f"{base_url}/t/{kul_tiras['table']}/audit")
        expect(page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
        block = page.locator("#game-1 .roll-off-audit")
        expect(block.locator(".throw")).to_have_count(len(throws))
        for k, throw in enumerate(throws):
            item = block.locator(".throw").nth(k)
            expect(item.locator("h4")).to_have_text(throw_word.format(n=throw["counter"], draw=throw["draw"]))
            expect(item.locator(".throw-hands li")).to_have_text(
                [f"{name[int(s)]}: {a}, {b}, {sum_word} {a + b}" for s, (a, b) in sorted(throw["dice"].items(), key=lambda x: int(x[0]))])
        expect(block.locator(".throw .outcome").last).to_have_text(
            order_words.format(names=", ".join(name[s] for s in seats), name=name[seats[0]]))
        expect(block.locator(".check.ok")).to_have_count(len(throws))
        assert page.locator(".check.failed").count() == 0
    page.context.add_cookies([{"name": "lang", "value": "en", "url": base_url}])


def test_the_audit_page_says_a_kul_tiras_loss_costs_every_die(kul_tiras, base_url):
    page = kul_tiras["anna"].page
    page.goto(f"{base_url}/t/{kul_tiras['table']}/audit")
    expect(page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    first = page.locator("#game-1 .round .play-audit").first
    expect(first).to_contain_text(re.compile(r"loses 2 dice\. .* is out of the game"))


def test_the_audit_page_shows_spot_ons_and_palifico_rounds_of_a_perudo_file_in_words(kul_tiras, base_url, tmp_path):
    """A perudo evening's export checked as a local file on a table's audit page (another table's log:
    the page verifies whatever file it is given)."""
    table, _ = house_evening(preset("perudo", dice_per_player=3), seed=4, players=4, games=1)
    export = Forger(table).export()
    report = Report()
    check_play(export, report)
    rights = [c.step for c in report.checks if " gets 1 die back" in c.message]
    wrongs = [c.step for c in report.checks if " says spot on to " in c.message and " loses " in c.message]
    palifico = [c.step for c in report.checks if c.message.endswith("a palifico round: ones are not wild")]
    assert rights and wrongs and palifico
    path = tmp_path / "perudo.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    page = kul_tiras["anna"].page
    page.goto(f"{base_url}/t/{kul_tiras['table']}/audit")
    expect(page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    page.set_input_files("#audit-file", str(path))

    expect(page.locator("#audit-source")).to_have_text("Local file perudo.json", timeout=20000)
    expect(page.locator("#audit-summary")).to_have_attribute("data-state", "ok")
    rounds = page.locator("#game-1 .round")

    def block(step: str):  # noqa: ANN202 - a Playwright locator
        return rounds.nth(int(step.rsplit(" ", 1)[1]) - 1).locator(".play-audit")

    expect(block(rights[0])).to_contain_text(re.compile(r"said “Spot on!” to P\d \(seat \d\)'s"))
    expect(block(rights[0])).to_contain_text(re.compile(r"Nobody loses a die; P\d \(seat \d\) gets a die back"))
    expect(block(wrongs[0])).to_contain_text(re.compile(r"said “Spot on!” to .*P\d \(seat \d\) loses 1 die"))
    expect(block(palifico[0])).to_contain_text("Palifico round: ones are not wild")


# What a Russian audit page may keep in Latin letters: the players' names, hashes, fingerprints and
# seeds, the house's name, the round secrets (x_1) and WebCrypto's name.
LATIN_ALLOWED = re.compile(r"[0-9a-f]{8,}…?|[0-9a-f]{4}(-[0-9a-f]{4}){3}|Tavern Jack|\bx_(r|\d+)\b|WebCrypto Ed25519")


def audit_text(page: Any, names: set[str]) -> str:
    """What a person reads of the audit page's results (the games, the general checks, the nav), names taken out."""
    text = " ".join(page.locator(selector).inner_text() for selector in ("#audit-general", "#audit-games", "#audit-results"))
    for name in names:
        text = text.replace(name, "")
    return text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_audit_page_counts_seats_from_one_and_the_russian_one_has_no_english_fragment(kul_tiras, base_url, lang):
    names = {e["public"]["name"] for e in kul_tiras["export"]["entries"] if e["kind"] == "seat_taken"}
    page = kul_tiras["anna"].page
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page.goto(f"{base_url}/t/{kul_tiras['table']}/audit")
    expect(page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    text = audit_text(page, names | {kul_tiras["table"]})  # the table's id is a name too
    page.context.add_cookies([{"name": "lang", "value": "en", "url": base_url}])
    assert not re.search(r"\b(seat|seats|место|места) 0\b", text), "a seat counted from 0"
    if lang == "en":
        assert "seat 1" in text and "roll_off of game 1" in text  # the verifier's words, seats from 1
        return
    for fragment in ("roll_off", "game_settled", "tavern-jack-audit", "seat", "of game"):
        assert fragment not in text, fragment
    assert "бросок за первый ход партии 1" in text and "журнал аудита Tavern Jack, формат 1" in text
    left = LATIN_ALLOWED.sub("", text)
    assert not re.search(r"[A-Za-z]{2,}", left), re.findall(r".{0,30}[A-Za-z]{2,}.{0,30}", left)[:5]
