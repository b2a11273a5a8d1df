"""What several bench scripts share: the nearest-rank percentile and the bare Flask-SocketIO server.

>>> pct([5.0, 1.0, 3.0, 2.0, 4.0], 50)
3.0
>>> pct([], 99)
nan
"""
from __future__ import annotations

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

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.log = open(folder / "bare.log", "ab")
        self.process = subprocess.Popen([sys.executable, str(REPO / "bench" / "_bare_server.py"), str(self.port)],
                                        cwd=REPO, stdout=self.log, stderr=subprocess.STDOUT)
        wait_until_healthy(self.process, self.base_url, folder / "bare.log")

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
