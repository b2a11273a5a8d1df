"""A real server and real Socket.IO clients: a raise and a call sent at the same instant never
apply the call to a raise its caller had not seen (``against``, docs/protocol.md)."""
from __future__ import annotations

import threading

import pytest

from tests.support.client import Player, create_table
from tests.support.server import running_server

pytestmark = pytest.mark.slow

TRIALS = 30
SERVED = {"fairness": {"seed_wait_s": 0}, "limits": {"events_burst": 0}}
"""No seed wait; no event budget: each player sends an event a trial as fast as the server answers,
more than the default budget's burst of 30 (the budget has its own tests, tests/web/test_limits.py)."""


def seated_pair(base_url):
    """Anna (seat 0, the host) and Ben (seat 1) at a table of 10 dice each, game 1 started."""
    host = create_table(base_url, "Anna", dice_per_player=10, turn_timer_s=0)
    anna = Player(base_url, host["table"], host["token"])
    ben = Player(base_url, host["table"])
    assert ben.call("join", {"name": "Ben"})["ok"]
    assert anna.call("start")["ok"]
    for player in (anna, ben):
        player.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "bidding")
    return anna, ben


def seen(state):
    game = state["game"]
    return {"game": game["game"], "round": game["round"], "bids": len(game["bids"])}


def next_raise(state):
    standing = state["game"]["bids"][-1]
    if standing["face"] < 6:
        return {"quantity": standing["quantity"], "face": standing["face"] + 1}
    return {"quantity": standing["quantity"] + 1, "face": 2}


def at_once(*sends):
    """Run every ``send`` on its own thread, released together; their acknowledgements in order."""
    gate = threading.Barrier(len(sends))
    acks = [None] * len(sends)

    def run(index, send):
        gate.wait(5)
        acks[index] = send()

    threads = [threading.Thread(target=run, args=(i, send)) for i, send in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(15)
    return acks


def test_a_call_sent_with_a_raise_is_never_applied_to_the_raise_its_caller_had_not_seen(tmp_path):
    with running_server(tmp_path, **SERVED) as server:
        anna, ben = seated_pair(server.base_url)
        assert anna.call("bid", {"quantity": 1, "face": 2, "against": seen(anna.state)})["ok"]
        players = {0: anna, 1: ben}
        codes = []
        for trial in range(TRIALS):
            bids = trial + 1
            for player in players.values():
                player.wait_for(lambda s: len(s["game"]["bids"]) == bids)
            raiser, caller = players[bids % 2], players[(bids + 1) % 2]
            raise_to, saw = next_raise(raiser.state), seen(caller.state)
            bid_ack, call_ack = at_once(lambda: raiser.call("bid", {**raise_to, "against": seen(raiser.state)}),
                                        lambda: caller.call("liar", {"against": saw}))
            assert bid_ack["ok"], bid_ack
            assert not call_ack["ok"], f"trial {trial}: the call was applied to a raise its caller had not seen"
            assert call_ack["code"] in ("action/stale", "action/not_your_turn"), call_ack
            codes.append(call_ack["code"])
        final = anna.wait_for(lambda s: len(s["game"]["bids"]) == TRIALS + 1)
        assert final["game"]["phase"] == "bidding" and final["game"]["result"] is None
        print(f"refusals over {TRIALS} trials: stale {codes.count('action/stale')}, "
              f"not your turn {codes.count('action/not_your_turn')}")


def test_a_call_that_arrives_after_a_raise_it_had_not_seen_is_stale_and_one_that_saw_it_stands(tmp_path):
    with running_server(tmp_path, **SERVED) as server:
        anna, ben = seated_pair(server.base_url)
        before = seen(ben.state)
        assert anna.call("bid", {"quantity": 1, "face": 2, "against": seen(anna.state)})["ok"]
        stale = ben.call("liar", {"against": before})
        assert (stale["ok"], stale["code"]) == (False, "action/stale")
        assert ben.errors[-1]["code"] == "action/stale" and not any(e["code"] == "action/stale" for e in anna.errors)
        now = ben.wait_for(lambda s: len(s["game"]["bids"]) == 1)
        assert ben.call("liar", {"against": seen(now)})["ok"]
        revealed = anna.wait_for(lambda s: s["game"]["result"] is not None)["game"]["result"]
        assert (revealed["quantity"], revealed["face"], revealed["caller"]) == (1, 2, 1)


def test_against_is_optional_and_a_malformed_one_is_refused(tmp_path):
    with running_server(tmp_path, **SERVED) as server:
        anna, ben = seated_pair(server.base_url)
        for bad in ({"game": 1, "round": 1}, {"game": "1", "round": 1, "bids": 0}, [1, 1, 0], None,
                    {"game": 1, "round": 1, "bids": 0, "extra": 1}):
            refused = anna.call("bid", {"quantity": 1, "face": 2, "against": bad})
            assert (refused["ok"], refused["code"]) == (False, "payload/malformed"), bad
        assert anna.call("bid", {"quantity": 1, "face": 2})["ok"]
        ben.wait_for(lambda s: len(s["game"]["bids"]) == 1)
        assert ben.call("liar")["ok"]
