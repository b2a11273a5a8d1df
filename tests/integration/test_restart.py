"""A real server process: SIGKILL in mid-round loses nothing; eventlet plays a round too."""
from __future__ import annotations

import json

import pytest

from tests.support.client import Player, create_table
from tests.support.server import running_server


def bidding(state):
    return state["game"] is not None and state["game"]["phase"] == "bidding"


def play_to_mid_round(base_url):
    host = create_table(base_url, "Anna")
    anna = Player(base_url, host["table"], host["token"])
    ben = Player(base_url, host["table"])
    ben_token = ben.call("join", {"name": "Ben"})["token"]
    assert anna.call("start")["ok"]
    anna.wait_for(bidding)
    assert anna.call("bid", {"quantity": 2, "face": 3})["ok"]
    ben.wait_for(lambda s: len(s["game"]["bids"]) == 1)
    return host, anna, ben, ben_token


def test_sigkill_in_mid_round_then_restart_resumes_the_table_exactly(tmp_path):
    with running_server(tmp_path) as server:
        host, anna, ben, ben_token = play_to_mid_round(server.base_url)
        before = {"anna": anna.wait_for(bidding), "ben": ben.wait_for(lambda s: len(s["game"]["bids"]) == 1)}
        anna.close()
        ben.close()
        server.kill()
        server.start()
        anna = Player(server.base_url, host["table"], host["token"])
        ben = Player(server.base_url, host["table"], ben_token)
        after = {"anna": anna.wait_for(bidding), "ben": ben.wait_for(bidding)}
        for who in ("anna", "ben"):
            assert after[who]["you"] == before[who]["you"]
            assert after[who]["game"] == before[who]["game"]
            assert after[who]["version"] == before[who]["version"]
            assert [s["name"] for s in after[who]["table"]["seats"]] == ["Anna", "Ben"]
        assert ben.call("liar")["ok"]
        assert anna.wait_for(lambda s: s["game"]["phase"] in ("revealed", "over"))["game"]["result"]


@pytest.mark.slow
@pytest.mark.parametrize("async_mode", ["eventlet", "gevent"])
def test_a_round_plays_and_sigterm_is_a_planned_stop(tmp_path, async_mode):
    """Under eventlet and gevent alike: a round plays, and SIGTERM stops the server cleanly (status
    0, its tables handed back, one ``stopped`` line), not as a kill."""
    with running_server(tmp_path, async_mode=async_mode) as server:
        host, anna, ben, _ = play_to_mid_round(server.base_url)
        assert ben.call("liar")["ok"]
        result = anna.wait_for(lambda s: s["game"]["result"] is not None)["game"]["result"]
        assert result["loser"] in (0, 1) and set(result["hands"]) == {"0", "1"}
        server.stop()
        assert server.process.returncode == 0
        lines = [json.loads(line) for line in server.log_path.read_text().splitlines() if line.startswith("{")]
        dropped = [line for line in lines if line["msg"] == "table dropped"]
        assert [(line["table"], line["reason"]) for line in dropped] == [(host["table"], "the worker stops")]
        assert lines[-1]["msg"] == "stopped" and all("worker" in line for line in lines if line["logger"].startswith("referee"))
        anna.close()
        ben.close()


def test_an_oversize_message_closes_only_its_own_connection_and_the_server_keeps_serving(tmp_path):
    with running_server(tmp_path) as server:
        host, anna, ben, _ = play_to_mid_round(server.base_url)
        try:
            ben.sio.emit("bid", {"quantity": 1, "face": 2, "pad": "x" * 64 * 1024})
        except Exception:  # noqa: BLE001 - the transport may refuse it on the way out
            pass
        assert anna.call("sync")["ok"]
        assert anna.wait_for(lambda s: len(s["game"]["bids"]) == 1)["game"]["bids"][0]["quantity"] == 2
        anna.close()


def test_bots_play_on_after_a_restart(tmp_path):
    with running_server(tmp_path, bots={"think_s": 0.05}) as server:
        created = create_table(server.base_url, "Solo")
        solo = Player(server.base_url, created["table"], created["token"])
        for _ in range(2):
            assert solo.call("add_bot", {"level": "medium"})["ok"]
        assert solo.call("start")["ok"]
        my_turn = lambda s: s["game"] and s["game"]["phase"] == "bidding" and s["game"]["turn"] == 0  # noqa: E731
        solo.wait_for(my_turn)
        solo.close()
        server.kill()
        server.start()
        solo = Player(server.base_url, created["table"], created["token"])
        state = solo.wait_for(my_turn)
        bids = len(state["game"]["bids"])
        standing = state["game"]["bids"][-1] if bids else {"quantity": 0, "face": 6}
        assert solo.call("bid", {"quantity": standing["quantity"] + 1, "face": 2})["ok"]
        after = solo.wait_for(lambda s: s["version"] > state["version"] + 1 and (
            s["game"]["phase"] != "bidding" or s["game"]["turn"] == 0))
        assert any(b["seat"] != 0 for b in after["game"]["bids"]) or after["game"]["result"] is not None
        solo.close()
