"""The share panel's QR code: the server draws the table's public link (and nothing else) as an SVG."""
from __future__ import annotations

import re

import pytest
import segno

from referee.web.qr import BORDER
from tests.support.app import Harness, make_harness
from tests.support.dealers import PlainDealer


@pytest.fixture(scope="module")
def site() -> tuple[Harness, str, str]:
    harness = make_harness(PlainDealer())
    table, token = harness.create_table()
    return harness, table, token


def dark_modules(svg: str) -> set[tuple[int, int]]:
    """The (row, column) of every dark module of segno's SVG path (``M x y``, ``m dx dy``, ``h n``)."""
    path = re.search(r'<path class="qrline"[^>]* d="([^"]+)"', svg)
    assert path, svg[:200]
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for command, first, second in re.findall(r"([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?", path.group(1)):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            dark.update((int(y - 0.5) - BORDER, int(x) + step - BORDER) for step in range(int(first)))
            x += float(first)
    return dark


def expected_modules(link: str) -> set[tuple[int, int]]:
    matrix = segno.make_qr(link, error="m").matrix
    return {(row, column) for row, line in enumerate(matrix) for column, value in enumerate(line) if value & 1}


def test_the_qr_code_is_the_tables_link_drawn_as_svg(site: tuple[Harness, str, str]) -> None:
    harness, table, _ = site
    reply = harness.app.test_client().get(f"/t/{table}/qr.svg")
    assert reply.status_code == 200
    assert reply.headers["Content-Type"].startswith("image/svg+xml")
    svg = reply.get_data(as_text=True)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert dark_modules(svg) == expected_modules(f"http://localhost/t/{table}")
    assert dark_modules(svg) != expected_modules(f"http://localhost/t/{table}x")


def test_the_qr_code_follows_the_host_the_visitor_used(site: tuple[Harness, str, str]) -> None:
    harness, table, _ = site
    reply = harness.app.test_client().get(f"/t/{table}/qr.svg", base_url="https://tavern.example:8443")
    assert dark_modules(reply.get_data(as_text=True)) == expected_modules(f"https://tavern.example:8443/t/{table}")


def test_the_qr_code_never_holds_a_seat_token(site: tuple[Harness, str, str]) -> None:
    harness, table, token = site
    svg = harness.app.test_client().get(f"/t/{table}/qr.svg").get_data(as_text=True)
    assert token not in svg
    for with_token in (f"http://localhost/t/{table}?token={token}", f"http://localhost/t/{table}#{token}"):
        assert dark_modules(svg) != expected_modules(with_token)


def test_the_qr_code_is_cached_and_revalidates_to_304(site: tuple[Harness, str, str]) -> None:
    harness, table, _ = site
    http = harness.app.test_client()
    first = http.get(f"/t/{table}/qr.svg")
    assert first.headers["Cache-Control"] == "public, max-age=86400"
    again = http.get(f"/t/{table}/qr.svg", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_an_unknown_tables_qr_code_is_a_404_nobody_keeps(site: tuple[Harness, str, str]) -> None:
    harness, _, _ = site
    reply = harness.app.test_client().get("/t/nope/qr.svg")
    assert reply.status_code == 404 and reply.headers["Cache-Control"] == "no-store"


def test_the_share_panel_shows_the_qr_code_with_a_label(site: tuple[Harness, str, str]) -> None:
    harness, table, _ = site
    for lang, words in (("en", "QR code of the table link"), ("ru", "QR-код ссылки на стол")):
        html = harness.app.test_client().get(f"/t/{table}", headers={"Accept-Language": lang}).get_data(as_text=True)
        image = re.search(r'<img id="share-qr" data-src="([^"]+)"[^>]* alt="([^"]+)"', html)
        assert image and image.group(1) == f"/t/{table}/qr.svg" and image.group(2).startswith(words), lang
