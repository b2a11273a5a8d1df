"""Socket.IO frames that are not a JSON event: turned into one event that the server refuses.

python-socketio decodes every frame with its packet class and raises ``ValueError`` (bad JSON,
an integer of more than 100 digits, an unknown packet type) or fails later on a shape it does
not expect (``[]``, ``[5]``, ``{}``); either way the sender got no answer and the log a
traceback. ``GuardedPacket`` is that packet class with a decoder that never fails: a frame
that is not a Socket.IO event on the ``/`` namespace — an array whose first item is an event
name — becomes the event ``MALFORMED_EVENT`` carrying the reason, which the handlers answer
with ``payload/malformed`` like any bad payload (acknowledged when the frame had an id).

The server's own payloads are JSON text: a ``wire.Encoded`` one is sent as it is, any other
written by ``wire.encode`` (``PacketJSON``); a client's frames are read by engineio's reader,
which refuses an integer of more than 100 digits.

Binary attachments, acknowledgements and ``CONNECT_ERROR`` packets are never expected from a
client and are refused the same way; the reserved names ``connect`` and ``disconnect`` may not
be sent as events. A ``CONNECT`` packet whose auth payload is not JSON connects with no auth
(and is refused as ``payload/malformed`` by the connect handler).

>>> GuardedPacket(encoded_packet='2["bid",{"quantity":3,"face":5}]').data
['bid', {'quantity': 3, 'face': 5}]
>>> packet = GuardedPacket(encoded_packet="21[")
>>> packet.data[0] == MALFORMED_EVENT, packet.id, packet.data[1]
(True, 1, 'the frame is not JSON')
>>> GuardedPacket(encoded_packet='2["connect",{}]').data[1] == RESERVED_REASON
True
>>> GuardedPacket(encoded_packet="").data[1]
'the frame is empty'
"""
from __future__ import annotations

import logging
from typing import Any

from engineio import json as engineio_json
from flask_socketio import SocketIO
from socketio import packet as sio_packet

from .wire import Encoded, encode

log = logging.getLogger("referee.web")

MALFORMED_EVENT = "frame/malformed"
"""The event a malformed frame is turned into (no client needs to send it; one that does is refused)."""
RESERVED_EVENTS = ("connect", "disconnect", "connect_error")
RESERVED_REASON = "connect, disconnect and connect_error are reserved: they cannot be sent as events"
REASONS = frozenset({
    "the frame is empty", "the frame is not JSON", "the frame is not JSON (nested too deep)",
    "an integer has more than 100 digits", "binary payloads are not accepted: send JSON",
    "a client sends events only (no acknowledgements or errors)", "there is only the namespace /",
    "an event is a JSON array that starts with the event's name", RESERVED_REASON,
})
"""Why a frame was refused: what ``MALFORMED_EVENT`` carries (anything else is not the server's)."""


UNKNOWN_NAMESPACE = "Unable to connect"
"""python-socketio's refusal of a connect to a namespace the server does not serve (a bare string)."""


def namespace_refusal(namespace: str | None) -> dict[str, Any]:
    """The refusal of a connect to ``namespace``, shaped as every refused connection's (``err.data.code``).

    >>> namespace_refusal("/admin")["data"]["code"]
    'namespace/unknown'
    """
    message = f"there is only the namespace /, not {namespace}"
    return {"message": message, "data": {"code": "namespace/unknown", "message": message}}


class PacketJSON:
    """The JSON of the Socket.IO packets: what the server writes as ``wire.encode`` writes a
    payload, what it reads as engineio's reader (integers of at most 100 digits).

    >>> PacketJSON.dumps(["error", {"message": "Аня"}], separators=(",", ":"))
    '["error",{"message":"Аня"}]'
    >>> PacketJSON.loads('[1, "x"]')
    [1, 'x']
    """

    loads = staticmethod(engineio_json.loads)

    @staticmethod
    def dumps(value: Any, **_options: Any) -> str:
        """``value`` as compact JSON text (python-socketio passes its separators: compact already)."""
        return encode(value).text


