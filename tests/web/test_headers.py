"""Security headers on every response, and pages that work under their strict policy."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from referee.config import Config, Limits
from referee.table.scheduler import ManualScheduler
from referee.web.app import create_app
from referee.web.headers import ASSET_HEADERS, SECURITY_HEADERS
from tests.support.app import Harness
from tests.support.dealers import PlainDealer

REQUIRED_POLICY = {
    "default-src": "'self'", "script-src": "'self'", "connect-src": "'self'", "frame-ancestors": "'none'",
    "object-src": "'none'", "base-uri": "'none'", "form-action": "'self'",
}


@pytest.fixture(scope="module")
def site():
    """An app with a small body limit, a table and a refereed table: ``(harness, table, refereed)``."""
    config = Config(async_mode="threading", database=":memory:", signing_key="unused",
                    limits=Limits(http_body_bytes=2048))
    harness = Harness(create_app(config, dealer=PlainDealer(), scheduler=ManualScheduler()), ManualScheduler())
    table, _ = harness.create_table()
    refereed = harness.app.test_client().post("/api/tables", json={"referee": {"name": "GM"}}).get_json()["table"]
    return harness, table, refereed


def responses(site):
    harness, table, refereed = site
    http = harness.app.test_client()
    yield "home", http.get("/")
    yield "table page", http.get(f"/t/{table}")
    yield "referee page", http.get(f"/t/{refereed}/referee")
    yield "audit page", http.get(f"/t/{table}/audit")
    yield "404 page", http.get("/t/nope")
    yield "script", http.get("/static/js/table.js")
    yield "stylesheet", http.get("/static/css/app.css")
    yield "catalogue", http.get("/static/catalog/en.json")
    yield "health", http.get("/healthz")
    yield "created", http.post("/api/tables", json={"name": "Ben"})
    yield "refused", http.post("/api/tables", json={"name": ""})
    yield "too large", http.post("/api/tables", json={"name": "x" * 4000})
    yield "scoreboard", http.get(f"/t/{refereed}/scoreboard.csv")
    yield "socket.io polling", http.get("/socket.io/?EIO=4&transport=polling")


ASSETS = {"script", "stylesheet", "catalogue", "socket.io polling"}
"""The responses that are never a document: only the subresource headers."""


def test_every_response_but_an_asset_or_a_polling_frame_carries_every_security_header(site):
    seen = 0
    for what, response in responses(site):
        if what in ASSETS:
            continue
        for name, value in SECURITY_HEADERS:
            assert response.headers.get(name) == value, (what, name, response.headers.get(name))
        seen += 1
    assert seen == 10


def test_a_script_stylesheet_catalogue_or_polling_frame_carries_only_the_subresource_headers(site):
    seen = 0
    document_only = {name for name, _ in SECURITY_HEADERS} - {name for name, _ in ASSET_HEADERS}
    assert document_only >= {"Content-Security-Policy", "X-Frame-Options", "Permissions-Policy"}
    for what, response in responses(site):
        if what not in ASSETS:
            continue
        assert response.status_code == 200, what
        for name, value in ASSET_HEADERS:
            assert response.headers.get(name) == value, (what, name)
        assert not document_only & set(response.headers.keys()), (what, response.headers)
        seen += 1
    assert seen == 4


def test_an_svg_and_a_missing_asset_keep_every_header(site):
    http = site[0].app.test_client()
    for url in ("/static/favicon.svg", "/static/js/nothing.js", "/static/js/table.0123456789ab.js"):
        response = http.get(url)
        for name, value in SECURITY_HEADERS:
            assert response.headers.get(name) == value, (url, name)


def test_the_policy_allows_only_the_apps_own_scripts_and_connections_and_no_framing(site):
    _, response = next(responses(site))
    policy = dict(part.strip().split(" ", 1) for part in response.headers["Content-Security-Policy"].split(";"))
    assert {name: policy.get(name) for name in REQUIRED_POLICY} == REQUIRED_POLICY
    assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "camera=()" in response.headers["Permissions-Policy"]


class InlineFinder(HTMLParser):
    """Collects what a strict Content-Security-Policy would block: inline scripts, ``style``
    elements and attributes, inline event handlers and ``javascript:`` links."""

    def __init__(self) -> None:
        super().__init__()
        self.blocked: list[str] = []
        self._script_without_src = False

    def handle_starttag(self, tag, attrs):  # noqa: ANN001
        names = dict(attrs)
        if tag == "script":
            self._script_without_src = "src" not in names and names.get("type") != "application/json"
        if tag == "style":
            self.blocked.append("<style>")
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.blocked.append(f"<{tag} {name}=…>")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith("javascript:"):
                self.blocked.append(f"<{tag} {name}=javascript:…>")

    def handle_data(self, data):  # noqa: ANN001
        if self._script_without_src and data.strip():
            self.blocked.append(f"inline script {data.strip()[:40]!r}")

    def handle_endtag(self, tag):  # noqa: ANN001
        if tag == "script":
            self._script_without_src = False


def test_no_page_has_an_inline_script_style_or_handler(site):
    pages = 0
    for what, response in responses(site):
        if response.mimetype != "text/html":
            continue
        finder = InlineFinder()
        finder.feed(response.get_data(as_text=True))
        assert finder.blocked == [], what
        pages += 1
    assert pages == 5


def test_the_inline_finder_sees_what_the_policy_blocks():
    finder = InlineFinder()
    finder.feed('<script>alert(1)</script><script type="application/json">{"a": 1}</script>'
                '<p style="color: red" onclick="go()"><a href="javascript:go()">x</a></p><style>p {}</style>')
    assert finder.blocked == ["inline script 'alert(1)'", "<p style=…>", "<p onclick=…>", "<a href=javascript:…>",
                              "<style>"]
