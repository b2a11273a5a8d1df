"""Poker-dice evenings played at real tables (``Tables`` with the committed ``FairDealer``) export
clean, and the Python and the browser's verifier (node) agree on them check for check: the table
logs exactly what the verifier reads (docs/protocol.md, docs/fairness.md)."""
from __future__ import annotations

import random

import pytest

from referee.fairness.verify import verify_export
from referee.fairness.export import build_export
from referee.fairness.keys import Signer
from referee.games.poker_bluff.rules import Believe, Declare, Doubt, Phase, Reroll, legal_actions
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.registry import Tables
from referee.table.fair_dealer import FairDealer
from referee.web.audit import entry_dict

from .node_verifier import node_verdicts
from .test_play_house_js import as_rows

SIGNER = Signer.from_private_bytes(bytes(range(32)))


def play_evening(seed: int, players: int, in_play: bool = False, **rules):  # noqa: ANN201 - an export dict
    """Seat ``players`` people, play one evening (random legal moves) to its champion, or stop in a round."""
    rng = random.Random(seed)
    events = EventLog(":memory:")
    table = Tables(events, FairDealer(SIGNER), ManualScheduler(), seed_wait_s=0).create({"game": "poker_bluff", **rules})
    for seat in range(players):
        table.join(f"P{seat}", f"digest{seat}")
    table.start(0)
    moves = 0
    while table.current.family_state.evening is not None and table.current.family_state.evening.champion is None:
        game = table.game
        if in_play and moves > 12 and game.phase in (Phase.DECLARING, Phase.RESPONDING):
            break
        if game.phase is Phase.OVER:
            table.start(0)
        elif game.phase is Phase.REVEALED:
            table.next_round(game.seats[0])
        else:
            action = rng.choice(legal_actions(game))
            if isinstance(action, Declare):
                table.play.declare(action.seat, action.declaration)
            elif isinstance(action, Believe):
                table.play.believe(action.seat)
            elif isinstance(action, Reroll):
                table.play.keep(action.seat, action.keep)
            elif isinstance(action, Doubt):
                table.play.doubt(action.seat)
            moves += 1
    return build_export(SIGNER, table.id, [entry_dict(entry) for entry in events.entries(table.id)])


EVENINGS = {
    "two players": dict(seed=1, players=2, tokens=2),
    "two games": dict(seed=2, players=2, tokens=1, two_games=True),
    "bracket of three": dict(seed=3, players=3, tokens=1),
    "bracket of four, two games": dict(seed=4, players=4, tokens=1, two_games=True),
    "a round in play": dict(seed=5, players=2, tokens=3, in_play=True),
}


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    made = {name: play_evening(**args) for name, args in EVENINGS.items()}
    return made, node_verdicts(made, tmp_path_factory.mktemp("poker-tables-js"))


@pytest.mark.parametrize("name", EVENINGS)
def test_a_poker_evening_played_at_a_table_verifies_in_python_and_in_the_browser(exports, name):
    made, verdicts = exports
    report = verify_export(made[name])

    assert report.ok, [str(check) for check in report.failures]
    games = {entry["public"]["game"] for entry in made[name]["entries"] if entry["kind"] == "game_started"}
    rolls = [c for c in report.checks if "poker_roll of game" in c.message]
    assert rolls and {int(c.message.split("poker_roll of game ")[1].split()[0]) for c in rolls} <= games
    assert verdicts[name]["ok"] is True
    assert verdicts[name]["all"] == as_rows(report)
