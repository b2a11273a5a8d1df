"""What ``referee serve`` sets so that each connected player costs less memory (issue 12).

A server holds three greenlets and a socket per player for as long as the player is
connected, so whatever each of those keeps is paid a thousand times. Measured with
bench/memory_load.py (bench/README.md, "Memory per player (s3)"):

* gevent records, for every greenlet it spawns, the stack that spawned it (about 20 frame
  copies each) and the spawning greenlet's tree locals, for debuggers only:
  ``gevent.config.track_greenlet_tree`` is turned off (unless ``GEVENT_TRACK_GREENLET_TREE``
  is set in the environment: the operator's word wins);
* a log record names its thread, and ``threading.current_thread()`` in a greenlet makes a
  ``_DummyThread`` that lives as long as the greenlet (the player's reading greenlet: the whole
  connection): the JSON lines never print a thread, so ``logging.logThreads`` is off;
* pywsgi reads each connection through an 8 KiB buffer: websocket frames from a table page
  are a few hundred bytes, a larger read goes straight to the socket, so ``READ_BUFFER_BYTES``.

>>> import logging
>>> apply_memory_settings(environ={"GEVENT_TRACK_GREENLET_TREE": "1"})
>>> logging.logThreads
False
>>> logging.logThreads = True      # (this doctest's process is not a server)
"""
from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import Any

READ_BUFFER_BYTES = 2048
"""Each connection's read buffer (pywsgi's default is ``io.DEFAULT_BUFFER_SIZE``, 8 KiB)."""


def apply_memory_settings(environ: Mapping[str, str] = os.environ) -> None:
    """Before the server's hub starts: no greenlet spawn trees (unless ``environ`` sets
    ``GEVENT_TRACK_GREENLET_TREE``), no thread names in log records."""
    logging.logThreads = False
    if "GEVENT_TRACK_GREENLET_TREE" not in environ:
        from gevent import config
        config.track_greenlet_tree = False


def lean_handler() -> Any:
    """pywsgi's websocket handler reading each connection through ``READ_BUFFER_BYTES``.

    >>> handler = lean_handler()
    >>> handler.__name__, handler.__mro__[1].__name__
    ('LeanWebSocketHandler', 'WebSocketHandler')
    """
    from geventwebsocket.handler import WebSocketHandler

    class LeanWebSocketHandler(WebSocketHandler):  # type: ignore[misc]
        """A ``WebSocketHandler`` whose connection is read through a small buffer."""

        def __init__(self, sock: Any, address: Any, server: Any, rfile: Any = None) -> None:
            super().__init__(sock, address, server, rfile if rfile is not None else sock.makefile("rb", READ_BUFFER_BYTES))
    return LeanWebSocketHandler
