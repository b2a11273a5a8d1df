"""``state`` payloads as JSON text, each part encoded once: what several viewers of one change
share (the same object: the table, the public parts of the game) is encoded once for all of
them, and what stays the same for a whole round (its commitment, each seat's proofs) is kept
encoded from one change to the next.

The text is exactly what python-socketio would have encoded from the view (compact
separators, ASCII escapes, the view's key order): ``frames.GuardedPacket`` sends an
``Encoded`` payload as it is, so clients receive the same bytes as before.

>>> parts = Parts()
>>> view = {"version": 7, "table": {"id": "t1", "seats": [0, 1]}, "private": {"salts": ["ab"]}}
>>> sent = parts.encode_all("t1", {0: view, 1: {**view, "private": {"salts": ["cd"]}}})
>>> sent[0].text == dumps(view), sent[1].text
(True, '{"version":7,"table":{"id":"t1","seats":[0,1]},"private":{"salts":["cd"]}}')
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from json.encoder import encode_basestring_ascii
from typing import Any

dumps = json.JSONEncoder(separators=(",", ":")).encode
"""JSON text as python-socketio encodes a payload (compact, ASCII escapes), with one encoder for
every call (``json.dumps`` with separators builds a new encoder each time: most of the cost of
encoding a small part)."""

SPLIT = frozenset({"game"})
"""Parts whose fields are encoded one by one: each viewer has its own dict, but most of its fields
are objects every viewer's dict shares (``referee.views.game_views``), encoded once a change."""
ROUND_ALIKE = frozenset({"commitment"})
"""Parts every viewer sees alike that change once a round: kept per table."""
ROUND_OWN = frozenset({"private"})
"""A viewer's own parts that change once a round: kept per table and viewer."""
_NAMES: dict[str, str] = {}
"""Each key of a view, as JSON text followed by ``:`` (a view has a few dozen distinct keys)."""

Slots = dict[tuple[str, int | None], tuple[Any, str]]
Memo = dict[int, str]
"""The text of each container (dict or list) met while encoding one change, by ``id``: every
view of the change is alive meanwhile, so no two of its objects share an id."""


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


class Parts:
    """The newest value and JSON text of each round-long part of the views sent at each table.

    A round-long part is encoded again only when its value differs from the one kept (``==``:
    the views' values are JSON-ready, each field keeps its type and each part its key order).
    Only the round-long parts are kept (kept values outlive the young garbage collections, and a
    full collection looks at each of them). The caller serialises the calls (the broadcaster
    encodes under its send lock) and ``forget``s a table nobody watches.
    """

    def __init__(self) -> None:
        self._kept: dict[str, Slots] = {}

    def encode_all(self, table: str, views: Mapping[int | None, dict[str, Any]]) -> dict[int | None, Encoded]:
        """The views of one change at ``table`` (by viewer, None: the spectators) as JSON text.

        >>> shared = [{"seat": 0, "quantity": 3, "face": 5}]
        >>> views = {0: {"game": {"seat": 0, "bids": shared}}, 1: {"game": {"seat": 1, "bids": shared}}}
        >>> Parts().encode_all("t1", views)[1].text
        '{"game":{"seat":1,"bids":[{"seat":0,"quantity":3,"face":5}]}}'
        """
        kept = self._kept.setdefault(table, {})
        memo: Memo = {}
        return {viewer: Encoded(_encode(view, viewer, kept, memo)) for viewer, view in views.items()}

    def forget(self, table: str) -> None:
        """Drop what is kept for ``table``."""
        self._kept.pop(table, None)

    def tables(self) -> int:
        """How many tables have parts kept."""
        return len(self._kept)


def _encode(view: dict[str, Any], viewer: int | None, kept: Slots, memo: Memo) -> str:
    """``view`` as JSON text, part by part: a round-long part from ``kept`` (or encoded and put
    there), a ``SPLIT`` part field by field, any other through ``memo``."""
    texts: list[str] = []
    for key, value in view.items():
        if key in ROUND_ALIKE or key in ROUND_OWN:
            slot = (key, None if key in ROUND_ALIKE else viewer)
            last = kept.get(slot)
            if last is None or last[0] != value:
                last = kept[slot] = (value, dumps(value))
            text = last[1]
        elif key in SPLIT and type(value) is dict:
            text = "{" + ",".join([_name(k) + _value(v, memo) for k, v in value.items()]) + "}"
        else:
            text = _value(value, memo)
        texts.append(_name(key) + text)
    return "{" + ",".join(texts) + "}"


def _name(key: str) -> str:
    """``key`` as JSON text and a colon, as an object's member starts.

    >>> _name("dice"), _name("Аня")
    ('"dice":', '"\\\\u0410\\\\u043d\\\\u044f":')
    """
    name = _NAMES.get(key)
    if name is None:
        name = _NAMES[key] = dumps(key) + ":"
    return name


def _value(value: Any, memo: Memo) -> str:
    """One value as JSON text: a container through ``memo`` (encoded once per change whoever
    shares it), a scalar as the JSON encoder writes it.

    >>> memo = {}
    >>> [_value(v, memo) for v in (True, False, None, 12, "ё", 1.5, [1, 2])], len(memo)
    (['true', 'false', 'null', '12', '"\\\\u0451"', '1.5', '[1,2]'], 1)
    """
    kind = type(value)
    if kind is dict or kind is list:
        text = memo.get(id(value))
        if text is None:
            text = memo[id(value)] = dumps(value)
        return text
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if kind is int:
        return int.__repr__(value)
    if kind is str:
        return encode_basestring_ascii(value)
    return dumps(value)
