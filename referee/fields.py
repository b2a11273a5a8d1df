"""Reading the fields of a JSON payload a client sent: an object with known keys, a bounded integer.

Shared by the web layer's parsers and the game master's requests (free text goes through
``referee.text.clean_text``). A payload that is not an object, an unknown key, a missing
field or a value of the wrong type is ``payload/malformed``; an integer outside its range
gets the caller's code. Every message quotes (a bounded part of) the input.

>>> fields_of({"quantity": 3}, "quantity", "face"), int_field({"quantity": 3}, "quantity", 1, 80)
({'quantity': 3}, 3)
>>> int_field({"quantity": True}, "quantity", 1, 80)
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: quantity must be an integer, got true
>>> int_field({"value": 0}, "value", 1, 6, code="die/value")
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: value is from 1 to 6, got 0
>>> fields_of(None)
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: the payload must be a JSON object, got null
"""
from __future__ import annotations

import json
import re
from typing import Any

from referee.rules.errors import MalformedAction
from referee.text import is_refused

INT_MAX = 1_000_000
"""The default upper bound of an integer field that has no range of its own (games, rounds, attempts)."""
SEATS = (0, 7)
"""Seat numbers: a table has at most 8 seats (RULES.md A2 ``max_players``)."""
DIE_INDICES = (0, 9)
"""A die's index in a hand: at most 10 dice (``dice_per_player``)."""
FACES = (1, 6)
QUANTITIES = (1, 80)
"""A bid's quantity: at most every die of 8 players holding 10."""

HEX64 = re.compile(r"[0-9a-f]{64}")
"""A seed as a page sends it: 32 bytes as 64 lowercase hex digits."""


def describe(value: Any, limit: int = 24) -> str:
    """``value`` as JSON, cut to ``limit`` characters, with every character a text may not hold
    escaped: how a message quotes what a client sent.

    >>> describe(None), describe("x" * 40), describe(10 ** 30), describe("ab\u202ec")
    ('null', '"xxxxxxxxxxxxxxxxxxxxxx…', '10000000000000000000000…', '"ab\\\\u202ec"')
    """
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, RecursionError):
        text = type(value).__name__
    text = "".join(f"\\u{ord(ch):04x}" if is_refused(ch) else ch for ch in text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _kind(data: Any) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, (int, float)):
        return "a number"
    if isinstance(data, str):
        return "a string"
    if isinstance(data, list):
        return "an array"
    return type(data).__name__


def fields_of(data: Any, *allowed: str) -> dict[str, Any]:
    """``data`` as an object holding no key beyond ``allowed``; no payload, ``null`` or any other
    JSON value is ``payload/malformed``."""
    if not isinstance(data, dict):
        raise MalformedAction("payload/malformed", f"the payload must be a JSON object, got {_kind(data)}")
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise MalformedAction("payload/malformed", f"unknown field(s): {describe(unknown, 80)}")
    return data


def int_field(data: dict[str, Any], key: str, low: int = 0, high: int = INT_MAX, *,
              code: str = "payload/malformed") -> int:
    """The integer at ``key``, from ``low`` to ``high`` (else ``code``); a boolean is not an integer here."""
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedAction("payload/malformed", f"{key} must be an integer, got {describe(value)}")
    if not low <= value <= high:
        raise MalformedAction(code, f"{key} is from {low} to {high}, got {describe(value)}")
    return value


def optional_int(data: dict[str, Any], key: str, default: int, low: int = 0, high: int = INT_MAX, *,
                 code: str = "payload/malformed") -> int:
    """Like ``int_field`` when ``key`` is present, else ``default``.

    >>> optional_int({}, "modifier", 0, -100, 100), optional_int({"modifier": -3}, "modifier", 0, -100, 100)
    (0, -3)
    """
    if key not in data:
        return default
    return int_field(data, key, low, high, code=code)
