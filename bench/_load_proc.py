"""bench/load.py's view of processes: a server's CPU, CPU wait and RSS from /proc, and its generator processes.

>>> cpu_seconds(os.getpid()) >= 0 and rss_kb(os.getpid()) > 0 and waited_seconds(os.getpid()) >= 0
True
"""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

REPO = Path(__file__).resolve().parents[1]
GENERATOR = REPO / "bench" / "_load_generator.py"
READY_S = 300.0   # setting up one generator's tables (connects, joins) must end by then
REPORT_S = 30.0   # after the window, a generator's report must come by then


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` so far (/proc/<pid>/stat), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def waited_seconds(pid: int) -> float:
    """How long every thread of ``pid`` has so far been ready to run but waiting for a CPU
    (/proc/<pid>/task/*/schedstat, second field), in seconds: on a shared machine, the time
    other processes held the cores the server needed."""
    total = 0
    for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(stat.read_text().split()[1])
        except (OSError, IndexError, ValueError):  # a thread that ended meanwhile
            continue
    return total / 1e9


def rss_kb(pid: int) -> int:
    """Resident memory of ``pid`` (VmRSS of /proc/<pid>/status), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def split(total: int, parts: int) -> list[int]:
    """``total`` tables over ``parts`` generators, as even as can be, none empty.

    >>> split(7, 3)
    [3, 2, 2]
    >>> split(1, 4)
    [1]
    """
    parts = max(1, min(parts, total))
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


class Generators:
    """The generator processes of one step (bench/_load_generator.py), spoken to in JSON lines."""

    def __init__(self, orders: dict[str, Any], tables: list[int], log_path: Path) -> None:
        self.log_path = log_path
        with open(log_path, "ab") as log:
            self.processes = [subprocess.Popen([sys.executable, str(GENERATOR)], cwd=REPO, stdin=subprocess.PIPE,
                                               stdout=subprocess.PIPE, stderr=log, text=True)
                              for _ in tables]
        self.lines: list[queue.Queue[str | None]] = [queue.Queue() for _ in self.processes]
        for process, lines in zip(self.processes, self.lines):
            threading.Thread(target=_read_lines, args=(process.stdout, lines), daemon=True).start()
        for offset, (process, count) in enumerate(zip(self.processes, tables)):
            self._tell(process, {**orders, "tables": count, "seed": orders["seed"] * 1000 + offset})

    def ready(self) -> int:
        """Wait until every generator has set its tables up; how many clients are connected."""
        return sum(self._hear(p, "ready", READY_S) for p in self.processes)

    def go(self, start: float, end: float) -> None:
        """Tell every generator the measured window (time.monotonic values)."""
        for process in self.processes:
            self._tell(process, {"start": start, "end": end})

    def reports(self) -> list[dict[str, Any]]:
        """Every generator's report, once its window is over."""
        return [self._hear(p, "report", REPORT_S) for p in self.processes]

    def stop(self) -> None:
        """Wait a little for each generator to exit; kill those that do not."""
        for process in self.processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)

    @staticmethod
    def _tell(process: subprocess.Popen[str], message: dict[str, Any]) -> None:
        assert process.stdin is not None
        process.stdin.write(json.dumps(message) + "\n")
        process.stdin.flush()

    def _hear(self, process: subprocess.Popen[str], key: str, seconds: float) -> Any:
        try:
            line = self.lines[self.processes.index(process)].get(timeout=seconds)
        except queue.Empty:
            raise TimeoutError(f"a load generator sent no {key!r} within {seconds:.0f} s") from None
        if line is None:
            tail = self.log_path.read_text(errors="replace")[-3000:]
            raise RuntimeError(f"a load generator exited (status {process.wait(10)}); its log ends:\n{tail}")
        return json.loads(line)[key]


def _read_lines(stream: IO[str], into: "queue.Queue[str | None]") -> None:
    for line in stream:
        into.put(line)
    into.put(None)
