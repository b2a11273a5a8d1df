"""`referee verify` end to end: a real server plays a game with Socket.IO clients; the CLI
verifies its audit.json URL (exit 0) and reports a tampered download precisely (exit 1)."""
from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.support.client import Player, create_table
from tests.support.server import REPO, running_server


def settled(state):
    return state["game"] is not None and state["game"]["phase"] in ("bidding", "revealed", "over")


def play_one_game(base_url: str) -> str:
    """Anna and Ben play a game of two dice each: the opener bids one two, the other calls."""
    host = create_table(base_url, "Anna", dice_per_player=2)
    anna = Player(base_url, host["table"], host["token"])
    ben = Player(base_url, host["table"])
    assert ben.call("join", {"name": "Ben"})["ok"]
    players = {0: anna, 1: ben}
    assert anna.call("start")["ok"]
    while (game := anna.wait_for(settled)["game"])["phase"] != "over":
        if game["phase"] == "revealed":
            assert anna.call("next_round")["ok"]
            anna.wait_for(lambda s, r=game["round"]: settled(s) and (s["game"]["round"] > r or s["game"]["phase"] == "over"))
        elif not game["bids"]:
            assert players[game["turn"]].call("bid", {"quantity": 1, "face": 2})["ok"]
            anna.wait_for(lambda s: len(s["game"]["bids"]) == 1)
        else:
            assert players[game["turn"]].call("liar")["ok"]
            anna.wait_for(lambda s: s["game"]["phase"] in ("revealed", "over"))
    for player in players.values():
        player.close()
    return host["table"]


def verify(source: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee.cli", "verify", source], cwd=REPO,
                          capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """(audit.json URL, the downloaded export's text, its Content-Disposition) of a finished game."""
    with running_server(tmp_path_factory.mktemp("server")) as server:
        table = play_one_game(server.base_url)
        url = f"{server.base_url}/t/{table}/audit.json"
        with urllib.request.urlopen(url + "?download=1", timeout=10) as reply:
            download = reply.read().decode(), reply.headers["Content-Disposition"]
        yield url, *download


def test_verify_the_url_of_a_finished_game_exits_0(played):
    url, text, disposition = played
    export = json.loads(text)

    result = verify(url)

    assert result.returncode == 0, result.stdout + result.stderr
    *notes, last = result.stdout.splitlines()
    assert last.startswith("OK: all ")
    # the test's players send no seed: every round says, loudly, that the server dealt it alone
    rounds = sorted({(e["public"]["game"], e["public"]["round"]) for e in export["entries"] if e["kind"] == "round_dealt"})
    assert notes == [f"NOTE game {game} round {round_no}: note: this round's dice were dealt by the server alone: "
                     "no seed arrived in time" for game, round_no in rounds]
    assert disposition == f"attachment; filename=tavern-jack-{export['table']}.json"


def test_a_tampered_download_exits_1_naming_the_die(played, tmp_path):
    export = json.loads(played[1])
    reveal = next(e for e in export["entries"] if e["kind"] == "round_revealed")
    committed = reveal["public"]["hands"]["1"][0]
    reveal["public"]["hands"]["1"][0] = committed % 6 + 1
    path = write(tmp_path, export)

    result = verify(str(path))

    game, round_no = reveal["public"]["game"], reveal["public"]["round"]
    assert result.returncode == 1
    assert (f"FAIL game {game} round {round_no}: die 0 of seat 1 is revealed as {committed % 6 + 1} "
            f"but was committed as {committed} and no approved change touches it") in result.stdout.splitlines()
    assert f"FAIL log: seq {reveal['seq']} (round_revealed): the hash does not match the entry's content: " \
           "the entry was altered" in result.stdout.splitlines()


def test_a_truncated_download_exits_1_saying_so(played, tmp_path):
    export = json.loads(played[1])
    last = export["entries"].pop()
    path = write(tmp_path, export)

    result = verify(str(path))

    assert result.returncode == 1
    assert [line for line in result.stdout.splitlines() if not line.startswith("NOTE ")] == [
        f"FAIL head: the log ends at seq {last['seq'] - 1} but the signed head is at seq {last['seq']}: "
        "the export is truncated"]


def test_the_downloaded_file_itself_verifies(played, tmp_path):
    export = json.loads(played[1])
    assert verify(str(write(tmp_path, export))).returncode == 0


def write(folder: Path, export: dict) -> Path:
    path = folder / f"tavern-jack-{export['table']}.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    return path
