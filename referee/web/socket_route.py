"""A URL rule for the Socket.IO path, so a socket event's request context matches a route.

Flask-SocketIO handles every event inside a request context built from the connection's
environ (path ``/socket.io/``). Flask matches that path against the app's rules when the
context is pushed; with no rule for it werkzeug raises ``NotFound`` (for a websocket connection
``WebsocketMismatch`` unless the rule is a websocket rule), and the request keeps it
(``routing_exception``) with its traceback: its frames hold the context that holds the
request, a reference cycle of about 30 objects (14 frames) per event that only the cyclic
garbage collector frees, in passes that hold the event loop (tens of ms at 1,000 players,
hundreds for a full one). With this rule the match succeeds and nothing is left behind.
The Socket.IO server answers that path before Flask does (its WSGI middleware), so the view
only answers a request that somehow got past it: 404, as before.

>>> from flask import Flask
>>> app = Flask("example")
>>> add_socket_route(app)
>>> upgrade = {"Upgrade": "websocket", "Connection": "Upgrade"}
>>> with app.test_request_context("/socket.io/", query_string="EIO=4&transport=websocket", headers=upgrade) as ctx:
...     ctx.request.routing_exception is None
True
>>> with app.test_request_context("/socket.io/", query_string="EIO=4&transport=polling", method="POST") as ctx:
...     ctx.request.routing_exception is None
True
>>> app.test_client().get("/socket.io/").status_code
404
"""
from __future__ import annotations

from flask import Flask, abort

SOCKET_PATH = "/socket.io/"
"""Flask-SocketIO's default path, the one the page's client connects to."""


def add_socket_route(app: Flask) -> None:
    """Give ``app`` rules matching ``SOCKET_PATH``: one for the websocket transport, one for polling."""
    app.add_url_rule(SOCKET_PATH, endpoint="socket_io", view_func=_not_here, methods=["GET"], websocket=True)
    app.add_url_rule(SOCKET_PATH, endpoint="socket_io", view_func=_not_here, methods=["GET", "POST"])


def _not_here() -> None:
    abort(404)
