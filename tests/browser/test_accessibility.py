"""An automated accessibility audit: axe-core (vendored, tests/vendor/axe-core) runs the WCAG 2.0
and 2.1 A/AA rules on every page a player, a spectator or a referee sees, on a phone (390 × 844)
and a desktop (1280 × 800). A "serious" or "critical" violation fails; lesser ones are printed
(run with ``-s`` to read them).

Also by keyboard: the table page's Tab order reaches the bid control, Liar and Next round in a
sensible order, focus stays visible, and a whole round is played without a mouse.
"""
from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.browser.players import DESKTOP, MOBILE, Person, post, seated

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[1] / "vendor" / "axe-core" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = {"serious", "critical"}
VIEWPORTS = {"390x844": MOBILE, "1280x800": DESKTOP}
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Resolves once the browser has laid out and painted a frame after the call."""
SETTLED = """() => Promise.all(document.getAnimations()
    .filter((motion) => motion.effect && motion.effect.getComputedTiming().iterations !== Infinity)
    .map((motion) => motion.finished.catch(() => null)))"""
"""Resolves once every finite animation on the page has ended: axe reads colours as painted, and a
verdict still fading in (the reveal counts the dice first) has the contrast of its first frame."""
AXE_RUN = "(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations', 'incomplete']})"
"""Every rule of ``tags`` runs on every node as before; ``resultTypes`` only spares axe building a
selector for each node that passed (or where a rule did not apply): those lists keep one node per
rule, while violations and the review list keep all of theirs. About half of each audit's time."""


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"[{violation['impact']}] {violation['id']}: {violation['help']} ({violation['helpUrl']})")
        for node in violation["nodes"]:
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"    {' '.join(map(str, node['target']))}: {node['html'][:160]}")
            if summary:
                lines.append(f"      {summary[:400]}")
    return "\n".join(lines)


def axe(page: Page, where: str) -> list[dict[str, Any]]:
    """Run axe on the page as it is now, at both viewports; return every violation (with where).
    What axe could not decide ("incomplete": needs a person's review) is printed."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # not a <script>: the pages forbid inline scripts (CSP)
    found = []
    for size, viewport in VIEWPORTS.items():
        page.set_viewport_size({"width": viewport["width"], "height": viewport["height"]})
        page.evaluate(NEXT_FRAME)  # the layout of the new width is done
        page.evaluate(SETTLED)
        results = page.evaluate(AXE_RUN, WCAG)
        for violation in results["violations"]:
            found.append({**violation, "where": f"{where} @ {size}"})
        review = {item["id"]: len(item["nodes"]) for item in results["incomplete"]}
        if review:
            print(f"\n{where} @ {size}: {len(results['passes'])} rules pass; for review: {review}")
    return found


def check(page: Page, where: str) -> None:
    violations = axe(page, where)
    lesser = [v for v in violations if v["impact"] not in BLOCKING]
    if lesser:
        print(f"\n{where}: lesser violations\n{describe(lesser)}")
    blocking = [v for v in violations if v["impact"] in BLOCKING]
    assert not blocking, f"{where}: serious or critical accessibility violations\n" + "\n".join(
        f"-- {v['where']}\n{describe([v])}" for v in blocking)


def act(person: Person) -> None:
    """One move for the player to act: call Liar when possible, else bid the lowest raise."""
    page = person.page
    button = "#liar" if person.visible("#liar") else "#bid-submit"
    try:
        page.locator(button).click(timeout=2000)
    except PlaywrightError:  # the state moved under the click; the caller looks again
        pass


def play_until(person: Person, selector: str, timeout_s: float = 30) -> None:
    """Play Anna's turns until ``selector`` shows."""
    deadline = time.monotonic() + timeout_s
    while not person.visible(selector):
        assert time.monotonic() < deadline, f"{selector} never showed"
        if person.visible("#bid"):
            act(person)
        elif person.visible("#next-round"):
            try:
                person.page.locator("#next-round").click(timeout=2000)
            except PlaywrightError:  # the round moved on by itself (auto-next): look again
                pass
        person.page.wait_for_timeout(50)


@pytest.fixture(scope="module")
def people(browser: Browser) -> Iterator[list[Person]]:
    opened: list[Person] = []
    yield opened
    for person in opened:
        person.page.context.close()


