"""``python -m tests.support.crashing_serve serve --config FILE``: the real server, killed by SIGKILL
at a chosen commit, for the kill-at-any-instant tests (fault injection lives here, never in ``referee``).

``TAVERN_CRASH`` arms crash points, comma-separated: ``after:KIND`` kills the process right after
the store committed a batch holding an entry of KIND, ``before:KIND`` right before such a batch
is committed. ``TAVERN_CRASH_RECORD`` names a file: a crash appends the points it fired (one a
line, synced to disk before the kill) and a start skips the points already in it, so the same
armed list restarted again and again crashes once at each point, in the order play reaches them.

>>> crash_points({"before:bid", "after:bid", "after:liar"}, "after", ["bid", "round_revealed"])
['after:bid']
"""
from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from referee.store.log import EventLog


def crash_points(armed: set[str], when: str, kinds: Iterable[str]) -> list[str]:
    """The armed points of ``when`` ("before" or "after") that a batch of these ``kinds`` fires."""
    return sorted(point for point in {f"{when}:{kind}" for kind in kinds} if point in armed)


def arm(armed: set[str], record: Path) -> None:
    """Patch the SQLite store's ``append`` to kill this process at the armed points not yet in ``record``."""
    if record.exists():
        armed = armed - set(record.read_text(encoding="utf-8").split())
    original = EventLog.append

    def append(self: EventLog, table: str, entries: Sequence[Any], expected_seq: int) -> Any:
        kinds = [entry.kind for entry in entries]
        _crash(record, crash_points(armed, "before", kinds))
        stored = original(self, table, entries, expected_seq)
        _crash(record, crash_points(armed, "after", kinds))
        return stored

    EventLog.append = append  # type: ignore[method-assign]


def _crash(record: Path, fired: list[str]) -> None:
    if not fired:
        return
    with open(record, "a", encoding="utf-8") as handle:
        handle.write("".join(point + "\n" for point in fired))
        handle.flush()
        os.fsync(handle.fileno())
    os.kill(os.getpid(), signal.SIGKILL)


def main(argv: Sequence[str]) -> int:
    """Arm the points of ``TAVERN_CRASH``, then run ``referee`` with ``argv``."""
    armed = {point for point in os.environ.get("TAVERN_CRASH", "").split(",") if point}
    arm(armed, Path(os.environ["TAVERN_CRASH_RECORD"]))
    from referee.cli import main as referee_main
    return referee_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
