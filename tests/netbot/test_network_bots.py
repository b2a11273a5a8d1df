"""Bots over the network: ``referee bot`` processes hold seats at a real server through the public
protocol alone, play a game to its end, and the table's log verifies (``referee verify``)."""
from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
import socketio

from tests.support.client import Player
from tests.support.server import REPO, running_server

pytestmark = pytest.mark.slow

TIMEOUT_S = 120


def refereed_table(base_url: str, **rules: object) -> dict:
    """A table with a referee and nobody seated (docs/referee.md): the referee starts its games."""
    body = {"referee": {"name": "Gus"}, "rules": {"dice_per_player": 2, **rules}}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=5) as reply:
        return json.loads(reply.read())


def referee(base_url: str, created: dict) -> socketio.Client:
    client = socketio.Client(reconnection=False)
    client.connect(base_url, auth={"table": created["table"], "referee_token": created["referee_token"]},
                   transports=["websocket"], wait_timeout=10)
    return client


def network_bot(base_url: str, table: str, folder: Path, name: str, *flags: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "referee.cli", "bot", "--table", f"{base_url}/t/{table}", "--name", name,
               "--think", "0", "--reveal-wait", "0", "--token-file", str(folder / f"{name}.json"), *flags]
    return subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def seated(watcher: Player, count: int) -> dict:
    return watcher.wait_for(lambda s: sum(1 for seat in s["table"]["seats"] if seat["connected"]) == count, 30)


def test_two_network_bots_play_a_game_to_its_end_and_the_log_verifies(tmp_path):
    # Every deal waits for both bots' seeds (it goes on as soon as both are in): with the test servers' 0.3 s a
    # bot process that a loaded machine held up was once dealt without its seed, and the seeds check failed.
    with running_server(tmp_path, fairness={"seed_wait_s": 30}) as server:
        created = refereed_table(server.base_url)
        watcher = Player(server.base_url, created["table"])
        bots = [network_bot(server.base_url, created["table"], tmp_path, "Strong", "--level", "strong", "--games", "1"),
                network_bot(server.base_url, created["table"], tmp_path, "Medium", "--level", "medium", "--games", "1",
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
        over = watcher.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "over")
        assert {seat["name"] for seat in over["table"]["seats"]} == {"Strong", "Medium"}
        assert all(seat["kind"] == "human" and not seat["bot_playing"] for seat in over["table"]["seats"])
        assert "Сели за стол" in outputs[1][0] and "Seated at table" in outputs[0][0]
        logs = "".join(out + err for out, err in outputs)
        tokens = [token for name in ("Strong", "Medium") for token in json.loads((tmp_path / f"{name}.json").read_text()).values()]
        assert len(tokens) == 2 and not any(token in logs for token in tokens)
        entries = audit_entries(server.base_url, created["table"])
        dealt = [e for e in entries if e["kind"] == "round_dealt"]
        seeds = [e["public"]["seat"] for e in entries if e["kind"] == "seed_contributed"]
        assert len(dealt) >= 2 and sorted(seeds) == sorted([0, 1] * len(dealt))
        moves = [e for e in entries if e["kind"] in ("bid", "liar", "spot_on")]
        assert moves and all(e["public"]["seat"] in (0, 1) and "by_bot" not in e["public"] for e in moves)
        assert entries[-1]["kind"] == "game_settled"
        verified = subprocess.run([sys.executable, "-m", "referee.cli", "verify",
                                   f"{server.base_url}/t/{created['table']}/audit.json"],
                                  cwd=REPO, capture_output=True, text=True, timeout=120)
        watcher.close()
        assert verified.returncode == 0, verified.stdout + verified.stderr


def audit_entries(base_url: str, table: str) -> list[dict]:
    with urllib.request.urlopen(f"{base_url}/t/{table}/audit.json", timeout=10) as reply:
        return json.loads(reply.read())["entries"]
