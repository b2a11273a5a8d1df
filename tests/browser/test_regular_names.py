"""A regular's name in the page's language: logged in Russian (Бочка), shown as Barrel on an English
page and as Бочка on a Russian one; a person who calls themself Бочка keeps their name."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import Person

pytestmark = pytest.mark.browser


def test_a_regular_is_named_in_the_pages_language_and_a_person_keeps_their_own_name(browser: Browser, base_url: str) -> None:
    anna = Person.open(browser)
    url = anna.create_table(base_url, "Бочка")
    anna.page.get_by_role("button", name="Add a regular").click()
    regular = anna.page.locator("#seats-list li.bot .seat-name")
    expect(regular).to_have_text("Barrel")
    expect(anna.page.locator("#seats-list li.you")).to_contain_text("Бочка")
    assert [s["name"] for s in anna.states[-1]["table"]["seats"]] == ["Бочка", "Бочка"]

    ivan = Person.open(browser)
    ivan.page.context.add_cookies([{"name": "lang", "value": "ru", "url": base_url}])
    ivan.watch(url)
    expect(ivan.page.locator("#seats-list li.bot .seat-name")).to_have_text("Бочка")
