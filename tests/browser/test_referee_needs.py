"""The referee's evening on a 1280×800 desk (docs/referee.md section 3): what needs an answer stays in
view, a private message is heard, counted and told, the roll-off is shown throw by throw, controls the
server would refuse are disabled with their reason, and a succeeded telekinesis waits for the referee.
The screenshot referee-desk.png shows the desk with a waiting attempt and an unread message."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.players import ANNOUNCER_LOG, DESKTOP, MOBILE, Person, post
from tests.support.artefacts import keep_screenshot
from tests.support.server import running_server

pytestmark = pytest.mark.browser

WORDS = {
    "en": {"title": "Referee's desk", "locked": "Stakes are locked while a game runs.", "order": "Seat order:",
           "unread": "1 unread message", "needs_message": "Анна: 1 new message", "throw": "Throw 1"},
    "ru": {"title": "Стол рефери", "locked": "Ставки закрыты, пока идёт игра.", "order": "Порядок игроков:",
           "unread": "1 непрочитанное сообщение", "needs_message": "Анна: 1 новое сообщение", "throw": "Бросок 1"},
}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("desk-needs"),
                        limits={"tables_burst": 0, "connections_per_address": 0}) as server:
        yield server.base_url


def open_desk(browser: Browser, base_url: str, lang: str = "en", viewport: dict[str, int] = DESKTOP,
              gm: dict | None = None, **rules: object) -> tuple[Person, str, dict]:
    """A refereed table's desk in ``lang``, connected; the players' link; the table as created."""
    body = {"referee": {"name": "Мастер"}, "rules": {"turn_timer_s": 0, **rules}, "gm": gm or {}}
    created = post(base_url, body)
    context = browser.new_context(viewport=viewport, locale="ru-RU" if lang == "ru" else "en-US")
    referee = Person(context.new_page())
    referee.page.on("websocket", lambda socket: socket.on("framereceived", referee._frame))  # noqa: SLF001
    referee.page.add_init_script(ANNOUNCER_LOG)
    referee.page.goto(base_url + created["referee_url"])
    expect(referee.page.locator("#desk-title")).to_have_text(WORDS[lang]["title"])
    expect(referee.page.locator("#conn")).to_have_attribute("data-state", "connected")
    return referee, base_url + created["url"], created


def in_view(page: Page, selector: str) -> bool:
    return bool(page.evaluate("""(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight && box.height > 0; }""", selector))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_desk_shows_the_roll_off_throw_by_throw_and_the_order_it_decided(browser: Browser, base_url: str, lang: str) -> None:
    referee, url, _ = open_desk(browser, base_url, lang, first_opener="roll_off", dice_per_player=3)
    page = referee.page
    Person.open(browser).sit_down(url, "Анна")  # a person who does not bid keeps the game in its first round
    page.locator("#desk-bot button[type=submit]").click()
    expect(page.locator("#desk-seats li")).to_have_count(2)
    page.locator("#desk-start").click()
    expect(page.locator("#desk-rolloff-order")).to_contain_text(WORDS[lang]["order"])
    roll_off = next(s for s in reversed(referee.states) if (s.get("game") or {}).get("roll_off", {}) and s["game"]["roll_off"]["seat_order"])["game"]["roll_off"]
    throws = page.locator("#desk-rolloff-throws > li")
    expect(throws).to_have_count(len(roll_off["throws"]))
    expect(throws.first.locator("h3")).to_have_text(WORDS[lang]["throw"])
    for number, throwing in enumerate(roll_off["throws"], start=1):
        shown = page.locator(f'#desk-rolloff-throws > li[data-throw="{number}"]')
        for seat, dice in throwing["dice"].items():
            expect(shown.locator(f'li[data-seat="{seat}"] .match')).to_have_text(f"= {sum(dice)}")
        expect(shown.locator(".tie")).to_have_count(sum(1 for group in throwing["standing"] if len(group) > 1))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_private_message_is_counted_told_and_heard_until_the_referee_opens_its_thread(browser: Browser, base_url: str, lang: str) -> None:
    referee, url, _ = open_desk(browser, base_url, lang)
    page = referee.page
    anna = Person.open(browser)
    anna.sit_down(url, "Анна")
    expect(page.locator("#desk-seats li")).to_have_count(1)
    title = page.title()
    anna.page.locator("#gm-private-text").fill("Мастер, у меня вопрос")
    anna.page.locator("#gm-private-form button").click()

    expect(page.locator("#desk-unread")).to_have_attribute("data-count", "1")
    expect(page.locator("#desk-unread")).to_have_attribute("aria-label", WORDS[lang]["unread"])
    expect(page.locator("#desk-unread")).to_be_visible()
    expect(page.locator("#toast")).to_contain_text("Мастер, у меня вопрос")
    expect(page.locator("#referee")).to_have_attribute("data-chimes", "1")
    assert page.title() == f"(1) {title}"
    page.wait_for_function("() => (window.tjAnnounced ?? []).some((said) => said.includes('у меня вопрос'))")
    need = page.locator('#needs-list li[data-need="message"] button')
    expect(need).to_have_text(WORDS[lang]["needs_message"])

    need.click()  # opens the thread: read
    expect(page.locator('#desk-threads details[data-seat="0"]')).to_have_attribute("open", "")
    expect(page.locator("#message-0")).to_be_focused()
    expect(page.locator("#desk-unread")).to_have_attribute("data-count", "0")
    expect(page.locator("#desk-unread")).to_be_hidden()
    assert page.title() == title

    page.locator('#desk-threads details[data-seat="0"] summary').click()  # closed again: the next line is news
    page.locator("#desk-sound").click()
    expect(page.locator("#desk-sound")).to_have_attribute("aria-pressed", "false")
    anna.page.locator("#gm-private-text").fill("ещё")
    anna.page.locator("#gm-private-form button").click()
    expect(page.locator("#desk-unread")).to_have_attribute("data-count", "1")
    expect(page.locator("#referee")).to_have_attribute("data-chimes", "1")  # muted: no chime
    page.locator("#desk-sound").click()  # the switch is this browser's: leave it on for the next test


def test_remove_and_stakes_are_disabled_with_their_reason_while_a_game_runs(browser: Browser, base_url: str) -> None:
    referee, _, _ = open_desk(browser, base_url, "ru", dice_per_player=2)
    page = referee.page
    for seated in (1, 2):
        page.locator("#desk-bot button[type=submit]").click()
        expect(page.locator("#desk-seats li")).to_have_count(seated)
    remove = page.locator('#desk-seats li[data-seat="0"] button.danger')
    expect(remove).to_be_enabled()
    expect(page.locator("#stake-0")).to_be_enabled()
    page.locator("#desk-pause").wait_for(state="hidden")
    page.locator("#desk-start").click()
    page.locator("#desk-pause").click()  # the regulars wait: the game stays running
    expect(remove).to_be_disabled()
    expect(remove).to_have_attribute("aria-describedby", "seat-lock-0")
    expect(page.locator("#seat-lock-0")).to_contain_text("играет")
    for control in (page.locator("#stake-0"), page.locator('#desk-seats li[data-seat="0"] form button')):
        expect(control).to_be_disabled()
        expect(control).to_have_attribute("title", WORDS["ru"]["locked"])
    expect(page.locator("#desk-stakes-locked")).to_have_text(WORDS["ru"]["locked"])


def cheating_evening(browser: Browser, base_url: str, viewport: dict[str, int] = DESKTOP) -> tuple[Person, Person, Person]:
    referee, url, _ = open_desk(browser, base_url, viewport=viewport, gm={"cheating": True}, dice_per_player=3)
    anna, ben = Person.open(browser, DESKTOP), Person.open(browser, DESKTOP)
    anna.sit_down(url, "Анна")
    ben.sit_down(url, "Ben")
    expect(referee.page.locator("#desk-seats li")).to_have_count(2)
    referee.page.locator("#desk-start").click()
    expect(anna.page.locator("#cheat-form")).to_be_visible()
    return referee, anna, ben


def cheat(person: Person, kind: str, description: str, **fields: str) -> None:
    person.page.locator("#cheat-kind").select_option(kind)
    for name, value in fields.items():
        person.page.locator(f"#cheat-{name}").select_option(value)
    person.page.locator("#cheat-description").fill(description)
    person.page.locator("#cheat-form button[type=submit]").click()


@pytest.mark.parametrize("viewport", [DESKTOP, MOBILE], ids=["desktop", "phone"])
def test_what_needs_the_referee_stays_in_view_while_the_desk_scrolls(browser: Browser, base_url: str, tmp_path: Path,
                                                                      viewport: dict[str, int]) -> None:
    referee, anna, _ = cheating_evening(browser, base_url, viewport)
    page = referee.page
    cheat(anna, "other", "Подменяю кружку, пока бармен отвернулся")
    anna.page.locator("#gm-private-text").fill("Мастер, это сработает?")
    anna.page.locator("#gm-private-form button").click()
    expect(page.locator('#needs-list li[data-need="judge"] button')).to_have_text("Attempt #1 by Анна: judge it")
    expect(page.locator('#needs-list li[data-need="message"]')).to_have_count(1)
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("() => scrollY > 0")
    assert in_view(page, "#desk-needs") and in_view(page, '#needs-list li[data-need="judge"]')
    assert page.title().startswith("(2) ")
    if viewport == DESKTOP:
        page.evaluate("scrollTo(0, 0)")
        keep_screenshot(page, tmp_path, "referee-desk", whole_page=False)
    page.locator('#needs-list li[data-need="judge"] button').click()
    expect(page.locator("#difficulty-1")).to_be_focused()
    assert in_view(page, '#desk-attempts li[data-attempt="1"] .judge')


def test_a_succeeded_telekinesis_waits_for_the_referee_and_its_player_is_told_until_the_round_ends(browser: Browser, base_url: str) -> None:
    referee, anna, ben = cheating_evening(browser, base_url)
    page = referee.page
    dice = anna.states[-1]["game"]["dice"]
    index = next((i for i, d in enumerate(dice) if d != 6), 0)
    cheat(anna, "telekinesis", "Взгляд чародея", die=str(index), value="6")
    attempt = page.locator('#desk-attempts li[data-attempt="1"]')
    attempt.locator("#difficulty-1").fill("1")
    attempt.locator(".judge button[type=submit]").click()
    expect(attempt).to_have_attribute("data-need", "approve")
    expect(page.locator('#needs-list li[data-need="approve"]')).to_have_count(1)
    mine = anna.page.locator('#cheat-attempts li[data-attempt="1"]')
    expect(mine).to_contain_text("check succeeded: the referee applies the effect")
    assert anna.states[-1]["game"]["dice"] == dice  # nothing changed yet

    attempt.locator('button[data-approve="apply"]').click()
    told = f"Your die {index + 1} now shows 6."
    expect(mine.locator(".effect")).to_have_text(told)
    expect(anna.page.locator("#hand-dice .dice")).to_have_attribute(
        "aria-label", re.compile(re.escape(", ".join(map(str, dice[:index] + [6] + dice[index + 1:])))))
    expect(page.locator('#needs-list li[data-need="approve"]')).to_have_count(0)

    for person in (anna, ben):  # the round is played out; the next one opens
        person.page.bring_to_front()
    players = [anna, ben]
    while (anna.states[-1].get("game") or {}).get("round") != 2:
        for person in players:
            person.press_on()
    expect(mine.locator(".effect")).to_have_count(0)


def test_a_die_changed_by_hand_is_told_to_its_player(browser: Browser, base_url: str) -> None:
    referee, anna, _ = cheating_evening(browser, base_url)
    page = referee.page
    cheat(anna, "other", "Ловкость рук")
    attempt = page.locator('#desk-attempts li[data-attempt="1"]')
    attempt.locator("#difficulty-1").fill("1")
    attempt.locator(".judge button[type=submit]").click()
    expect(attempt.locator("#change-die-1")).to_be_visible()
    attempt.locator("#change-seat-1").select_option("0")
    attempt.locator("#change-die-1").fill("2")
    attempt.locator("#change-value-1").fill("5")
    attempt.locator("form button[type=submit]").last.click()
    expect(anna.page.locator('#cheat-attempts li[data-attempt="1"] .effect')).to_have_text("Your die 2 now shows 5.")
    expect(attempt.locator(".effect")).to_have_text("Die 2 of Анна now shows 5.")
    expect(attempt.locator("#change-die-1")).to_have_count(0)
