"""What the pages cost a visitor's connection: bytes transferred and requests, cold and warm.

    .venv/bin/python bench/page_weight.py [--lang en,ru] [--json]

Starts a real ``referee serve`` (gevent, SQLite in a temporary folder), creates a Liar's Dice table
(``table``) and a poker-dice one (``poker``), then
opens its link in headless Debian Chromium (Playwright, the tests' flags) as a friend would who
got the link: a fresh browser profile (cold), then the same profile again (warm: a repeat visit).
A load is over when the page is ready (the table page shows its join form, the home page its
create form, the audit page its verdict) and the network has been quiet for 0.5 s. The home and
audit pages are measured the same way, in a fresh profile each; the targets are the table page's.

Counted through the DevTools protocol, as the Network panel counts them: every HTTP response's
bytes on the wire (headers and compressed body: ``Network.loadingFinished.encodedDataLength``, the
response headers' share in its own column;
an asset served from the browser's cache costs 0 and is not a request), plus the Socket.IO
websocket's frames both ways. Targets (issues 11 and 26): cold <= 70 KB, warm <= 10 KB, for
both tables. Each table's list of responses shows it fetched only its own family's module chunk
and strings (``table.liars_dice.ru.json``). The machine's load average is printed with the figures.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.request
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from playwright.sync_api import BrowserContext, sync_playwright  # noqa: E402

from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.support.client import create_table  # noqa: E402
from tests.support.server import running_server  # noqa: E402

TARGETS_KB = {"cold": 70, "warm": 10}


@dataclass
class Load:
    """One page load: HTTP requests on the wire, their bytes (of which response headers),
    websocket bytes, per-URL bytes."""

    requests: int = 0
    http_bytes: int = 0
    header_bytes: int = 0
    websocket_bytes: int = 0
    by_url: dict[str, int] = field(default_factory=dict)

    @property
    def total_bytes(self) -> int:
        return self.http_bytes + self.websocket_bytes


READY = {"table": "#join", "poker": "#join", "home": "#create", "audit": '#audit-summary:not([data-state="checking"])'}
"""What each page shows once it is ready to use."""


def load(context: BrowserContext, url: str, ready: str) -> Load:
    """Open ``url`` in a new tab of ``context``, wait for ``ready`` and count what crossed the network."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    seen = Load()
    urls: dict[str, str] = {}
    cached: set[str] = set()
    headers: dict[str, int] = {}

    def sent(event: dict[str, Any]) -> None:
        urls[event["requestId"]] = event["request"]["url"]

    def finished(event: dict[str, Any]) -> None:
        request_id = event["requestId"]
        size = int(event["encodedDataLength"])
        if request_id in cached or size == 0:
            return
        seen.requests += 1
        seen.http_bytes += size
        seen.header_bytes += headers.get(request_id, 0)
        name = urls.get(request_id, "?").split("?")[0].rsplit("/", 1)[-1] or "/"
        seen.by_url[name] = seen.by_url.get(name, 0) + size

    def frame(event: dict[str, Any]) -> None:
        seen.websocket_bytes += len(event["response"]["payloadData"].encode("utf-8"))

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.requestServedFromCache", lambda event: cached.add(event["requestId"]))
    cdp.on("Network.responseReceived", lambda event: headers.__setitem__(
        event["requestId"], int(event["response"].get("encodedDataLength", 0))))
    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.webSocketFrameReceived", frame)
    cdp.on("Network.webSocketFrameSent", frame)
    page.goto(url)
    page.locator(ready).wait_for(state="visible", timeout=30000)
    page.wait_for_load_state("networkidle")
    page.close()
    return seen


def create_poker_table(base_url: str, name: str) -> str:
    """A new poker-dice table's id (POST /api/tables with ``game: poker_bluff``)."""
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps({"name": name, "game": "poker_bluff"}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=5) as reply:
        return str(json.loads(reply.read())["table"])


def measure(base_url: str, lang: str) -> dict[str, dict[str, Load]]:
    """Cold then warm loads of a fresh table's page, the home page and the table's audit page in ``lang``."""
    table = create_table(base_url, "Anna")["table"]
    poker = create_poker_table(base_url, "Anna")
    urls = {"table": f"{base_url}/t/{table}", "poker": f"{base_url}/t/{poker}", "home": f"{base_url}/",
            "audit": f"{base_url}/t/{table}/audit"}
    found: dict[str, dict[str, Load]] = {}
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for name, url in urls.items():
            context = browser.new_context(locale=lang)
            found[name] = {"cold": load(context, url, READY[name]), "warm": load(context, url, READY[name])}
            context.close()
        browser.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="en,ru", help="comma-separated page languages (default en,ru)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args()
    results: dict[str, dict[str, dict[str, Load]]] = {}
    with tempfile.TemporaryDirectory() as folder, running_server(Path(folder)) as server:
        for lang in args.lang.split(","):
            results[lang] = measure(server.base_url, lang)
    if args.json:
        print(json.dumps({lang: {name: {visit: {**asdict(one), "total_bytes": one.total_bytes} for visit, one in loads.items()}
                                 for name, loads in pages.items()} for lang, pages in results.items()}, indent=2))
        return
    print("load average (1, 5, 15 min): " + " ".join(f"{value:.2f}" for value in os.getloadavg()))
    print(f"{'page':10} {'visit':5} {'requests':>8} {'http KB':>8} {'headers':>8} {'ws KB':>6} {'total KB':>8} {'target':>7}")
    for lang, pages in results.items():
        for name, loads in pages.items():
            for visit, one in loads.items():
                target = f"<={TARGETS_KB[visit]} " + ("ok" if one.total_bytes <= TARGETS_KB[visit] * 1000 else "OVER") if name in ("table", "poker") else ""
                print(f"{name + '/' + lang:10} {visit:5} {one.requests:8} {one.http_bytes / 1000:8.1f} "
                      f"{one.header_bytes / 1000:8.1f} {one.websocket_bytes / 1000:6.1f} {one.total_bytes / 1000:8.1f} {target:>8}")
    for lang, pages in results.items():
        for name in ("table", "poker"):
            heaviest = sorted(pages[name]["cold"].by_url.items(), key=lambda item: -item[1])
            print(f"cold responses of {name}/{lang}:", ", ".join(f"{url} {size / 1000:.1f} KB" for url, size in heaviest))

if __name__ == "__main__":
    main()
