"""Every family's arena is the same tool: ``referee arena --game F`` takes the same arguments, prints
the same report (its JSON keys and its table's headings, ``referee.arena_report``), and with
``--audit-out`` and ``--key`` writes exports signed by that key that ``referee verify`` accepts."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli import main
from referee.games.registry import FAMILIES
from referee.fairness.keys import load_or_create_signing_key

ROOT = Path(__file__).resolve().parents[2]
RULES = {"liars_dice": ["--dice", "2"], "poker_bluff": ["--tokens", "1"]}
"""Each family's own arguments, small games."""


def shape(value: object) -> object:
    """The keys of ``value`` at every level (lists: the shape of their first item)."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    return type(value).__name__ if not isinstance(value, (int, float)) or isinstance(value, bool) else "number"


def arena(capsys: pytest.CaptureFixture[str], game: str, *flags: str) -> str:
    assert main(["arena", "--game", game, "--bot", "easy", "--bot", "random", "--games", "2", "--seed", "4",
                 *RULES[game], *flags]) == 0
    return capsys.readouterr().out


def test_both_families_print_reports_of_one_shape(capsys):
    assert set(FAMILIES) == set(RULES)
    reports = {game: json.loads(arena(capsys, game, "--json")) for game in FAMILIES}
    assert [report["game"] for report in reports.values()] == list(FAMILIES)
    assert shape(reports["liars_dice"]) == shape(reports["poker_bluff"])
    assert set(reports["poker_bluff"]["bots"][0]) == {"name", "wins", "win_rate", "ci95", "decision_ms", "illegal_actions"}
    tables = {game: arena(capsys, game).splitlines() for game in FAMILIES}
    assert [lines[0] for lines in tables.values()] == [f"2 games of {game}" for game in FAMILIES]
    assert tables["liars_dice"][1] == tables["poker_bluff"][1] and "95 % CI" in tables["poker_bluff"][1]


@pytest.mark.parametrize("game", list(RULES))
def test_every_familys_audit_exports_are_signed_by_the_key_and_referee_verify_accepts_them(game, tmp_path, capsys):
    key = tmp_path / "arena.pem"
    arena(capsys, game, "--audit-out", str(tmp_path / "out"), "--key", str(key))
    exports = sorted((tmp_path / "out").glob("game-*.json"))
    assert [path.name for path in exports] == ["game-0001.json", "game-0002.json"]
    public = load_or_create_signing_key(key).public_key_hex
    for path in exports:
        export = json.loads(path.read_text())
        assert export["server_key"] == public and export["entries"][0]["public"]["rules"].get("game", game) == game
        verified = subprocess.run([sys.executable, "-m", "referee.cli", "verify", str(path)],
                                  cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert verified.returncode == 0 and "\nOK: all " in "\n" + verified.stdout, verified.stdout + verified.stderr
        assert "FAIL" not in verified.stdout
