"""Parsing what clients send: every field checked for type, range and size before anything else runs.

>>> parse_name({"name": "  Аня  "})
'Аня'
>>> parse_level({"level": 3})
Traceback (most recent call last):
...
referee.table.errors.BadRequest: level must be a string
>>> parse_empty(None)
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: the payload must be a JSON object, got null
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from referee.fields import HEX64, INT_MAX, SEATS, fields_of, int_field
from referee.games.registry import family_name, family_named, name_of
from referee.rules.errors import MalformedAction
from referee.table.errors import BadRequest
from referee.table.families import TableSettings
from referee.text import NAME_CODES, clean_text

NAME_MAX = 24


def token_digest(token: str) -> str:
    """The server keeps only this digest of a seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def one_payload(args: tuple[Any, ...]) -> Any:
    """The one payload an event carries; none, or more than one, is ``payload/malformed``.

    >>> one_payload(({},))
    {}
    >>> one_payload(({}, {}))
    Traceback (most recent call last):
    ...
    referee.rules.errors.MalformedAction: an event carries exactly one payload (a JSON object), got 2
    """
    if len(args) != 1:
        raise MalformedAction("payload/malformed",
                              f"an event carries exactly one payload (a JSON object), got {len(args)}")
    return args[0]


def parse_empty(data: Any) -> None:
    """Events that carry nothing accept ``{}`` only (``null`` or any other value is malformed)."""
    fields_of(data)


def parse_name(data: Any) -> str:
    """A player's name: trimmed, 1–24 characters, no control characters."""
    return _name(fields_of(data, "name"))


@dataclass(frozen=True)
class NewTable:
    """A request to create a table: the host's name, house rules, bots to seat, start at once."""

    name: str
    rules: TableSettings
    bots: int
    bot_level: str
    start: bool


def parse_new_table(data: Any) -> NewTable:
    """The body of ``POST /api/tables``.

    >>> parse_new_table({"name": "Anna", "bots": {"count": 3, "level": "easy"}, "start": True}).bots
    3
    """
    data = fields_of(data, "name", "lang", "game", "preset", "rules", "bots", "start")
    rules = parse_rules(data)
    bots = fields_of(data.get("bots", {}), "count", "level")
    count = int_field({"count": bots.get("count", 0)}, "count", 0, SEATS[1])
    level = bots.get("level", "medium")
    start = data.get("start", False)
    if not isinstance(level, str) or not isinstance(start, bool):
        raise BadRequest("payload/malformed", "bots.level must be a string and start true or false")
    return NewTable(_name(data), rules, count, level, start)


def parse_rules(data: dict[str, Any]) -> TableSettings:
    """A new table's rules, by the family its ``game`` names (default ``liars_dice``; ``game/unknown``
    for a name no family has): the family's ``new_rules``.

    >>> parse_rules({"game": "poker_bluff", "rules": {"two_games": True}}).two_games
    True
    """
    return family_named(family_name(data)).new_rules(data)


def parse_set_rules(data: Any, current: TableSettings) -> TableSettings:
    """The rules a ``set_rules`` event asks for, parsed by the family of the table's ``current`` rules.

    >>> from referee.games.poker_bluff.rules import PokerSettings
    >>> parse_set_rules({"rules": {"tokens": 4}}, PokerSettings(two_games=True)).to_dict()["two_games"]
    True
    """
    return family_named(name_of(current)).set_rules(fields_of(data, "preset", "rules"), current)


def _name(data: dict[str, Any]) -> str:
    return clean_text(data.get("name"), limit=NAME_MAX, what="a name", codes=NAME_CODES)


def parse_draw_seed(data: Any) -> tuple[int, str]:
    """``(draw, seed)`` of a ``draw_seed`` event: the seed is 32 bytes as 64 lowercase hex digits.

    >>> parse_draw_seed({"draw": 3, "seed": "ab" * 32})[0]
    3
    """
    data = fields_of(data, "draw", "seed")
    seed = data.get("seed")
    if not isinstance(seed, str) or not HEX64.fullmatch(seed):
        raise BadRequest("payload/malformed", "seed must be 64 lowercase hexadecimal digits")
    return int_field(data, "draw", 1, INT_MAX), seed


def parse_require_seeds(data: Any) -> bool:
    """``{"on": bool}`` of a ``require_seeds`` event.

    >>> parse_require_seeds({"on": True})
    True
    """
    on = fields_of(data, "on").get("on")
    if not isinstance(on, bool):
        raise BadRequest("payload/malformed", "on must be true or false")
    return on


def parse_next_round(data: Any) -> tuple[int, int] | None:
    """The optional ``{"game", "round"}`` of the reveal a ``next_round`` press answers.

    >>> parse_next_round({}), parse_next_round({"game": 1, "round": 3})
    (None, (1, 3))
    """
    data = fields_of(data, "game", "round")
    if not data:
        return None
    return int_field(data, "game", 1, INT_MAX), int_field(data, "round", 1, INT_MAX)


def parse_level(data: Any) -> str:
    """The level of a bot to seat: ``{"level": "easy" | "medium" | "strong"}``."""
    level = fields_of(data, "level").get("level")
    if not isinstance(level, str):
        raise BadRequest("payload/malformed", "level must be a string")
    return level


def parse_seat(data: Any) -> int:
    """A seat number: ``{"seat": int}``."""
    return int_field(fields_of(data, "seat"), "seat", *SEATS)


def parse_auth(auth: Any) -> tuple[str, str | None]:
    """``(table, token)`` from the Socket.IO auth payload; the token is optional."""
    data = fields_of(auth, "table", "token", "referee_token")
    table, token = data.get("table"), data.get("token")
    if not isinstance(table, str) or not 1 <= len(table) <= 64:
        raise BadRequest("payload/malformed", "auth.table must be a table id")
    if token is not None and (not isinstance(token, str) or not 1 <= len(token) <= 128):
        raise BadRequest("payload/malformed", "auth.token must be a string of at most 128 characters")
    return table, token


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > 100:
        raise ValueError("an integer of more than 100 digits")
    return int(digits)


def parse_json_body(raw: bytes) -> Any:
    """The JSON value of an HTTP request's body; anything that is not JSON (or nests deeper than
    the decoder goes, or holds an integer of more than 100 digits) is ``payload/malformed``.

    >>> parse_json_body(b'{"name": "Anna"}')
    {'name': 'Anna'}
    >>> parse_json_body(b"[" * 50_000)
    Traceback (most recent call last):
    ...
    referee.table.errors.BadRequest: the body is not JSON (nested too deep)
    """
    try:
        return json.loads(raw, parse_int=_bounded_int)
    except RecursionError:
        raise BadRequest("payload/malformed", "the body is not JSON (nested too deep)") from None
    except ValueError as error:
        raise BadRequest("payload/malformed", f"the body is not JSON ({str(error)[:60]})") from None
