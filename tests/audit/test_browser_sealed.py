"""In Chromium, the audit page (a saved export checked as a local file) fails what a dishonest
server may try with sealed secrets and licenses, with the verifiers' own words: a guessable digest
(an unsalted die change in a salted log, a private message's digest) and a stretched license (an
"other" attempt's second die change); the same export verifies in Python with the same failures."""
from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from referee.fairness.verify import verify_export
from tests.fairness.test_dishonest_digests import forge
from tests.fairness.test_dishonest_licenses import again_in_its_round, licensed_evening
from tests.support.seat_words import from_one
from tests.support.server import running_server

from .play_logs import Forger
from .sealed_evening import sealed_evening, server_log

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def audit_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The audit page of a fresh table (the page verifies whatever file it is given)."""
    with running_server(tmp_path_factory.mktemp("server")) as server:
        request = urllib.request.Request(server.base_url + "/api/tables", data=json.dumps({"name": "Anna"}).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as reply:
            table = json.loads(reply.read())["table"]
        yield f"{server.base_url}/t/{table}/audit"


def forgeries() -> dict[str, dict]:
    night, export = sealed_evening()
    truth = {entry.seq: entry.secret for entry in server_log(night) if entry.secret is not None}
    forger = Forger(licensed_evening())
    again_in_its_round("other")(forger)
    return {"unsalted_die_change": forge(export, truth, "unsalted_die_change")[0],
            "message_as_a_digest": forge(export, truth, "message_as_a_digest")[0],
            "other_used_twice": forger.export()}


def test_the_audit_page_fails_a_guessable_digest_and_a_stretched_license_in_the_verifiers_words(
        browser: Browser, audit_url: str, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(audit_url)
    for name, export in forgeries().items():
        failures = [check.message for check in verify_export(export).failures]
        assert failures
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(export), encoding="utf-8")
        page.set_input_files("#audit-file", str(path))
        expect(page.locator("#audit-source")).to_have_text(f"Local file {name}.json", timeout=20000)
        expect(page.locator("#audit-summary")).to_have_attribute("data-state", "failed", timeout=20000)
        for message in failures:
            expect(page.locator(".check.failed").filter(has_text=from_one(message)).first).to_be_visible()  # seats from 1
    page.close()
