"""Random games with a client per seat and a spectator: no payload carries a secret it should not.

Tables play the default rules and the house rules (presets, calls out of turn, spot on). Every
state a client receives (first snapshot, reconnect snapshots, every change) is checked
structurally (only the receiver's own dice before a reveal) and against the secret strings
of the log (salts of other seats, chain secrets), which must never leave the server.
"""
from __future__ import annotations

import json
import random

import pytest

from referee.fairness.keys import Signer
from referee.games.liars_dice.rules import Bid, Settings, bid_order
from referee.table.fair_dealer import FairDealer
from tests.support.app import make_harness, states_of


def secrets_of(events, table_id):
    """Every secret string in the log, by the seat it belongs to (None: nobody's to see)."""
    by_seat: dict[int | None, set[str]] = {None: set()}
    for entry in events.entries(table_id):
        secret = entry.secret or {}
        if entry.kind == "game_opened":
            by_seat[None].update(v for v in secret.values() if isinstance(v, str))  # the chain secrets (hex)
        if entry.kind == "round_dealt":
            for seat, salts in secret["salts"].items():
                by_seat.setdefault(int(seat), set()).update(salts)
        if entry.kind == "seat_taken" and secret.get("token_digest"):
            by_seat[None].add(secret["token_digest"])
    return by_seat


def random_action(rng, state):
    """A legal move for the viewer of ``state`` under the table's rules (raises from the engine's bid order)."""
    game = state["game"]
    if game["phase"] in ("revealed",):
        return "next_round", {}
    if game["phase"] == "over":
        return "new_game", {}
    bids = game["bids"]
    against = {"against": {"game": game["game"], "round": game["round"], "bids": len(bids)}}
    if game["can_call"] and (game["seat"] != game["turn"] or rng.random() < 0.35):
        return ("spot_on" if game["can_spot_on"] and rng.random() < 0.3 else "liar"), against
    order = bid_order(Settings.from_dict(game["rules"]), palifico=game["palifico"], one_die=len(game["dice"]) == 1)
    standing = Bid(bids[-1]["quantity"], bids[-1]["face"]) if bids else None
    raises = order.raises(standing, total_dice=game["total_dice"])
    if not raises:
        return "liar", against
    bid = rng.choice(raises[:8])
    return "bid", {"quantity": bid.quantity, "face": bid.face, **against}


def actor_of(rng, state, seats):
    """Who moves: while bidding the player to act, or now and then another seat that may call; else anyone."""
    game = state["game"]
    if game["phase"] != "bidding":
        return rng.choice(seats)
    others = [seat for seat in game["callers"] if seat != game["turn"]]
    return rng.choice(others) if others and rng.random() < 0.25 else game["turn"]


RULES = {"tavern": {}, "kul_tiras": Settings.from_preset("kul_tiras", {"dice_per_player": 2}).to_dict(),
         "perudo": Settings.from_preset("perudo", {"dice_per_player": 2}).to_dict(),
         "anyone": {"challenge": "anyone", "spot_on": True, "loss": "difference", "dice_per_player": 3}}


@pytest.mark.parametrize("players, dice, seed, rules", [(2, 2, 1, "tavern"), (3, 2, 2, "tavern"), (4, 1, 3, "tavern"),
                                                        (2, 3, 4, "tavern"), (4, 2, 5, "kul_tiras"),
                                                        (3, 2, 6, "perudo"), (3, 3, 7, "anyone")])
def test_no_payload_to_anyone_carries_another_seats_secrets(players, dice, seed, rules):
    rng = random.Random(seed)
    harness = make_harness(FairDealer(Signer.from_private_bytes(bytes(range(32)))))
    table, host_token = harness.create_table("P0", **{"dice_per_player": dice, **RULES[rules]})
    clients = {0: harness.connect(table, host_token)}
    tokens = {0: host_token}
    for seat in range(1, players):
        clients[seat], tokens[seat] = harness.join(table, f"P{seat}")
    watcher = harness.connect(table)
    received = {seat: [] for seat in clients} | {None: []}

    def drain():
        for seat, client in list(clients.items()) + [(None, watcher)]:
            received[seat] += states_of(client)

    clients[0].emit("start", {}, callback=True)
    games_done = 0
    for _ in range(2000):
        drain()
        state = received[0][-1]
        if state["game"]["phase"] == "over":
            games_done += 1
            if games_done == 2:
                break
        actor = actor_of(rng, state, list(clients))
        if rng.random() < 0.05:
            clients[actor].disconnect()
            clients[actor] = harness.connect(table, tokens[actor])
            continue
        event, payload = random_action(rng, received[actor][-1] if received[actor] else state)
        ack = clients[actor].emit(event, payload, callback=True)
        assert ack["ok"], ack
    assert games_done == 2
    drain()

    events = harness.app.extensions["tavern"].tables.get(table)._events
    secrets = secrets_of(events, table)
    for seat, states in received.items():
        assert states, f"seat {seat} received nothing"
        forbidden = set().union(*(v for s, v in secrets.items() if s != seat))
        for state in states:
            text = json.dumps(state)
            leaked = [s for s in forbidden if s in text]
            assert not leaked, f"seat {seat} received a secret of another seat"
            game = state["game"]
            if game is None:
                continue
            assert "hands" not in game
            if game["phase"] not in ("revealed", "over"):
                assert game["result"] is None
            # The round history shows cups of rounds a call has revealed, never of the round being bid.
            shown = [done["round"] for done in game["history"]["rounds"]]
            assert all(r < game["round"] or game["phase"] in ("revealed", "over") for r in shown), shown
            if seat is None:
                assert game["dice"] == [] and "private" not in state
            elif game["dice"]:
                assert state["private"]["seat"] == seat and state["private"]["dice"] == game["dice"]
