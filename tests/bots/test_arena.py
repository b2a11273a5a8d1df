"""The arena: deterministic, fair seating, faults penalised and counted, outside bots by module:attr."""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from referee.games.liars_dice.arena import arena_main, run_arena, seating
from referee.games.liars_dice.bots.registry import make_bot
from referee.fairness.keys import Signer
from referee.fairness.verify import verify_export
from referee.table.fold import fold

from .helpers import Cheater, SeatRecorder

ROOT = Path(__file__).resolve().parents[2]


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
        openers = Counter(seating(entrants, g)[0] for g in range(games))
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


def test_arena_games_are_logged_as_a_table_logs_them_and_verify(tmp_path):
    report = run_arena(["strong", "medium"], games=2, seed=11, dice=2, audit_out=str(tmp_path))
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["game-0001.json", "game-0002.json"]
    winners = []
    for name in files:
        export = json.loads((tmp_path / name).read_text())
        assert verify_export(export).ok, [str(c) for c in verify_export(export).failures]
        state = None
        for entry in export["entries"]:  # the real table's fold accepts every entry: same kinds, same payloads
            state = fold(state, entry["kind"], entry["public"], entry["secret"] or {})
        winners.append(state.seats[state.game.winner].name)
        assert {e["kind"] for e in export["entries"]} >= {
            "table_created", "seat_taken", "game_started", "game_opened", "round_dealt", "bid", "liar",
            "round_revealed", "next_round"}
    assert sorted(winners) == sorted(b["name"] for b in report["bots"] for _ in range(b["wins"]))


def test_audit_files_are_deterministic_and_do_not_change_the_games(tmp_path):
    first = run_arena(["easy", "random"], games=2, seed=5, dice=2, audit_out=str(tmp_path / "a"))
    run_arena(["easy", "random"], games=2, seed=5, dice=2, audit_out=str(tmp_path / "b"))
    for name in ("game-0001.json", "game-0002.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    assert wins(run_arena(["easy", "random"], games=2, seed=5, dice=2)) == wins(first)


def test_a_forfeit_has_its_own_entry_and_the_round_is_still_revealed(tmp_path):
    run_arena(["tests.bots.helpers:Cheater", "medium"], games=1, seed=3, dice=2, audit_out=str(tmp_path))
    export = json.loads((tmp_path / "game-0001.json").read_text())
    kinds = [e["kind"] for e in export["entries"]]
    assert kinds.count("forfeit") >= 1 and kinds.count("round_dealt") == kinds.count("round_revealed")
    forfeit = export["entries"][kinds.index("forfeit")]
    assert set(forfeit["public"]) == {"seat", "reason"} and kinds[kinds.index("forfeit") + 1] == "round_revealed"
    assert verify_export(export).ok


def test_referee_verify_accepts_an_arena_game_and_catches_a_changed_die(tmp_path):
    assert arena_main(["--bot", "medium", "--bot", "binomial", "--games", "1", "--seed", "9", "--dice", "2",
                       "--audit-out", str(tmp_path)]) == 0
    path = tmp_path / "game-0001.json"
    command = [sys.executable, "-m", "referee.cli", "verify"]
    ok = subprocess.run(command + [str(path)], capture_output=True, text=True, cwd=ROOT)
    assert ok.returncode == 0 and ok.stdout.startswith("OK: all "), ok.stdout
    export = json.loads(path.read_text())
    reveal = next(e for e in export["entries"] if e["kind"] == "round_revealed")
    seat = sorted(reveal["public"]["hands"])[0]
    reveal["public"]["hands"][seat][0] = reveal["public"]["hands"][seat][0] % 6 + 1
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(export))
    bad = subprocess.run(command + [str(tampered)], capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 1 and "FAIL" in bad.stdout and f"die 0 of seat {seat}" in bad.stdout, bad.stdout


def test_a_key_file_signs_the_exports(tmp_path):
    key = tmp_path / "arena.key"
    key.write_bytes(bytes(range(32)))
    assert arena_main(["--bot", "easy", "--bot", "random", "--games", "1", "--seed", "2", "--dice", "1",
                       "--audit-out", str(tmp_path / "out"), "--key", str(key)]) == 0
    export = json.loads((tmp_path / "out" / "game-0001.json").read_text())
    assert export["server_key"] == Signer.from_private_bytes(bytes(range(32))).public_key_hex
    assert verify_export(export).ok
