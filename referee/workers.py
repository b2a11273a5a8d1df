"""``referee serve --workers N``: N server processes on one machine, sharing one config and one
PostgreSQL log, on consecutive ports from the config's (``--port`` overrides the first).

Each worker is a plain ``referee serve`` process (its own gevent loop, its own leases). This
supervisor only starts them, says where each listens, and stops them all on SIGTERM or Ctrl-C.
It restarts none: a worker that exits is logged as an error, the others go on serving (nginx
passes the dead one over and its tables move to them), and the supervisor exits, non-zero, once
no worker is left. A service manager (systemd) that restarts the whole unit is the place for
restarts. Several workers need the PostgreSQL store: with SQLite each would own every table.

>>> worker_ports(5000, 3)
[5000, 5001, 5002]
>>> check_workers("sqlite:///var/tavern.sqlite3", 2)
Traceback (most recent call last):
...
referee.config.ConfigError: serve --workers 2 needs the PostgreSQL store ([store] database = "postgresql://…"); SQLite is one process's
>>> check_workers("sqlite:///var/tavern.sqlite3", 1)
"""
from __future__ import annotations

import logging
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence

from referee.config import ConfigError, load_config
from referee.logs import configure_logging
from referee.store.choose import store_kind

log = logging.getLogger("referee.workers")
STOP_WAIT_S = 10.0
"""How long a worker may take to stop after SIGTERM before it is killed."""


def worker_ports(first: int, workers: int) -> list[int]:
    """The ports of ``workers`` workers from ``first`` on."""
    return [first + index for index in range(workers)]


def check_workers(database: str, workers: int) -> None:
    """Refuse a count below one, and several workers on a store only one process may serve."""
    if workers < 1:
        raise ConfigError(f"serve --workers must be at least 1, got {workers}")
    if workers > 1 and store_kind(database) != "postgresql":
        raise ConfigError(f'serve --workers {workers} needs the PostgreSQL store ([store] database = '
                          f'"postgresql://…"); SQLite is one process\'s')


def serve_workers(config_path: str | None, workers: int, host: str | None = None, port: int | None = None) -> int:
    """Run ``workers`` servers until SIGTERM/Ctrl-C (0) or until every one has exited (1)."""
    config = load_config(config_path, host=host, port=port)
    check_workers(config.database, workers)
    configure_logging(config.log_level)
    processes = [_start(config_path, config.host, worker_port) for worker_port in worker_ports(config.port, workers)]
    stopping = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.set())
    log.info("workers started", extra={"host": config.host, "ports": worker_ports(config.port, workers),
                                       "pids": [process.pid for process in processes]})
    running = set(range(workers))
    while running and not stopping.wait(0.5):
        for index in sorted(running):
            status = processes[index].poll()
            if status is not None:
                running.discard(index)
                log.error("worker exited", extra={"port": config.port + index, "pid": processes[index].pid,
                                                  "status": status, "left": len(running)})
    _stop(processes)
    return 0 if stopping.is_set() else 1


def _start(config_path: str | None, host: str, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "referee.cli", "serve", "--host", host, "--port", str(port)]
    if config_path:
        command += ["--config", config_path]
    return subprocess.Popen(command)


def _stop(processes: Sequence[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(STOP_WAIT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    log.info("workers stopped", extra={"statuses": [process.returncode for process in processes]})
