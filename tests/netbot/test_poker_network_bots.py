"""A poker-dice table played by ``referee bot`` alone: two network bots over a real server read the
table's family from its ``state``, make poker-dice bots, seed the cup's draws, send ``declare``,
``believe``, ``doubt`` and ``keep`` with ``against``, press next round, and play the evening to its
champion; the table's log verifies (``referee verify``)."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.request

import pytest

from tests.netbot.test_network_bots import TIMEOUT_S, audit_entries, network_bot, referee, seated
from tests.support.client import Player
from tests.support.server import REPO, running_server

pytestmark = pytest.mark.slow

MOVES = ("declared", "believed", "kept", "doubted")


def refereed_poker_table(base_url: str, **rules: object) -> dict:
    """A poker-dice table with a referee and nobody seated (no turn timer: only the bots move)."""
    body = {"referee": {"name": "Gus"}, "game": "poker_bluff", "rules": {"turn_timer_s": 0, **rules}}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=5) as reply:
        return json.loads(reply.read())


def test_two_network_bots_play_a_poker_dice_evening_to_its_champion_and_the_log_verifies(tmp_path):
    with running_server(tmp_path, fairness={"seed_wait_s": 30}) as server:  # every draw waits for both bots' seeds
        created = refereed_poker_table(server.base_url, tokens=2)
        watcher = Player(server.base_url, created["table"])
        bots = [network_bot(server.base_url, created["table"], tmp_path, "Strong", "--level", "strong", "--games", "1"),
                network_bot(server.base_url, created["table"], tmp_path, "Easy", "--level", "easy", "--games", "1",
                            "--lang", "ru")]
        try:
            seated(watcher, 2)
            desk = referee(server.base_url, created)
            assert desk.call("referee_start", {}, timeout=10)["ok"]
            outputs = [bot.communicate(timeout=TIMEOUT_S) for bot in bots]
            desk.disconnect()
        finally:
            for bot in bots:
                bot.kill()
        assert [bot.returncode for bot in bots] == [0, 0], outputs
        over = watcher.wait_for(lambda s: s["evening"] is not None and s["evening"]["champion"] is not None)
        watcher.close()
        assert over["table"]["family"] == "poker_bluff" and over["game"]["winner"] == over["evening"]["champion"]
        assert {seat["name"] for seat in over["table"]["seats"]} == {"Strong", "Easy"}
        assert all(seat["kind"] == "human" and not seat["bot_playing"] for seat in over["table"]["seats"])
        assert "Сели за стол" in outputs[1][0] and "Seated at table" in outputs[0][0]
        assert not [line for out, _ in outputs for line in out.splitlines() if "refused" in line or "не принял" in line], outputs
        entries = audit_entries(server.base_url, created["table"])
        kinds = [e["kind"] for e in entries]
        moves = [e for e in entries if e["kind"] in MOVES]
        assert {"declared", "doubted", "starter_drawn"} <= set(kinds) and kinds.count("cup_rolled") >= 2
        assert all(e["public"]["seat"] in (0, 1) and "by_bot" not in e["public"] for e in moves)
        assert kinds.count("draw_seed") == 2 * kinds.count("draw_committed")  # both bots seed every draw
        assert kinds[-1] == "evening_ended"
        verified = subprocess.run([sys.executable, "-m", "referee.cli", "verify",
                                   f"{server.base_url}/t/{created['table']}/audit.json"],
                                  cwd=REPO, capture_output=True, text=True, timeout=120)
        assert verified.returncode == 0, verified.stdout + verified.stderr


def test_three_network_bots_seed_the_bracket_draw_and_play_the_evening_the_referee_starts_game_by_game(tmp_path):
    with running_server(tmp_path, fairness={"seed_wait_s": 30}) as server:  # every draw waits for both bots' seeds
        created = refereed_poker_table(server.base_url, tokens=1)
        watcher = Player(server.base_url, created["table"])
        names = ["Ann", "Ben", "Cy"]
        bots = [network_bot(server.base_url, created["table"], tmp_path, name, "--level", level, "--seed", str(i))
                for i, (name, level) in enumerate(zip(names, ["strong", "medium", "easy"]))]
        try:
            seated(watcher, 3)
            desk = referee(server.base_url, created)
            assert desk.call("referee_start", {}, timeout=10)["ok"]
            started: set[int] = set()
            while True:
                state = watcher.wait_for(lambda s: s["evening"] is not None and s["game"] is not None
                                         and s["game"]["winner"] is not None and s["game"]["game"] not in started, 60)
                if state["evening"]["champion"] is not None:
                    break
                started.add(state["game"]["game"])
                assert desk.call("referee_start", {}, timeout=10)["ok"]
            desk.disconnect()
        finally:
            for bot in bots:
                bot.send_signal(signal.SIGINT)
            outputs = [bot.communicate(timeout=30) for bot in bots]
        assert [bot.returncode for bot in bots] == [0, 0, 0], outputs
        assert len(started) == 1 and len(state["evening"]["rounds"]) == 2
        entries = audit_entries(server.base_url, created["table"])
        watcher.close()
        kinds = [e["kind"] for e in entries]
        assert kinds.count("bracket_drawn") == 1 and kinds.count("game_started") == 2
        commits = [e["public"] for e in entries if e["kind"] == "draw_committed"]
        assert [len(c["seeds"]) for c in commits][:1] == [3] and all(len(c["seeds"]) == 2 for c in commits[1:])
        assert all(c["seeds_missing"] == {} for c in commits)  # every bot seeded every draw, the bracket's first
        assert not any(e["kind"] in MOVES and "by_bot" in e["public"] for e in entries)
        verified = subprocess.run([sys.executable, "-m", "referee.cli", "verify",
                                   f"{server.base_url}/t/{created['table']}/audit.json"],
                                  cwd=REPO, capture_output=True, text=True, timeout=120)
        assert verified.returncode == 0, verified.stdout + verified.stderr
