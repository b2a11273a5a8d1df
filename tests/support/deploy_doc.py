"""docs/deploy.md's several-process set-up, read out of the doc and run as it says.

``recipe()`` takes, from the section "Step by step", the ``tavern.toml`` block and the two
``.venv/bin/referee`` commands (the workers, nginx's config). ``DeployedCluster`` runs them on
this machine with what a test may change: the ports (free ones), the database URL and Redis URL
(the test's own servers), and where nginx's config goes (a folder of its own
instead of ``/etc/nginx``). The apt, role and ``rm`` steps are the machine's, not run here.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.cluster import answers, wait_until
from tests.support.nginx import Nginx
from tests.support.server import free_port, terminate, two_free_ports

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "deploy.md"
REFEREE = str(Path(sys.executable).with_name("referee"))
"""The ``.venv/bin/referee`` the doc names: the console script beside this interpreter."""


@dataclass(frozen=True)
class Recipe:
    toml: str
    serve: list[str]
    nginx_config: list[str]


def recipe() -> Recipe:
    """The config and the two commands of docs/deploy.md's "Step by step", as written there."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("### Step by step"):text.index("### When Redis is needed")]
    blocks = re.findall(r"```(\w+)\n(.*?)```", section, re.S)
    toml = next(body for kind, body in blocks if kind == "toml")
    commands = [line.strip() for kind, body in blocks if kind == "sh" for line in body.splitlines()
                if line.strip().startswith(".venv/bin/referee")]
    serve = next(shlex.split(c) for c in commands if " serve " in c)
    nginx = next(shlex.split(c.split(">")[0]) for c in commands if " nginx-config " in c)
    return Recipe("\n".join(line.strip() for line in toml.splitlines()) + "\n", serve, nginx)


@dataclass
class DeployedCluster:
    """The doc's workers (``serve --workers 2``) and nginx, in ``folder``, on the test's database and Redis."""

    folder: Path
    database: str
    redis_url: str
    port: int = field(default_factory=two_free_ports)
    supervisor: subprocess.Popen[bytes] | None = None
    nginx: Nginx | None = None
    extra: list[subprocess.Popen[bytes]] = field(default_factory=list)

    @property
    def config(self) -> Path:
        return self.folder / "tavern.toml"

    @property
    def log(self) -> Path:
        return self.folder / "workers.log"

    def start(self) -> None:
        steps = recipe()
        toml = steps.toml.replace("port = 5000", f"port = {self.port}")
        toml = re.sub(r'database = "postgresql://[^"]*"', f'database = "{self.database}"', toml)
        toml = re.sub(r'message_queue = "redis://[^"]*"', f'message_queue = "{self.redis_url}"', toml)
        self.config.write_text(toml, encoding="utf-8")
        with self.log.open("wb") as log:
            self.supervisor = subprocess.Popen([REFEREE, *steps.serve[1:]], cwd=self.folder, stdout=log,
                                               stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        for port in (self.port, self.port + 1):
            wait_until(lambda port=port: answers(port), 120, f"a worker on {port}")
        listen = free_port()
        command = [REFEREE, *steps.nginx_config[1:]]
        command[command.index("--listen") + 1] = f"127.0.0.1:{listen}"
        text = subprocess.run(command, cwd=self.folder, capture_output=True, text=True, check=True).stdout
        self.nginx = Nginx([self.port, self.port + 1], port=listen, fail_timeout_s=2, http=text)
        self.nginx.start()

    def start_worker(self, port: int) -> subprocess.Popen[bytes]:
        """One more worker with the same config on ``port`` (as a service manager restarts one)."""
        with (self.folder / f"worker-{port}.log").open("ab") as log:
            worker = subprocess.Popen([REFEREE, "serve", "--config", "tavern.toml", "--port", str(port)], cwd=self.folder,
                                      stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.extra.append(worker)
        wait_until(lambda: answers(port), 120, f"a worker on {port}")
        return worker

    def stop(self) -> None:
        if self.supervisor is not None and self.supervisor.poll() is None:
            self.supervisor.send_signal(signal.SIGTERM)
        terminate(self.supervisor, 30)
        for worker in self.extra:
            terminate(worker, 30)
        if self.nginx is not None:
            self.nginx.stop()

    def tables(self) -> dict[str, dict[str, Any]]:
        """``referee tables --config tavern.toml --json``, by table."""
        out = subprocess.run([REFEREE, "tables", "--config", "tavern.toml", "--json"], cwd=self.folder,
                             capture_output=True, text=True, check=True).stdout
        return {row["table"]: row for row in map(json.loads, out.splitlines())}

    def owner_pid(self, table: str) -> int | None:
        """The pid of the worker whose live lease serves ``table`` (from ``referee tables``)."""
        row = self.tables().get(table)
        if row is None or row["owner"] is None or (row["left_ms"] or 0) <= 0:
            return None
        return int(row["owner"].split(":")[1])

    def log_lines(self) -> list[dict[str, Any]]:
        """Every worker's JSON log lines so far (the supervisor's too)."""
        lines = []
        for path in sorted(self.folder.glob("*.log")):
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                try:
                    lines.append(json.loads(line))
                except ValueError:
                    continue
        return lines
