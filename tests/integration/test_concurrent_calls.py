"""A real server and real Socket.IO clients at a table with ``challenge = anyone``: two players who may both
call the standing bid send ``liar`` at the same instant, again and again; exactly one call is applied, the
other is answered ``call/already_called`` and changes nothing, and the table's log verifies."""
from __future__ import annotations

import json
import urllib.request

from referee.fairness.verify import verify_export
from tests.support.client import Player, create_table
from tests.support.server import running_server

from .test_stale_actions import at_once, seen

TRIALS = 20


def bidding(state):
    return state["game"] is not None and state["game"]["phase"] == "bidding"


def seated_trio(base_url):
    """Anna (the host), Ben and Cleo at a table of 10 dice each where anyone may call; game 1 started."""
    host = create_table(base_url, "Anna", dice_per_player=10, turn_timer_s=0, challenge="anyone")
    players = [Player(base_url, host["table"], host["token"]), Player(base_url, host["table"]),
               Player(base_url, host["table"])]
    for player, name in zip(players[1:], ("Ben", "Cleo")):
        assert player.call("join", {"name": name})["ok"]
    assert players[0].call("start")["ok"]
    for player in players:
        player.wait_for(bidding)
    return host["table"], players


def next_round_or_game(players, version):
    """After a reveal: the next round, or a new game once this one is over; wait until all see it bidding."""
    state = players[0].wait_for(lambda s: s["version"] >= version and s["game"]["phase"] in ("revealed", "over"))
    game = state["game"]
    if game["phase"] == "over":
        assert players[0].call("new_game")["ok"]
    else:
        assert players[0].call("next_round", {"game": game["game"], "round": game["round"]})["ok"]
    for player in players:
        player.wait_for(lambda s: bidding(s) and s["version"] > state["version"])


def test_two_calls_of_the_same_bid_sent_at_once_apply_exactly_one(tmp_path):
    # 20 races sent as fast as the machine goes: no events budget may refuse them (test_limits checks it)
    with running_server(tmp_path, fairness={"seed_wait_s": 0}, limits={"events_burst": 0}) as server:
        table, players = seated_trio(server.base_url)
        raced = 0
        while raced < TRIALS:
            state = players[0].wait_for(bidding)
            game = state["game"]
            opener = players[game["turn"]]
            assert opener.call("bid", {"quantity": 1, "face": 2, "against": seen(opener.state)})["ok"]
            bid_state = opener.wait_for(lambda s: bidding(s) and len(s["game"]["bids"]) == 1)
            callers = [players[seat] for seat in bid_state["game"]["callers"]]
            if len(callers) < 2:  # somebody is out: the last two play the game out
                assert callers[0].call("liar", {"against": seen(bid_state)})["ok"]
                next_round_or_game(players, bid_state["version"])
                continue
            for caller in callers:
                caller.wait_for(lambda s: s["version"] >= bid_state["version"])
            against = seen(bid_state)
            acks = at_once(*(lambda caller=caller: caller.call("liar", {"against": against}) for caller in callers))
            applied = [ack for ack in acks if ack["ok"]]
            refused = [ack for ack in acks if not ack["ok"]]
            assert len(applied) == 1 and [ack["code"] for ack in refused] == ["call/already_called"], acks
            revealed = players[0].wait_for(lambda s: s["game"]["result"] is not None and s["version"] > bid_state["version"])
            assert revealed["game"]["result"]["caller"] in bid_state["game"]["callers"]
            raced += 1
            next_round_or_game(players, revealed["version"])
        with urllib.request.urlopen(f"{server.base_url}/t/{table}/audit.json", timeout=10) as reply:
            export = json.loads(reply.read())
        report = verify_export(export)
        assert report.ok, [str(check) for check in report.failures]
        calls = [e for e in export["entries"] if e["kind"] == "liar"]
        reveals = [e for e in export["entries"] if e["kind"] == "round_revealed"]
        assert len(calls) == len(reveals) >= TRIALS
