"""A Spanish visitor (Accept-Language: es) gets the home page, the tutorial and a table in Spanish,
with no catalogue key left untranslated on the page; and each table's page fetches only its own
family's modules and strings (a Liar's Dice table nothing of poker-dice, and the other way round)."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .players import MOBILE

pytestmark = pytest.mark.browser

CATALOG = Path(__file__).resolve().parents[2] / "referee" / "web" / "catalog"
KEYS = set(json.loads((CATALOG / "en.json").read_text(encoding="utf-8")))
SPANISH = json.loads((CATALOG / "es.json").read_text(encoding="utf-8"))
SHOWN = """() => [document.body.innerText,
  ...[...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")].flatMap((el) =>
    ["aria-label", "title", "placeholder", "alt"].map((name) => el.getAttribute(name) ?? ""))].join("\\n")"""
WORD = re.compile(r"[\w./-]+")


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=MOBILE, locale="es-ES")
    opened = context.new_page()
    yield opened
    context.close()


def no_raw_keys(page: Page) -> None:
    """Nothing the page shows (text, labels, titles) is a catalogue key left as it is."""
    shown = page.evaluate(SHOWN)
    assert sorted(KEYS & set(WORD.findall(shown))) == []


def fetched(page: Page) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


def test_the_home_page_and_the_tutorial_are_in_spanish(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#home-title")).to_have_text(SPANISH["home.title"])
    expect(page.locator("#tutorial-offer-title")).to_have_text("¿Primera vez en la taberna?")
    expect(page.locator('button.lang[data-lang="es"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('button.lang[data-lang="es"]')).to_contain_text("Español")
    no_raw_keys(page)
    page.locator("#tutorial-offer-start").click()
    expect(page).to_have_url(re.compile(r"/learn$"))
    expect(page.locator("#lesson-progress")).to_contain_text("paso 1 de")
    expect(page.locator("#lesson-text")).to_contain_text("Tú eres Jem")
    no_raw_keys(page)
    for step in (2, 3, 4):
        page.locator("#lesson-continue").click()
        expect(page.locator("#lesson-progress")).to_contain_text(f"paso {step} de")
    expect(page.locator("#lesson-text")).to_contain_text("Los ases son comodines")
    expect(page.locator("#lesson-text")).to_contain_text("tres treses")
    no_raw_keys(page)


def test_a_liars_dice_table_is_in_spanish_and_fetches_nothing_of_poker_dice(page: Page, base_url: str) -> None:
    urls = fetched(page)
    page.goto(base_url + "/")
    page.locator("#create-name").fill("Ana")
    page.locator("#solo-play").click()
    page.wait_for_url("**/t/*")
    expect(page.locator("#seats-list li.bot").first).to_be_visible()
    expect(page.locator("#hand-dice .die").first).to_be_visible(timeout=20000)
    regulars = {value for key, value in SPANISH.items() if key.startswith("regular.")}
    for name in page.locator("#seats-list li.bot .seat-name").all_inner_texts():
        assert name in regulars
    no_raw_keys(page)
    assert any("/catalog/table.liars_dice.es." in url for url in urls), urls
    assert [url for url in urls if "poker" in url and ("/static/js/table." in url or "/static/catalog/table." in url)] == []


def test_a_poker_dice_table_is_in_spanish_and_fetches_nothing_of_liars_dice(page: Page, base_url: str) -> None:
    urls = fetched(page)
    page.goto(base_url + "/")
    page.locator("#create-name").fill("Ana")
    page.get_by_role("radio", name=SPANISH["home.game.poker_bluff"]).check()
    page.locator("#solo-play").click()
    page.wait_for_url("**/t/*")
    expect(page.locator("#poker-duel")).to_be_visible()
    no_raw_keys(page)
    table = [url for url in urls if "/static/js/table." in url or "/static/catalog/table." in url]
    assert any("/catalog/table.poker_bluff.es." in url for url in table), urls
    assert [url for url in table if "liars_dice" in url] == []
