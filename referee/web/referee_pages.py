"""HTTP routes of game-master mode: creating a refereed table, the referee's dashboard, the scoreboard export.

``POST /api/tables`` with a ``referee`` object comes here (``create_refereed_table``): the
referee gets a token of 256 random bits and the link ``/t/<id>/referee#<token>``; the token
rides in the URL fragment, which a browser never sends to a server nor in a Referer. The
referee does not play: a refereed table seats nobody at creation.
"""
from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from referee.gm.scoreboard import scoreboard_csv, scoreboard_json
from referee.gm.settings import GmSettings
from referee.rules.errors import RulesError
from referee.games.registry import name_of, rules_of
from referee.table import desk

from .i18n import pick_language, regular_name
from .payloads import fields_of, parse_name, parse_rules, token_digest
from .refusals import status_of
from .render import page

referee_pages = Blueprint("referee_pages", __name__)


def create_refereed_table(body: Any) -> tuple[Response, int]:
    """``{"referee": {"name"}, "game"?, "preset"?, "rules"?, "gm"?, "lang"?}`` → 201 with the referee's token and both links."""
    try:
        data = fields_of(body, "referee", "game", "preset", "rules", "gm", "lang")
        name = parse_name(fields_of(data.get("referee"), "name"))
        rules = parse_rules(data)
        settings = GmSettings.from_dict(data.get("gm"))
        desk.require_gm_settings(name_of(rules), settings)
        table = current_app.extensions["tavern"].tables.create(rules_of(rules))
        token = secrets.token_urlsafe(32)
        desk.name_referee(table, name, token_digest(token), settings)
    except RulesError as error:
        return jsonify({"ok": False, "code": error.code, "message": error.message}), status_of(error.code)
    current_app.extensions["tavern"].tables.settle(table.id)
    return jsonify({"ok": True, "table": table.id, "referee_token": token, "url": f"/t/{table.id}",
                    "referee_url": f"/t/{table.id}/referee#{token}"}), 201


@referee_pages.get("/t/<table_id>/referee")
def referee_page(table_id: str) -> tuple[str, int]:
    table = current_app.extensions["tavern"].tables.find(table_id)
    if table is None or table.current.gm.referee is None:
        return page("404.html", 404)
    return page("referee.html", table_id=table_id, family=table.current.family)


@referee_pages.get("/t/<table_id>/scoreboard.<fmt>")
def scoreboard(table_id: str, fmt: str) -> tuple[Response, int]:
    table = current_app.extensions["tavern"].tables.find(table_id)
    if table is None or fmt not in ("json", "csv"):
        return jsonify({"ok": False, "code": "table/unknown", "message": f"there is no table {table_id!r}"}), 404
    # Players are counted by their logged names: a regular's goes out in the reader's language, as the
    # desk shows it (unless a person at the table goes by that name).
    lang = pick_language(request.headers.get("Accept-Language"), request.cookies.get("lang"))
    people = {info.name for info in table.current.seats.values() if info.kind == "human"}

    def shown(name: str) -> str:
        return name if name in people else regular_name(lang, name)
    scores = [replace(score, name=shown(score.name), players=tuple(map(shown, score.players)))
              for score in table.current.gm.scores]
    if fmt == "json":
        response = jsonify(scoreboard_json(table_id, scores))
    else:
        response = Response(scoreboard_csv(scores), mimetype="text/csv")
    if request.args.get("download"):
        response.headers["Content-Disposition"] = f'attachment; filename="tavern-jack-{table_id}-scoreboard.{fmt}"'
    return response, 200
