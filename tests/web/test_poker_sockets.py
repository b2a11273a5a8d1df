"""A poker-dice table over Socket.IO: creating it, its events, wrong-family events, and the cup's privacy.

Random games with a client per seat and a spectator (in process); every state each one receives
is checked: only the holder sees the cup's dice, and only while they are theirs to look at; the
other player and the spectator see the dice set aside; after a doubt everybody sees ``result.cup``.
A real server then plays one round with two players and a spectator.
"""
from __future__ import annotations

import json
import random

import pytest

from referee.games.poker_bluff.bots.base import legal_actions
from referee.config import Limits
from referee.fairness.keys import Signer
from referee.table.fair_dealer import FairDealer
from tests.support.app import make_harness, states_of

UNLIMITED = Limits(tables_burst=0, events_burst=0)
"""Random games send as fast as the machine goes: no budget may refuse them (tests/web/test_limits.py checks the budgets)."""
from tests.support.client import Player
from tests.support.server import running_server

IN_HAND = ("declaring", "responding", "keeping")
EVENTS = {"declare": lambda a: {"declaration": a["declaration"]}, "believe": lambda a: {},
          "doubt": lambda a: {}, "reroll": lambda a: {"keep": a["keep"]}}


def poker_table(harness, **rules):
    reply = harness.app.test_client().post("/api/tables", json={"name": "P0", "game": "poker_bluff", "rules": rules})
    assert reply.status_code == 201, reply.get_json()
    return reply.get_json()["table"], reply.get_json()["token"]


def move_of(rng, view):
    """A random legal move of the seat to act, as its socket event and payload (``against`` echoed)."""
    action = rng.choice(legal_actions(view))
    event = "keep" if action["type"] == "reroll" else action["type"]
    return event, {**EVENTS[action["type"]](action), "against": view["against"]}


def check_private(viewer, state, truth):
    """``truth``: the table's real cup. Nobody but its holder sees it, and the holder only in hand."""
    game = state["game"]
    if game is None:
        return
    assert "referee_cup" not in game and "private" not in state and "commitment" not in state
    assert state["table"]["family"] == "poker_bluff"
    if viewer is not None and viewer == game["holder"] and game["phase"] in IN_HAND:
        assert game["cup"] == truth[(game["game"], game["round"], game["against"]["step"])]
    else:
        assert game["cup"] == []


@pytest.mark.parametrize("players, seed, rules", [(2, 1, {"tokens": 2}), (3, 2, {"tokens": 1}),
                                                  (2, 3, {"tokens": 1, "two_games": True})])
def test_only_the_holder_ever_sees_the_cup_and_everyone_sees_it_after_the_doubt(players, seed, rules):
    rng = random.Random(seed)
    harness = make_harness(FairDealer(Signer.from_private_bytes(bytes(range(32)))), limits=UNLIMITED)
    table_id, host_token = poker_table(harness, **rules)
    clients = {0: harness.connect(table_id, host_token)}
    for seat in range(1, players):
        clients[seat], _ = harness.join(table_id, f"P{seat}")
    watcher = harness.connect(table_id)
    table = harness.app.extensions["tavern"].tables.get(table_id)
    truth = {}
    received = {seat: [] for seat in clients} | {None: []}

    def drain():
        for seat, client in list(clients.items()) + [(None, watcher)]:
            received[seat] += states_of(client)

    def remember():
        game = table.game
        truth[(table.current.game_no, game.round_no, table.current.family_state.moves)] = list(game.cup)

    assert clients[0].emit("start", {}, callback=True)["ok"]
    remember()
    doubts = 0
    for _ in range(600):
        drain()
        view = received[0][-1]
        if view["evening"]["champion"] is not None and view["game"]["winner"] is not None:
            break
        game = view["game"]
        if game["winner"] is not None:
            event, payload, actor = "start", {}, 0
        elif game["phase"] == "revealed":
            event, payload, actor = "next_round", {}, rng.choice(list(clients))
        else:
            actor = game["turn"]
            event, payload = move_of(rng, received[actor][-1]["game"])
        ack = clients[actor].emit(event, payload, callback=True)
        assert ack["ok"], (event, payload, ack)
        remember()
        if event == "doubt":
            doubts += 1
            drain()
            for seat, states in received.items():
                assert states[-1]["game"]["result"]["cup"] == truth[(game["game"], game["round"], game["against"]["step"])]
    assert doubts and received[0][-1]["evening"]["champion"] is not None
    drain()
    for seat, states in received.items():
        for state in states:
            check_private(seat, state, truth)


