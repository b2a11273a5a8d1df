"""A real server in a subprocess (``referee serve``), for restart, integration and browser tests."""
from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def two_free_ports() -> int:
    """A port whose next one is free too (``serve --workers 2`` listens on consecutive ports)."""
    while True:
        first = free_port()
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", first + 1))
            except OSError:
                continue
        return first


def terminate(process: subprocess.Popen[bytes] | None, seconds: float = 10) -> None:
    """SIGTERM ``process`` if it still runs and wait until it has exited; SIGKILL it after ``seconds``."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(seconds)


def wait_until_healthy(process: subprocess.Popen[bytes], base_url: str, log_path: Path, seconds: float = 120) -> None:
    """Wait until the server ``process`` answers ``GET /healthz``; raise with its log's tail if it exits."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited: {log_path.read_text(errors='replace')[-2000:]}")
        try:
            with urllib.request.urlopen(base_url + "/healthz", timeout=1) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.02)  # a refused connection costs nothing: a start is seen at most 20 ms late
    raise RuntimeError(f"server did not answer /healthz within {seconds:.0f} s")


@dataclass
class Server:
    """A ``referee serve`` process: ``base_url``, and ``kill``/``start`` to test restarts."""

    folder: Path
    port: int
    settings: dict[str, dict[str, Any]]
    process: subprocess.Popen[bytes] | None = None
    module: str = "referee.cli"
    env: dict[str, str] = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.folder / "server.log"

    def start(self) -> None:
        config = self.folder / "config.toml"
        config.write_text(_toml(self.settings), encoding="utf-8")
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", self.module, "serve", "--config", str(config), "--port", str(self.port)],
            cwd=REPO, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1", **self.env},
        )
        wait_until_healthy(self.process, self.base_url, self.log_path)

    @property
    def dead(self) -> bool:
        """True once the process has exited (a crash, a kill)."""
        return self.process is None or self.process.poll() is not None

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, exactly like a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        terminate(self.process)


def _toml(settings: dict[str, dict[str, Any]]) -> str:
    lines = []
    for section, values in settings.items():
        lines.append(f"[{section}]")
        for key, value in values.items():
            lines.append(f"{key} = {_literal(value)}")
    return "\n".join(lines) + "\n"


def _literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def server_settings(folder: Path, async_mode: str = "gevent", **sections: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A test server's config: database and key under ``folder``, ``sections`` overriding the defaults."""
    settings: dict[str, dict[str, Any]] = {
        "server": {"host": "127.0.0.1", "async_mode": async_mode},
        "store": {"database": str(folder / "tavern.sqlite3")},
        "fairness": {"signing_key": str(folder / "server_key.pem"), "seed_wait_s": 0.3},
        "bots": {"think_s": 0},
        "log": {"level": "INFO"},
    }
    for section, values in sections.items():
        settings.setdefault(section, {}).update(values)
    return settings


@contextlib.contextmanager
def running_server(folder: Path, async_mode: str = "gevent", **sections: dict[str, Any]) -> Iterator[Server]:
    """A started server with its database and key under ``folder``; stopped on exit.

    ``sections`` override config sections, e.g. ``fairness={"seed_wait_s": 0}``.
    """
    server = Server(folder, free_port(), server_settings(folder, async_mode, **sections))
    server.start()
    try:
        yield server
    finally:
        server.stop()
