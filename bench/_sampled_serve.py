"""``referee serve`` with a sampling profiler: ``TJ_PROFILE_OUT=OUT python -m bench._sampled_serve serve --config …``.

Every ``SAMPLE_S`` of the process's CPU time (``ITIMER_PROF``: idle time is never sampled) the
running Python stack is recorded, whatever greenlet it belongs to. ``SIGUSR1`` forgets every
sample so far (the window starts); ``SIGUSR2`` writes them to OUT as JSON ``{"samples": n,
"stacks": {"file:line:function;…": count}}`` (outermost call first). bench/profile_load.py drives it.
"""
from __future__ import annotations

import json
import os
import signal
import sys
from collections import Counter
from types import FrameType

SAMPLE_S = 0.002
DEPTH = 60


class Sampler:
    """Counts the Python stacks that ``ITIMER_PROF`` interrupts; ``SIGUSR1`` resets, ``SIGUSR2`` writes ``out``."""

    def __init__(self, out: str) -> None:
        self._out = out
        self._stacks: Counter[str] = Counter()
        self._busy = False

    def start(self) -> None:
        signal.signal(signal.SIGPROF, self._sample)
        signal.signal(signal.SIGUSR1, lambda *_: self._stacks.clear())
        signal.signal(signal.SIGUSR2, lambda *_: self.dump())
        signal.setitimer(signal.ITIMER_PROF, SAMPLE_S, SAMPLE_S)

    def _sample(self, _signum: int, frame: FrameType | None) -> None:
        if self._busy:
            return
        names: list[str] = []
        while frame is not None and len(names) < DEPTH:
            code = frame.f_code
            names.append(f"{code.co_filename}:{code.co_firstlineno}:{code.co_name}")
            frame = frame.f_back
        self._stacks[";".join(reversed(names))] += 1

    def dump(self) -> None:
        """Write every count so far to ``out`` (samples that fall meanwhile are skipped)."""
        self._busy = True
        try:
            text = json.dumps({"samples": sum(self._stacks.values()), "sample_s": SAMPLE_S, "stacks": self._stacks})
            with open(self._out + ".part", "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(self._out + ".part", self._out)
        finally:
            self._busy = False


def main() -> int:
    Sampler(os.environ["TJ_PROFILE_OUT"]).start()
    from referee.cli import main as cli
    return cli(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