class GuardedPacket(sio_packet.Packet):
    """python-socketio's packet whose ``decode`` turns every frame that is not an event into ``MALFORMED_EVENT``.

    The protocol is JSON only, both ways: ``uses_binary_events`` off spares every packet the server
    sends python-socketio's walk through its whole payload looking for bytes (a ``state`` is a few
    hundred nested values), and a payload that did hold bytes fails to encode instead of going out
    as attachments.

    >>> GuardedPacket(sio_packet.EVENT, data=["state", {"version": 3, "seats": [{"seat": 0}]}]).encode()
    '2["state",{"version":3,"seats":[{"seat":0}]}]'
    >>> GuardedPacket(sio_packet.EVENT, data=["state", {"pad": b"x"}]).encode()
    Traceback (most recent call last):
    ...
    TypeError: Object of type bytes is not JSON serializable
    """

    uses_binary_events = False
    json = PacketJSON

    def encode(self) -> Any:
        """The frame's text; an event whose one payload is ``Encoded`` carries that text as it is.

        >>> GuardedPacket(sio_packet.EVENT, data=["state", Encoded('{"version":3}')]).encode()
        '2["state",{"version":3}]'
        """
        data = self.data
        if self.packet_type == sio_packet.EVENT and isinstance(data, list) and len(data) == 2 \
                and isinstance(data[1], Encoded):
            head = GuardedPacket(self.packet_type, data[:1], self.namespace, self.id).encode()
            return f"{head[:-1]},{data[1].text}]"
        return super().encode()

    def __init__(self, packet_type: int = sio_packet.EVENT, data: Any = None, namespace: str | None = None,
                 id: int | None = None, binary: bool | None = None, encoded_packet: Any = None) -> None:
        if packet_type == sio_packet.CONNECT_ERROR and data == UNKNOWN_NAMESPACE:
            data = namespace_refusal(namespace)
        super().__init__(packet_type, data, namespace, id, binary, encoded_packet)
        if encoded_packet is not None and not encoded_packet:
            self._refuse("the frame is empty")

    def decode(self, encoded_packet: Any) -> int:
        """Decode a frame from the client; return the number of binary attachments to wait for (always 0)."""
        self.id = None
        try:
            attachments = super().decode(encoded_packet)
        except RecursionError:
            return self._refuse("the frame is not JSON (nested too deep)")
        except (ValueError, TypeError, IndexError) as error:
            if self.packet_type == sio_packet.CONNECT:
                self.data = None
                return 0
            reason = "an integer has more than 100 digits" if "too large" in str(error) else "the frame is not JSON"
            return self._refuse(reason)
        if self.packet_type in (sio_packet.CONNECT, sio_packet.DISCONNECT):
            return attachments
        if self.packet_type in (sio_packet.BINARY_EVENT, sio_packet.BINARY_ACK):
            return self._refuse("binary payloads are not accepted: send JSON")
        if self.packet_type != sio_packet.EVENT:
            return self._refuse("a client sends events only (no acknowledgements or errors)")
        if self.namespace not in (None, "/"):
            return self._refuse("there is only the namespace /")
        if not isinstance(self.data, list) or not self.data or not isinstance(self.data[0], str):
            return self._refuse("an event is a JSON array that starts with the event's name")
        if self.data[0] in RESERVED_EVENTS:
            return self._refuse(RESERVED_REASON)
        return 0

    def _refuse(self, reason: str) -> int:
        """Become the event ``MALFORMED_EVENT`` on ``/``; its id is kept only when it was an event's id on ``/``."""
        log.info("malformed frame", extra={"reason": reason})
        if self.namespace not in (None, "/") or self.packet_type not in (sio_packet.EVENT, sio_packet.BINARY_EVENT):
            self.id = None
        self.packet_type, self.namespace, self.data = sio_packet.EVENT, None, [MALFORMED_EVENT, reason]
        return 0


def reason_of(args: tuple[Any, ...]) -> str:
    """Why the frame behind a ``MALFORMED_EVENT`` with ``args`` was refused (a client that sends
    that event itself gets the general reason, never its own words back).

    >>> reason_of(("the frame is empty",)), reason_of((["x"],))
    ('the frame is empty', 'the frame is not a Socket.IO event')
    """
    if len(args) == 1 and isinstance(args[0], str) and args[0] in REASONS:
        return args[0]
    return "the frame is not a Socket.IO event"


def guard_frames(socketio: SocketIO) -> None:
    """Make ``socketio`` decode every frame with ``GuardedPacket``
    (what ``SocketIO(serializer=GuardedPacket)`` does)."""
    server = socketio.server
    if server is None:
        raise RuntimeError("guard_frames needs a SocketIO that has been initialised with its app")
    server.packet_class = GuardedPacket
