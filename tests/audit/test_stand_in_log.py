"""A log whose bids and calls a bot made for a person (``by_bot`` on a person's seat, what the round
history marks) verifies in both verifiers, Python and the browser's, with the same checks."""
from __future__ import annotations

import random

from referee.fairness.verify import verify_export

from .node_verifier import node_verdicts
from .play_logs import Forger, new_table, raw_log


def stand_in_evening():
    """Two people play a game of two dice; every other move is a bot's, standing in for the person."""
    rng = random.Random(4)
    table = new_table({"dice_per_player": 2, "turn_timer_s": 0})
    for seat in range(2):
        table.join(f"P{seat}", f"digest-{seat}")
    table.start(0)
    moves = 0
    while table.game.winner is None:
        game = table.game
        standing = game.standing_bid
        by_bot = moves % 2 == 0
        if standing is not None and (standing.bid.quantity >= game.total_dice or rng.random() < 0.4):
            table.play.liar(game.turn, by_bot=by_bot)
            if table.game.winner is None:
                table.next_round(0)
        else:
            table.play.bid(game.turn, standing.bid.quantity + 1 if standing else 1, rng.choice(game.settings.faces), by_bot=by_bot)
        moves += 1
    return table


def test_a_log_with_moves_a_bot_made_for_a_person_verifies_in_python_and_in_the_browser(tmp_path):
    table = stand_in_evening()
    marked = [e for e in raw_log(table) if e["kind"] in ("bid", "liar") and e["public"].get("by_bot")]
    assert marked and all(table.current.seats[e["public"]["seat"]].kind == "human" for e in marked)
    assert any(b.stand_in for done in table.current.family_state.round_history.rounds for b in done.bids)
    export = Forger(table).export()
    report = verify_export(export)
    assert report.ok, [c.message for c in report.checks if not c.ok]
    js = node_verdicts({"stand-in": export}, tmp_path)["stand-in"]
    assert js["ok"] is True and js["all"] == [[c.step, c.ok, c.message] for c in report.checks]
