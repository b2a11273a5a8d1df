"""RULES.md D at real tables: a spot-on game whose players never lose a die passes its 400th round and
ends cleanly at the bound (it used to die dealing round 513); a poker-dice game whose tokens stay level
ends at round 500 or 501 and the evening has its champion; the table holds only the current round's
draws however long the game lasts; the log replays to the same table; the audit export of each verifies
in Python and in node alike, check for check, and says the bound decided."""
from __future__ import annotations

import pytest

from referee.fairness.verify import verify_export
from referee.fairness.export import build_export
from referee.fairness.keys import Signer
from referee.games.liars_dice.rules import Phase, count_matching
from referee.games.liars_dice.rules.bound import MAX_ROUNDS, ROUND_BOUND
from referee.games.poker_bluff import rules as pb
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.registry import Tables
from referee.table.fair_dealer import FairDealer
from referee.table.replay import replay
from referee.web.audit import entry_dict
from tests.audit.node_verifier import node_verdicts
from tests.audit.play_logs import Forger

pytestmark = pytest.mark.slow

SIGNER = Signer.from_private_bytes(bytes(range(32)))


def _table(rules):
    events = EventLog(":memory:")
    table = Tables(events, FairDealer(SIGNER), ManualScheduler(), seed_wait_s=0).create({"turn_timer_s": 0, **rules})
    for seat in (0, 1):
        table.join(f"P{seat}", f"digest{seat}")
    table.start(0)
    return table, events


def _verified(table, events, tmp_path, words):
    """The table's export verifies in Python, node makes the same checks, and a check says ``words``."""
    export = build_export(SIGNER, table.id, [entry_dict(entry) for entry in events.entries(table.id)])
    report = verify_export(export)
    assert report.ok, [str(check) for check in report.failures][:5]
    assert any(words in check.message for check in report.checks)
    verdict = node_verdicts({"bound": export}, tmp_path)["bound"]
    assert verdict["ok"] is True and verdict["all"] == [[c.step, c.ok, c.message] for c in report.checks]


def test_a_spot_on_game_that_costs_nobody_a_die_ends_at_the_bound(tmp_path):
    table, events = _table({"spot_on": True, "dice_per_player": 2})
    while table.game.phase is not Phase.OVER:
        game = table.game
        if game.phase is Phase.REVEALED:
            table.next_round(game.seats[0])
        elif game.standing_bid is None:
            face = max(range(2, 7), key=lambda f: count_matching(game.hands, f, wild_ones=True))
            table.play.bid(game.turn, count_matching(game.hands, face, wild_ones=True), face)
        elif game.round_no < ROUND_BOUND:
            table.play.spot_on(game.turn)
        else:
            table.play.liar(game.turn)
    game = table.game
    assert ROUND_BOUND <= game.round_no <= MAX_ROUNDS
    assert game.winner is not None and sorted(game.counts) == [1, 2] and game.count_of(game.winner) == 2
    assert replay(table.id, events.entries(table.id))[-1][1].game == game
    _verified(table, events, tmp_path, f"the game has reached its bound of {ROUND_BOUND} rounds: seat {game.winner} "
                                       "holds the most dice and wins")

    forger = Forger(table)  # a server that plays on past the bound: one more call, after the game is over
    call = next(entry for entry in reversed(forger.entries) if entry["kind"] == "liar")
    forger.entries.append({**call, "public": {"seat": game.winner}})
    report = verify_export(forged := forger.export())
    assert not report.ok and any("over" in check.message for check in report.failures), [str(c) for c in report.failures]
    (tmp_path / "forged").mkdir()
    verdict = node_verdicts({"forged": forged}, tmp_path / "forged")["forged"]
    assert verdict["ok"] is False and verdict["all"] == [[c.step, c.ok, c.message] for c in report.checks]


def test_a_poker_dice_game_whose_tokens_stay_level_ends_at_the_bound_holding_one_round_of_draws(tmp_path):
    table, events = _table({"game": "poker_bluff", "tokens": 3})
    held = set()
    while table.game.phase is not pb.Phase.OVER:
        game = table.game
        if game.phase is pb.Phase.REVEALED:
            table.next_round(game.seats[0])
        elif game.phase is pb.Phase.RESPONDING:
            table.play.doubt(game.turn)
        else:
            seat = game.turn
            ahead = game.tokens_of(seat) > game.tokens_of(game.other(seat))
            table.play.declare(seat, pb.HIGHEST if ahead and game.cup != (6,) * 5 else max(pb.declarations_in(game.cup)))
        held.add(len(table.current.fairness.draws))
    game = table.game
    assert game.round_no in (pb.ROUND_BOUND, pb.ROUND_BOUND + 1) and min(game.tokens) > 0
    assert game.tokens_of(game.winner) > game.tokens_of(game.other(game.winner))
    assert table.current.family_state.evening.champion == game.winner
    assert max(held) <= 2 and table.current.fairness.draw_count >= pb.ROUND_BOUND
    assert replay(table.id, events.entries(table.id))[-1][1].game == game
    _verified(table, events, tmp_path, f"the game has reached its bound of {pb.ROUND_BOUND} rounds: seat "
                                       f"{game.winner} holds the most tokens and wins")
