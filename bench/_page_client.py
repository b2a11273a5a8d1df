"""The load generator's clients (bench/_load_generator.py), reading their packets as a page does.

Every client reads its packets with orjson (``PageJSON``), as a page reads them with the
browser's native ``JSON.parse``: python-socketio's default reader calls a Python function for
every integer (its 100-digit bound): ~35 µs a tavern public part of ~2.6 KB against ~8, five
times a move. And each message is handled on the greenlet that read it (``InlineEngineIO``), one
after the other as a page's script handles them, not in a thread of its own: with both, the
generator's CPU at 1,500 tavern players went from 57-63 % of a core to 40. Import it after
gevent's monkey-patching, as the generator does.

>>> PagePacket(encoded_packet='2["public",{"version":3,"seat_parts":{"0":3}}]').data
['public', {'version': 3, 'seat_parts': {'0': 3}}]
>>> PagePacket(2, data=["bid", {"quantity": 3, "face": 5}]).encode()
'2["bid",{"quantity":3,"face":5}]'
"""
from __future__ import annotations

from typing import Any

import engineio
import orjson
import socketio


class PageJSON:
    """The JSON of a client's packets: read by orjson (as fast as a browser's ``JSON.parse``), written compact."""

    loads = staticmethod(orjson.loads)

    @staticmethod
    def dumps(value: Any, **_options: Any) -> str:
        return orjson.dumps(value).decode()


class PagePacket(socketio.packet.Packet):
    """python-socketio's packet with ``PageJSON``; a client sends no binary payloads (no walk looking for bytes)."""

    uses_binary_events = False
    json = PageJSON


class InlineEngineIO(engineio.Client):
    """engineio's client calling each message's handler on the greenlet that read it, as a page's
    script handles its socket's messages one after the other, not in a new thread a message
    (engineio's default: a thread's start cost this process ~50 µs a message, and the tavern's
    seats get more messages than the bare server's: acknowledgements, seat parts)."""

    def _trigger_event(self, event: str, *args: Any, **kwargs: Any) -> Any:
        if event == "message":
            kwargs["run_async"] = False
        return super()._trigger_event(event, *args, **kwargs)


class PageClient(socketio.Client):
    """A python-socketio client that reads as a page does: ``PagePacket``, ``InlineEngineIO``."""

    def __init__(self) -> None:
        super().__init__(reconnection=False, serializer=PagePacket,
                         websocket_extra_options={"skip_utf8_validation": True})

    def _engineio_client_class(self) -> type[engineio.Client]:
        return InlineEngineIO


class SizedClient(PageClient):
    """A python-socketio client that keeps the length of the last Engine.IO message it got, less the
    event's framing (``42["public",`` … ``]``): a part's payload bytes as sent, without encoding the
    decoded payload again (which cost this process about as much as decoding it)."""

    last_bytes = 0

    def _handle_eio_message(self, data: Any) -> None:
        if isinstance(data, str):
            name_end = data.find('",', 0, 40)
            self.last_bytes = len(data) - (name_end + 2 if name_end > 0 else 0) - 1
        super()._handle_eio_message(data)
