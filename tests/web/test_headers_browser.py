"""Chromium under the served Content-Security-Policy: every page runs (its scripts, styles and
socket) without one violation, and no other site can frame it."""
from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.client import create_table
from tests.support.server import Server, running_server

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("csp-server")) as served:
        yield served


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    context.add_init_script(RECORD_VIOLATIONS)
    opened = context.new_page()
    yield opened
    context.close()


def refereed_table(base_url: str) -> dict:
    """POST /api/tables with a referee; the body (``referee_url`` carries the token in its fragment)."""
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps({"referee": {"name": "GM"}}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=5) as reply:
        return json.loads(reply.read())


def violations(page: Page, console: list[str]) -> list[str]:
    return page.evaluate("window.__violations") + [line for line in console if "Content Security Policy" in line]


def test_every_page_runs_under_the_policy_without_a_violation(server: Server, page: Page):
    """The home page (creating a table), the table, its audit page, a referee's dashboard and a
    404 page; at the end an inline script is refused, which shows the policy is enforced and seen."""
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.goto(server.base_url + "/")
    page.get_by_label("Your name").fill("Anna")
    page.get_by_role("button", name="Create a table").click()
    page.wait_for_url("**/t/*")
    expect(page.locator("#seats-list li.you")).to_contain_text("Anna")
    expect(page.locator("#conn")).to_have_attribute("data-state", "connected")
    assert violations(page, console) == []
    table = page.url.rsplit("/", 1)[1]

    page.goto(f"{server.base_url}/t/{table}/audit")
    page.wait_for_load_state("networkidle")
    assert violations(page, console) == []

    page.goto(server.base_url + refereed_table(server.base_url)["referee_url"])
    expect(page.locator("#conn")).to_have_attribute("data-state", "connected")
    assert violations(page, console) == []

    page.goto(f"{server.base_url}/t/no-such-table")
    page.wait_for_load_state("networkidle")
    assert violations(page, console) == []

    page.evaluate("""() => { const s = document.createElement("script"); s.textContent = "window.ran = 1";
                             document.head.append(s); }""")
    page.wait_for_function("window.__violations.length > 0")
    assert page.evaluate("window.ran") is None and "script-src" in violations(page, console)[0]


def test_a_page_of_another_site_cannot_frame_the_table(server: Server, page: Page):
    table = create_table(server.base_url, "Anna")["table"]
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.set_content(f'<iframe id="framed" src="{server.base_url}/t/{table}"></iframe>')
    page.wait_for_load_state("networkidle")
    framed = page.frame_locator("#framed")
    expect(framed.locator("#seats-list")).to_have_count(0)
    assert any("frame-ancestors" in line or "X-Frame-Options" in line for line in console), console
