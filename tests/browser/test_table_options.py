"""The house rules on the page: the home page's table options (a preset, every switch, conflicts
explained before sending) create the table they show, and the table shows its rules to everyone in
a badge line and a plain-language summary, in English and Russian."""
from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .players import DESKTOP, MOBILE, Person, post

pytestmark = pytest.mark.browser

KUL_TIRAS_BADGE = "7 dice · ones not wild · face only goes up · anyone calls · loser is out · roll-off"
PERUDO_BADGE = "5 dice · ones wild · bids on ones · spot on · palifico"


def open_options(page: Page) -> None:
    options = page.locator("#options")
    expect(options).not_to_have_attribute("open", "")
    expect(page.get_by_label("Rules preset")).to_be_hidden()  # collapsed until asked for
    options.locator("summary").click()
    expect(page.get_by_label("Rules preset")).to_be_visible()


def created_by(page: Page, button: str) -> dict[str, Any]:
    """Press ``button`` and return the body the page sent to POST /api/tables."""
    with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as sent:
        page.get_by_role("button", name=button, exact=True).click()
    return json.loads(sent.value.post_data or "{}")


def test_the_home_pages_options_create_a_kul_tiras_table_and_its_badge_says_so(browser: Browser, base_url: str) -> None:
    anna = Person.open(browser, MOBILE)
    page = anna.page
    page.goto(base_url + "/")
    page.get_by_label("Your name").fill("Anna")
    open_options(page)
    expect(page.locator("#options .options-badge")).to_have_text("5 dice · ones wild")
    page.get_by_label("Rules preset").select_option("kul_tiras")
    expect(page.get_by_label("Dice per player")).to_have_value("7")
    expect(page.get_by_label("Ones are wild")).not_to_be_checked()
    expect(page.get_by_role("radio", name="Anyone")).to_be_checked()
    expect(page.get_by_role("radio", name="Out of the game")).to_be_checked()
    expect(page.get_by_role("radio", name="Roll-off")).to_be_checked()
    expect(page.get_by_label("Ones are wild")).to_have_accessible_description(
        "A one counts as every face. Off: a one is just a one, and any face 1 to 6 may be bid.")
    expect(page.locator("#options .options-badge")).to_have_text(KUL_TIRAS_BADGE)

    body = created_by(page, "Create a table")
    assert (body["name"], body["preset"], body["rules"]) == ("Anna", "kul_tiras", {})
    page.wait_for_url("**/t/*")
    expect(page.locator("#rules-panel .rules-badge")).to_have_text(KUL_TIRAS_BADGE)
    anna.wait_for_states()
    assert anna.states[-1]["table"]["rules"]["first_opener"] == "roll_off"

    page.locator("#rules-panel summary").click()
    expect(page.locator("#rules-panel .rules-title")).to_have_text("The Kul Tiras rules")
    lines = page.locator("#rules-panel .rules-lines li")
    expect(lines.first).to_have_text("Each player starts with 7 dice.")
    expect(page.locator('#rules-panel li[data-switch="first_opener"]')).to_contain_text("Roll-off: before the game")
    expect(page.locator('#rules-panel li[data-switch="spot_on"]')).to_have_count(0)

    ben = Person.open(browser, DESKTOP)
    ben.watch(anna.share_link())
    expect(ben.page.locator("#rules-panel .rules-badge")).to_have_text(KUL_TIRAS_BADGE)


def test_play_alone_sends_the_preset_and_the_switches_changed_from_it(browser: Browser, base_url: str) -> None:
    page = Person.open(browser, MOBILE).page
    page.goto(base_url + "/")
    page.get_by_label("Your name").fill("Anna")
    open_options(page)
    page.get_by_label("Rules preset").select_option("perudo")
    page.get_by_label("Dice per player").fill("3")
    page.get_by_label("Seconds per turn").fill("0")
    expect(page.locator("#opt-changed")).to_have_text("2 switches changed from the preset.")
    page.get_by_role("radio", name="1", exact=True).check()
    body = created_by(page, "Play alone")
    assert (body["preset"], body["rules"], body["bots"]["count"]) == ("perudo", {"dice_per_player": 3, "turn_timer_s": 0}, 1)
    page.wait_for_url("**/t/*")
    expect(page.locator("#rules-panel .rules-badge")).to_have_text(PERUDO_BADGE.replace("5 dice", "3 dice"))
    expect(page.locator("#hand-dice .die")).to_have_count(3)


