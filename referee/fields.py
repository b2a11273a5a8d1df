"""Reading the fields of a JSON payload a client sent: an object with known keys, an integer.

Shared by the web layer's parsers and the game master's requests; each refusal is a
``MalformedAction`` with the code ``payload/malformed`` and a message that quotes the input.

>>> fields_of({"quantity": 3}, "quantity", "face"), int_field({"quantity": 3}, "quantity")
({'quantity': 3}, 3)
>>> int_field({"quantity": True}, "quantity")
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: quantity must be an integer, got 'True'
"""
from __future__ import annotations

from typing import Any

from referee.rules import MalformedAction


def fields_of(data: Any, *allowed: str) -> dict[str, Any]:
    """``data`` as an object holding no key beyond ``allowed`` (no payload at all reads as ``{}``)."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise MalformedAction("payload/malformed", f"the payload must be a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise MalformedAction("payload/malformed", f"unknown field(s): {', '.join(map(str, unknown))[:80]}")
    return data


def int_field(data: dict[str, Any], key: str) -> int:
    """The integer at ``key`` (a boolean is not an integer here)."""
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedAction("payload/malformed", f"{key} must be an integer, got {str(value)[:20]!r}")
    return value
