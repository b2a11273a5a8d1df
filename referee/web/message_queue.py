"""Redis as the Socket.IO message queue: an emit of one process reaches the connections the others hold.

With ``[server] message_queue = "redis://…"`` the socket server's client manager is python-socketio's
``RedisManager``: every emit (to a room or to one connection's sid) is delivered at once to the
connections this process holds, then published on the Redis channel ``CHANNEL``; every other
process, subscribed there, delivers it to the ones it holds. What is on the channel:

* Messages are JSON (``QueueJSON``). A ``wire.Encoded`` payload (a ``state`` encoded once for
  all its viewers) crosses as its JSON text under the one key ``ENCODED`` and becomes an
  ``Encoded`` again on the other side, so every client gets the same bytes whichever process
  holds it, and the text is never decoded and encoded again.
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
from typing import Any

from socketio import RedisManager

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
    """python-socketio's Redis manager on ``CHANNEL``, its messages in ``QueueJSON`` (the base class
    takes the packets' JSON module when it is attached to its server: set again after that)."""

    def __init__(self, url: str) -> None:
        super().__init__(url, channel=CHANNEL, redis_options={"socket_connect_timeout": CONNECT_TIMEOUT_S})

    def set_server(self, server: Any) -> None:
        """Attach to the socket server, keeping ``QueueJSON`` for the queue's messages."""
        super().set_server(server)
        self.json = QueueJSON


def client_manager(url: str) -> dict[str, Any]:
    """The ``SocketIO`` options for ``[server] message_queue``: none for "" (one process, its own rooms).

    >>> client_manager("")
    {}
    >>> type(client_manager("redis://127.0.0.1:6379/0")["client_manager"]).__name__
    'QueueManager'
    """
    return {"client_manager": QueueManager(url)} if url else {}
