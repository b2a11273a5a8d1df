"""The share panel in the browser: the QR code shows with its label, the share sheet is offered only
where the browser has one, and every asset comes from a hashed URL the browser keeps."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import DESKTOP, MOBILE, Person

pytestmark = pytest.mark.browser

FAKE_SHARE = "navigator.share = async (data) => { window.tjShared = data; };"


def test_the_qr_code_of_the_link_shows_with_its_label(browser: Browser, base_url: str) -> None:
    anna = Person.open(browser, MOBILE)
    url = anna.create_table(base_url, "Anna")
    qr = anna.page.get_by_role("img", name="QR code of the table link")
    qr.scroll_into_view_if_needed()
    expect(qr).to_be_visible()
    anna.page.wait_for_function("document.getElementById('share-qr').naturalWidth > 0")  # fetched once near the screen
    assert qr.get_attribute("src") == "/t/" + url.rsplit("/", 1)[1] + "/qr.svg"


def test_the_share_button_opens_the_browsers_share_sheet_with_the_link(browser: Browser, base_url: str) -> None:
    anna = Person.open(browser, MOBILE)
    anna.page.add_init_script(FAKE_SHARE)
    url = anna.create_table(base_url, "Anna")
    anna.page.get_by_role("button", name="Share…").click()
    anna.page.wait_for_function("window.tjShared !== undefined")
    assert anna.page.evaluate("window.tjShared.url") == url


def test_without_a_share_sheet_there_is_no_share_button(browser: Browser, base_url: str) -> None:
    ben = Person.open(browser, DESKTOP)
    ben.page.add_init_script("delete Navigator.prototype.share;")
    ben.create_table(base_url, "Ben")
    expect(ben.page.get_by_role("button", name="Copy link")).to_be_visible()
    expect(ben.page.locator("#share-native")).to_be_hidden()


def test_a_second_visit_takes_every_asset_from_the_browsers_cache(browser: Browser, base_url: str) -> None:
    anna = Person.open(browser, DESKTOP)
    url = anna.create_table(base_url, "Anna")
    again = anna.page.context.new_page()
    cdp = anna.page.context.new_cdp_session(again)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    over_the_wire: list[str] = []
    cdp.on("Network.requestWillBeSent", lambda event: urls.__setitem__(event["requestId"], event["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda event: over_the_wire.append(urls.get(event["requestId"], "?"))
           if event["encodedDataLength"] > 0 else None)
    again.goto(url)
    expect(again.locator("#seats-list li.you")).to_contain_text("Anna")
    assert any(sent.endswith(url.rsplit("/", 1)[1]) for sent in over_the_wire), over_the_wire
    assert [sent for sent in over_the_wire if "/static/" in sent] == []
