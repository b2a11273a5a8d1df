"""What the table page offers is what it can do now, in a real browser: the waiting line at a
refereed table names the referee (never "#null"), in English and in Russian; while a game runs the
player's stake form is disabled with its reason and a refused stake goes back to the real one, a
playing regular's remove button is disabled with its reason, and a spectator gets no odds or
automatic-next switch and is told a seat taken now plays from the next game; a palifico round's
rules line says ones are not wild; the tutorial's last step offers the regulars' level; the
roll-off lands throw by throw, and at once under reduced motion (its order said at once)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import MOBILE, Person, post, seated
from tests.browser.test_table_options import in_language

pytestmark = pytest.mark.browser

WAITING = {"en": "Waiting for the referee, Мастер, to start the game.", "ru": "Ждём, когда рефери Мастер начнёт игру."}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_at_a_refereed_table_the_waiting_line_names_the_referee(browser: Browser, base_url: str, lang: str) -> None:
    created = post(base_url, {"referee": {"name": "Мастер"}, "rules": {"turn_timer_s": 0}, "gm": {}})
    page = in_language(browser, base_url, lang, None)
    page.goto(base_url + created["url"])
    page.locator("#join-name").fill("Anna")
    page.locator("#join-form button[type=submit]").click()
    expect(page.locator("#seats-list li.you")).to_contain_text("Anna")
    expect(page.locator("#lobby-reason")).to_have_text(WAITING[lang])
    assert "#null" not in page.locator("body").inner_text()


def test_while_a_game_runs_what_cannot_be_used_says_so(browser: Browser, base_url: str) -> None:
    created = post(base_url, {"name": "Anna", "rules": {"turn_timer_s": 0}, "bots": {"count": 1, "level": "easy"}})
    anna = seated(browser, base_url, created, MOBILE)
    page = anna.page
    page.get_by_label("Your stake").fill("10 gold")
    page.get_by_role("button", name="Set", exact=True).click()
    expect(page.locator("#stakes-pot")).to_have_text("Pot: 10 gold")
    remove = page.locator("#seats-list .remove")
    expect(remove).to_be_enabled()                                   # between games a regular may go
    spectator = Person.open(browser, MOBILE)
    spectator.watch(base_url + created["url"])
    expect(spectator.page.locator("#join-hint")).to_have_text("A seat is free: enter a name to play, or just watch.")
    anna.start()
    expect(page.locator("#hand")).to_be_visible()

    stake, set_stake = page.get_by_label("Your stake"), page.get_by_role("button", name="Set", exact=True)
    for control in (stake, set_stake):
        expect(control).to_be_disabled()
        expect(control).to_have_attribute("aria-describedby", "stakes-locked")
    expect(page.locator("#stakes-locked")).to_have_text("Stakes change between games.")
    expect(stake).to_have_value("10 gold")
    # A stake sent anyway (the form forced open, as a page that missed the start would) is refused and undone.
    page.evaluate("""() => { for (const c of document.querySelectorAll("#stake-form input, #stake-form button")) c.disabled = false; }""")
    stake.fill("20 gold")
    set_stake.click()
    expect(page.locator("#toast-text")).to_have_text("Stakes are set before a game (or a poker-dice evening) starts.")
    expect(stake).to_have_value("10 gold")
    expect(page.locator("#stakes-pot")).to_have_text("Pot: 10 gold")

    expect(remove).to_be_disabled()                                  # the regular plays this game
    expect(remove).to_have_attribute("title", re.compile(r"is playing this game: remove them once it is over\.$"))
    reason = remove.get_attribute("aria-describedby")
    expect(page.locator(f"#{reason}")).to_have_text(re.compile(r"is playing this game"))

    watcher = spectator.page
    expect(watcher.locator("#sound-toggle")).to_be_visible()
    expect(watcher.locator("#odds-toggle")).to_be_hidden()
    expect(watcher.locator("#auto-next-toggle")).to_be_hidden()
    expect(watcher.locator("#join-hint")).to_have_text(
        "A game is running: sit down now and you play from the next game, or just watch.")
    expect(page.locator("#odds-toggle")).to_be_visible()             # the player keeps both switches


RULES_LOG = """
addEventListener("DOMContentLoaded", () => {
  const panel = document.getElementById("rules-panel");
  window.tjRules = [];
  const note = () => window.tjRules.push([panel.querySelector(".rules-badge").textContent,
    panel.querySelector('li[data-switch="wild_ones"]')?.textContent ?? ""]);
  new MutationObserver(note).observe(panel, { childList: true, characterData: true, subtree: true });
});
"""
"""Keeps every wording of the rules panel (its badge and its wild-ones line): the regulars may play a
palifico round through in less time than a test's look takes."""

