"""The audit routes: a table's public audit export and the page that re-verifies it in the browser.

``GET /t/<table>/audit.json`` is ``build_export`` over the table's whole log (every game of
the evening; only what is already revealed, see docs/fairness.md section 8); with
``?download=1`` it comes as the file ``tavern-jack-<table>.json``. ``GET /t/<table>/audit``
(optionally ``?game=N``) is the page (templates/audit.html, static/js/audit.js);
``GET /t/<table>/replay`` (optionally ``?game=N``, else the last finished game) is the verified
replay of a game, round by round (templates/replay.html, static/js/replay.js).

Building and signing a long log is slow, so each table's export is kept as bytes for its log
head (``ExportCache``): the same bytes, with the ETag ``"<table>-<seq>"``, until the log grows.

>>> from flask import Flask
>>> from referee.store.log import EventLog, NewEntry
>>> from referee.fairness.keys import Signer
>>> events = EventLog(":memory:")
>>> _ = events.append("t1", [NewEntry("table_created", {"id": "t1"})], 0)
>>> app = Flask("doc")
>>> head = lambda table_id: len(events.entries(table_id)) or None
>>> app.register_blueprint(audit_routes(events, Signer.from_private_bytes(bytes(32)), head))
>>> reply = app.test_client().get("/t/t1/audit.json?download=1")
>>> reply.get_json()["head"]["seq"], reply.headers["Content-Disposition"], reply.headers["ETag"]
(1, 'attachment; filename=tavern-jack-t1.json', '"t1-1"')
>>> app.test_client().get("/t/nope/audit.json").status_code
404
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from referee.fairness.export import build_export
from referee.fairness.keys import Signer
from referee.store.base import Entry, Store

from .render import page

HeadOf = Callable[[str], int | None]
"""A table's head sequence number (its last log entry's), or None for an unknown table."""


class ExportCache:
    """The export of at most ``size`` tables, as bytes, each for the log head it was built at.

    >>> cache, builds = ExportCache(2), []
    >>> build = lambda: builds.append(1) or (7, b"{}")
    >>> cache.get("t1", 7, build), cache.get("t1", 7, build), len(builds)
    ((7, b'{}'), (7, b'{}'), 1)
    """

    def __init__(self, size: int) -> None:
        self._size = size
        self._exports: OrderedDict[str, tuple[int, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, table_id: str, head: int, build: Callable[[], tuple[int, bytes]]) -> tuple[int, bytes]:
        """``(seq, bytes)`` of ``table_id``'s export at ``head``: the kept one, or ``build()``'s."""
        with self._lock:
            kept = self._exports.get(table_id)
            if kept is not None and kept[0] >= head:
                self._exports.move_to_end(table_id)
                return kept
            built = build()
            if self._size:
                self._exports[table_id] = built
                while len(self._exports) > self._size:
                    self._exports.popitem(last=False)
            return built


def audit_routes(events: Store, signer: Signer | None, head_of: HeadOf, cache_size: int = 32) -> Blueprint:
    """The blueprint over ``events``; ``signer`` signs the export's head (None: a dealer that signs
    nothing); ``head_of`` tells when a kept export is out of date; ``cache_size`` tables are kept."""
    audit = Blueprint("audit", __name__)
    cache = ExportCache(cache_size)

    def build(table_id: str, signing: Signer) -> tuple[int, bytes]:
        entries = events.entries(table_id)
        export = build_export(signing, table_id, [entry_dict(entry) for entry in entries])
        return export["head"]["seq"], jsonify(export).get_data()

    @audit.get("/t/<table_id>/audit.json")
    def audit_json(table_id: str) -> Response | tuple[Response, int]:
        """The signed export of ``table_id``'s log (the kept bytes while its head stands)."""
        head = head_of(table_id)
        if head is None:
            return jsonify({"ok": False, "code": "table/unknown", "message": f"there is no table {table_id!r}"}), 404
        if signer is None:
            return jsonify({"ok": False, "code": "audit/unsigned", "message": "this server's dealer signs nothing"}), 404
        seq, body = cache.get(table_id, head, lambda: build(table_id, signer))
        response = Response(body, mimetype="application/json")
        response.set_etag(f"{table_id}-{seq}")
        response.headers["Cache-Control"] = "no-cache"
        if request.args.get("download") == "1":
            response.headers["Content-Disposition"] = f"attachment; filename=tavern-jack-{table_id}.json"
        response.make_conditional(request)  # 304 when If-None-Match names this head
        return response

    @audit.get("/t/<table_id>/audit")
    def audit_page(table_id: str) -> tuple[str, int]:
        """The page that re-verifies the export in the browser."""
        if current_app.extensions["tavern"].tables.find(table_id) is None:
            return page("404.html", 404)
        return page("audit.html", table_id=table_id, game=request.args.get("game", type=int))

    @audit.get("/t/<table_id>/replay")
    def replay_page(table_id: str) -> tuple[str, int]:
        """The page that replays a game of the export round by round, checking each round."""
        if current_app.extensions["tavern"].tables.find(table_id) is None:
            return page("404.html", 404)
        return page("replay.html", table_id=table_id, game=request.args.get("game", type=int))

    return audit


def entry_dict(entry: Entry) -> dict[str, Any]:
    """A log entry as the export reads it (every field but the table id).

    >>> entry_dict(Entry("t1", 1, "k", {}, None, None, "0" * 64, "ab", 5))["at"]
    5
    """
    return {"seq": entry.seq, "kind": entry.kind, "at": entry.at, "public": entry.public, "secret": entry.secret,
            "salt": entry.salt, "secret_digest": entry.secret_digest, "prev_hash": entry.prev_hash, "hash": entry.hash}
