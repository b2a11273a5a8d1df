"""A network bot whose move comes too late is refused (``against``), logs the code and plays on;
stopped with Ctrl-C it exits 0, and started again with its token file it takes its seat back."""
from __future__ import annotations

import json
import signal

from tests.netbot.test_network_bots import network_bot
from tests.support.client import Player, create_table
from tests.support.server import running_server

BOT = "tests.netbot.bots:AlwaysCalls"


def seen(state: dict) -> dict:
    game = state["game"]
    return {"game": game["game"], "round": game["round"], "bids": len(game["bids"])}


def bot_in_round_two(state: dict) -> bool:
    """Round 2 has been decided with the bot (seat 1) as its caller or bidder: seen in the round's
    result, or once the table has moved on (the bot presses next round at once), in its history."""
    game = state["game"]
    rounds = [*game["history"]["rounds"], *([{"round": game["round"], **game["result"]}] if game["result"] else [])]
    return any(done["round"] == 2 and 1 in (done["caller"], done["bidder"]) for done in rounds)


def test_a_call_the_table_moved_past_is_refused_and_the_bot_plays_the_next_round(tmp_path):
    with running_server(tmp_path, fairness={"seed_wait_s": 0.3}) as server:
        host = create_table(server.base_url, "Anna", dice_per_player=3, turn_timer_s=0, challenge="anyone")
        anna = Player(server.base_url, host["table"], host["token"])
        bot = network_bot(server.base_url, host["table"], tmp_path, "Caller", "--bot", BOT, "--think", "2")
        try:
            anna.wait_for(lambda s: len(s["table"]["seats"]) == 2, 30)
            cara = Player(server.base_url, host["table"])
            assert cara.call("join", {"name": "Cara"})["ok"]
            assert anna.call("start")["ok"]
            state = anna.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "bidding", 15)
            assert state["game"]["turn"] == 0
            assert anna.call("bid", {"quantity": 1, "face": 2, "against": seen(state)})["ok"]
            state = cara.wait_for(lambda s: len(s["game"]["bids"]) == 1)
            assert cara.call("liar", {"against": seen(state)})["ok"]  # before the bot's two seconds are up
            # the bot's own call of round 1 is refused; it presses next round and calls in round 2
            second = anna.wait_for(lambda s: s["game"]["round"] == 2 and s["game"]["phase"] == "bidding", 30)
            if second["game"]["turn"] != 1:
                player = anna if second["game"]["turn"] == 0 else cara
                assert player.call("bid", {"quantity": 1, "face": 2, "against": seen(second)})["ok"]
            anna.wait_for(bot_in_round_two, 30)
            assert bot.poll() is None
            bot.send_signal(signal.SIGINT)
            out, err = bot.communicate(timeout=30)
        finally:
            bot.kill()
        assert bot.returncode == 0, err
        refusals = [json.loads(line) for line in err.splitlines() if '"refused"' in line]
        moves = [(r["event"], r["code"]) for r in refusals if r["event"] != "seed"]  # a seed may be late on a busy machine
        assert moves in ([("liar", "call/already_called")],
                                                               [("liar", "action/stale")]), err
        anna.wait_for(lambda s: not s["table"]["seats"][1]["connected"])

        again = network_bot(server.base_url, host["table"], tmp_path, "Caller", "--bot", BOT)
        try:
            back = anna.wait_for(lambda s: s["table"]["seats"][1]["connected"], 30)
            assert [seat["name"] for seat in back["table"]["seats"]] == ["Anna", "Caller", "Cara"]
        finally:
            again.send_signal(signal.SIGINT)
            again.communicate(timeout=30)
        assert again.returncode == 0
        anna.close()
        cara.close()
