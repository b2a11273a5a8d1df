"""How long a gevent server's other greenlets wait while a strong bot reads its solved files.

    .venv/bin/python bench/loop_stall.py [--rounds 5v5-plain 5v5-wild 4v5-plain]

A greenlet ticks every millisecond while the files of ``--rounds`` (the equilibria of ``recall``) and then
every endgame table are read, first on the event loop (``referee.blocking.inline``: how the files were
read before) and then through gevent's pool of native threads (``referee.serve.offload_of("gevent")``,
what a server sets), each in a child process of its own so that nothing is read twice. Per round: the
read's milliseconds, the ticks during it and the longest gap between two ticks (what every other table
of the server waited). The load average is printed before and after.

>>> [(name, ticks) for name, _, ticks, _ in stalls("inline", ["1v1-wild"])]     # on the loop: no tick
[('1v1-wild', 0)]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ld_reader import load_average  # noqa: E402


def stalls(mode: str, rounds: list[str]) -> list[tuple[str, float, int, float]]:
    """In this process: ``(round, read ms, ticks during the read, longest gap ms)`` per round of ``rounds``
    (and ``"endgames"`` for all the endgame tables when asked), read ``inline`` or through the ``pool``."""
    import gevent
    from referee.blocking import inline, run_blocking_with
    from referee.games.liars_dice.bots import endgame
    from referee.games.liars_dice.bots.recall import solved
    from referee.serve import offload_of

    run_blocking_with(offload_of("gevent") if mode == "pool" else inline)
    ticks: list[float] = []

    def ticker() -> None:
        while True:
            ticks.append(time.perf_counter())
            gevent.sleep(0.001)

    clock = gevent.spawn(ticker)
    gevent.sleep(0.01)
    rows = []
    for name in rounds:
        start = time.perf_counter()
        if name == "endgames":
            for table in endgame.manifest()["games"]:
                endgame.strategy_table(table)
        else:
            solved(name)
        end = time.perf_counter()
        inside = [t for t in ticks if start <= t <= end]
        gap = max(b - a for a, b in zip([start, *inside], [*inside, end]))
        rows.append((name, (end - start) * 1e3, len(inside), gap * 1e3))
    clock.kill()
    run_blocking_with(inline)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", nargs="+", default=["5v5-plain", "5v5-wild", "4v5-plain"])
    parser.add_argument("--child", choices=["inline", "pool"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        for name, read_ms, ticks, gap_ms in stalls(args.child, [*args.rounds, "endgames"]):
            print(f"| {args.child} | {name} | {read_ms:.0f} | {ticks} | {gap_ms:.0f} |", flush=True)
        return 0
    print(f"start: {load_average()}")
    print("| read | round | ms | ticks during it | longest gap ms |\n|---|---|---|---|---|", flush=True)
    for mode in ("inline", "pool"):
        subprocess.run([sys.executable, __file__, "--child", mode, "--rounds", *args.rounds], check=True,
                       env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
