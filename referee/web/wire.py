"""``state`` payloads as JSON text, each part encoded once: what every viewer of a table sees
alike is encoded once per change, and what stays the same from one change to the next (the
round's commitment, a seat's proofs) is not encoded again.

The text is exactly what python-socketio would have encoded from the view (compact
separators, ASCII escapes, the view's key order): ``frames.GuardedPacket`` sends an
``Encoded`` payload as it is, so clients receive the same bytes as before.

>>> parts = Parts()
>>> view = {"version": 7, "table": {"id": "t1", "seats": [0, 1]}, "private": {"salts": ["ab"]}}
>>> parts.encode("t1", 0, view).text == dumps(view)
True
>>> parts.encode("t1", 1, {**view, "version": 8}).text
'{"version":8,"table":{"id":"t1","seats":[0,1]},"private":{"salts":["ab"]}}'
"""
from __future__ import annotations

import json
from typing import Any

dumps = json.JSONEncoder(separators=(",", ":")).encode
"""JSON text as python-socketio encodes a payload (compact, ASCII escapes), with one encoder for
every call (``json.dumps`` with separators builds a new encoder each time: most of the cost of
encoding a small part)."""

SHARED = frozenset({"table", "commitment"})
"""Parts of a view that every viewer of the table receives alike: kept once per table."""
OWN = frozenset({"private", "gm"})
"""Parts that are a viewer's own and rarely change: kept per table and viewer."""
_NAMES: dict[str, str] = {}
"""Each key of a view, as JSON text (a view has a handful of keys)."""


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
    """The newest value and JSON text of each kept part of the views sent at each table.

    A part is encoded again only when its value differs from the one kept (``==``: the views'
    values are JSON-ready, and each field keeps its type). The caller serialises the calls
    (the broadcaster encodes under its send lock) and ``forget``s a table nobody watches.
    """

    def __init__(self) -> None:
        self._kept: dict[str, dict[tuple[str, int | None], tuple[Any, str]]] = {}

    def encode(self, table: str, viewer: int | None, view: dict[str, Any]) -> Encoded:
        """``view`` (of ``viewer``, None: a spectator, at ``table``) as JSON text: each kept part
        from what is kept, or encoded and kept; the parts between them encoded together."""
        kept = self._kept.setdefault(table, {})
        texts: list[str] = []
        loose: dict[str, Any] = {}
        for key, value in view.items():
            if key not in SHARED and key not in OWN:
                loose[key] = value
                continue
            if loose:
                texts.append(dumps(loose)[1:-1])
                loose = {}
            slot = (key, None if key in SHARED else viewer)
            last = kept.get(slot)
            if last is None or last[0] != value:
                last = kept[slot] = (value, dumps(value))
            texts.append(f"{_NAMES.get(key) or _NAMES.setdefault(key, dumps(key))}:{last[1]}")
        if loose:
            texts.append(dumps(loose)[1:-1])
        return Encoded("{" + ",".join(texts) + "}")

    def forget(self, table: str) -> None:
        """Drop what is kept for ``table``."""
        self._kept.pop(table, None)

    def tables(self) -> int:
        """How many tables have parts kept (for tests)."""
        return len(self._kept)
