"""``referee serve`` (gevent) that reports where its memory is: ``TJ_MEMORY_OUT=OUT python -m bench._traced_serve serve --config …``.

(``… bench._traced_serve bare PORT``: the same for bench/_bare_server.py.)

With ``TJ_TRACE_FRAMES=N`` (N > 0) ``tracemalloc`` traces every Python allocation from start-up,
N frames deep (it slows the server down and costs memory of its own: read RSS from a run
without it). ``SIGUSR1`` marks the start (a snapshot, before any client connects; OUT.started is written then); ``SIGUSR2``
writes OUT as JSON: the process's memory (``process_memory``) at both marks and, when tracing,
the growth between the two snapshots by file and line (``by_line``), by the innermost frame in
``referee/`` (``by_tavern_line``), and the live objects of each type (``by_type``, counted by
``gc``), and the memory again after ``gc.collect()`` (``after_collect``: what was garbage
in reference cycles, waiting for the cyclic collector). bench/memory_load.py drives it.

>>> memory = process_memory()
>>> memory["rss_kb"] > memory["malloc_in_use_kb"] > 0 and memory["arenas"] >= 1
True
"""
from __future__ import annotations

import ctypes
import gc
import json
import os
import re
import signal
import sys
import tempfile
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

TOP = 60
"""Rows of each growth list written."""
TAVERN = str(Path(__file__).resolve().parents[1] / "referee") + os.sep


def process_memory() -> dict[str, Any]:
    """RSS and its parts (/proc/self/smaps_rollup), glibc malloc's arenas and bytes in use
    (``malloc_info``), threads, greenlets, and what tracemalloc traces (when it runs)."""
    report: dict[str, Any] = {"threads": len(os.listdir("/proc/self/task"))}
    for line in Path("/proc/self/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        if name in ("Rss", "Anonymous", "Pss_File", "Shared_Clean", "Private_Dirty"):
            report[f"{name.lower()}_kb"] = int(value.split()[0])
    report.update(_malloc_info())
    report["greenlets"] = _count_greenlets()
    if tracemalloc.is_tracing():
        report["traced_kb"] = tracemalloc.get_traced_memory()[0] // 1024
        report["tracemalloc_own_kb"] = tracemalloc.get_tracemalloc_memory() // 1024
    return report


def _malloc_info() -> dict[str, Any]:
    """glibc's ``malloc_info`` XML summed: arenas, bytes held from the system, bytes in use."""
    libc = ctypes.CDLL(None)
    libc.fdopen.restype = ctypes.c_void_p
    libc.fdopen.argtypes = [ctypes.c_int, ctypes.c_char_p]
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    with tempfile.TemporaryFile("w+b") as out:
        stream = libc.fdopen(os.dup(out.fileno()), b"w")
        libc.malloc_info(0, stream)
        libc.fclose(stream)
        out.seek(0)
        xml = out.read().decode()
    heaps = re.findall(r'<heap nr="\d+">', xml)
    total = re.search(r'<system type="current" size="(\d+)"/>\s*<system type="max" size="\d+"/>\s*'
                      r'<aspace type="total" size="\d+"/>\s*<aspace type="mprotect" size="\d+"/>\s*</malloc>', xml)
    free_bytes = re.findall(r'<total type="(?:fast|rest)" count="\d+" size="(\d+)"/>', xml)
    mmapped = re.search(r'<total type="mmap" count="\d+" size="(\d+)"/>', xml)
    system = int(total.group(1)) if total else 0
    free = sum(map(int, free_bytes[-2:])) if free_bytes else 0
    return {"arenas": len(heaps), "malloc_system_kb": system // 1024,
            "malloc_in_use_kb": (system - free) // 1024, "malloc_mmap_kb": int(mmapped.group(1)) // 1024 if mmapped else 0}


def _count_greenlets() -> int:
    try:
        from greenlet import greenlet
    except ImportError:
        return 0
    return sum(1 for o in gc.get_objects() if isinstance(o, greenlet))


def _types() -> Counter[str]:
    return Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects())


def _tavern_frame(trace: tracemalloc.Traceback) -> str:
    for frame in trace:  # most recent first
        if frame.filename.startswith(TAVERN):
            return f"{frame.filename[len(TAVERN) - len('referee/'):]}:{frame.lineno}"
    return "(no frame in referee/)"


class Marks:
    """The start mark (SIGUSR1) and the report (SIGUSR2)."""

    def __init__(self, out: str) -> None:
        self._out = out
        self._start: dict[str, Any] = {}
        self._snapshot: tracemalloc.Snapshot | None = None
        self._types: Counter[str] = Counter()

    def install(self) -> None:
        """Handle the marks in a greenlet of gevent's hub (a plain handler waits while the hub sleeps in C)."""
        from gevent import monkey, signal_handler
        monkey.patch_all()  # as `referee serve` does (again, harmlessly)
        signal_handler(signal.SIGUSR1, self.start)
        signal_handler(signal.SIGUSR2, self.write)

    def start(self) -> None:
        gc.collect()
        self._start = process_memory()
        self._types = _types()
        if tracemalloc.is_tracing():
            self._snapshot = tracemalloc.take_snapshot()
        Path(self._out + ".started").write_text("started")

    def write(self) -> None:
        report: dict[str, Any] = {"start": self._start, "end": process_memory()}
        types = _types()
        types.subtract(self._types)
        report["by_type"] = [[name, n] for name, n in types.most_common(TOP)]
        collected = gc.collect()
        report["after_collect"] = {**process_memory(), "collected": collected}
        if self._snapshot is not None:
            end = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
            start = self._snapshot.filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
            report["by_line"] = [[str(s.traceback[0]), s.size_diff // 1024, s.count_diff]
                                 for s in end.compare_to(start, "lineno")[:TOP]]
            report["by_tavern_line"] = _by_tavern_line(start, end)
        with open(self._out + ".part", "w", encoding="utf-8") as out:
            json.dump(report, out)
        os.replace(self._out + ".part", self._out)


def _by_tavern_line(start: tracemalloc.Snapshot, end: tracemalloc.Snapshot) -> list[list[Any]]:
    """Growth (KiB, blocks) by the innermost frame of each trace that lies in referee/."""
    grown: Counter[str] = Counter()
    blocks: Counter[str] = Counter()
    for sign, snapshot in ((-1, start), (1, end)):
        for stat in snapshot.statistics("traceback"):
            key = _tavern_frame(stat.traceback)
            grown[key] += sign * stat.size
            blocks[key] += sign * stat.count
    return [[key, size // 1024, blocks[key]] for key, size in grown.most_common(TOP)]


def main() -> int:
    frames = int(os.environ.get("TJ_TRACE_FRAMES", "0"))
    if frames > 0:
        tracemalloc.start(frames)
    Marks(os.environ["TJ_MEMORY_OUT"]).install()
    if sys.argv[1:2] == ["bare"]:  # the bare Flask-SocketIO server instead: ``bare PORT``
        sys.argv[1:] = sys.argv[2:]
        from bench._bare_server import main as bare
        bare()
        return 0
    from referee.cli import main as cli
    return cli(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
