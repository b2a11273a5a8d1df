"""bench/load.py's figures: one step of one server summed up, the printed table and the verdict.

>>> run = Run("tavern", players=10, seats=5, window_s=2.0, samples_ms=[4.0, 6.0, 5.0], events=12,
...           server_cpu_s=0.5, rss_idle_kb=1000, rss_kb=1500, generators=1, server_wait_s=0.2)
>>> figures = summary(run)
>>> figures["p50_ms"], figures["actions_per_s"], figures["cpu_pct"], figures["cpu_ms_per_event"], figures["rss_kb_per_player"]
(5.0, 1.5, 25.0, 41.67, 50.0)
>>> figures["cpu_wait_pct"], figures["first_state_p99_ms"]
(10.0, None)
>>> largest([{"players": 100, "tavern": {"p99_ms": 20.0, "lost": 0}}, {"players": 250, "tavern": {"p99_ms": 60.0, "lost": 0}}], "tavern")
100
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench._common import pct

TARGET_P99_MS = 50.0


@dataclass
class Run:
    """What one server did in one step's window, as bench/load.py gathered it."""

    server: str
    players: int
    seats: int
    window_s: float
    samples_ms: list[float] = field(default_factory=list)
    moves: Counter[str] = field(default_factory=Counter)
    events: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    lost: int = 0
    server_cpu_s: float = 0.0
    rss_idle_kb: int = 0
    rss_kb: int = 0
    generators: int = 1
    generator_cpu_s: float = 0.0
    lag_ms: list[float] = field(default_factory=list)
    first_state_ms: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    server_wait_s: float = 0.0
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)


def _round(value: float, digits: int = 2) -> float | None:
    return None if math.isnan(value) else round(value, digits)


def summary(run: Run) -> dict[str, Any]:
    """The figures of one run (JSON-ready; None where there is nothing to measure)."""
    return {
        "players": run.players,
        "tables": run.players // run.seats,
        "moves": len(run.samples_ms),
        "by_move": dict(run.moves),
        "p50_ms": _round(pct(run.samples_ms, 50)),
        "p95_ms": _round(pct(run.samples_ms, 95)),
        "p99_ms": _round(pct(run.samples_ms, 99)),
        "actions_per_s": round(len(run.samples_ms) / run.window_s, 2),
        "events": run.events,
        "errors": sum(run.errors.values()),
        "error_codes": dict(run.errors),
        "lost": run.lost,
        "cpu_pct": round(100 * run.server_cpu_s / run.window_s, 1),
        "cpu_wait_pct": round(100 * run.server_wait_s / run.window_s, 1),
        "cpu_ms_per_event": round(1000 * run.server_cpu_s / run.events, 2) if run.events else None,
        "rss_kb_per_player": round((run.rss_kb - run.rss_idle_kb) / run.players, 1),
        "state_bytes": round(sum(run.sizes) / len(run.sizes)) if run.sizes else None,
        "generators": run.generators,
        "generator_cpu_pct": round(100 * run.generator_cpu_s / run.window_s, 1),
        "generator_lag_p99_ms": _round(pct(run.lag_ms, 99)),
        "first_state_p50_ms": _round(pct(run.first_state_ms, 50)),
        "first_state_p99_ms": _round(pct(run.first_state_ms, 99)),
        "load_average": list(run.load),
    }


def ratios(tavern: dict[str, Any], bare: dict[str, Any]) -> dict[str, float | None]:
    """tavern / bare for the latency percentiles and the CPU per event.

    >>> ratios({"p50_ms": 4.0, "p95_ms": 9.0, "p99_ms": 10.0, "cpu_ms_per_event": 3.0},
    ...        {"p50_ms": 2.0, "p95_ms": 3.0, "p99_ms": None, "cpu_ms_per_event": 1.0})
    {'p50_ms': 2.0, 'p95_ms': 3.0, 'p99_ms': None, 'cpu_ms_per_event': 3.0}
    """
    keys = ("p50_ms", "p95_ms", "p99_ms", "cpu_ms_per_event")
    return {k: round(tavern[k] / bare[k], 2) if tavern.get(k) and bare.get(k) else None for k in keys}


def largest(steps: list[dict[str, Any]], server: str) -> int | None:
    """The largest player count whose step had p99 ≤ TARGET_P99_MS and lost nothing (None: no step did)."""
    good = [s["players"] for s in steps if server in s and s[server]["p99_ms"] is not None
            and s[server]["p99_ms"] <= TARGET_P99_MS and s[server]["lost"] == 0]
    return max(good) if good else None


HEADER = (f"{'players':>7} {'server':<6} {'p50_ms':>7} {'p95_ms':>7} {'p99_ms':>7} {'act/s':>6} {'moves':>6}"
          f" {'errors':>6} {'lost':>4} {'cpu%':>6} {'wait%':>6} {'cpu_ms/ev':>9} {'rss_kb/pl':>9} {'bytes':>6}"
          f" {'first99':>7} {'gen_cpu%':>8} {'gen_lag99':>9}")


def _cell(value: Any, width: int, digits: int = 2) -> str:
    if value is None:
        return f"{'-':>{width}}"
    if isinstance(value, float):
        return f"{value:>{width}.{digits}f}"
    return f"{value:>{width}}"


def row(server: str, f: dict[str, Any]) -> str:
    """One printed line of the table (HEADER's columns)."""
    return (f"{f['players']:>7} {server:<6} {_cell(f['p50_ms'], 7)} {_cell(f['p95_ms'], 7)} {_cell(f['p99_ms'], 7)}"
            f" {_cell(f['actions_per_s'], 6, 1)} {f['moves']:>6} {f['errors']:>6} {f['lost']:>4}"
            f" {_cell(f['cpu_pct'], 6, 1)} {_cell(f['cpu_wait_pct'], 6, 1)} {_cell(f['cpu_ms_per_event'], 9)}"
            f" {_cell(f['rss_kb_per_player'], 9, 1)} {_cell(f['state_bytes'], 6)} {_cell(f['first_state_p99_ms'], 7, 1)}"
            f" {_cell(f['generator_cpu_pct'], 8, 1)} {_cell(f['generator_lag_p99_ms'], 9)}")


def ratio_line(step: dict[str, Any], other: str = "bare") -> str:
    """The printed tavern/``other`` line of one step (``ratio``, or ``ratio_peer`` for the peer)."""
    r = step["ratio" if other == "bare" else f"ratio_{other}"]
    return (f"ratio players={step['players']:<5} tavern/{other:<4} p50 {_cell(r['p50_ms'], 5)}  p95 {_cell(r['p95_ms'], 5)}"
            f"  p99 {_cell(r['p99_ms'], 5)}  cpu_ms/ev {_cell(r['cpu_ms_per_event'], 5)}")
