"""What several bench scripts share: the nearest-rank percentile, the bare Flask-SocketIO server and
its Node twin (the peer).

>>> pct([5.0, 1.0, 3.0, 2.0, 4.0], 50)
3.0
>>> pct([], 99)
nan
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tests.support.server import free_port, wait_until_healthy  # noqa: E402


def pct(values: list[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile of ``values`` (nan when there are none)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


class BareServer:
    """bench/_bare_server.py in a subprocess of this Python on a free loopback port; its log in ``folder``."""

    name = "bare"

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.log = open(folder / f"{self.name}.log", "ab")
        self.process = subprocess.Popen(self.command(), cwd=REPO, stdout=self.log, stderr=subprocess.STDOUT)
        wait_until_healthy(self.process, self.base_url, folder / f"{self.name}.log")

    def command(self) -> list[str]:
        """The server's command line (it listens on ``self.port``)."""
        return [sys.executable, str(REPO / "bench" / "_bare_server.py"), str(self.port)]

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>``."""
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        """Terminate the server (kill it after 10 s) and close its log."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.log.close()


PEER = REPO / "bench" / "peer"
"""The Node peer: bench/peer/server.js, socket.io 4 pinned by its package-lock.json."""


class PeerServer(BareServer):
    """The bare server's twin on Node's socket.io 4 (bench/peer/server.js, one process), for the
    same generators: installs its pinned packages with ``npm ci`` the first time (Debian's
    ``nodejs`` and ``npm`` must be there: ``make bench`` and ``make test`` install ``nodejs``)."""

    name = "peer"

    def command(self) -> list[str]:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("the Node peer needs node (Debian's nodejs package)")
        if not (PEER / "node_modules" / "socket.io").is_dir():
            npm = shutil.which("npm")
            if npm is None:
                raise RuntimeError("the Node peer's packages need npm (Debian's npm package)")
            subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--silent"], cwd=PEER, check=True)
        return [node, str(PEER / "server.js"), str(self.port)]
