"""A refereed poker-dice table in the in-process app: the referee's socket, people or bots seated."""
from __future__ import annotations

from typing import Any

from referee.games.poker_bluff.rules import Phase, declarations_in, higher_than
from referee.table.fair_dealer import FairDealer
from tests.support.app import make_harness

from .support import SIGNER, Evening


def poker_night(players: int = 2, gm: dict[str, Any] | None = None, **rules: Any) -> Evening:
    """A refereed poker-dice table (no turn timer) with ``players`` people seated (Анна, Бен, …); nothing started."""
    harness = make_harness(FairDealer(SIGNER))
    body = {"referee": {"name": "Мастер"}, "game": "poker_bluff", "rules": {"turn_timer_s": 0, **rules},
            "gm": gm or {}}
    reply = harness.app.test_client().post("/api/tables", json=body)
    assert reply.status_code == 201, reply.get_json()
    table_id, token = reply.get_json()["table"], reply.get_json()["referee_token"]
    referee = harness.socketio.test_client(harness.app, auth={"table": table_id, "referee_token": token})
    assert referee.is_connected()
    seated, tokens = {}, {}
    for seat, name in enumerate(["Анна", "Бен", "Вера", "Гоша"][:players]):
        seated[seat], tokens[seat] = harness.join(table_id, name)
    return Evening(harness, table_id, token, referee, seated, tokens)


def play_round(night: Evening) -> None:
    """The holder declares and the other player doubts, so that the lower seat of the game loses the
    round: holding the cup it bluffs one step above what the cup holds, else the holder tells the truth."""
    table = night.table
    game = table.game
    assert game is not None and game.phase is Phase.DECLARING and game.holder is not None
    held = declarations_in(game.cup)[-1]
    above = higher_than(held)
    table.play.declare(game.holder, above[0] if game.holder == min(game.seats) and above else held)
    table.play.doubt(table.game.turn)


def play_game(night: Evening) -> None:
    """Round after round until the game has a winner; the referee starts every next round."""
    table = night.table
    while table.game is not None and table.game.winner is None:
        if table.game.phase is Phase.REVEALED:
            assert night.ref("referee_next_round")["ok"]
        else:
            play_round(night)
