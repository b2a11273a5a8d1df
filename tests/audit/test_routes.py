"""The audit routes: the export as JSON or as a download, 404s, and the audit page."""
from __future__ import annotations

import random
import re

from referee.fairness.verify import verify_export
from tests.support.app import make_harness
from tests.support.dealers import PlainDealer

from .games import SIGNER, Table, fair_harness


def test_the_export_of_a_new_table_is_signed_by_the_servers_key_and_verifies():
    harness = fair_harness()
    table_id, _ = harness.create_table("Anna")
    reply = harness.app.test_client().get(f"/t/{table_id}/audit.json")

    export = reply.get_json()
    assert reply.status_code == 200 and reply.mimetype == "application/json"
    assert "Content-Disposition" not in reply.headers
    assert export["table"] == table_id and export["server_key"] == SIGNER.public_key_hex
    assert [e["kind"] for e in export["entries"]] == ["table_created", "seat_taken"]
    assert verify_export(export).ok


def test_download_1_serves_the_same_export_as_a_named_attachment():
    table = Table.seat(fair_harness(), random.Random(3), players=2, dice=1)
    table.play_games(1)
    client = table.harness.app.test_client()

    reply = client.get(f"/t/{table.id}/audit.json?download=1")

    assert reply.headers["Content-Disposition"] == f"attachment; filename=tavern-jack-{table.id}.json"
    assert reply.get_json()["entries"] == client.get(f"/t/{table.id}/audit.json").get_json()["entries"]


def test_an_unknown_table_is_a_404_in_json():
    reply = fair_harness().app.test_client().get("/t/nope/audit.json")

    assert reply.status_code == 404
    assert reply.get_json() == {"ok": False, "code": "table/unknown", "message": "there is no table 'nope'"}


def test_a_dealer_that_signs_nothing_has_no_export():
    harness = make_harness(PlainDealer())
    table_id, _ = harness.create_table("Anna")

    reply = harness.app.test_client().get(f"/t/{table_id}/audit.json")

    assert reply.status_code == 404 and reply.get_json()["code"] == "audit/unsigned"


def test_the_audit_page_names_the_table_key_game_and_the_cli_command():
    harness = fair_harness()
    table_id, _ = harness.create_table("Anna")

    page = harness.app.test_client().get(f"/t/{table_id}/audit?game=2", headers={"Accept-Language": "en"})
    html = page.get_data(as_text=True)

    assert page.status_code == 200
    assert f'data-table="{table_id}"' in html and 'data-game="2"' in html
    assert SIGNER.fingerprint in html
    assert f"referee verify http://localhost/t/{table_id}/audit.json" in html
    assert 'type="file"' in html and 'aria-live="polite"' in html
    assert re.search(r"/static/js/audit\.bundle\.[0-9a-f]{12}\.js", html)


def test_the_audit_page_speaks_russian():
    harness = fair_harness()
    table_id, _ = harness.create_table("Anna")

    html = harness.app.test_client().get(f"/t/{table_id}/audit", headers={"Accept-Language": "ru"}).get_data(as_text=True)

    assert "Аудит кубиков" in html and "Проверь из командной строки" in html


def test_the_audit_page_of_an_unknown_table_is_the_404_page():
    assert fair_harness().app.test_client().get("/t/nope/audit").status_code == 404
