"""``state``, ``public`` and ``seat`` payloads as JSON text, encoded once for every connection that
receives them: ``frames.GuardedPacket`` sends an ``Encoded`` payload as it is.

``encode`` writes a view with orjson: compact, in the view's key order, non-ASCII text as its
UTF-8 characters (a Cyrillic name travels as "Аня", not as ``\\u`` escapes: the same JSON value,
fewer bytes). A table's public part of ~4.5 KB takes ~6 µs where the standard encoder takes
~64 (bench/README.md, "Payloads through orjson"). What orjson refuses although it is JSON (an
integer beyond 64 bits, a dict key that is not a string) is written by the standard encoder
instead, in the same style; what is not JSON fails. So do the
objects orjson would write but the standard encoder would not (a dataclass, a date): a view is
a whitelist of JSON values, and an object that slipped into one must fail loudly, never go out
field by field.

What the wire promises: every payload ``encode`` returns reads back (``json.loads``, a page's
``JSON.parse``) as exactly the payload, or ``encode`` refuses it. Text that is not valid Unicode
(a lone surrogate, in a key or a value) is refused with ``ValueError``: JSON cannot carry it
faithfully (escaped, a high and a low surrogate read back as one astral character, and a page
cannot tell them apart), and no view holds one: ``referee.text`` refuses category Cs in whatever
people type, and the server's messages quote a sender's input with ``repr``, which escapes it.

>>> encode({"version": 7, "table": {"name": "Аня", "seats": [0, 1]}}).text
'{"version":7,"table":{"name":"Аня","seats":[0,1]}}'
>>> encode({"big": 2 ** 70, "by_seat": {1: "Аня"}}).text
'{"big":1180591620717411303424,"by_seat":{"1":"Аня"}}'
>>> encode({"name": "\\ud800\\udc00"})
Traceback (most recent call last):
...
ValueError: a payload's text is not valid Unicode (a lone surrogate, U+D800): it cannot travel as JSON unchanged
>>> from dataclasses import dataclass
>>> @dataclass
... class Seat:
...     token_digest: str
>>> encode({"seat": Seat("ab")})
Traceback (most recent call last):
...
TypeError: Object of type Seat is not JSON serializable
"""
from __future__ import annotations

import json
from typing import Any

import orjson

_fallback = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
"""What ``encode`` falls back to: the standard encoder writing non-ASCII text as its characters,
as orjson does, one encoder for every call."""

_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS
"""Hand orjson's own extras (dataclasses, dates, subclasses of str/int/dict/list) to the fallback,
which writes a subclass as the standard encoder does and refuses the rest."""


class Encoded:
    """A payload already encoded as JSON text (``frames.GuardedPacket`` sends it as it is).

    >>> Encoded('{"a":1}')
    Encoded('{"a":1}')
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Encoded({self.text!r})"


def encode(view: Any) -> Encoded:
    """``view`` (a JSON-ready value) as the JSON text every receiver gets."""
    try:
        return Encoded(orjson.dumps(view, option=_OPTIONS).decode())
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        text = _fallback(view)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(f"a payload's text is not valid Unicode (a lone surrogate, U+{ord(error.object[error.start]):04X}): "
                         "it cannot travel as JSON unchanged") from None
    return Encoded(text)
