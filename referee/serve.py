"""Start the server: patch the standard library for the chosen async mode, then listen.

The async mode is never auto-detected: gevent by default, eventlet (deprecated upstream)
or threading when the config says so. At start-up the signing key's folder is created 0700
(the store creates the database's own folder the same way), every table that is not archived
is replayed (a broken one is logged and set aside), and idle tables are archived from then on
(``[store] idle_archive_s``). The listening socket has TCP_NODELAY set, so small
Socket.IO frames leave at once instead of waiting for Nagle's algorithm (~45 ms a round trip).
The store's ``fsync`` of each commit runs in the async library's thread pool (``offload_of``), so
the other tables keep playing while the disk syncs, and so does every other blocking piece of work a
game asks ``referee.blocking`` for (a bot's solved file read the first time its round comes up);
under gevent the tables' timers are timers of its loop, not a thread each (``scheduler_of``). Once
started, everything built so far (the modules, the replayed tables) is frozen out of the garbage
collector's passes, and its full passes come more rarely (``settle_heap``). Under gevent the settings
of ``serve_memory`` apply (no greenlet spawn trees, no thread names in log records, small read
buffers): less memory per connected player.

Every log line names the process (``worker``: host, pid, port and a nonce, the same name its table
leases carry). SIGTERM or Ctrl-C is a planned stop: the server stops accepting connections, hands
every table's lease back (``Tables.release_all``: the tables' connections drop and come back
through nginx to another worker, which takes each table at once, not after its lease expires),
then closes what is left and exits 0. A worker on the shared (PostgreSQL) store without a message
queue says at start-up what it does without one (docs/deploy.md, "When Redis is needed").
"""
from __future__ import annotations

import gc
import logging
import signal
import socket
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from referee.blocking import Runner, inline, run_blocking_with
from referee.config import Config, ConfigError, load_config
from referee.logs import configure_logging
from referee.serve_memory import apply_memory_settings, lean_handler
from referee.store.choose import store_kind
from referee.store.leases import new_owner

if TYPE_CHECKING:  # imported before the standard library is patched, so no table module here
    from referee.table.scheduler import Scheduler

log = logging.getLogger("referee.serve")
T = TypeVar("T")


def serve(config_path: str | None, host: str | None = None, port: int | None = None) -> int:
    """Serve until interrupted; returns the exit status."""
    config = load_config(config_path, host=host, port=port)
    if config.async_mode == "threading":
        raise ConfigError("server.async_mode 'threading' is for in-process tests; serve with gevent or eventlet")
    _patch(config.async_mode)
    worker = new_owner(config.port)
    configure_logging(config.log_level, worker)
    from referee.web.app import create_app
    _private_folder(Path(config.signing_key).parent)
    offload = offload_of(config.async_mode)
    run_blocking_with(offload)
    app = create_app(config, offload=offload, scheduler=scheduler_of(config.async_mode), worker=worker)
    tables = app.extensions["tavern"].tables
    loaded = tables.load_all()
    tables.sweep_idle()
    settle_heap()
    log.info("tables loaded", extra={"tables": len(loaded)})
    if store_kind(config.database) == "postgresql" and not config.message_queue:
        log.warning("no message queue", extra={"why": NO_QUEUE})
    listener = _listen(config)
    log.info("serving", extra={"host": config.host, "port": listener.getsockname()[1], "async_mode": config.async_mode})
    _run(app, listener, config.async_mode, lambda: tables.release_all("the worker stops"))
    log.info("stopped", extra={"port": config.port})
    return 0


NO_QUEUE = ("[server] message_queue is empty: fine behind nginx, which sends every connection of a table to the "
            "worker serving it; without nginx's table routing, set it to redis://... (docs/deploy.md)")
"""What a worker on the shared store without Redis says at start-up: it works, but only behind nginx."""


def _private_folder(folder: Path) -> None:
    """Create ``folder`` readable by this user only (an existing folder is left as the operator made it)."""
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)


