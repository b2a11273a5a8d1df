"""bench/load.py works: a short real run reports every figure for each server and moves happened
(and the examples of the bench's helpers and of bench/handler_cost.py hold).

Never a speed check: the figures' values are the bench's output, not a test's verdict. Only what
must hold on any machine is asserted: the report's shape, that the seats played (bids, calls,
next rounds) and the bare server answered, that no move was refused (a seed may come late on a
busy machine: seed/late is the one error allowed), and that the percentiles are ordered.
"""
from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import _common, _load_proc, _load_report, _load_seat, _page_client, handler_cost
from bench._load_seat import decide, seed_for

REPO = Path(__file__).resolve().parents[2]
FIGURES = {"players", "tables", "moves", "by_move", "p50_ms", "p95_ms", "p99_ms", "actions_per_s", "events",
           "errors", "error_codes", "lost", "cpu_pct", "cpu_ms_per_event", "rss_kb_per_player", "state_bytes",
           "generators", "generator_cpu_pct", "generator_lag_p99_ms", "load_average", "cpu_wait_pct",
           "first_state_p50_ms", "first_state_p99_ms"}


@pytest.mark.slow
@pytest.mark.parametrize("seats, peer", [(5, True), (2, False)])
def test_a_short_load_run_reports_every_server_and_the_seats_played(seats, peer):
    run = subprocess.run([sys.executable, "bench/load.py", "--players", "10", "--seats", str(seats),
                          "--warmup-s", "0", "--step-s", "5", "--json", *(["--peer"] if peer else [])],
                         cwd=REPO, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout)
    servers = ("tavern", "bare", "peer") if peer else ("tavern", "bare")
    assert report["seats"] == seats and report["skipped"] == []
    assert set(report["largest_players"]) == set(servers)
    [step] = report["steps"]
    assert step["players"] == 10
    assert set(step["ratio"]) == {"p50_ms", "p95_ms", "p99_ms", "cpu_ms_per_event"}
    assert ("ratio_peer" in step) == peer
    if peer:
        assert set(step["ratio_peer"]) == set(step["ratio"])
        assert set(step["peer"]["by_move"]) == {"ping"}, "the Node peer answered the same pings as the bare server"
        assert step["peer"]["first_state_p50_ms"] > 0
    for server in servers:
        figures = step[server]
        assert set(figures) == FIGURES
        assert figures["tables"] == 10 // seats and figures["generators"] == 1
        assert figures["moves"] > 0 and figures["events"] >= figures["moves"]
        # the seats play legally; only a seed can be refused, and only for being late (a slow machine)
        assert set(figures["error_codes"]) <= {"seed/late"}
        assert figures["errors"] == sum(figures["error_codes"].values())
        assert figures["p50_ms"] <= figures["p95_ms"] <= figures["p99_ms"]
        assert figures["cpu_pct"] >= 0 and figures["cpu_ms_per_event"] >= 0
        assert len(figures["load_average"]) == 3 and figures["state_bytes"] > 0
    tavern, bare = step["tavern"], step["bare"]
    assert tavern["by_move"].get("bid", 0) > 0
    assert set(tavern["by_move"]) <= {"bid", "liar", "next_round", "new_game"}
    assert tavern["events"] > tavern["moves"], "the start and the seeds of game 1 fall in the window (no warm-up)"
    assert set(bare["by_move"]) == {"ping"}
    for figures in (tavern, bare):
        assert 0 < figures["first_state_p50_ms"] <= figures["first_state_p99_ms"], "newcomers got their first state"
    assert tavern["cpu_wait_pct"] >= 0 and bare["cpu_wait_pct"] >= 0


def _game(**fields):
    game = {"game": 2, "round": 3, "phase": "bidding", "turn": 1, "total_dice": 12, "seats_in_game": [0, 1, 2],
            "dice": [2, 2, 1, 6], "rules": {"wild_ones": True}, "bids": []}
    return {**game, **fields}


def test_the_seat_to_act_opens_on_its_best_face_with_against():
    event, data = decide({"you": {"seat": 1}, "game": _game()})
    assert event == "bid" and data["face"] == 2 and 1 <= data["quantity"] <= 12
    assert data["against"] == {"game": 2, "round": 3, "bids": 0}


def test_a_raise_is_higher_than_the_standing_bid():
    for quantity in range(1, 7):
        for face in range(2, 7):
            event, data = decide({"you": {"seat": 1}, "game": _game(bids=[{"seat": 0, "quantity": quantity,
                                                                              "face": face}])})
            if event == "bid":
                assert (data["quantity"], data["face"]) > (quantity, face) and data["quantity"] <= 12
                assert data["against"]["bids"] == 1
            else:
                assert event == "liar" and data == {"against": {"game": 2, "round": 3, "bids": 1}}


def test_with_no_raise_left_the_seat_calls_liar():
    event, _ = decide({"you": {"seat": 1}, "game": _game(total_dice=4, bids=[{"seat": 0, "quantity": 4, "face": 6}])})
    assert event == "liar"


def test_only_the_host_presses_next_round_and_new_game_and_nobody_moves_out_of_turn():
    revealed = _game(phase="revealed", turn=None)
    assert decide({"you": {"seat": 0}, "game": revealed}) == ("next_round", {"game": 2, "round": 3})
    assert decide({"you": {"seat": 2}, "game": revealed}) is None
    assert decide({"you": {"seat": 0}, "game": _game(phase="over", turn=None)}) == ("new_game", {})
    assert decide({"you": {"seat": 0}, "game": _game()}) is None
    assert decide({"you": {"seat": None}, "game": _game()}) is None


def test_a_seat_in_the_game_sends_a_fresh_seed_while_rolling_and_only_then():
    rolling = _game(phase="rolling", turn=None)
    first, second = seed_for({"you": {"seat": 2}, "game": rolling}), seed_for({"you": {"seat": 2}, "game": rolling})
    assert first[0] == "seed" and first[1]["round"] == 3 and len(first[1]["seed"]) == 64
    assert first[1]["seed"] != second[1]["seed"]
    assert seed_for({"you": {"seat": 4}, "game": rolling}) is None
    assert seed_for({"you": {"seat": 2}, "game": _game()}) is None


@pytest.mark.parametrize("module", [_common, _load_proc, _load_report, _load_seat, _page_client, handler_cost])
def test_the_bench_helpers_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
