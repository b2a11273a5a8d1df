"""Through the web app: a broken table answers ``table/broken`` while the others serve; an archived
table still serves its audit, is not replayed at start-up, and comes back when somebody opens it."""
from __future__ import annotations

import json
import sqlite3

from referee.config import Config
from referee.fairness.verify import verify_export
from referee.table.scheduler import ManualScheduler
from referee.table.fair_dealer import FairDealer
from referee.web.app import create_app
from tests.gm.support import SIGNER


def start_server(tmp_path, **config):
    """An app over the database in ``tmp_path`` (a second call is a restart)."""
    settings = Config(async_mode="threading", database=str(tmp_path / "tavern.sqlite3"),
                      signing_key=str(tmp_path / "key.pem"), seed_wait_s=0, **config)
    app = create_app(settings, dealer=FairDealer(SIGNER), scheduler=ManualScheduler())
    return app, app.extensions["tavern"].tables


def new_table(app):
    reply = app.test_client().post("/api/tables", json={"name": "Anna", "rules": {"dice_per_player": 2}})
    assert reply.status_code == 201
    return reply.get_json()


def connect(app, table, token=None):
    socketio = app.extensions["tavern"].socketio
    return socketio.test_client(app, auth={"table": table, **({"token": token} if token else {})})


def test_a_broken_table_answers_table_broken_and_every_other_table_serves(tmp_path):
    app, _ = start_server(tmp_path)
    good, bad = new_table(app), new_table(app)
    with sqlite3.connect(tmp_path / "tavern.sqlite3") as db:
        db.execute("UPDATE events SET public = ? WHERE table_id = ? AND seq = 2",
                   (json.dumps({"seat": "zero"}), bad["table"]))
    app, tables = start_server(tmp_path)
    assert [t.id for t in tables.load_all()] == [good["table"]]
    page = app.test_client().get(f"/t/{bad['table']}")
    assert page.status_code == 503 and page.get_json()["code"] == "table/broken"
    assert app.test_client().get(f"/t/{good['table']}").status_code == 200
    refused = connect(app, bad["table"])
    assert not refused.is_connected()
    player = connect(app, good["table"], good["token"])
    assert player.is_connected() and player.emit("sync", {}, callback=True)["ok"]


def test_an_archived_table_serves_its_audit_skips_start_up_and_comes_back_when_opened(tmp_path):
    app, tables = start_server(tmp_path, idle_archive_s=0)
    created = new_table(app)
    table = tables.get(created["table"])
    assert tables.archive_idle() == [created["table"]]
    audit = app.test_client().get(f"/t/{created['table']}/audit.json")
    assert audit.status_code == 200 and verify_export(audit.get_json()).ok
    app, tables = start_server(tmp_path, idle_archive_s=0)
    assert tables.load_all() == []
    assert app.test_client().get(f"/t/{created['table']}").status_code == 200
    back = tables.get(created["table"])
    assert back.state == table.state
    player = connect(app, created["table"], created["token"])
    assert player.is_connected()
    assert player.emit("sync", {}, callback=True)["ok"]
    assert [s["name"] for s in player.get_received()[-1]["args"][0]["table"]["seats"]] == ["Anna"]
