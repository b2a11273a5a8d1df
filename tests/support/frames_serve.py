"""A Flask-SocketIO server on gevent with the tavern's websocket path (``QuietEngineFrames``,
``direct_frames``), for tests/web/test_direct_frames.py: ``python -m tests.support.frames_serve PORT``.

A client joins the room its auth names (``{"room": …}``). ``burst`` ``{"count", "size"}`` emits
``count`` ``state`` events ``{"seq": i, "pad": "x" * size}`` to the sender's room, one after another
without yielding (as a broadcast does); ``stats`` answers ``stats`` ``{"written", "rests"}`` (the
counters of ``DirectFrames``) to the sender. GET /healthz answers 200.

Importing this module changes nothing (pytest imports every module for its doctests): only ``serve``,
run as a program, patches the standard library for gevent.
"""
from __future__ import annotations

import sys
from typing import Any

SEND_BUFFER = 64 * 1024
"""Each connection's socket send buffer: small, so that a burst of a megabyte fills it (the queued path)."""


def serve(port: int) -> None:
    """Patch the standard library for gevent, build the app and serve it on ``port`` (never returns)."""
    from gevent import monkey

    monkey.patch_all()
    import socket

    from flask import Flask, request
    from flask_socketio import SocketIO, join_room
    from gevent import pywsgi
    from geventwebsocket.handler import WebSocketHandler

    from referee.web.direct_frames import direct_frames
    from referee.web.engine_frames import QuietEngineFrames

    app = Flask("frames")
    socketio = SocketIO(app, async_mode="gevent", async_handlers=False)
    frames = direct_frames(socketio, "gevent")
    app.wsgi_app = QuietEngineFrames(app.wsgi_app)  # type: ignore[method-assign]
    rooms: dict[str, str] = {}

    @app.get("/healthz")
    def healthz() -> dict[str, bool]:
        return {"ok": True}

    @socketio.on("connect")
    def on_connect(auth: Any = None) -> None:
        rooms[request.sid] = str((auth or {}).get("room", ""))
        join_room(rooms[request.sid])

    @socketio.on("burst")
    def on_burst(data: dict[str, int]) -> None:
        pad = "x" * int(data["size"])
        for seq in range(int(data["count"])):
            socketio.emit("state", {"seq": seq, "pad": pad}, to=rooms[request.sid])

    @socketio.on("stats")
    def on_stats() -> None:
        assert frames is not None
        socketio.emit("stats", {"written": frames.written, "rests": frames.rests}, to=request.sid)

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)  # its connections' too: they fill soon
    listener.bind(("127.0.0.1", port))
    listener.listen(64)
    pywsgi.WSGIServer(listener, app, handler_class=WebSocketHandler, log=None).serve_forever()


if __name__ == "__main__":
    serve(int(sys.argv[1]))