FULL_PASS_EVERY = 100
"""Passes of the collector's middle generation between two full passes at most (Python's default: 10)."""


def settle_heap() -> None:
    """Collect once, then freeze every object alive (``gc.freeze``), and make full passes rarer.

    A full pass of the collector walks every tracked object while it holds the event loop (100–300
    ms of CPU at 1,000 players on this machine). The start-up's objects (modules, routes, the
    replayed tables), which live as long as the process, are skipped from then on; they are still
    freed by reference counting. The server leaves almost no cyclic garbage (a socket event's
    request context and a table's timers used to leave a cycle each: ``web.socket_route``,
    ``table.timers``), so a full pass comes at most every ``FULL_PASS_EVERY`` middle ones (about a
    minute at 1,000 players) instead of every 10; the young generations are collected as before.

    >>> settle_heap(); gc.get_freeze_count() > 0, gc.get_threshold()[2] == FULL_PASS_EVERY
    (True, True)
    >>> gc.unfreeze(); gc.set_threshold(700, 10, 10)
    """
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_EVERY)


def offload_of(async_mode: str) -> Runner:
    """How a blocking call runs without stopping the server: in gevent's (or eventlet's) pool of
    native threads, the calling greenlet waiting for it; inline otherwise.

    >>> offload_of("threading") is inline
    True
    """
    if async_mode == "gevent":
        from gevent import get_hub
        pool = get_hub().threadpool

        def in_pool(call: Callable[[], T]) -> T:
            return pool.apply(call)  # type: ignore[no-any-return]
        return in_pool
    if async_mode == "eventlet":
        from eventlet import tpool

        def in_tpool(call: Callable[[], T]) -> T:
            return tpool.execute(call)  # type: ignore[no-any-return]
        return in_tpool
    return inline


def scheduler_of(async_mode: str) -> Scheduler | None:
    """The tables' timers: under gevent each a timer of the hub's loop (``gevent_scheduler``);
    otherwise None, and ``create_app`` starts a timer thread per call (``table.TimerScheduler``).

    >>> scheduler_of("eventlet") is None
    True
    """
    if async_mode == "gevent":
        from referee.gevent_scheduler import GeventScheduler
        return GeventScheduler()
    return None


def _patch(async_mode: str) -> None:
    if async_mode == "gevent":
        apply_memory_settings()
        from gevent import monkey
        monkey.patch_all()
    elif async_mode == "eventlet":
        import eventlet
        eventlet.monkey_patch()


def _listen(config: Config) -> socket.socket:
    listener = socket.socket(socket.AF_INET6 if ":" in config.host else socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    listener.bind((config.host, config.port))
    listener.listen(512)
    return listener


STOP_S = 2.0
"""How long a planned stop waits for open requests after handing the tables back."""


def _run(app, listener: socket.socket, async_mode: str, hand_back: Callable[[], None]) -> None:  # noqa: ANN001 - a Flask app
    """Serve until SIGTERM or SIGINT; then stop accepting, ``hand_back`` the tables, and close."""
    if async_mode == "gevent":
        import gevent
        from gevent import pywsgi
        server = pywsgi.WSGIServer(listener, app, handler_class=lean_handler(), log=None)

        def stop() -> None:
            # Refuse new connections first (nginx passes this worker over), without waking serve_forever:
            # BaseServer.close() would, and the process would exit before handing anything back.
            server.stop_accepting()
            listener.close()
            hand_back()
            server.stop(timeout=STOP_S)
        for signum in (signal.SIGTERM, signal.SIGINT):
            gevent.signal_handler(signum, stop)
        server.serve_forever()
    else:
        import eventlet.wsgi

        def interrupt(*_: object) -> None:
            raise KeyboardInterrupt
        signal.signal(signal.SIGTERM, interrupt)
        eventlet.wsgi.server(listener, app, log_output=False)  # returns on KeyboardInterrupt, its socket closed
        hand_back()
