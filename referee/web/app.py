"""The application factory: Flask + Flask-SocketIO with the async mode chosen in config.

>>> import os, tempfile
>>> from referee.config import Config
>>> key = os.path.join(tempfile.mkdtemp(), "key.pem")
>>> app = create_app(Config(async_mode="threading", database=":memory:", signing_key=key))
>>> app.extensions["tavern"].config.async_mode
'threading'
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, Response, current_app, jsonify
from flask_socketio import SocketIO
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

from referee.config import Config
from referee.games.registry import load as load_family
from referee.store.base import StoreError
from referee.store.choose import open_store
from referee.store.durable import Offload, inline
from referee.store.leases import Leases
from referee.table.dealing import Dealer
from referee.table.scheduler import Scheduler, TimerScheduler
from referee.table.table import Table
from referee.table.registry import Tables
from referee.table.autoplay import Autoplay
from referee.table.pacing import Pacing
from referee.table.registry import TableMoving
from referee.table.replay import TableBroken

from .announce import Announcer
from .asset_routes import serve_assets
from .assets import Assets
from .audit import audit_routes
from .broadcast import Broadcaster
from .budgets import Budgets
from .connections import Connections
from .direct_frames import direct_frames
from .engine_frames import QuietEngineFrames
from .events import Events as SocketEvents
from .headers import SecurityHeaders
from .i18n import catalog_assets
from .message_queue import client_manager
from .moving import close_sockets, table_moving
from .pages import pages
from .referee_pages import referee_pages
from .referee_broadcast import RefereeBroadcaster
from .referee_sockets import register_referee_handlers
from .socket_route import route_socket_path
from .sockets import register_handlers

ROOT = Path(__file__).resolve().parents[2]
log = logging.getLogger("referee.web")
UNLIMITED_MESSAGE_BYTES = 1_000_000
"""Engine.IO's own default, used when ``limits.message_bytes`` is 0."""


@dataclass
class Services:
    """What the routes and handlers share: config, tables, connections, the socket server."""

    config: Config
    tables: Tables
    connections: Connections
    socketio: SocketIO
    broadcaster: Broadcaster
    server_key: dict[str, str] | None
    table_budgets: Budgets


def create_app(config: Config, *, dealer: Dealer | None = None, scheduler: Scheduler | None = None,
               offload: Offload = inline, worker: str | None = None) -> Flask:
    """A ready app; ``dealer`` and ``scheduler`` are injected by tests, else built from ``config``;
    ``offload`` runs the SQLite store's blocking syncs (``referee.serve`` gives gevent's thread pool);
    ``worker`` names this process in the table leases it takes (``store.leases.new_owner``)."""
    for spec in config.game_specs:
        load_family(spec)
    app = Flask("referee", template_folder=str(ROOT / "templates"), static_folder=None)
    serve_assets(app, Assets.build(ROOT / "static", generated=catalog_assets(ROOT / "static"), minify=config.minify_assets))
    app.config["JSON_AS_ASCII"] = False
    limits = config.limits
    app.config["MAX_CONTENT_LENGTH"] = limits.http_body_bytes or None
    app.register_error_handler(RequestEntityTooLarge, body_too_large)
    # async_handlers=False: a connection's events are handled one after another by the greenlet
    # that reads its socket, so a flood queues up in its own socket (and goes with it when it is
    # cut off) instead of becoming thousands of handlers that starve every other table.
    # With a message queue every emit also reaches the connections other processes hold; the
    # socket server's own warnings and errors (a Redis that is down) are JSON lines like the rest.
    socketio = SocketIO(app, async_mode=config.async_mode, async_handlers=False,
                        max_http_buffer_size=limits.message_bytes or UNLIMITED_MESSAGE_BYTES,
                        logger=socket_server_log(), **client_manager(config.message_queue))
    guard_wsgi(app, limits.trusted_proxies)
    direct_frames(socketio, config.async_mode)
    scheduler = scheduler or TimerScheduler()
    events, leases = open_store(config.database, scheduler.now, pool_size=config.pool_size, lease_s=config.lease_s,
                                offload=offload, owner=worker)
    conns = Connections(limits)
    dealer = dealer or default_dealer(config)
    server_key = server_key_of(dealer)
    broadcaster = Broadcaster(socketio, conns, server_key, scheduler, limits.spectator_update_s)
    referee_broadcaster = RefereeBroadcaster(socketio, conns, server_key)

    def serve_table(table: Table) -> None:
        table.subscribe(broadcaster.table_changed)
        table.subscribe(referee_broadcaster.table_changed)
        Announcer(socketio, conns, table)
        Autoplay(table, table.timers, Pacing(config.bot_think_s, config.bot_think_spread, config.bot_quick_share), config.disconnect_grace_s)

    tables = Tables(events, dealer, scheduler, seed_wait_s=config.seed_wait_s,
                    on_load=serve_table, idle_archive_s=config.idle_archive_s, leases=leases,
                    on_drop=close_sockets(socketio, conns))
    keep_leases(leases, tables, scheduler)
    table_budgets = Budgets(limits.tables_burst, limits.tables_per_minute / 60)
    app.extensions["tavern"] = Services(config, tables, conns, socketio, broadcaster, server_key, table_budgets)
    app.register_blueprint(pages)
    app.register_blueprint(audit_routes(events, getattr(dealer, "signer", None), lambda table_id: events.head(table_id) or None,
                                        limits.audit_cache_tables))
    app.register_blueprint(referee_pages)
    route_socket_path(app)
    app.register_error_handler(TableBroken, broken_table)
    app.register_error_handler(TableMoving, table_moving)
    socket_events = SocketEvents(socketio.server)
    register_handlers(socketio, socket_events, tables, conns, broadcaster,
                      register_referee_handlers(socket_events, tables, conns, referee_broadcaster))
    return app


