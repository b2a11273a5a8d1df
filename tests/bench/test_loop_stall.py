"""bench/loop_stall.py: its doctests hold, and it prints a row per round and way of reading."""
from __future__ import annotations

import doctest
import subprocess
import sys

from bench import loop_stall


def test_the_doctests_hold():
    assert doctest.testmod(loop_stall).failed == 0


def test_it_prints_both_ways_of_reading_and_the_load_average():
    out = subprocess.run([sys.executable, "bench/loop_stall.py", "--rounds", "1v1-wild", "2v1-plain"],
                         capture_output=True, text=True, check=True).stdout
    rows = [line.split(" | ") for line in out.splitlines() if line.startswith("| inline") or line.startswith("| pool")]
    assert [(row[0], row[1]) for row in rows] == [(f"| {mode}", name) for mode in ("inline", "pool")
                                                  for name in ("1v1-wild", "2v1-plain", "endgames")]
    assert all(row[3] == "0" for row in rows if row[0] == "| inline")      # nothing else runs on the loop
    assert out.startswith("start: load average") and "end: load average" in out
