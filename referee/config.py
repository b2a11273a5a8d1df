"""Server configuration: defaults, a TOML file, then environment variables, then command-line flags.

Every key is documented in config.example.toml. An environment variable
``TAVERN_<SECTION>_<KEY>`` overrides the file, e.g. ``TAVERN_SERVER_PORT=8000``.

>>> Config().async_mode
'gevent'
>>> load_config(None, environ={"TAVERN_SERVER_PORT": "8001"}).port
8001
>>> load_config(None, environ={"TAVERN_LIMITS_TABLES_BURST": "3"}).limits.tables_burst
3
>>> load_config(None, environ={"TAVERN_ASSETS_MINIFY": "false"}).minify_assets
False
>>> load_config(None, environ={"TAVERN_BOTS_THINK_SPREAD": "0.2"}).bot_think_spread
0.2
>>> Config(database="mysql://db/tavern")
Traceback (most recent call last):
...
referee.config.ConfigError: store.database: store URL 'mysql://db/tavern' must start with sqlite:///, postgresql:// or postgres:// (or be a file path)
>>> load_config(None, environ={"TAVERN_SERVER_MESSAGE_QUEUE": "redis://127.0.0.1:6379/0"}).message_queue
'redis://127.0.0.1:6379/0'
>>> Config(message_queue="amqp://rabbit//")
Traceback (most recent call last):
...
referee.config.ConfigError: server.message_queue: 'amqp://rabbit//' must be empty (one process) or start with redis:// or rediss://
"""
from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from referee.store.choose import store_kind

ASYNC_MODES = ("gevent", "eventlet", "threading")
MESSAGE_QUEUES = ("redis://", "rediss://")
"""The schemes of ``server.message_queue`` (Redis, plain or over TLS); empty: no queue, one process."""

_SECTIONS: dict[str, dict[str, str]] = {
    "server": {"host": "host", "port": "port", "async_mode": "async_mode", "message_queue": "message_queue"},
    "store": {"database": "database", "idle_archive_s": "idle_archive_s", "pool_size": "pool_size",
              "lease_s": "lease_s"},
    "fairness": {"signing_key": "signing_key", "seed_wait_s": "seed_wait_s"},
    "bots": {"think_s": "bot_think_s", "think_spread": "bot_think_spread", "quick_share": "bot_quick_share"},
    "timer": {"disconnect_grace_s": "disconnect_grace_s"},
    "log": {"level": "log_level"},
    "assets": {"minify": "minify_assets"},
    "games": {"extra": "extra_games"},
}


class ConfigError(ValueError):
    """A configuration value is missing, unknown or of the wrong type."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The ``[limits]`` section: what one address, connection, seat or table may cost the server.

    The defaults fit a table of friends behind one home router (several people share one
    address); 0 turns a count limit off. Each limit's error code is in docs/protocol.md.
    """

    http_body_bytes: int = 64 * 1024
    message_bytes: int = 16 * 1024
    tables_burst: int = 30
    tables_per_minute: float = 10.0
    connections_per_address: int = 64
    connections_per_table: int = 128
    events_burst: int = 30
    events_per_second: float = 10.0
    cut_off_after: int = 50
    cut_off_window_s: float = 10.0
    cut_off_s: float = 10.0
    spectator_update_s: float = 0.2
    audit_cache_tables: int = 32
    trusted_proxies: int = 0

    def __post_init__(self) -> None:
        for item in fields(self):
            if getattr(self, item.name) < 0:
                raise ConfigError(f"limits.{item.name} must not be negative, got {getattr(self, item.name)!r}")


_SECTIONS["limits"] = {f.name: f"limits.{f.name}" for f in fields(Limits)}


