"""``state`` payloads as JSON text, each part encoded once: what several viewers of one change
share (the same object: the table, the public parts of the game) is encoded once for all of
them, and what stays equal from one change to the next (the round's commitment, each seat's
proofs, the table's seats and rules, a seat's ``gm``) is kept encoded meanwhile.

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

SPLIT = frozenset({"game", "table"})
"""Parts of a view encoded field by field, like the view itself (most fields of a seat's game
are objects every seat's game shares, ``referee.views.game_views``)."""
_NAMES: dict[str, str] = {}
"""Each key of a view, as JSON text followed by ``:`` (a view has a few dozen distinct keys)."""

Slots = dict[tuple[str, str, int | None], tuple[Any, str]]
"""The value and text kept for (part: "" for the view itself, field, viewer or None)."""
Template = tuple[list[str], list[Any], list[str]]
"""A dict of a change's first view (the view or one of its ``SPLIT`` parts): its keys, its
values, and each member as text."""


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


class Change:
    """What encoding one change remembers from one viewer to the next: the text of each container
    (dict or list) met, by ``id`` (every view of the change is alive meanwhile, so no two of its
    objects share an id), and the first dict met of the view and of each ``SPLIT`` part."""

    __slots__ = ("memo", "templates")

    def __init__(self) -> None:
        self.memo: dict[int, str] = {}
        self.templates: dict[str, Template] = {}


class Parts:
    """The newest value and JSON text of each container field of the views sent at each table
    (the view's own fields and its ``SPLIT`` parts' fields), by viewer.

    A viewer's field is encoded again only when its value differs from the one kept (``==``:
    the views' values are JSON-ready, each field keeps its type and each part its key order;
    a container that several viewers share is kept by the first). Within a change a field
    holding the very object the first viewer's held reuses its text. The caller serialises the
    calls (the broadcaster encodes under its send lock) and ``forget``s a table nobody watches.
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
        change = Change()
        return {viewer: Encoded(_object("", view, viewer, kept, change)) for viewer, view in views.items()}

    def forget(self, table: str) -> None:
        """Drop what is kept for ``table``."""
        self._kept.pop(table, None)

    def tables(self) -> int:
        """How many tables have parts kept."""
        return len(self._kept)


def _object(part: str, value: dict[str, Any], viewer: int | None, kept: Slots, change: Change) -> str:
    """A view (``part`` "") or a ``SPLIT`` part as text, member by member: a dict with the keys of
    the change's first one (its template) takes a member's text from there when the member holds
    the very same object, the others from ``_field``.

    >>> Parts().encode_all("t1", {0: {"game": {1: "x"}, "you": {"seat": 0}}})[0].text
    '{"game":{"1":"x"},"you":{"seat":0}}'
    """
    template = change.templates.get(part)
    keys = list(value)
    if template is not None and template[0] == keys:
        items = [item if new is old else _name(key) + _field(part, key, new, viewer, kept, change)
                 for key, new, old, item in zip(keys, value.values(), template[1], template[2])]
    elif not all(type(key) is str for key in keys):
        return dumps(value)  # JSON names every member by a string: the encoder turns other keys into one
    else:
        items = [_name(key) + _field(part, key, new, viewer, kept, change) for key, new in value.items()]
        if template is None:
            change.templates[part] = (keys, list(value.values()), items)
    return "{" + ",".join(items) + "}"


def _field(part: str, key: str, value: Any, viewer: int | None, kept: Slots, change: Change) -> str:
    """One member's value as text: a ``SPLIT`` part by ``_object``, another container once a change
    (``memo``) and kept from the last change while equal, a scalar as ``_value`` writes it."""
    kind = type(value)
    if kind is not dict and kind is not list:
        return _value(value)
    memo = change.memo
    text = memo.get(id(value))
    if text is None:
        if not part and key in SPLIT and kind is dict:
            text = _object(key, value, viewer, kept, change)
        else:
            slot = (part, key, viewer)
            last = kept.get(slot)
            if last is None or (last[0] is not value and last[0] != value):
                last = kept[slot] = (value, dumps(value))
            text = last[1]
        memo[id(value)] = text
    return text


def _name(key: str) -> str:
    """``key`` as JSON text and a colon, as an object's member starts.

    >>> _name("dice"), _name("Аня")
    ('"dice":', '"\\\\u0410\\\\u043d\\\\u044f":')
    """
    name = _NAMES.get(key)
    if name is None:
        name = _NAMES[key] = dumps(key) + ":"
    return name


def _value(value: Any) -> str:
    """A scalar as the JSON encoder writes it (anything else through ``dumps``).

    >>> [_value(v) for v in (True, False, None, 12, "ё", 1.5, [1, 2])]
    ['true', 'false', 'null', '12', '"\\\\u0451"', '1.5', '[1,2]']
    """
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    kind = type(value)
    if kind is int:
        return int.__repr__(value)
    if kind is str:
        return encode_basestring_ascii(value)
    return dumps(value)
