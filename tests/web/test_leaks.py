"""Random games with a client per seat and a spectator: no payload carries a secret it should not.

Every state a client receives (first snapshot, reconnect snapshots, every change) is checked
structurally (only the receiver's own dice before a reveal) and against the secret strings
of the log (salts of other seats, chain secrets), which must never leave the server.
"""
from __future__ import annotations

import json
import random

import pytest

from referee.fairness.keys import Signer
from referee.table.fair_dealer import FairDealer
from tests.support.app import make_harness


def secrets_of(events, table_id):
    """Every secret string in the log, by the seat it belongs to (None: nobody's to see)."""
    by_seat: dict[int | None, set[str]] = {None: set()}
    for entry in events.entries(table_id):
        secret = entry.secret or {}
        if entry.kind == "game_opened":
            by_seat[None].update(str(v) for v in secret.values())
        if entry.kind == "round_dealt":
            for seat, salts in secret["salts"].items():
                by_seat.setdefault(int(seat), set()).update(salts)
        if entry.kind == "seat_taken" and secret.get("token_digest"):
            by_seat[None].add(secret["token_digest"])
    return by_seat


def random_action(rng, state):
    game = state["game"]
    if game["phase"] in ("revealed",):
        return "next_round", {}
    if game["phase"] == "over":
        return "new_game", {}
    bids = game["bids"]
    if bids and (game["can_call"] and rng.random() < 0.35):
        return "liar", {}
    last = (bids[-1]["quantity"], bids[-1]["face"]) if bids else (0, 6)
    raises = [(q, f) for q in range(1, game["total_dice"] + 1) for f in range(2, 7) if (q, f) > last]
    if not raises:
        return "liar", {}
    return "bid", dict(zip(("quantity", "face"), rng.choice(raises[:8])))


@pytest.mark.parametrize("players, dice, seed", [(2, 2, 1), (3, 2, 2), (4, 1, 3), (2, 3, 4)])
def test_no_payload_to_anyone_carries_another_seats_secrets(players, dice, seed):
    rng = random.Random(seed)
    harness = make_harness(FairDealer(Signer.from_private_bytes(bytes(range(32)))))
    table, host_token = harness.create_table("P0", dice_per_player=dice)
    clients = {0: harness.connect(table, host_token)}
    tokens = {0: host_token}
    for seat in range(1, players):
        clients[seat], tokens[seat] = harness.join(table, f"P{seat}")
    watcher = harness.connect(table)
    received = {seat: [] for seat in clients} | {None: []}

    def drain():
        for seat, client in list(clients.items()) + [(None, watcher)]:
            received[seat] += [m["args"][0] for m in client.get_received() if m["name"] == "state"]

    clients[0].emit("start", {}, callback=True)
    games_done = 0
    for _ in range(2000):
        drain()
        state = received[0][-1]
        if state["game"]["phase"] == "over":
            games_done += 1
            if games_done == 2:
                break
        actor = state["game"]["turn"] if state["game"]["phase"] == "bidding" else rng.choice(list(clients))
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
            if seat is None:
                assert game["dice"] == [] and "private" not in state
            elif game["dice"]:
                assert state["private"]["seat"] == seat and state["private"]["dice"] == game["dice"]