def test_events_of_the_other_family_and_presets_are_refused_with_codes():
    harness = make_harness(FairDealer(Signer.from_private_bytes(bytes(range(32)))), limits=UNLIMITED)
    client = harness.app.test_client()
    for body, code in [({"name": "A", "game": "poker_bluff", "preset": "perudo"}, "settings/preset"),
                       ({"name": "A", "game": "chess"}, "game/unknown"),
                       ({"name": "A", "game": "poker_bluff", "rules": {"tokens": 0}}, "settings/out_of_range")]:
        reply = client.post("/api/tables", json=body)
        assert (reply.status_code, reply.get_json()["code"]) == (400, code)
    table_id, token = poker_table(harness)
    host = harness.connect(table_id, token)
    harness.join(table_id, "Ben")
    assert host.emit("start", {}, callback=True)["ok"]
    table = harness.app.extensions["tavern"].tables.get(table_id)
    version = table.version
    for event, payload in [("bid", {"quantity": 1, "face": 2}), ("liar", {}), ("seed", {"round": 1, "seed": "ab" * 32})]:
        ack = host.emit(event, payload, callback=True)
        assert (ack["ok"], ack["code"]) == (False, "game/wrong_family")
    ack = host.emit("declare", {"declaration": {"kind": "pair", "faces": [4, 4]}}, callback=True)
    assert ack["code"] == "declaration/odd_die"
    ack = host.emit("declare", {"declaration": {"kind": "two_pairs", "faces": [3, 5, 6]}}, callback=True)
    assert ack["code"] == "declaration/pair_order"
    ack = host.emit("declare", {"declaration": {"kind": "single", "faces": [6]},
                                "against": {"game": 1, "round": 1, "step": 5}}, callback=True)
    assert ack["code"] == "action/stale"
    assert table.version == version
    liars_id, liars_token = harness.create_table("Anna")
    liars = harness.connect(liars_id, liars_token)
    assert liars.emit("doubt", {}, callback=True)["code"] == "game/wrong_family"


def test_a_real_server_shows_the_cup_to_its_holder_only(tmp_path):
    with running_server(tmp_path, fairness={"seed_wait_s": 0}) as server:
        import urllib.request
        body = json.dumps({"name": "Anna", "game": "poker_bluff", "rules": {"tokens": 1}}).encode()
        request = urllib.request.Request(server.base_url + "/api/tables", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as reply:
            created = json.loads(reply.read())
        anna = Player(server.base_url, created["table"], created["token"])
        ben = Player(server.base_url, created["table"])
        assert ben.call("join", {"name": "Ben"})["ok"]
        spectator = Player(server.base_url, created["table"])
        try:
            assert anna.call("start")["ok"]
            declaring = anna.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "declaring")["game"]
            holder, doubter = ((anna, ben) if declaring["holder"] == 0 else (ben, anna))  # the starter is drawn
            mine = holder.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "declaring")["game"]
            assert len(mine["cup"]) == 5 and mine["holder"] == declaring["holder"]
            for other in (doubter, spectator):
                seen = other.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "declaring")["game"]
                assert seen["cup"] == [] and seen["set_aside"] == []
            assert holder.call("declare", {"declaration": {"kind": "five", "faces": [6]},
                                           "against": mine["against"]})["ok"]
            against = doubter.wait_for(lambda s: s["game"]["phase"] == "responding")["game"]["against"]
            assert doubter.call("doubt", {"against": against})["ok"]
            for player in (anna, ben, spectator):
                result = player.wait_for(lambda s: s["game"]["result"] is not None)["game"]["result"]
                assert result["cup"] == mine["cup"]
            assert all(s["game"] is None or s["game"]["cup"] == [] for s in doubter.states + spectator.states)
        finally:
            for player in (anna, ben, spectator):
                player.close()
