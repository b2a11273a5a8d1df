"""Whole games through the in-process app (tests/support/app.py): a client per seat sends its
seed when a round is rolling or a roll-off throw waits (or lets the seed deadline pass), then
bids, calls and moves on at random, exactly as browsers would over Socket.IO."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from flask_socketio import SocketIOTestClient

from referee.fairness.keys import Signer
from referee.games.liars_dice.rules import Bid, Settings, bid_order
from referee.table.fair_dealer import FairDealer
from tests.support.app import Harness, make_harness, states_of

SIGNER = Signer.from_private_bytes(bytes(range(32)))
SEED_WAIT_S = 1.0


def fair_harness() -> Harness:
    """An app dealing committed dice signed by ``SIGNER``, waiting ``SEED_WAIT_S`` for seeds."""
    return make_harness(FairDealer(SIGNER), seed_wait_s=SEED_WAIT_S)


@dataclass
class Table:
    """A table with one client per seat and the newest state each client received."""

    harness: Harness
    id: str
    clients: dict[int, SocketIOTestClient]
    rng: random.Random
    last: dict[int, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def seat(cls, harness: Harness, rng: random.Random, players: int, dice: int, **rules: Any) -> "Table":
        table_id, host_token = harness.create_table("P0", **{"dice_per_player": dice, **rules})
        clients = {0: harness.connect(table_id, host_token)}
        for seat in range(1, players):
            clients[seat], _ = harness.join(table_id, f"P{seat}")
        return cls(harness, table_id, clients, rng)

    @property
    def game(self) -> dict[str, Any]:
        return self.state["game"]

    @property
    def state(self) -> dict[str, Any]:
        """Client 0's newest state."""
        self.drain()
        return self.last[0]

    def drain(self) -> None:
        for seat, client in self.clients.items():
            states = states_of(client)
            if states:
                self.last[seat] = states[-1]

    def emit(self, seat: int, event: str, payload: dict[str, Any] | None = None) -> None:
        ack = self.clients[seat].emit(event, payload or {}, callback=True)
        assert ack["ok"], (event, payload, ack)

    def play_games(self, games: int) -> None:
        """Start and play ``games`` whole games."""
        self.emit(0, "start")
        for number in range(games):
            if number:
                self.emit(0, "new_game")
            while self.game["phase"] != "over":
                self.step()

    def play_until(self, done) -> None:  # noqa: ANN001 - a predicate over client 0's game view
        """Start a game and play until ``done(game)`` holds for the newest state."""
        self.emit(0, "start")
        while not done(self.game):
            self.step()

    def step(self) -> None:
        """One move of whoever is due: seeds, a bid or a call, or the next round."""
        game = self.game
        if game["phase"] == "rolling_off":
            self.send_draw_seeds()
        elif game["phase"] == "rolling":
            self.send_seeds(game)
        elif game["phase"] == "revealed":
            self.emit(self.rng.choice(list(self.clients)), "next_round")
        elif game["phase"] == "bidding":
            self.emit(game["turn"], *random_move(self.rng, game))

    def send_draw_seeds(self) -> None:
        """The roll-off's throw waits for the throwers' seeds (``draws.waiting``): most send one, then the
        wait runs out."""
        waiting = self.state["draws"]["waiting"]
        for seat in waiting["seats"]:
            if self.rng.random() < 0.8:
                seed = bytes(self.rng.getrandbits(8) for _ in range(32)).hex()
                self.emit(seat, "draw_seed", {"draw": waiting["draw"], "seed": seed})
                if self.state["draws"]["waiting"] != waiting:
                    return
        self.harness.clock.advance(SEED_WAIT_S)

    def send_seeds(self, game: dict[str, Any]) -> None:
        for seat in game["seats_in_game"]:
            if self.rng.random() < 0.8:
                seed = bytes(self.rng.getrandbits(8) for _ in range(32)).hex()
                self.emit(seat, "seed", {"round": game["round"], "seed": seed})
                if self.game["phase"] != "rolling":
                    return
        self.harness.clock.advance(SEED_WAIT_S)


def random_move(rng: random.Random, game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A legal bid of the player to act (in the order of the table's rules, ``referee.games.liars_dice.rules.bid_order``) or a
    call of Liar; ``game`` is any seat's view."""
    bids = game["bids"]
    if bids and game["turn"] in game["callers"] and rng.random() < 0.4:
        return "liar", {}
    one_die = game["dice_counts"].get(str(game["turn"])) == 1
    order = bid_order(Settings.from_dict(game["rules"]), palifico=game["palifico"], one_die=one_die)
    raises = order.raises(Bid(bids[-1]["quantity"], bids[-1]["face"]) if bids else None, total_dice=game["total_dice"])
    if not raises:
        return "liar", {}
    bid = rng.choice(raises[:6])
    return "bid", {"quantity": bid.quantity, "face": bid.face}


def export_of(harness: Harness, table_id: str) -> dict[str, Any]:
    """``GET /t/<table>/audit.json``, parsed."""
    reply = harness.app.test_client().get(f"/t/{table_id}/audit.json")
    assert reply.status_code == 200, reply.get_data(as_text=True)
    return reply.get_json()
