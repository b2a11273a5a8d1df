"""``audit.json`` is built and signed once per log head: the same bytes until the log grows."""
from __future__ import annotations

import pytest

import referee.web.audit as audit
from referee.fairness.keys import Signer
from referee.table.fair_dealer import FairDealer
from tests.support.app import make_harness


@pytest.fixture
def builds(monkeypatch):
    """Counts every export the audit route builds."""
    counted: list[str] = []
    real = audit.build_export

    def counting(signer, table_id, entries):
        counted.append(table_id)
        return real(signer, table_id, entries)

    monkeypatch.setattr(audit, "build_export", counting)
    return counted


def test_a_second_request_gets_the_same_bytes_without_a_rebuild_and_a_new_entry_rebuilds(builds):
    harness = make_harness(FairDealer(Signer.from_private_bytes(bytes(range(32)))))
    table, _ = harness.create_table()
    http = harness.app.test_client()
    first = http.get(f"/t/{table}/audit.json")
    second = http.get(f"/t/{table}/audit.json?download=1")
    assert first.status_code == second.status_code == 200 and len(builds) == 1
    assert first.get_data() == second.get_data()
    assert second.headers["Content-Disposition"] == f"attachment; filename=tavern-jack-{table}.json"
    head = first.get_json()["head"]["seq"]
    assert first.headers["ETag"] == f'"{table}-{head}"'
    assert http.get(f"/t/{table}/audit.json", headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    assert len(builds) == 1

    harness.join(table, "Ben")
    third = http.get(f"/t/{table}/audit.json")
    assert len(builds) == 2 and third.get_json()["head"]["seq"] > head
    assert third.headers["ETag"] != first.headers["ETag"]
    assert http.get(f"/t/{table}/audit.json").get_data() == third.get_data() and len(builds) == 2


def test_an_unknown_table_has_no_export_and_builds_nothing(builds):
    harness = make_harness(FairDealer(Signer.from_private_bytes(bytes(range(32)))))
    reply = harness.app.test_client().get("/t/nope/audit.json")
    assert reply.status_code == 404 and reply.get_json()["code"] == "table/unknown" and builds == []