# The pages


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_home_page(browser: Browser, base_url: str, people: list[Person], lang: str) -> None:
    person = Person.open(browser)
    people.append(person)
    person.page.goto(base_url + "/")
    if lang == "ru":
        person.page.locator('button.lang[data-lang="ru"]').click()  # sets the cookie and reloads the page
    expect(person.page.locator("html")).to_have_attribute("lang", lang)
    # The reloaded page is parsed ("interactive") before its module scripts run: until its load
    # event the form has no submit handler, and a click would submit it natively (no toast).
    person.page.wait_for_load_state("load")
    check(person.page, f"home ({lang})")
    person.page.locator("#create button[value=table]").click()  # no name: the error toast shows
    expect(person.page.locator("#toast")).to_be_visible()
    check(person.page, f"home ({lang}) with the error toast")
    for details in ("#options", "#gm"):
        person.page.locator(f"{details} summary").click()
    person.page.locator("#opt-preset").select_option("perudo")
    person.page.locator("#opt-wild_ones").uncheck()  # a conflict, explained beside the switches
    expect(person.page.locator("#opt-conflicts")).to_be_visible()
    check(person.page, f"home ({lang}) with the table options, a conflict and the referee's options")


def test_the_referees_links_after_run_as_referee(browser: Browser, base_url: str, people: list[Person]) -> None:
    person = Person.open(browser)
    people.append(person)
    page = person.page
    page.goto(base_url + "/")
    page.wait_for_load_state("load")
    page.get_by_label("Your name").fill("GM")
    page.locator("#gm summary").click()
    page.get_by_role("button", name="Create a refereed table").click()
    expect(page.locator("#referee-ready")).to_be_visible()
    check(page, "the referee's links")


def test_a_table_in_the_lobby(browser: Browser, base_url: str, people: list[Person]) -> None:
    anna = seated(browser, base_url, post(base_url, {"name": "Anna"}))
    people.append(anna)
    expect(anna.page.locator("#lobby")).to_be_visible()
    expect(anna.page.locator("#bots")).to_be_visible()
    check(anna.page, "table in the lobby")
    anna.page.locator("#rules-panel summary").click()
    anna.page.locator("#lobby-options summary").click()
    expect(anna.page.locator("#lobby-save")).to_be_visible()
    check(anna.page, "table in the lobby, the rules and the host's options open")


@pytest.fixture(scope="module")
def two_dice(browser: Browser, base_url: str, people: list[Person]) -> tuple[Person, dict[str, Any]]:
    """Anna against one bot, two dice each: her turn comes at once (the bot thinks no time)."""
    created = post(base_url, {"name": "Anna", "rules": {"dice_per_player": 2, "turn_timer_s": 0},
                              "bots": {"count": 1, "level": "easy"}, "start": True})
    anna = seated(browser, base_url, created)
    people.append(anna)
    return anna, created


def test_mid_round_with_the_bid_control(two_dice: tuple[Person, dict[str, Any]]) -> None:
    anna, _ = two_dice
    expect(anna.page.locator("#bid")).to_be_visible()
    expect(anna.page.locator("#hand-dice .die")).to_have_count(2)
    check(anna.page, "mid-round, Anna to act")


def test_after_a_reveal(two_dice: tuple[Person, dict[str, Any]]) -> None:
    anna, _ = two_dice
    play_until(anna, "#reveal")
    expect(anna.page.locator("#over")).to_be_hidden()  # two dice each: the first call ends no game
    expect(anna.page.locator("#next-round")).to_be_visible()
    check(anna.page, "after a reveal")


@pytest.fixture(scope="module")
def one_die(browser: Browser, base_url: str, people: list[Person]) -> tuple[Person, str]:
    """A game of one die each against a bot, played to its end in Anna's page."""
    created = post(base_url, {"name": "Anna", "rules": {"dice_per_player": 1},
                              "bots": {"count": 1, "level": "easy"}, "start": True})
    anna = seated(browser, base_url, created)
    people.append(anna)
    play_until(anna, "#over")
    return anna, created["table"]


def test_the_winner_screen(one_die: tuple[Person, str]) -> None:
    anna, _ = one_die
    expect(anna.page.locator("#winner")).not_to_be_empty()
    check(anna.page, "the winner screen")


def test_a_spectators_view(browser: Browser, base_url: str, people: list[Person],
                           two_dice: tuple[Person, dict[str, Any]]) -> None:
    watcher = Person.open(browser)
    people.append(watcher)
    watcher.watch(base_url + two_dice[1]["url"])
    expect(watcher.page.locator("#bids")).to_be_visible()
    check(watcher.page, "a spectator's view")


