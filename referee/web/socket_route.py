"""A Flask rule for the Socket.IO path, so that an event's request context leaves no garbage behind.

Flask-SocketIO handles every event inside ``app.request_context(environ)`` of the connection's
first request, whose path (``/socket.io/``) no Flask rule matches: each push matches the URL
again, fails, and keeps the routing exception as ``request.routing_exception`` (werkzeug's
``NotFound``, raised from its ``NoMatch``, itself from ``WebsocketMismatch`` for a websocket),
whose tracebacks hold the frames that hold the context: about 14 frames a connection were
found alive, with their locals. That reference cycle is garbage only the cyclic collector's
full collections free, and those wait until the long-lived objects (a thousand connections'
sockets and greenlets) grew by a quarter: at 1,000 players tens of thousands of such objects
waited (bench/README.md, "Memory per player (s3)"). With a rule for the path the match succeeds
and no exception is kept. The rule never serves a request: the Socket.IO middleware, in front of
Flask, answers that path itself; the view is there only for a request that reached Flask anyway
(a 404, as before). A browser's connection starts with a polling request (an HTTP rule); a
websocket's upgrade request matches only a rule marked ``websocket``, hence two rules.

>>> from flask import Flask
>>> app = Flask("t")
>>> route_socket_path(app)
>>> environ = {"PATH_INFO": "/socket.io/", "REQUEST_METHOD": "GET", "SERVER_NAME": "x",
...            "SERVER_PORT": "80", "wsgi.url_scheme": "http"}
>>> upgrade = {**environ, "HTTP_UPGRADE": "websocket", "HTTP_CONNECTION": "Upgrade"}
>>> for request in (environ, upgrade):
...     with app.request_context(request) as ctx:
...         print(ctx.request.routing_exception)
None
None
>>> app.test_client().get("/socket.io/").status_code
404
"""
from __future__ import annotations

from flask import Flask, abort

SOCKET_PATH = "/socket.io/"
"""Flask-SocketIO's default path, which the server keeps."""


def route_socket_path(app: Flask) -> None:
    """Give ``app`` rules for ``SOCKET_PATH`` (every method; and a websocket one, as werkzeug
    matches a websocket's upgrade request only to a websocket rule) that answer 404 if ever reached."""
    app.add_url_rule(SOCKET_PATH, "socket_io_path", _not_here,
                     methods=["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"])
    app.add_url_rule(SOCKET_PATH, "socket_io_websocket", _not_here, websocket=True)


def _not_here() -> None:
    abort(404)
