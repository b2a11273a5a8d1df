"""A real nginx for the tests: Debian's ``/usr/sbin/nginx`` in front of given worker ports, on a
random loopback port, with the config ``referee nginx-config`` prints.

Everything nginx writes (pid, error log, temp files) is in its own temporary folder: it never
touches ``/var``. ``make test`` (test-tools) installs Debian's nginx where it is missing; a missing
one fails the test, never skips it.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from referee.nginx_conf import nginx_conf
from tests.support.server import free_port, terminate

BINARY = "/usr/sbin/nginx"


def _main_conf(folder: Path, http: str) -> str:
    temp = "\n".join(f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root root;\n" if os.geteuid() == 0 else ""  # its workers read the temp folder made here
    return (f"{user}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
            f"error_log {folder / 'error.log'} warn;\nevents {{ worker_connections 512; }}\n"
            f"http {{\n    access_log off;\n{temp}\n{http}}}\n")


@dataclass
class Nginx:
    """nginx routing to ``upstreams`` (worker ports on 127.0.0.1): ``start``, ``stop``, ``base_url``."""

    upstreams: list[int]
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tavern-nginx-")))
    port: int = field(default_factory=free_port)
    fail_timeout_s: int = 5
    process: subprocess.Popen[bytes] | None = None
    http: str | None = None
    """The http block's text (``referee nginx-config``'s output); None: ``nginx_conf`` of ``upstreams``."""

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def error_log(self) -> Path:
        return self.folder / "error.log"

    def start(self, seconds: float = 15) -> None:
        """Write the config, check it (``nginx -t``), start nginx and wait until it accepts connections."""
        if not os.access(BINARY, os.X_OK):
            raise RuntimeError(f"{BINARY} is not installed: run `make test`, which installs Debian's nginx")
        http = self.http or nginx_conf(self.upstreams, listen=f"127.0.0.1:{self.port}", fail_timeout_s=self.fail_timeout_s)
        conf = self.folder / "nginx.conf"
        conf.write_text(_main_conf(self.folder, http), encoding="utf-8")
        command = [BINARY, "-p", str(self.folder), "-c", str(conf), "-e", str(self.error_log)]
        checked = subprocess.run(command + ["-t"], capture_output=True, text=True, check=False)
        if checked.returncode != 0:
            raise RuntimeError(f"nginx refused its config: {checked.stderr}")
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.error_log.read_text(errors='replace')[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"nginx did not listen within {seconds:.0f} s")

    def stop(self) -> None:
        """Stop nginx (SIGTERM: a fast shutdown) and delete its folder."""
        terminate(self.process)
        shutil.rmtree(self.folder, ignore_errors=True)