@pytest.fixture(scope="module")
def refereed(browser: Browser, base_url: str, people: list[Person]) -> tuple[Person, Person]:
    """A refereed table with cheating allowed: the referee's desk and Anna's page, a game running
    between Anna and a bot the referee seated."""
    created = post(base_url, {"referee": {"name": "GM"}, "rules": {"turn_timer_s": 0}, "gm": {"cheating": True}})
    referee, anna = Person.open(browser), Person.open(browser)
    people.extend([referee, anna])
    referee.page.goto(base_url + created["referee_url"])  # the token rides in the URL fragment
    expect(referee.page.locator("#desk-title")).to_have_text("Referee's desk")
    anna.sit_down(base_url + created["url"], "Anna")
    expect(referee.page.locator("#desk-seats li")).to_have_count(1)
    referee.page.locator("#desk-bot button[type=submit]").click()
    expect(referee.page.locator("#desk-seats li")).to_have_count(2)
    referee.page.get_by_role("button", name="Start a game").click()
    expect(referee.page.locator("#desk-commitments dt").first).to_be_visible()
    expect(anna.page.locator("#cheat-form")).to_be_visible()
    return referee, anna


def test_the_referees_desk(refereed: tuple[Person, Person]) -> None:
    check(refereed[0].page, "the referee's desk")


def test_a_players_page_at_a_refereed_table(refereed: tuple[Person, Person]) -> None:
    check(refereed[1].page, "a player at a refereed table")