def socket_server_log() -> logging.Logger:
    """python-socketio's logger: warnings and errors only (it logs every emit at INFO), through the
    server's JSON handler only (given no logger, python-socketio adds a plain-text handler of its own)."""
    socket_log = logging.getLogger("referee.socketio")
    socket_log.setLevel(logging.WARNING)
    return socket_log


def keep_leases(leases: Leases, tables: Tables, scheduler: Scheduler) -> None:
    """Renew this process's table leases every ``leases.renewal_s``, forever (never for leases that
    never expire); a table whose lease was lost (another process took it over), or that another
    process asked for, stops being served here at once (``Tables.keep_leases``)."""
    period_s = leases.renewal_s
    if period_s is None:
        return

    def renew() -> None:
        try:
            tables.keep_leases()
        except StoreError as error:
            log.error("table leases not renewed", extra={"code": error.code})
        scheduler.call_later(period_s, renew)
    scheduler.call_later(period_s, renew)


def broken_table(error: TableBroken) -> tuple[Response, int]:
    """Any page or API call about a table whose log cannot be rebuilt: ``table/broken`` (503)."""
    return jsonify({"ok": False, "code": error.code, "message": error.message}), 503


def guard_wsgi(app: Flask, trusted_proxies: int) -> None:
    """Wrap the whole WSGI stack (pages, assets and Socket.IO alike): security headers on every
    response, the client's address from ``X-Forwarded-For`` behind ``trusted_proxies`` proxies, and
    websocket frames that are not Engine.IO packets closing their connection without a traceback."""
    if trusted_proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=trusted_proxies)  # type: ignore[method-assign]
    app.wsgi_app = QuietEngineFrames(app.wsgi_app)  # type: ignore[method-assign]
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]


def body_too_large(error: RequestEntityTooLarge) -> tuple[Response, int]:
    """A request body past ``limits.http_body_bytes``: 413 with a code, like every other refusal."""
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    return jsonify({"ok": False, "code": "limit/body_too_large",
                    "message": f"a request body may have at most {limit} bytes"}), 413


def server_key_of(dealer: Dealer) -> dict[str, str] | None:
    """The public key and fingerprint a dealer signs with (None for a test dealer that signs nothing)."""
    signer = getattr(dealer, "signer", None)
    if signer is None:
        return None
    return {"key": signer.public_key_hex, "fingerprint": signer.fingerprint}


def default_dealer(config: Config) -> Dealer:
    """The committed, auditable dealer signing with the server's key."""
    from referee.table.fair_dealer import FairDealer
    return FairDealer.from_key_file(config.signing_key)