@dataclass(frozen=True, slots=True)
class Config:
    """Everything an operator can set; the defaults serve on 127.0.0.1:5000 with SQLite under var/.

    ``database`` is the store's URL: ``sqlite:///path`` (or a plain path) or ``postgresql://…``;
    ``pool_size`` connections to PostgreSQL at most; a table's lease lasts ``lease_s`` from each renewal.
    ``message_queue`` is the Redis URL the processes pass their Socket.IO messages through ("": none).
    """

    host: str = "127.0.0.1"
    port: int = 5000
    async_mode: str = "gevent"
    message_queue: str = ""
    database: str = "sqlite:///var/tavern.sqlite3"
    idle_archive_s: float = 7 * 24 * 3600.0
    pool_size: int = 4
    lease_s: float = 10.0
    signing_key: str = "var/server_key.pem"
    seed_wait_s: float = 1.5
    bot_think_s: float = 0.8
    bot_think_spread: float = 0.5
    bot_quick_share: float = 0.35
    disconnect_grace_s: float = 30.0
    log_level: str = "INFO"
    minify_assets: bool = True
    extra_games: str = ""
    """Rules families besides the two shipped, each ``package.module:NAME`` (comma-separated): registered
    at start (``referee.games.registry.load``)."""
    limits: Limits = Limits()

    @property
    def game_specs(self) -> list[str]:
        """``extra_games`` one by one.

        >>> Config(extra_games="a.b:C, d:E").game_specs
        ['a.b:C', 'd:E']
        """
        return [spec.strip() for spec in self.extra_games.split(",") if spec.strip()]

    def __post_init__(self) -> None:
        if self.async_mode not in ASYNC_MODES:
            raise ConfigError(f"server.async_mode must be one of {', '.join(ASYNC_MODES)}, got {self.async_mode!r}")
        if self.message_queue and not self.message_queue.startswith(MESSAGE_QUEUES):
            raise ConfigError(f"server.message_queue: {self.message_queue!r} must be empty (one process) "
                              f"or start with {' or '.join(MESSAGE_QUEUES)}")
        try:
            store_kind(self.database)
        except ValueError as error:
            raise ConfigError(f"store.database: {error}") from None
        if self.bot_think_s < 0 or not 0 <= self.bot_think_spread <= 1 or not 0 <= self.bot_quick_share <= 1:
            raise ConfigError(f"bots.think_s must not be negative, bots.think_spread and bots.quick_share must be "
                              f"within 0..1, got {self.bot_think_s!r}, {self.bot_think_spread!r}, "
                              f"{self.bot_quick_share!r}")
        if self.pool_size < 1 or self.lease_s <= 0:
            raise ConfigError(f"store.pool_size must be at least 1 and store.lease_s positive, "
                              f"got {self.pool_size!r} and {self.lease_s!r}")


def load_config(path: str | None, environ: Mapping[str, str] | None = None, **overrides: Any) -> Config:
    """Defaults, then the TOML file at ``path``, then ``TAVERN_*`` variables, then non-None ``overrides``."""
    values: dict[str, Any] = {}
    if path:
        with open(path, "rb") as handle:
            values.update(_from_toml(tomllib.load(handle)))
    values.update(_from_environ(os.environ if environ is None else environ))
    values.update({key: value for key, value in overrides.items() if value is not None})
    limits = {key.removeprefix("limits."): value for key, value in values.items() if key.startswith("limits.")}
    top = {key: _typed(Config, key, value) for key, value in values.items() if not key.startswith("limits.")}
    return replace(Config(), **top,
                   limits=replace(Limits(), **{key: _typed(Limits, key, value) for key, value in limits.items()}))


def _from_toml(document: dict[str, Any]) -> dict[str, Any]:
    values = {}
    for section, table in document.items():
        keys = _SECTIONS.get(section)
        if keys is None or not isinstance(table, dict):
            raise ConfigError(f"unknown config section [{section}]")
        for key, value in table.items():
            if key not in keys:
                raise ConfigError(f"unknown config key {section}.{key}")
            values[keys[key]] = value
    return values


def _from_environ(environ: Mapping[str, str]) -> dict[str, Any]:
    return {
        field: environ[f"TAVERN_{section.upper()}_{key.upper()}"]
        for section, keys in _SECTIONS.items()
        for key, field in keys.items()
        if f"TAVERN_{section.upper()}_{key.upper()}" in environ
    }


def _typed(section: type, name: str, value: Any) -> Any:
    kind = {f.name: f.type for f in fields(section)}[name]
    try:
        if kind == "int":
            return int(value)
        if kind == "float":
            return float(value)
        if kind == "bool":
            return _boolean(value)
        return str(value)
    except (TypeError, ValueError) as error:
        raise ConfigError(f"{name} must be a {kind}, got {value!r}") from error


def _boolean(value: Any) -> bool:
    """A TOML boolean, or an environment variable's ``true``/``false`` (also ``1``/``0``, ``yes``/``no``)."""
    if isinstance(value, bool):
        return value
    words = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}
    if str(value).strip().lower() not in words:
        raise ValueError(f"not a boolean: {value!r}")
    return words[str(value).strip().lower()]
