"""A bare Flask-SocketIO server on gevent, the yardstick for bench/latency.py.

``python bench/_bare_server.py PORT`` listens on 127.0.0.1:PORT exactly as ``referee serve``
does (gevent monkey-patching, pywsgi + gevent-websocket, TCP_NODELAY on the listener). A
``ping`` event ``{"seq": int, "size": int}`` broadcasts ``state`` ``{"version": seq, "pad": …}``
of ``size`` bytes (as JSON) to every client connected with the sender's ``auth`` ``{"table": …}`` (a
room per table; bench/latency.py gives every client the same one, so it reaches them all): no
rules, no log, no per-seat views. A client connecting with ``auth.first_state`` gets one
``state`` of FIRST_STATE_BYTES at once, as a table page's first (bench/load.py's newcomers).
"""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import json  # noqa: E402
import socket  # noqa: E402
import sys  # noqa: E402

from flask import Flask, request  # noqa: E402
from flask_socketio import SocketIO, join_room  # noqa: E402
from gevent import pywsgi  # noqa: E402
from geventwebsocket.handler import WebSocketHandler  # noqa: E402

app = Flask("bare")
socketio = SocketIO(app, async_mode="gevent", max_http_buffer_size=16 * 1024)
FIRST_STATE_BYTES = 4000
"""The ``state`` a newcomer asking for one (``auth.first_state``) gets: about a table page's first."""
_pads: dict[int, str] = {}
_rooms: dict[str, str] = {}  # sid -> the table it joined


@app.get("/healthz")
def healthz() -> dict[str, bool]:
    return {"ok": True}


@socketio.on("connect")
def on_connect(auth=None) -> None:  # noqa: ANN001 - accepts any auth, like a spectator
    room = str((auth or {}).get("table", ""))
    _rooms[request.sid] = room
    join_room(room)
    if (auth or {}).get("first_state"):
        socketio.emit("state", {"version": 0, "pad": _pad(FIRST_STATE_BYTES)}, to=request.sid)


@socketio.on("disconnect")
def on_disconnect(reason=None) -> None:  # noqa: ANN001
    _rooms.pop(request.sid, None)


@socketio.on("ping")
def on_ping(data) -> None:  # noqa: ANN001
    seq, size = int(data["seq"]), int(data["size"])
    socketio.emit("state", {"version": seq, "pad": _pad(size)}, to=_rooms.get(request.sid, ""))


def _pad(size: int) -> str:
    """The padding that makes a ``state`` of ``size`` bytes as JSON."""
    if size not in _pads:
        overhead = len(json.dumps({"version": 0, "pad": ""}))  # python-socketio's default json
        _pads[size] = "x" * max(0, size - overhead)
    return _pads[size]


def main() -> None:
    port = int(sys.argv[1])
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(512)
    pywsgi.WSGIServer(listener, app, handler_class=WebSocketHandler, log=None).serve_forever()


if __name__ == "__main__":
    main()
