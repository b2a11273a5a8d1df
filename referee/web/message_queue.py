"""Redis as the Socket.IO message queue: an emit of one process reaches the connections the others hold.

With ``[server] message_queue = "redis://…"`` the socket server's client manager is a
``QueueManager`` (python-socketio's ``RedisManager``): every emit (to a room or to one
connection's sid) is delivered at once to the connections this process holds, and published on
the Redis channel ``CHANNEL`` only when another process may hold a member of its room; every
other process, subscribed there, delivers it to the ones it holds. nginx routes all of a table's
connections to its owner, so nearly every emit stays in its process and costs Redis nothing:

* an emit to a connection held here (its sid), or to a room whose members are all here, is not
  published;
* one to a room another process announced (``HOLD``, or in its list of rooms) is, and so is one
  to a room nobody is known to hold (a sid of another process: connections are not announced),
  and every emit while the process is not sure what the others hold (``room_directory``).

What is on the channel:

* Messages are JSON (``QueueJSON``). A ``wire.Encoded`` payload (a ``state`` encoded once for
  all its viewers) crosses as its JSON text under the one key ``ENCODED`` and becomes an
  ``Encoded`` again on the other side, so every client gets the same bytes whichever process
  holds it, and the text is never decoded and encoded again.
* The directory's messages (``HOLD``, ``HELLO``, ``ROOMS``): room names only, no payload.
* While Redis is down an emit still reaches this process's own connections; what it would have
  told the other processes is dropped (python-socketio logs ``Cannot publish to redis``), and the
  listener subscribes again with a growing pause (1 s, doubled, at most 60 s). Nothing of the
  game is lost: the event log is in the store, and a client that missed a frame gets the current
  ``state`` from its next change or ``sync``.

>>> payload = Encoded('{"version":3,"table":{"id":"t1"}}')
>>> message = QueueJSON.loads(QueueJSON.dumps({"method": "emit", "data": [payload], "room": "t1/seat/0"}))
>>> message["data"][0].text == payload.text, message["room"]
(True, 't1/seat/0')
>>> QueueJSON.loads(QueueJSON.dumps({"data": [{"seat": 0, "dice": [3, 5]}]}))
{'data': [{'seat': 0, 'dice': [3, 5]}]}
"""
from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

from socketio import RedisManager

from .room_directory import REFRESH_S, Room, RoomDirectory
from .wire import Encoded

CHANNEL = "tavern-jack"
"""The Redis pub/sub channel every process of one deployment publishes on and listens to (pub/sub
ignores the URL's database number: two deployments must not share one Redis)."""
CONNECT_TIMEOUT_S = 2.0
"""How long one attempt to connect to Redis may take (redis-py retries a few times): a Redis host
that does not answer holds an emit for seconds, not for the system's minutes-long TCP timeout."""
ENCODED = "$tavern_encoded"
"""The one key of the object that carries an ``Encoded`` payload's text across the queue (no
payload of the server has a key that starts with ``$``)."""
HOLD, HELLO, ROOMS = "tavern_hold", "tavern_hello", "tavern_rooms"
"""The directory's messages (``room_directory``): a room with a member here that the others were
not told of, a (re)subscribed listener's rooms and its question, a process's rooms (an answer when
``to`` names the asker; without, the list every ``REFRESH_S``, which also tells the rooms left)."""
DIRECTORY = (HOLD, HELLO, ROOMS)
RETRY_FIRST_S, RETRY_MOST_S = 1, 60
"""The listener's pause before subscribing again after losing Redis: 1 s, doubled each time, at most 60 s."""


def _encoded_as_object(value: Any) -> Any:
    if isinstance(value, Encoded):
        return {ENCODED: value.text}
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _object_as_encoded(value: dict[str, Any]) -> Any:
    if len(value) == 1 and isinstance(value.get(ENCODED), str):
        return Encoded(value[ENCODED])
    return value