def test_the_audit_page_of_a_finished_game(one_die: tuple[Person, str], base_url: str) -> None:
    anna, table = one_die
    anna.page.goto(f"{base_url}/t/{table}/audit?game=1")
    expect(anna.page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    check(anna.page, "the audit page")


def test_the_audit_page_failing_a_tampered_file(one_die: tuple[Person, str], base_url: str, tmp_path: Path) -> None:
    anna, table = one_die
    anna.page.goto(f"{base_url}/t/{table}/audit?game=1")
    expect(anna.page.locator("#audit-summary")).to_have_attribute("data-state", "ok", timeout=20000)
    with urllib.request.urlopen(f"{base_url}/t/{table}/audit.json", timeout=10) as reply:
        export = json.loads(reply.read())
    reveal = next(e for e in export["entries"] if e["kind"] == "round_revealed")
    reveal["public"]["hands"]["1"][0] = reveal["public"]["hands"]["1"][0] % 6 + 1
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    anna.page.set_input_files("#audit-file", str(path))
    expect(anna.page.locator("#audit-summary")).to_have_attribute("data-state", "failed", timeout=20000)
    check(anna.page, "the audit page, a tampered file")


def test_focus_is_always_visible(browser: Browser, base_url: str, people: list[Person]) -> None:
    """The style sheet draws a :focus-visible outline and nothing takes it away."""
    person = Person.open(browser)
    people.append(person)
    page = person.page
    page.goto(base_url + "/")
    rules = page.evaluate("""() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule.selectorText && rule.selectorText.includes("focus"))
        .map((rule) => [rule.selectorText, rule.style.outline, rule.style.outlineStyle, rule.style.outlineWidth])""")
    assert any(selector.strip() == ":focus-visible" and "solid" in outline for selector, outline, *_ in rules), rules
    removed = [r for r in rules if re.search(r"\bnone\b|^0(px)?$", " ".join(r[1:]).strip())
               and not r[0].startswith("main:focus")]  # the skip link's target is focused by script only
    assert not removed, f"a focus style removes the outline: {removed}"


# By keyboard

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const ring = e.matches(".pill input") ? e.nextElementSibling : e;  // a pill draws its radio's focus
  const style = getComputedStyle(ring);
  const name = e.id || (e.dataset.face ? `face-${e.dataset.face}` : `${e.tagName.toLowerCase()}.${e.className}`);
  return {name, ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
          shown: e.checkVisibility() && !e.closest("[hidden]")};
}"""


def tab_stops(page: Page, limit: int = 60) -> list[dict[str, Any]]:
    """Every stop of the Tab key from the skip link round to it again (or ``limit`` presses)."""
    page.locator("a.skip").focus()
    stops = [page.evaluate(FOCUSED)]
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUSED)
        if stop is None:  # past the last control: the browser's own UI
            continue
        if stop["name"] == stops[0]["name"]:
            break
        stops.append(stop)
    return stops


@pytest.fixture(scope="module")
def keyboard_table(browser: Browser, base_url: str, people: list[Person]) -> Person:
    """Anna against one easy bot, five dice each, on a desktop (both columns in one row)."""
    created = post(base_url, {"name": "Anna", "rules": {"dice_per_player": 5, "turn_timer_s": 0},
                              "bots": {"count": 1, "level": "easy"}, "start": True})
    anna = seated(browser, base_url, created, DESKTOP)
    people.append(anna)
    return anna


def press_focused(page: Page, expected: str) -> None:
    expect(page.locator(f"#{expected}")).to_be_focused()
    page.keyboard.press("Enter")


def test_a_round_by_keyboard_alone(keyboard_table: Person) -> None:
    """The bid control takes focus when the turn comes; the stepper, a bid, Liar and Next round
    all work with Tab and Enter; after each, focus lands on the next control a player needs."""
    anna = keyboard_table
    page = anna.page
    expect(page.locator("#bid")).to_be_visible()
    deadline = time.monotonic() + 30
    while not anna.visible("#liar"):  # Anna opens with the lowest bid; the easy bot raises
        assert time.monotonic() < deadline, "Anna never had a bid to call"
        if anna.visible("#next-round"):
            press_focused(page, "next-round")
        elif anna.visible("#bid-submit") and page.evaluate("document.activeElement.id") == "bid-submit":
            page.keyboard.press("Enter")
        page.wait_for_timeout(100)

    stops = [stop["name"] for stop in tab_stops(page)]
    control = [name for name in stops if name in {"q-less", "q-more", "bid-submit", "liar"} or name.startswith("face-")]
    assert control[-2:] == ["bid-submit", "liar"] and control[0] in {"q-less", "q-more"}, stops
    first, last = stops.index(control[0]), stops.index("liar")
    assert stops[first:last + 1] == control, f"something breaks into the bid control: {stops}"
    assert stops[:2] == ["a.skip", "a.brand"] and first > stops.index("a.brand"), stops
    print("\nTab order on the table page:", " → ".join(stops))
    assert last < stops.index("share-link"), f"the bid control comes before the side column: {stops}"

    quantity = int(page.locator("#q-value").inner_text())
    page.locator("#q-more").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#q-value")).to_have_text(str(quantity + 1))
    page.keyboard.press("Space")
    expect(page.locator("#q-value")).to_have_text(str(quantity + 2))

    page.locator("#liar").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#next-round")).to_be_focused()  # the Liar button went away with the bid control
    page.keyboard.press("Enter")
    expect(page.locator("#headline")).to_contain_text("round 2")
    expect(page.locator("#bid-submit")).to_be_focused()  # Anna opens round 2? else the bot did and it is her turn


def test_the_focus_ring_shows_at_every_tab_stop(keyboard_table: Person, browser: Browser, base_url: str,
                                                 people: list[Person]) -> None:
    """On the table page and the home page, each control the Tab key reaches is shown and draws an outline."""
    home = Person.open(browser)
    people.append(home)
    home.page.goto(base_url + "/")
    for where, page in (("table", keyboard_table.page), ("home", home.page)):
        stops = tab_stops(page)
        assert len(stops) > 5, stops
        hidden = [s["name"] for s in stops if not s["shown"]]
        ringless = [s["name"] for s in stops if not s["ring"]]
        assert not hidden, f"{where}: Tab reaches controls that are not shown: {hidden}"
        assert not ringless, f"{where}: no visible focus on {ringless}"


def test_a_table_is_created_by_keyboard(browser: Browser, base_url: str, people: list[Person]) -> None:
    person = Person.open(browser)
    people.append(person)
    page = person.page
    page.add_init_script("localStorage.setItem('tj:tutorial', 'dismissed')")  # a returning visitor: no tutorial offer first
    page.goto(base_url + "/")
    page.keyboard.press("Tab")
    expect(page.locator("a.skip")).to_be_focused()
    page.keyboard.press("Enter")  # the skip link: on to the page's own content
    page.keyboard.press("Tab")
    expect(page.locator("#create-name")).to_be_focused()
    page.keyboard.type("Kira")
    page.keyboard.press("Enter")
    page.wait_for_url("**/t/*")
    expect(page.locator("#seats-list li.you")).to_contain_text("Kira")
