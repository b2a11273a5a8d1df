"""The Socket.IO path has Flask rules (referee/web/socket_route.py): an event's request context keeps no
routing exception (whose traceback made a reference cycle per connection), and Socket.IO still answers the path."""
from __future__ import annotations

import os
import tempfile

from referee.config import Config
from referee.web.app import create_app

BASE = {"PATH_INFO": "/socket.io/", "QUERY_STRING": "EIO=4&transport=websocket", "REQUEST_METHOD": "GET",
        "SERVER_NAME": "localhost", "SERVER_PORT": "80", "wsgi.url_scheme": "http"}


def _app():
    key = os.path.join(tempfile.mkdtemp(), "key.pem")
    return create_app(Config(async_mode="threading", database=":memory:", signing_key=key))


def test_a_websocket_or_polling_request_context_on_the_socket_path_holds_no_routing_exception():
    app = _app()
    for environ in (BASE, {**BASE, "HTTP_UPGRADE": "websocket", "HTTP_CONNECTION": "Upgrade"},
                    {**BASE, "REQUEST_METHOD": "POST"}):
        with app.request_context(environ) as ctx:
            assert ctx.request.routing_exception is None, environ


def test_socket_io_still_answers_its_path_and_flask_answers_other_unknown_paths_404():
    client = _app().test_client()
    opened = client.get("/socket.io/?EIO=4&transport=polling")
    assert opened.status_code == 200 and b'"sid"' in opened.data
    assert client.get("/no-such-page").status_code == 404