class QueueJSON:
    """The JSON of the queue's messages: python-socketio's own (compact), with ``Encoded`` payloads kept encoded."""

    @staticmethod
    def dumps(value: Any, **_options: Any) -> str:
        """A message as JSON text, each ``Encoded`` payload as ``{ENCODED: text}``."""
        return json.dumps(value, separators=(",", ":"), default=_encoded_as_object)

    @staticmethod
    def loads(text: str | bytes, **_options: Any) -> Any:
        """A message read from the channel, each ``{ENCODED: text}`` an ``Encoded`` again."""
        return json.loads(text, object_hook=_object_as_encoded)


class QueueManager(RedisManager):  # type: ignore[misc]
    """python-socketio's Redis manager on ``CHANNEL``, its messages in ``QueueJSON``, publishing an
    emit only when another process may hold a member of its room (``room_directory.RoomDirectory``)."""

    def __init__(self, url: str) -> None:
        super().__init__(url, channel=CHANNEL, redis_options={"socket_connect_timeout": CONNECT_TIMEOUT_S})
        self.directory = RoomDirectory()
        self._announcing = threading.Lock()
        self._told: set[Room] = set()

    def set_server(self, server: Any) -> None:
        """Attach to the socket server, keeping ``QueueJSON`` for the queue's messages (the base
        class takes the packets' JSON module when it is attached)."""
        super().set_server(server)
        self.json = QueueJSON

    def initialize(self) -> None:
        """Start the listener (the base class) and the greenlet that sends this process's rooms every ``REFRESH_S``."""
        super().initialize()
        self.server.start_background_task(self._refresh)

    def emit(self, event: str, data: Any, namespace: str | None = None, room: Any = None, skip_sid: Any = None,
             callback: Any = None, to: Any = None, **kwargs: Any) -> None:
        """Deliver to this process's members of ``to``/``room``; publish only when ``crosses`` says so."""
        namespace = namespace or "/"
        room = to or room
        local = kwargs.pop("ignore_queue", False) or not self.crosses(namespace, room)
        super().emit(event, data, namespace=namespace, room=room, skip_sid=skip_sid, callback=callback,
                     ignore_queue=local, **kwargs)

    def crosses(self, namespace: str, room: Any) -> bool:
        """Whether an emit to ``room`` must be published: not for a connection held here, nor for a
        room only this process holds; yes for everyone (``None``), for a room another process may hold
        (or while the directory is not sure), and for a room nobody is known to hold (a sid of another
        process: connections are never announced)."""
        if room is None:
            return True
        if isinstance(room, (list, tuple)):
            return any(self.crosses(namespace, one) for one in room)
        if self.is_sid_room(namespace, room):
            return False
        return self.directory.held_elsewhere((namespace, room)) or room not in self.rooms.get(namespace, {})

    def enter_room(self, sid: str, namespace: str, room: str, eio_sid: str | None = None) -> None:
        """Add a connection to a room; one another process holds is asked to through the queue, and
        the room counts as held elsewhere until that process's ``hold`` arrives."""
        if not (self.is_connected(sid, namespace) or self.is_pre_connected(sid, namespace)):
            self.directory.expect((namespace, room))
        super().enter_room(sid, namespace, room, eio_sid=eio_sid)

    def basic_enter_room(self, sid: str, namespace: str, room: Any, eio_sid: str | None = None) -> None:
        """Add a connection of this process to a room, announcing the room unless the others know it.

        A room left is not announced: the next list of rooms (``REFRESH_S``) leaves it out. Until
        then the others may publish to it for nothing, never miss a member: a room that empties and
        fills again (a watch room as its spectators take seats) costs no message at all."""
        super().basic_enter_room(sid, namespace, room, eio_sid=eio_sid)
        if _named(sid, room) and (namespace, room) not in self._told:
            with self._announcing:
                if (namespace, room) not in self._told and \
                        self._publish({"method": HOLD, "room": [namespace, room], "host_id": self.host_id}) is not None:
                    self._told.add((namespace, room))

    def held_here(self) -> list[list[str]]:
        """Every named room (not a connection's own) that has a member here, as ``[namespace, room]``."""
        return [[namespace, room] for namespace, rooms in list(self.rooms.items()) for room in list(rooms)
                if room is not None and not self.is_sid_room(namespace, room)]

    def _announce_rooms(self, message: dict[str, Any]) -> Any:
        """Publish ``message`` with all of ``held_here``, in order with the ``HOLD``\\ s: each is taken
        and published under one lock, so a list of rooms is never overtaken by a ``HOLD`` made after
        it. What the others were told is this list from now on. Returns what ``PUBLISH`` returned
        (None when it failed)."""
        with self._announcing:
            rooms = self.held_here()
            published = self._publish({**message, "rooms": rooms, "host_id": self.host_id})
            self._told = {(namespace, room) for namespace, room in rooms} if published is not None else set()
            return published

    def _refresh(self) -> None:
        while True:
            self.server.sleep(REFRESH_S)
            for host in self.directory.forget_silent():
                self._get_logger().info("queue peer forgotten", extra={"peer": host})
            self._announce_rooms({"method": ROOMS, "to": None})

    def _listen(self) -> Iterator[dict[str, Any]]:
        """The base class's listener reads what this yields: every message of the channel but the
        directory's own (handled here), decoded once; (re)subscribing with a growing pause."""
        pause = RETRY_FIRST_S
        while True:
            try:
                self._redis_connect()
                pubsub = self.pubsub  # publishing may reconnect and replace self.pubsub: keep this one
                pubsub.subscribe(self.channel)
                due = self._announce_rooms({"method": HELLO})
                if due is None:
                    raise ConnectionError("the hello was not published")
                pause = RETRY_FIRST_S
                self.directory.listening(answers_due=due - 1)  # every subscriber but this one
                for message in pubsub.listen():
                    data = self._read(message) if message.get("type") == "message" else None
                    if data is not None:
                        yield data
            except Exception as exc:  # whatever redis-py raises when Redis goes away
                self.directory.deaf()
                self._get_logger().error(f"Cannot receive from redis... retrying in {pause} secs",
                                         extra={"redis_exception": str(exc)})
                self.server.sleep(pause)
                pause = min(pause * 2, RETRY_MOST_S)

    def _read(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """A message for the base class, or None for a directory message (taken in here) or garbage."""
        try:
            data = self.json.loads(message["data"])
        except (ValueError, TypeError, KeyError):
            return None
        if not isinstance(data, dict):
            return None
        method, host = data.get("method"), data.get("host_id")
        if method not in DIRECTORY:
            namespace, room = data.get("namespace") or "/", data.get("room")
            if method == "enter_room" and host != self.host_id and isinstance(room, str) \
                    and not self.is_connected(data.get("sid"), namespace):
                self.directory.expect((namespace, room))
            return data
        if isinstance(method, str) and isinstance(host, str) and host != self.host_id:
            self._heard(method, host, data)
        return None

    def _heard(self, method: str, host: str, data: dict[str, Any]) -> None:
        if method == HOLD:
            room = _room(data.get("room"))
            if room is not None:
                self.directory.hold(host, room)
            return
        rooms = [room for room in map(_room, data.get("rooms") or []) if room is not None]
        self.directory.replace(host, rooms)
        if method == HELLO:
            self._announce_rooms({"method": ROOMS, "to": host})
        elif data.get("to") == self.host_id:
            self.directory.answered()


def _named(sid: str, room: Any) -> bool:
    """A room of its own name (not the namespace's everyone, ``None``, nor a connection's own sid room)."""
    return room is not None and room != sid


def _room(value: Any) -> Room | None:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(part, str) for part in value):
        return value[0], value[1]
    return None


def client_manager(url: str) -> dict[str, Any]:
    """The ``SocketIO`` options for ``[server] message_queue``: none for "" (one process, its own rooms).

    >>> client_manager("")
    {}
    >>> type(client_manager("redis://127.0.0.1:6379/0")["client_manager"]).__name__
    'QueueManager'
    """
    return {"client_manager": QueueManager(url)} if url else {}
