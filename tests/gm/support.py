"""A refereed table in the in-process app: the committed dealer with a fixed key, a referee, players."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_socketio import SocketIOTestClient

from referee.fairness.verify import verify_export
from referee.fairness.keys import Signer
from referee.table.table import Table
from referee.table.fair_dealer import FairDealer
from tests.support.app import Harness, last_state, make_harness

SIGNER = Signer.from_private_bytes(bytes(range(32)))
ALWAYS = 1
"""A difficulty every check meets (a d20 or d100 roll is at least 1)."""
NEVER = 200
"""A difficulty no check meets (at most 100 with no modifier)."""


@dataclass
class Evening:
    """A refereed table: the harness, the table id, the referee's token and socket, players by seat."""

    harness: Harness
    table_id: str
    token: str
    referee: SocketIOTestClient
    players: dict[int, SocketIOTestClient]
    tokens: dict[int, str]

    @property
    def table(self) -> Table:
        return self.harness.app.extensions["tavern"].tables.get(self.table_id)

    def ref(self, event: str, data: Any = None) -> dict[str, Any]:
        """The referee sends ``event``; returns the acknowledgement."""
        return self.referee.emit(event, {} if data is None else data, callback=True)

    def say(self, seat: int, event: str, data: Any = None) -> dict[str, Any]:
        return self.players[seat].emit(event, {} if data is None else data, callback=True)

    def referee_state(self) -> dict[str, Any]:
        """The referee's newest state (asked for afresh)."""
        assert self.ref("referee_sync")["ok"]
        return last_state(self.referee)

    def player_state(self, seat: int) -> dict[str, Any]:
        """The newest state of ``seat`` (asked for afresh)."""
        assert self.say(seat, "sync")["ok"]
        return last_state(self.players[seat])

    def audit(self) -> dict[str, Any]:
        return self.harness.app.test_client().get(f"/t/{self.table_id}/audit.json").get_json()

    def verify(self):  # noqa: ANN201 - a fairness Report
        return verify_export(self.audit())


def create(harness: Harness, gm: dict[str, Any] | None = None, **rules: Any) -> tuple[str, str, dict[str, Any]]:
    body = {"referee": {"name": "Мастер"}, "rules": rules, "gm": gm or {}}
    reply = harness.app.test_client().post("/api/tables", json=body)
    assert reply.status_code == 201, reply.get_json()
    data = reply.get_json()
    return data["table"], data["referee_token"], data


def evening(players: int = 2, gm: dict[str, Any] | None = None, start: bool = True, **rules: Any) -> Evening:
    """A refereed table with ``players`` people seated (Анна, Бен, …) and, with ``start``, game 1 running."""
    harness = make_harness(FairDealer(SIGNER))
    rules = {"dice_per_player": 2, "turn_timer_s": 0, **rules}
    table_id, token, _ = create(harness, {"cheating": True, **(gm or {})}, **rules)
    referee = harness.socketio.test_client(harness.app, auth={"table": table_id, "referee_token": token})
    assert referee.is_connected()
    seated, tokens = {}, {}
    for seat, name in enumerate(["Анна", "Бен", "Вера", "Гоша"][:players]):
        client, player_token = harness.join(table_id, name)
        seated[seat], tokens[seat] = client, player_token
    result = Evening(harness, table_id, token, referee, seated, tokens)
    if start:
        assert result.ref("referee_start")["ok"]
    return result


def play_to_the_end(night: Evening) -> None:
    """Bid and call until game over: the player to act bids the lowest raise or, after one bid, calls."""
    table = night.table
    while table.game is not None and table.game.winner is None:
        game = table.game
        if game.phase.value == "revealed":
            table.next_round(game.in_game[0])
        elif game.bids:
            table.play.liar(game.turn)
        else:
            table.play.bid(game.turn, 1, 2)
