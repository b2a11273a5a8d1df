"""The audit routes: a table's public audit export and the page that re-verifies it in the browser.

``GET /t/<table>/audit.json`` is ``build_export`` over the table's whole log (every game of
the evening; only what is already revealed, see docs/fairness.md section 8); with
``?download=1`` it comes as the file ``tavern-jack-<table>.json``. ``GET /t/<table>/audit``
(optionally ``?game=N``) is the page (templates/audit.html, static/js/audit.js).

>>> from flask import Flask
>>> from referee.store.log import EventLog, NewEntry
>>> from referee.fairness.keys import Signer
>>> events = EventLog(":memory:")
>>> _ = events.append("t1", [NewEntry("table_created", {"id": "t1"})], 0)
>>> app = Flask("doc")
>>> app.register_blueprint(audit_routes(events, Signer.from_private_bytes(bytes(32))))
>>> reply = app.test_client().get("/t/t1/audit.json?download=1")
>>> reply.get_json()["head"]["seq"], reply.headers["Content-Disposition"]
(1, 'attachment; filename=tavern-jack-t1.json')
>>> app.test_client().get("/t/nope/audit.json").status_code
404
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from referee.fairness.export import build_export
from referee.fairness.keys import Signer
from referee.store.log import Entry, EventLog

from .pages import _page


def audit_routes(events: EventLog, signer: Signer | None) -> Blueprint:
    """The blueprint over ``events``; ``signer`` signs the export's head (None: a dealer that signs nothing)."""
    audit = Blueprint("audit", __name__)

    @audit.get("/t/<table_id>/audit.json")
    def audit_json(table_id: str) -> tuple[Response, int]:
        entries = events.entries(table_id)
        if not entries:
            return jsonify({"ok": False, "code": "table/unknown", "message": f"there is no table {table_id!r}"}), 404
        if signer is None:
            return jsonify({"ok": False, "code": "audit/unsigned", "message": "this server's dealer signs nothing"}), 404
        response = jsonify(build_export(signer, table_id, [entry_dict(entry) for entry in entries]))
        response.headers["Cache-Control"] = "no-store"
        if request.args.get("download") == "1":
            response.headers["Content-Disposition"] = f"attachment; filename=tavern-jack-{table_id}.json"
        return response, 200

    @audit.get("/t/<table_id>/audit")
    def audit_page(table_id: str) -> tuple[str, int]:
        if current_app.extensions["tavern"].tables.find(table_id) is None:
            return _page("404.html", 404)
        return _page("audit.html", table_id=table_id, game=request.args.get("game", type=int))

    return audit


def entry_dict(entry: Entry) -> dict[str, Any]:
    """A log entry as the export reads it (every field but the table id).

    >>> entry_dict(Entry("t1", 1, "k", {}, None, None, "0" * 64, "ab", 5))["at"]
    5
    """
    return {"seq": entry.seq, "kind": entry.kind, "at": entry.at, "public": entry.public, "secret": entry.secret,
            "secret_digest": entry.secret_digest, "prev_hash": entry.prev_hash, "hash": entry.hash}
