"""A network bot outlives its server: after a crash and a restart it reconnects (with backoff)
with its seat token, takes the same seat back and plays on."""
from __future__ import annotations

import signal

import pytest

from tests.netbot.test_network_bots import network_bot
from tests.support.client import Player, create_table
from tests.support.server import running_server


@pytest.mark.slow
def test_after_a_server_restart_the_bot_takes_its_seat_back_and_plays_its_turn(tmp_path):
    with running_server(tmp_path) as server:
        host = create_table(server.base_url, "Anna", dice_per_player=3, turn_timer_s=0)
        anna = Player(server.base_url, host["table"], host["token"])
        bot = network_bot(server.base_url, host["table"], tmp_path, "Remote", "--level", "medium")
        try:
            anna.wait_for(lambda s: len(s["table"]["seats"]) == 2 and s["table"]["seats"][1]["connected"], 30)
            anna.close()
            server.kill()
            server.start()
            anna = Player(server.base_url, host["table"], host["token"])
            anna.wait_for(lambda s: s["table"]["seats"][1]["connected"], 60)
            assert anna.call("start")["ok"]
            state = anna.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "bidding", 15)
            if state["game"]["turn"] == 0:
                game = state["game"]
                assert anna.call("bid", {"quantity": 1, "face": 2,
                                         "against": {"game": game["game"], "round": 1, "bids": 0}})["ok"]
            played = anna.wait_for(lambda s: any(b["seat"] == 1 for b in s["game"]["bids"])
                                   or s["game"]["result"] is not None, 30)
            assert [seat["name"] for seat in played["table"]["seats"]] == ["Anna", "Remote"]
            assert bot.poll() is None
        finally:
            bot.send_signal(signal.SIGINT)
            out, err = bot.communicate(timeout=30)
            anna.close()
        assert bot.returncode == 0, err
        assert out.count("Seated at table") == 1 and "Lost the connection" in out
