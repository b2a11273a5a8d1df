"""A real Redis for the tests: Debian's ``redis-server`` on a random loopback port, in a temporary folder.

Nothing is persisted (no RDB snapshot, no append-only file) and whatever the server writes stays
in its folder. ``stop`` and ``start`` again keep the same port, as a Redis restart in production
does; ``make test`` installs Debian's ``redis-server`` where it is missing (a missing one fails
the test, it is never a skip).
"""
from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.server import free_port, terminate

START_S = 20.0
"""How long a starting server may take to answer ``PING``."""


def redis_binary() -> str:
    """``redis-server`` on PATH or where Debian puts it."""
    found = shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)
    if found is None:
        raise RuntimeError("redis-server is not installed: run `make test`, which installs Debian's redis-server")
    return found


def answers_ping(port: int) -> bool:
    """True when a Redis listens on ``127.0.0.1:port`` and answers ``PING``."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@dataclass
class RedisServer:
    """One ``redis-server``: ``start``, ``stop`` (SIGTERM, waited for), ``url``, ``remove``."""

    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tavern-redis-")))
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's URL, as ``[server] message_queue`` takes it."""
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def log_path(self) -> Path:
        return self.folder / "redis.log"

    def start(self) -> None:
        """Start (or start again, on the same port) and wait until it answers ``PING``."""
        self.process = subprocess.Popen(
            [redis_binary(), "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--save", "", "--appendonly", "no", "--daemonize", "no", "--logfile", str(self.log_path)],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_S
        while not answers_ping(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                log = self.log_path.read_text(errors="replace")[-2000:] if self.log_path.exists() else ""
                self.stop()
                raise RuntimeError(f"redis-server did not start on port {self.port}: {log}")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop the server and wait until it has exited (its port is free again)."""
        terminate(self.process)
        self.process = None

    def remove(self) -> None:
        """Stop the server if it runs and delete its folder."""
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
