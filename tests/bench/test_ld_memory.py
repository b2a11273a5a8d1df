"""bench/ld_memory.py: its doctests hold, it times a solver in a process of its own, and the reader part plays a
round solved with "bid" memory against the shipped one on the same seeds."""
from __future__ import annotations

import doctest
import json

from bench import ld_memory


def test_the_doctests_hold():
    assert doctest.testmod(ld_memory).failed == 0


def test_a_solver_is_timed_in_a_process_of_its_own():
    for solver in ("dense", "walks"):
        found = ld_memory.measured("1v1-wild", "bid", solver, 2)
        assert 0 < found["seconds"] < 5 and found["rss_mb"] > 10


def test_what_a_round_holds_at_play_time_grows_with_bid_memory():
    assert ld_memory.resident("1v1-wild", "face") == 6 * 10 + 12 * 6 * 10 * 11        # 5 faces, and no bid yet
    assert ld_memory.resident("1v1-wild", "bid") == 6 * 10 + 12 * 11 * 10 * 11


def test_the_reader_part_plays_both_memories_on_the_same_seeds(tmp_path, capsys):
    assert ld_memory.main(["reader", "--dice", "1", "--games", "6", "--workers", "1", "--chunk", "3",
                           "--build", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "| 1 v 1 | face | 6 |" in out and "| 1 v 1 | bid | 6 |" in out and "bid less face" in out
    for memory in ("face", "bid"):
        games = json.loads((tmp_path / memory / "manifest.json").read_text(encoding="utf-8"))["games"]
        assert games["1v1-wild"]["memory"] == memory and len(games) == 50