PALIFICO_LINE = "Palifico round: ones are not wild, and bids keep the face (a player with one die may change it)."


def test_a_palifico_rounds_rules_line_says_ones_are_not_wild(browser: Browser, base_url: str) -> None:
    created = post(base_url, {"name": "Anna", "preset": "perudo", "rules": {"dice_per_player": 2, "turn_timer_s": 0},
                              "bots": {"count": 2, "level": "easy"}, "start": True})
    person = Person.open(browser, MOBILE)
    page = person.page
    page.add_init_script(RULES_LOG)
    page.context.add_init_script(f"localStorage.setItem('tj:token:{created['table']}', '{created['token']}')")
    page.goto(base_url + created["url"])
    badge = page.locator("#rules-panel .rules-badge")
    expect(badge).to_contain_text("2 dice · ones wild")
    game = lambda: (person.states[-1].get("game") if person.states else None) or {}  # noqa: E731 - read afresh
    person.press_on_until(lambda: bool(game().get("palifico")) and game().get("phase") == "bidding", "a palifico round")
    worded = page.wait_for_function("""(line) => window.tjRules.find(([badge, wild]) => badge.includes("palifico round")
                                                                   && wild === line)""", arg=PALIFICO_LINE).json_value()
    assert worded[0].startswith("2 dice · palifico round: ones not wild · "), worded


def test_the_tutorials_last_step_offers_the_regulars_level(browser: Browser, base_url: str) -> None:
    page = Person.open(browser, MOBILE).page
    page.add_init_script("sessionStorage.setItem('tj:tutorial:step', '15')")  # the last step, as a language switch keeps it
    page.goto(base_url + "/learn")
    expect(page.locator("#lesson-play")).to_be_visible()
    levels = page.locator("#lesson-play-form")
    expect(levels.get_by_role("radio", name="easy")).to_be_checked()
    levels.get_by_role("radio", name="strong").check()
    expect(levels.get_by_role("radio", name="strong")).to_be_checked()
    page.locator("#lesson-name").fill("Jem")
    page.locator("#lesson-play-start").click()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))
    expect(page.locator("#seats-list li.bot")).to_have_count(2)
    for regular in page.locator("#seats-list li.bot .badge.bot").all():
        expect(regular).to_have_text("regular, strong")


THROWS_LOG = """
addEventListener("DOMContentLoaded", () => {
  const list = document.getElementById("roll-off-throws");
  window.tjThrows = [];
  new MutationObserver(() => window.tjThrows.push([...list.children].map((item) =>
    [item.className, getComputedStyle(item).animationName, getComputedStyle(item).opacity])))
    .observe(list, { childList: true });
});
"""
"""Each drawing of the roll-off's throws as it is put in the page: every throw's class, animation and
opacity at that moment (a later state may draw them again, still, before a test's look)."""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_roll_off_lands_throw_by_throw_and_at_once_under_reduced_motion(browser: Browser, base_url: str,
                                                                            motion: str) -> None:
    created = post(base_url, {"name": "Anna", "preset": "kul_tiras", "rules": {"turn_timer_s": 0},
                              "bots": {"count": 2, "level": "easy"}})
    anna = Person.open(browser, MOBILE)
    page = anna.page
    page.add_init_script(THROWS_LOG)
    page.context.add_init_script(f"localStorage.setItem('tj:token:{created['table']}', '{created['token']}')")
    page.emulate_media(reduced_motion=motion)
    page.goto(base_url + created["url"])
    expect(page.locator("#start")).to_be_enabled()
    anna.start()
    throws = page.wait_for_function("() => window.tjThrows.find((drawn) => drawn.length > 0)").json_value()
    assert all("landing" in name for name, _, _ in throws), throws   # they arrived while Anna watched
    if motion == "reduce":
        assert all(animation == "none" and opacity == "1" for _, animation, opacity in throws), throws
    else:
        assert all(animation == "throw-land" for _, animation, _ in throws), throws
    expect(page.locator("#roll-off-order")).to_contain_text("opens.")  # the text is there while it lands
    anna.expect_announced("Roll-off decided:")
