"""``state`` payloads as JSON text, each part encoded once: what every viewer of one change sees
alike (the table) is encoded once for all of them, and what stays the same for a whole round
(its commitment, each seat's proofs) is kept encoded from one change to the next.

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
from typing import Any

dumps = json.JSONEncoder(separators=(",", ":")).encode
"""JSON text as python-socketio encodes a payload (compact, ASCII escapes), with one encoder for
every call (``json.dumps`` with separators builds a new encoder each time: most of the cost of
encoding a small part)."""

ALIKE = frozenset({"table"})
"""Parts every viewer of a change sees alike, and that most changes change: encoded once a change."""
ROUND_ALIKE = frozenset({"commitment"})
"""Parts every viewer sees alike that change once a round: kept per table."""
ROUND_OWN = frozenset({"private"})
"""A viewer's own parts that change once a round: kept per table and viewer."""
_NAMES: dict[str, str] = {}
"""Each key of a view, as JSON text (a view has a handful of keys)."""

Slots = dict[tuple[str, int | None], tuple[Any, str]]


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

    A part is encoded again only when its value differs from the one kept (``==``: the views'
    values are JSON-ready, each field keeps its type and each part its key order). Only the round-long parts are kept
    (kept values outlive the young garbage collections, and a full collection looks at each of
    them). The caller serialises the calls (the broadcaster encodes under its send lock) and
    ``forget``s a table nobody watches.
    """

    def __init__(self) -> None:
        self._kept: dict[str, Slots] = {}

    def encode_all(self, table: str, views: Mapping[int | None, dict[str, Any]]) -> dict[int | None, Encoded]:
        """The views of one change at ``table`` (by viewer, None: the spectators) as JSON text."""
        kept = self._kept.setdefault(table, {})
        alike: Slots = {}
        return {viewer: Encoded(_encode(view, viewer, kept, alike)) for viewer, view in views.items()}

    def forget(self, table: str) -> None:
        """Drop what is kept for ``table``."""
        self._kept.pop(table, None)

    def tables(self) -> int:
        """How many tables have parts kept."""
        return len(self._kept)


def _encode(view: dict[str, Any], viewer: int | None, kept: Slots, alike: Slots) -> str:
    """``view`` as JSON text: each part in ``alike`` or ``kept`` from there (or encoded and put
    there), the parts between them encoded together."""
    texts: list[str] = []
    loose: dict[str, Any] = {}
    for key, value in view.items():
        if key in ALIKE:
            slots, slot = alike, (key, None)
        elif key in ROUND_ALIKE or key in ROUND_OWN:
            slots, slot = kept, (key, None if key in ROUND_ALIKE else viewer)
        else:
            loose[key] = value
            continue
        if loose:
            texts.append(dumps(loose)[1:-1])
            loose = {}
        last = slots.get(slot)
        if last is None or last[0] != value:
            last = slots[slot] = (value, dumps(value))
        texts.append(f"{_NAMES.get(key) or _NAMES.setdefault(key, dumps(key))}:{last[1]}")
    if loose:
        texts.append(dumps(loose)[1:-1])
    return "{" + ",".join(texts) + "}"
