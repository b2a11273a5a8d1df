"""Page routes and the small HTTP API: the home page, a table's page, creating a table."""
from __future__ import annotations

import secrets

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from referee.rules.errors import RulesError
from referee.games.registry import rules_of
from referee.table.errors import BadRequest
from referee.table.table import BOT_LEVELS

from .payloads import parse_json_body, parse_new_table, token_digest
from .qr import qr_svg
from .referee_pages import create_refereed_table
from .refusals import status_of
from .render import page

pages = Blueprint("pages", __name__)
QR_CACHE = "public, max-age=86400"
"""A table's link never changes; a day, so that a renamed host is not kept for long."""


@pages.get("/")
def home() -> tuple[str, int]:
    """The home page: create a table, or play alone."""
    return page("home.html")


@pages.get("/learn")
def tutorial() -> tuple[str, int]:
    """The tutorial: scripted rounds with fixed dice, played entirely in the page (no table, no log)."""
    return page("tutorial.html")


@pages.get("/t/<table_id>")
def table_page(table_id: str) -> tuple[str, int]:
    """A table's page (the 404 page for an unknown table), loading only its own game's scripts."""
    table = current_app.extensions["tavern"].tables.find(table_id)
    if table is None:
        return page("404.html", 404)
    return page("table.html", table_id=table_id, family=table.current.family)


@pages.get("/t/<table_id>/qr.svg")
def table_qr(table_id: str) -> Response:
    """The QR code of a table's link (the share panel's image), cached a day; 404 for no table."""
    if current_app.extensions["tavern"].tables.find(table_id) is None:
        missing = Response("no such table\n", 404, mimetype="text/plain")
        missing.headers["Cache-Control"] = "no-store"
        return missing
    reply = Response(qr_svg(url_for("pages.table_page", table_id=table_id, _external=True)), content_type="image/svg+xml")
    reply.headers["Cache-Control"] = QR_CACHE
    reply.add_etag()
    return reply.make_conditional(request)


@pages.post("/api/tables")
def create_table() -> tuple[Response, int]:
    """``POST /api/tables`` (docs/protocol.md): a new table with its host seated, or a refereed
    table; 429 ``rate/tables`` once the sender's address has spent its table budget."""
    if not current_app.extensions["tavern"].table_budgets.take(request.remote_addr or "unknown"):
        return jsonify({"ok": False, "code": "rate/tables",
                        "message": "this address created too many tables: wait a minute"}), 429
    try:
        body = parse_json_body(request.get_data()) if request.is_json else None
    except RulesError as error:
        return jsonify({"ok": False, "code": error.code, "message": error.message}), status_of(error.code)
    if isinstance(body, dict) and "referee" in body:
        return create_refereed_table(body)
    try:
        wanted = parse_new_table(body)
        settings = wanted.rules
        if wanted.bots >= settings.max_players:
            raise BadRequest("table/full", f"{wanted.bots} bots and you do not fit at {settings.max_players} seats")
        if wanted.bots and wanted.bot_level not in BOT_LEVELS:
            raise BadRequest("bot/level", f"a bot's level is one of {', '.join(BOT_LEVELS)}")
        table = current_app.extensions["tavern"].tables.create(rules_of(settings))
        token = secrets.token_urlsafe(32)
        seat = table.join(wanted.name, token_digest(token))
        for _ in range(wanted.bots):
            table.add_bot(seat, wanted.bot_level)
        if wanted.start:
            table.start(seat)
    except RulesError as error:
        return jsonify({"ok": False, "code": error.code, "message": error.message}), status_of(error.code)
    current_app.extensions["tavern"].tables.settle(table.id)  # nginx routes it to its own process
    return jsonify({"ok": True, "table": table.id, "seat": seat, "token": token, "url": f"/t/{table.id}"}), 201


@pages.get("/healthz")
def healthz() -> tuple[Response, int]:
    """Liveness: ``{"ok": true}``."""
    return jsonify({"ok": True}), 200
