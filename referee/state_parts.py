"""A table's views of one change as one ``public`` part for everyone and a small ``seat`` part per
seat (the server's ``split``), and the two put back together into the seat's ``state`` (a
client's ``merge``, and ``StateFeed``, which every Python client of the table uses).

The public part is the spectator's view without ``you``; in its ``game`` the per-seat flags
that follow from what everyone sees (``can_call`` from ``callers``; a family names them) are
lists of the seats for which they hold (``game.seat_flags``), and ``seat_parts`` names the
version of each connected seat's newest seat part. A seat part holds ``you`` and only what
differs from the public part: ``game`` and ``gm`` field by field (their own dice, their thread
with the referee), ``private`` whole (docs/protocol.md, "public and seat"). This module imports
nothing of the project: the server, the network bot, the benches and the tests share it.

>>> game = {"seat": None, "dice": [], "callers": [1], "can_call": False}
>>> views = {None: {"version": 4, "you": SPECTATOR_YOU, "game": game},
...          1: {"version": 4, "you": {"seat": 1, "role": "player", "is_host": False},
...              "game": {**game, "seat": 1, "dice": [3, 5], "can_call": True}}}
>>> public, parts = split(views, flags=("can_call",))
>>> public["game"]["seat_flags"], parts[1]["game"]
({'can_call': [1]}, {'seat': 1, 'dice': [3, 5]})
>>> merge({**public, "seat_parts": {"1": 4}}, parts[1]) == views[1], merge(public, None) == views[None]
(True, True)
"""
from __future__ import annotations

import threading
from collections.abc import Collection, Mapping
from typing import Any

View = dict[str, Any]
SPECTATOR_YOU: dict[str, Any] = {"seat": None, "role": "spectator", "is_host": False}
"""``you`` of every spectator: the public part's reader unless a seat part says otherwise."""
BY_FIELD = ("game", "gm")
"""Parts of a view a seat part overrides field by field; any other field it holds replaces the public one."""
FLAGS = "seat_flags"
"""The public game's per-seat flags, as the seats for which each holds."""
PARTS = "seat_parts"
"""The public part's versions of the seat parts, by seat (as a string)."""
FEED_EVENTS = ("state", "seat", "public")
"""The server's events a ``StateFeed`` reads."""
_OWN = ("version", "you")
_LEAD = ("version", "server_now_ms")


def split(views: Mapping[int | None, View], flags: Collection[str] = ()) -> tuple[View, dict[int, View]]:
    """The public part (from the spectator's view, ``views[None]``) and each seat's part of one change's
    ``views``; ``flags`` are the game's per-seat fields everyone may know (sent as ``seat_flags``).
    A seat part carries its view's ``version``; the caller adds ``seat_parts`` to the public part."""
    spectator = views[None]
    public = {key: value for key, value in spectator.items() if key != "you"}
    game = spectator.get("game")
    if game is not None and flags:
        public["game"] = {**game, FLAGS: {flag: [seat for seat, view in views.items() if seat is not None
                                                 and (view.get("game") or {}).get(flag) is True] for flag in flags}}
    parts: dict[int, View] = {}
    for seat, view in views.items():
        if seat is None:
            continue
        part: View = {key: view[key] for key in _OWN}
        for key, value in view.items():
            base = spectator.get(key, part)  # ``part``: no such field in the public view
            if key in _OWN or value is base:
                continue
            if key in BY_FIELD and type(value) is dict and type(base) is dict:
                skip = flags if key == "game" else ()
                diff = {name: field for name, field in value.items()
                        if name not in skip and (name not in base or (field is not base[name] and base[name] != field))}
                if diff:
                    part[key] = diff
            elif base is part or base != value:
                part[key] = value
        parts[seat] = part
    return public, parts


