"""The poker-dice arena writes every game's audit export as a table logs it (``referee arena --game poker_bluff
--audit-out DIR [--key FILE]``): every roll a committed draw; the exports verify in Python and in the browser's
verifier alike, are byte-identical for a seed, do not change the games, and a bot's fault is a logged forfeit."""
from __future__ import annotations

import json

from referee.cli import main
from referee.fairness.verify import verify_export
from referee.games.poker_bluff.arena import run_poker_arena
from referee.games.poker_bluff.rules import PokerSettings
from tests.audit.node_verifier import node_verdicts
from tests.audit.test_play_house_js import as_rows


def exports(folder) -> dict[str, dict]:
    return {path.name: json.loads(path.read_text()) for path in sorted(folder.glob("game-*.json"))}


def test_every_game_of_a_match_and_of_a_bracket_verifies_in_python_and_in_node(tmp_path):
    two = run_poker_arena(["strong", "medium"], games=2, seed=11, settings=PokerSettings(tokens=2, two_games=True),
                          audit_out=str(tmp_path / "two"))
    five = run_poker_arena(["medium", "easy", "easy", "random", "random"], games=2, seed=6, audit_out=str(tmp_path / "five"))
    assert two["games"] == five["games"] == 2
    written = {f"two/{name}": export for name, export in exports(tmp_path / "two").items()}
    written |= {f"five/{name}": export for name, export in exports(tmp_path / "five").items()}
    assert len(written) == 4
    verdicts = node_verdicts(written, tmp_path)
    for name, export in written.items():
        report = verify_export(export)
        assert report.ok, (name, [str(c) for c in report.failures])
        assert verdicts[name]["ok"] is True and verdicts[name]["all"] == as_rows(report)
        assert all(line.split(": ")[2].startswith("seat ") for line in report.summary), report.summary  # a winner each
    five_checks = [c.message for c in verify_export(written["five/game-0001.json"]).checks]
    assert any("the bracket pairs the entrants in seat order" in message for message in five_checks)
    assert any("is the champion, as the bracket gives" in message for message in five_checks)


def test_the_exports_are_deterministic_for_a_seed_and_do_not_change_the_games(tmp_path):
    first = run_poker_arena(["easy", "random"], games=2, seed=5, audit_out=str(tmp_path / "a"))
    again = run_poker_arena(["easy", "random"], games=2, seed=5, audit_out=str(tmp_path / "b"))
    plain = run_poker_arena(["easy", "random"], games=2, seed=5)
    assert [b["wins"] for b in first["bots"]] == [b["wins"] for b in again["bots"]] == [b["wins"] for b in plain["bots"]]
    for name in ("game-0001.json", "game-0002.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_a_fault_is_a_logged_forfeit_and_the_export_still_verifies(tmp_path):
    report = run_poker_arena(["tests.bots.poker_helpers:Cheater", "medium"], games=1, seed=3, audit_out=str(tmp_path))
    assert report["bots"][0]["illegal_actions"] > 0
    export = exports(tmp_path)["game-0001.json"]
    forfeits = [entry for entry in export["entries"] if entry["kind"] == "forfeit"]
    assert forfeits and forfeits[0]["public"]["seat"] in (0, 1)
    verified = verify_export(export)
    assert verified.ok, [str(c) for c in verified.failures]
    assert any("forfeits the round (an arena fault, which the rules do not model)" in c.message for c in verified.checks)
    assert verified.summary[0].endswith("stopped by an arena forfeit, 0 rounds checked")
    assert node_verdicts({"cheat": export}, tmp_path)["cheat"]["all"] == as_rows(verified)


def test_the_command_writes_signed_exports_that_referee_verify_accepts(tmp_path, capsys):
    key = tmp_path / "arena.pem"
    assert main(["arena", "--game", "poker_bluff", "--bot", "easy", "--bot", "medium", "--bot", "random",
                 "--games", "1", "--tokens", "1", "--audit-out", str(tmp_path / "out"), "--key", str(key)]) == 0
    assert key.exists()
    capsys.readouterr()
    assert main(["verify", str(tmp_path / "out" / "game-0001.json")]) == 0
    assert "OK: all " in capsys.readouterr().out