def test_switches_that_do_not_combine_are_explained_before_anything_is_sent(browser: Browser, base_url: str) -> None:
    page = Person.open(browser, MOBILE).page
    page.goto(base_url + "/")
    page.get_by_label("Your name").fill("Anna")
    open_options(page)
    page.get_by_label("Rules preset").select_option("perudo")
    page.get_by_label("Ones are wild").uncheck()
    conflicts = page.locator("#opt-conflicts")
    expect(conflicts).to_have_text("These switches do not combine:Bids on ones need wild ones.")
    expect(page.get_by_label("Bids on ones")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Ones are wild")).to_have_attribute("aria-invalid", "true")

    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/api/tables") else None)
    page.get_by_role("button", name="Create a table", exact=True).click()
    expect(page.locator("#toast")).to_contain_text("Bids on ones need wild ones.")
    expect(page.get_by_label("Bids on ones")).to_be_focused()
    assert sent == [] and "/t/" not in page.url

    page.get_by_label("Bids on ones").uncheck()
    expect(conflicts).to_be_hidden()
    expect(page.get_by_label("Ones are wild")).not_to_have_attribute("aria-invalid", "true")
    page.get_by_label("Seconds per turn").fill("5000")
    page.get_by_role("button", name="Create a table", exact=True).click()
    expect(page.locator("#toast-text")).to_have_text("A number in the table options is out of range.")
    expect(page.get_by_label("Seconds per turn")).to_be_focused()
    assert sent == []


def test_the_servers_settings_conflict_is_shown_if_it_still_comes(browser: Browser, base_url: str) -> None:
    page = Person.open(browser, MOBILE).page
    page.route("**/api/tables", lambda route: route.fulfill(status=400, content_type="application/json", body=json.dumps(
        {"ok": False, "code": "settings/conflict", "message": "duel_dice needs loss = elimination, not one_die"})))
    page.goto(base_url + "/")
    page.get_by_label("Your name").fill("Anna")
    page.get_by_role("button", name="Create a table", exact=True).click()
    expect(page.locator("#toast")).to_contain_text("These table options do not combine.")
    expect(page.locator("#options")).to_have_attribute("open", "")
    expect(page.get_by_role("button", name="Create a table", exact=True)).to_be_enabled()


@pytest.mark.parametrize(("lang", "badge", "title", "first_line"), [
    ("en", KUL_TIRAS_BADGE, "The Kul Tiras rules", "Each player starts with 7 dice."),
    ("ru", "7 кубиков · единицы не джокеры · число только растёт · ловит любой · проигравший выбывает · жребий",
     "Правила Кул-Тираса", "В начале у каждого 7 кубиков."),
])
def test_the_rules_summary_reads_in_the_pages_language_for_players_spectators_and_the_referee(
        browser: Browser, base_url: str, lang: str, badge: str, title: str, first_line: str) -> None:
    plain = post(base_url, {"name": "Anna", "preset": "kul_tiras"})
    refereed = post(base_url, {"referee": {"name": "GM"}, "preset": "kul_tiras"})
    player = {"table": plain["table"], "token": plain["token"]}
    for path, seat in ((plain["url"], player), (plain["url"], None), (refereed["url"], None), (refereed["referee_url"], None)):
        page = in_language(browser, base_url, lang, seat)
        page.goto(base_url + path)
        panel = page.locator(".rules-panel")
        expect(panel.locator(".rules-badge")).to_have_text(badge)
        panel.locator("summary").click()
        expect(panel.locator(".rules-title")).to_have_text(title)
        expect(panel.locator(".rules-lines li").first).to_have_text(first_line)
        expect(panel.locator(".rules-lines li")).to_have_count(8)  # the 8 switches but the 4 true-or-false ones that are off
        page.context.close()


def in_language(browser: Browser, base_url: str, lang: str, seat: dict[str, str] | None) -> Page:
    """A fresh page whose ``lang`` cookie picks the language; with ``seat``, holding that seat's token."""
    context = browser.new_context(viewport=MOBILE, locale="en-US")
    context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    if seat:
        context.add_init_script(f"localStorage.setItem({json.dumps('tj:token:' + seat['table'])}, {json.dumps(seat['token'])})")
    return context.new_page()