def merge(public: Mapping[str, Any], part: Mapping[str, Any] | None) -> View:
    """The ``state`` a holder of ``part`` (None: a spectator) reads from ``public``.

    >>> merge({"version": 2, "game": None, "gm": {"chat": []}, "seat_parts": {}}, None)["you"]["role"]
    'spectator'
    """
    you = dict(part["you"] if part else SPECTATOR_YOU)
    seat = you["seat"]
    view: View = {key: public[key] for key in _LEAD if key in public}
    view["you"] = you  # where a view has it: after the version and the server's clock
    for key, value in public.items():
        if key == PARTS or key in _LEAD:
            continue
        if key == "game" and type(value) is dict and FLAGS in value:
            value = {**{k: v for k, v in value.items() if k != FLAGS},
                     **{flag: seat is not None and seat in seats for flag, seats in value[FLAGS].items()}}
        view[key] = value
    for key, value in (part or {}).items():
        if key in _OWN:
            continue
        base = view.get(key)
        view[key] = {**base, **value} if key in BY_FIELD and type(base) is dict and type(value) is dict else value
    return view


class StateFeed:
    """What one connection holds of its table: the newest ``state``, and the seat part and public part
    it merges. ``take(event, payload)`` answers ``(state, sync)``: the new merged state (None when
    ``event`` completes none) and whether to ask ``sync`` now.

    A public part that names a seat part this connection does not hold waits for it (python-socketio
    runs each event's handler in a thread of its own, so a seat part may be read just after the public
    part it was sent before); a second such public part means one was missed: ask ``sync`` (once until
    the next ``state``). Parts and states older than the newest held are dropped. Thread-safe.

    >>> feed = StateFeed()
    >>> you = {"seat": 0, "role": "player", "is_host": True}
    >>> feed.take("state", {"version": 2, "you": you, "game": None})[0]["version"]
    2
    >>> feed.take("public", {"version": 3, "game": None, "seat_parts": {"0": 3}})
    (None, False)
    >>> state, sync = feed.take("seat", {"version": 3, "you": you})
    >>> state["you"]["seat"], state["version"], sync
    (0, 3, False)
    >>> feed.take("public", {"version": 5, "game": None, "seat_parts": {"0": 5}})
    (None, False)
    >>> feed.take("public", {"version": 6, "game": None, "seat_parts": {"0": 6}})
    (None, True)
    >>> feed.take("public", {"version": 2, "game": None, "seat_parts": {}})
    (None, False)
    """

    def __init__(self) -> None:
        self.state: View | None = None
        self._part: Mapping[str, Any] | None = None
        self._waiting: Mapping[str, Any] | None = None
        self._asked = False
        self._lock = threading.Lock()

    def take(self, event: str, payload: Any) -> tuple[View | None, bool]:
        """Read one ``state``, ``seat`` or ``public`` event (anything else is not the feed's)."""
        if not isinstance(payload, dict) or event not in FEED_EVENTS:
            return None, False
        with self._lock:
            if self.state is not None and payload.get("version", -1) < self.state["version"]:
                return None, False
            if event == "state":
                waiting = self._waiting
                self.state, self._part, self._waiting, self._asked = payload, None, None, False
                if waiting is not None and waiting["version"] >= payload["version"]:
                    return self._public(waiting)[0] or payload, False
                return payload, False
            if event == "seat":
                if self._part is None or payload["version"] >= self._part["version"]:
                    self._part = payload
                public, self._waiting = self._waiting, None
                return (self._merge(public), False) if public is not None else (None, False)
            return self._public(payload)

    def _public(self, public: Mapping[str, Any]) -> tuple[View | None, bool]:
        part = self._part
        if part is None and self.state is None:  # a connection first hears its ``state`` or its seat part: wait
            self._waiting = public
            return None, False
        seat = part["you"]["seat"] if part else self.state["you"]["seat"] if self.state else None
        if seat is None or (part is not None and public.get(PARTS, {}).get(str(seat)) == part["version"]):
            self._waiting = None
            return self._merge(public), False
        missed = self._waiting is not None
        self._waiting = public
        asked = self._asked
        self._asked = self._asked or missed
        return None, missed and not asked

    def _merge(self, public: Mapping[str, Any]) -> View | None:
        """``public`` merged with the seat part held, when it names that part (else it waits on)."""
        part = self._part
        seat = part["you"]["seat"] if part else None
        if seat is not None and public.get(PARTS, {}).get(str(seat)) != part["version"]:  # type: ignore[index]
            self._waiting = public
            return None
        self.state = merge(public, part)
        return self.state

