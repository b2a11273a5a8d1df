"""Which rooms the other processes hold members of: what lets an emit stay in its own process.

With the Redis queue every process tells the others, on the queue's channel, when one of its
rooms gains a member they were not told of (``hold``), sends all of its rooms when its listener
(re)subscribes (``hello``, which every other process answers with its own) and again every
``REFRESH_S`` (which tells the rooms it left: a room left is not announced by itself). A
``RoomDirectory`` keeps what one process heard: for each other process (its ``host_id``), the
rooms it holds. A room is a ``(namespace, room)`` pair.

``held_elsewhere`` says whether an emit to a room must be published. It errs on the side of
publishing: always while the directory is not *sure* (before the listener first subscribed,
after it lost Redis, and until the other processes answered its ``hello`` or ``ANSWER_WAIT_S``
passed); and for ``JOIN_GRACE_S`` after a connection of another process was asked to join the
room (``expect``), before that process's own ``hold`` arrives. A process not heard from for
``FORGET_AFTER_S`` (killed: it announces nothing any more) is forgotten (``forget_silent``).

>>> now = [0.0]
>>> rooms = RoomDirectory(clock=lambda: now[0])
>>> rooms.held_elsewhere(("/", "t1/watch"))        # not listening yet: publish everything
True
>>> rooms.listening(answers_due=1)
>>> rooms.replace("host-b", [("/", "t2/watch")])
>>> rooms.answered()
>>> rooms.held_elsewhere(("/", "t1/watch")), rooms.held_elsewhere(("/", "t2/watch"))
(False, True)
>>> rooms.hold("host-b", ("/", "t1/watch")); rooms.held_elsewhere(("/", "t1/watch"))
True
>>> rooms.replace("host-b", []); rooms.held_elsewhere(("/", "t1/watch"))   # its next list of rooms
False
>>> rooms.deaf(); rooms.held_elsewhere(("/", "t1/watch"))   # Redis lost: publish everything again
True
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable

Room = tuple[str, str]
"""A Socket.IO room: its namespace and its name."""
ANSWER_WAIT_S = 10.0
"""How long a (re)subscribed listener waits for the other processes' rooms before it trusts what it has."""
JOIN_GRACE_S = 5.0
"""How long a room counts as held elsewhere after a connection of another process was asked to join it."""
REFRESH_S = 30.0
"""How often every process sends all of its rooms again (tells the rooms it left, heals a lost
announcement, keeps it remembered)."""
FORGET_AFTER_S = 3 * REFRESH_S
"""How long a process may stay silent before its rooms are forgotten (it was killed, or lost Redis)."""


class RoomDirectory:
    """The rooms other processes hold, as heard on the channel; ``held_elsewhere`` for each emit."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._rooms_of: dict[str, set[Room]] = {}
        self._holders: dict[Room, set[str]] = {}
        self._heard_at: dict[str, float] = {}
        self._expected: dict[Room, float] = {}
        self._listening = False
        self._sure = False
        self._answers_due = 0
        self._trust_at = 0.0

    def held_elsewhere(self, room: Room) -> bool:
        """True when another process may hold a member of ``room`` (so an emit to it is published)."""
        if not self._sure and not self._settled():
            return True
        if self._holders.get(room):
            return True
        until = self._expected.get(room)
        if until is None:
            return False
        if self._clock() < until:
            return True
        self._expected.pop(room, None)
        return False

    def _settled(self) -> bool:
        if self._listening and self._clock() >= self._trust_at:
            self._sure = True
        return self._sure

    def listening(self, answers_due: int) -> None:
        """The listener (re)subscribed and asked for every process's rooms; ``answers_due`` will answer."""
        with self._lock:
            self._listening = True
            self._answers_due = answers_due
            self._sure = answers_due <= 0
            self._trust_at = self._clock() + ANSWER_WAIT_S

    def answered(self) -> None:
        """One of the processes asked answered (its rooms were ``replace``\\ d first)."""
        with self._lock:
            self._answers_due -= 1
            if self._listening and self._answers_due <= 0:
                self._sure = True

    def deaf(self) -> None:
        """The listener lost Redis: what others announce meanwhile is not heard, so trust nothing."""
        with self._lock:
            self._listening = False
            self._sure = False

    def hold(self, host: str, room: Room) -> None:
        """``host`` holds a member of ``room`` from now on."""
        with self._lock:
            self._heard(host)
            self._rooms_of.setdefault(host, set()).add(room)
            self._holders.setdefault(room, set()).add(host)
            self._expected.pop(room, None)

    def replace(self, host: str, rooms: Iterable[Room]) -> None:
        """``host`` holds exactly ``rooms`` (all of its rooms, as it sent them)."""
        fresh = set(rooms)
        with self._lock:
            self._heard(host)
            for room in self._rooms_of.get(host, set()) - fresh:
                self._drop_holder(host, room)
            for room in fresh:
                self._holders.setdefault(room, set()).add(host)
            self._rooms_of[host] = fresh

    def expect(self, room: Room) -> None:
        """A connection of another process was asked to join ``room``: count it held for ``JOIN_GRACE_S``."""
        with self._lock:
            self._expected[room] = self._clock() + JOIN_GRACE_S

    def forget_silent(self) -> list[str]:
        """Forget every process not heard from for ``FORGET_AFTER_S``; the hosts forgotten."""
        with self._lock:
            silent = [host for host, at in self._heard_at.items() if self._clock() - at >= FORGET_AFTER_S]
            for host in silent:
                for room in self._rooms_of.pop(host, set()):
                    self._drop_holder(host, room)
                del self._heard_at[host]
        return silent

    def hosts(self) -> dict[str, set[Room]]:
        """What is known: each other process's rooms (a copy)."""
        with self._lock:
            return {host: set(rooms) for host, rooms in self._rooms_of.items()}

    def _heard(self, host: str) -> None:
        self._heard_at[host] = self._clock()

    def _drop_holder(self, host: str, room: Room) -> None:
        holders = self._holders.get(room)
        if holders is not None:
            holders.discard(host)
            if not holders:
                del self._holders[room]
