"""The arena: deterministic, fair seating, faults penalised and counted, outside bots by module:attr."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from referee.arena import arena_main, run_arena, seating
from referee.bots.registry import make_bot

from .helpers import Cheater, SeatRecorder


def wins(report):
    return [(b["name"], b["wins"], b["illegal_actions"]) for b in report["bots"]]


def test_the_arena_is_deterministic_for_a_seed():
    first = run_arena(["strong", "medium", "easy"], games=6, seed=4, dice=2)
    assert wins(run_arena(["strong", "medium", "easy"], games=6, seed=4, dice=2)) == wins(first)
    assert first["games"] == 6 and sum(b["wins"] for b in first["bots"]) == 6


def test_every_bot_sits_in_every_seat_and_opens_equally_often():
    for entrants in (2, 3, 4):
        games = entrants * entrants
        seats = Counter((entrant, seat) for g in range(games) for seat, entrant in enumerate(seating(entrants, g)))
        assert set(seats.values()) == {entrants}
        openers = Counter(seating(entrants, g)[g % entrants] for g in range(games))
        assert set(openers.values()) == {entrants}


def test_arena_seats_rotate_between_games():
    SeatRecorder.log.clear()
    spec = "tests.bots.helpers:SeatRecorder"
    run_arena([spec, spec], games=4, seed=1, dice=1)
    seats_by_bot = {}
    for seed, seat, _ in SeatRecorder.log:
        seats_by_bot.setdefault(seed, set()).add(seat)
    assert list(seats_by_bot.values()) == [{0, 1}, {0, 1}]


def test_an_illegal_action_costs_the_round_and_is_counted():
    report = run_arena(["tests.bots.helpers:Cheater", "medium"], games=2, seed=3, dice=3)
    cheater, medium = report["bots"]
    assert cheater["wins"] == 0 and medium["wins"] == 2
    assert cheater["illegal_actions"] == 6  # one die per fault, three dice a game


def test_a_crashing_bot_forfeits_its_rounds():
    report = run_arena(["tests.bots.helpers:Crasher", "random"], games=1, seed=3, dice=2)
    assert wins(report)[0][1:] == (0, 2) and report["bots"][1]["wins"] == 1


def test_outside_bots_load_by_module_and_attribute():
    assert isinstance(make_bot("tests.bots.helpers:Cheater", seed=5), Cheater)
    with pytest.raises(ValueError):
        make_bot("nonsense", seed=1)


def test_arena_command_prints_the_json_report(capsys):
    assert arena_main(["--bot", "easy", "--bot", "random", "--games", "3", "--seed", "2", "--dice", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3
    assert set(report["bots"][0]) == {"name", "wins", "win_rate", "ci95", "decision_ms", "illegal_actions"}
    lo, hi = report["bots"][0]["ci95"]
    assert 0 <= lo <= report["bots"][0]["win_rate"] <= hi <= 1


def test_audit_export_is_refused_until_the_fairness_integration(capsys):
    with pytest.raises(SystemExit):
        arena_main(["--bot", "easy", "--bot", "random", "--games", "1", "--audit-out", "/tmp/x"])
