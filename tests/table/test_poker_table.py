"""Poker-dice at a table: evenings, brackets, matches, the cup's rolls as draws, refusals, restarts."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import RulesError
from referee.games.poker_bluff.rules import HIGHEST, Phase, parse
from referee.store.log import EventLog
from referee.table.fold import fold
from referee.table.scheduler import ManualScheduler
from referee.table.table import Table
from referee.table.registry import Tables
from tests.support.dealers import PlainDealer

CUP = [1, 2, 3, 4, 5]


def poker_table(players=2, draws=(), **rules):
    events = EventLog(":memory:")
    dealer = PlainDealer(seed=3, draws=[list(values) for values in draws])
    tables = Tables(events, dealer, ManualScheduler(), seed_wait_s=0)
    table = tables.create({"game": "poker_bluff", **rules})
    for seat in range(players):
        table.join(f"P{seat}", f"digest{seat}")
    return table, events, dealer


def kinds(events, table, since=0):
    return [entry.kind for entry in events.entries(table.id)][since:]


def test_two_players_play_a_whole_game_and_the_evening_names_its_champion():
    table, events, _ = poker_table(draws=[[4, 4, 6, 2, 3], [4, 1, 5]], tokens=1)
    table.start(0)
    assert kinds(events, table, 3) == ["evening_started", "game_started", "game_opened", "draw_committed",
                                       "draw_revealed", "starter_drawn", "draw_committed", "cup_rolled"]
    assert [e.public for e in events.entries(table.id) if e.kind == "starter_drawn"] == [
        {"game": 1, "draw": 1, "seat": 0}]
    assert table.game.cup == (4, 4, 6, 2, 3) and table.game.holder == 0
    table.play.declare(0, parse("4,4+6"))
    table.play.believe(1)
    before = len(events.entries(table.id))
    table.play.keep(1, (4, 4))
    assert kinds(events, table, before) == ["kept", "draw_committed", "cup_rolled"]
    assert table.game.cup == (4, 4, 4, 1, 5)
    table.play.declare(1, parse("4,4,4+5"))
    before = len(events.entries(table.id))
    table.play.doubt(0)
    assert kinds(events, table, before) == ["doubted", "draw_revealed", "draw_revealed", "evening_ended"]
    assert table.game.winner == 1 and table.game.result.held
    assert table.current.family_state.evening.champion == 1 and table.current.family_state.evening.ended
    ended = [e.public for e in events.entries(table.id) if e.kind == "evening_ended"]
    assert ended == [{"evening": 1, "champion": 1}]
    rolls = [e.public["purpose"] for e in events.entries(table.id) if e.kind == "draw_committed"]
    assert rolls == [{"kind": "poker_starter", "ref": 1, "counter": 1}, {"kind": "poker_roll", "ref": 1, "counter": 1},
                     {"kind": "poker_roll", "ref": 1, "counter": 2}]


def test_a_doubt_that_does_not_end_the_game_waits_for_next_round_which_rolls_the_new_cup():
    table, events, _ = poker_table(draws=[CUP, [6, 6, 1, 2, 3]], tokens=2)
    table.start(0)
    table.play.declare(0, HIGHEST)
    table.play.doubt(1)
    assert table.game.phase is Phase.REVEALED and table.game.tokens == (1, 3)
    before = len(events.entries(table.id))
    table.next_round(0, after=(1, 1))
    assert kinds(events, table, before) == ["next_round", "draw_committed", "cup_rolled"]
    assert table.game.holder == 1 and table.game.cup == (6, 6, 1, 2, 3)
    table.next_round(1, after=(1, 1))  # a second press for the same reveal changes nothing
    assert table.game.round_no == 2


@pytest.mark.parametrize("move, code", [
    (lambda t: t.play.declare(1, parse("6")), "action/not_your_turn"),
    (lambda t: t.play.believe(0), "action/wrong_phase"),
    (lambda t: t.play.declare(0, parse("6"), against=(1, 1, 1)), "action/stale"),
    (lambda t: fold(t.current, "bid", {"seat": 0, "quantity": 1, "face": 2}, None), "game/wrong_family"),
    (lambda t: fold(t.current, "liar", {"seat": 1}, None), "game/wrong_family"),
    (lambda t: t.start(0), "game/running"),
    (lambda t: t.remove_seat(1), "game/running"),
])
def test_a_refused_move_logs_nothing_and_changes_nothing(move, code):
    table, events, _ = poker_table(draws=[CUP])
    table.start(0)
    before = (table.version, table.state, len(events.entries(table.id)))
    with pytest.raises(RulesError) as refused:
        move(table)
    assert refused.value.code == code
    assert (table.version, table.state, len(events.entries(table.id))) == before


def test_refused_declarations_and_keeps_give_the_rules_codes():
    table, events, _ = poker_table(draws=[CUP])
    table.start(0)
    table.play.declare(0, parse("5,5+4"))
    table.play.believe(1)
    before = (table.version, len(events.entries(table.id)))
    for keep, code in [((6,), "reroll/not_in_cup"), ((1,), "reroll/not_declared")]:
        with pytest.raises(RulesError) as refused:
            table.play.keep(1, keep)
        assert refused.value.code == code
    table.play.keep(1, (5,))
    with pytest.raises(RulesError) as refused:
        table.play.declare(1, parse("5,5+4"))
    assert refused.value.code == "declare/not_higher"
    assert table.version == before[0] + 3


def test_two_games_are_split_then_the_second_games_winner_starts_the_decider():
    # every cup holds a 1: "single 1" is true, five sixes a bluff; the draw names seat 1 to start game 1
    table, events, dealer = poker_table(draws=[CUP] * 3, tokens=1, two_games=True)
    dealer.starters = [2]
    table.start(0)
    assert table.game.holder == 1
    table.play.declare(1, parse("1"))
    table.play.doubt(0)  # game 1: seat 1 told the truth
    table.start(1)
    assert table.game.holder == 0  # game 2: the other player starts (B2), no draw
    table.play.declare(0, parse("1"))
    table.play.doubt(1)  # game 2: seat 0 did
    assert table.current.family_state.evening.champion is None
    table.start(0)
    table.play.declare(0, HIGHEST)
    table.play.doubt(1)  # the decider, started by game 2's winner: seat 1 caught the bluff
    started = [(e.public["seats"], e.public["opener"]) for e in events.entries(table.id) if e.kind == "game_started"]
    assert started == [([0, 1], None), ([1, 0], 0), ([1, 0], 0)]
    assert [e.public for e in events.entries(table.id) if e.kind == "starter_drawn"] == [
        {"game": 1, "draw": 1, "seat": 1}]
    assert table.current.family_state.evening.champion == 1
    assert [e.public for e in events.entries(table.id) if e.kind == "evening_ended"] == [{"evening": 1, "champion": 1}]


def test_after_the_champion_the_next_start_begins_a_new_evening_with_whoever_is_seated():
    table, events, _ = poker_table(draws=[CUP] * 2, tokens=1)
    table.start(0)
    table.play.declare(0, HIGHEST)
    table.play.doubt(1)
    table.join("P2", "digest2")
    table.start(2)
    evenings = [e.public for e in events.entries(table.id) if e.kind == "evening_started"]
    assert evenings == [{"evening": 1, "entrants": [0, 1], "starters": "drawn"},
                        {"evening": 2, "entrants": [0, 1, 2], "starters": "drawn", "bracket": "drawn"}]
    assert table.game.seats == (0, 1)


def test_a_bracket_of_four_plays_its_pairs_in_order_to_one_champion():
    table, events, _ = poker_table(players=4, tokens=1)
    for _ in range(3):
        table.start(0)
        holder = table.game.holder
        table.play.declare(holder, HIGHEST)
        table.play.doubt(table.game.other(holder))
    started = [e.public["seats"] for e in events.entries(table.id) if e.kind == "game_started"]
    assert started[:2] == [[0, 1], [2, 3]] and sorted(started[2]) == [1, 3]  # each doubter won
    assert table.current.family_state.evening.champion in started[2]
    drawn = [e.public["game"] for e in events.entries(table.id) if e.kind == "starter_drawn"]
    assert drawn == [2, 3, 4]  # game 1 drew the bracket; every match's first game draws its starter
    table.remove_seat(table.current.family_state.evening.champion)  # the evening is over: even the champion may go


def test_a_seat_still_in_the_evening_cannot_leave_between_its_games():
    table, _, _ = poker_table(players=4, tokens=1)
    table.seat_bot("easy")
    table.start(0)
    table.play.declare(0, HIGHEST)
    table.play.doubt(1)
    with pytest.raises(RulesError) as refused:
        table.remove_seat(4)
    assert refused.value.code == "evening/running"
    table.remove_seat(0)  # knocked out: free to go


def test_a_restart_in_the_middle_of_a_round_resumes_exactly():
    table, events, dealer = poker_table(draws=[[4, 4, 6, 2, 3], [4, 1, 5]], tokens=2)
    table.start(0)
    table.play.declare(0, parse("4,4+6"))
    table.play.believe(1)
    loaded = Table.load(table.id, events, dealer, ManualScheduler())
    assert loaded.current == table.current and loaded.version == table.version
    for each in (table, loaded):
        assert each.turn_key() == (1, 1, 2, 0)
    loaded.play.keep(1, (4, 4), against=(1, 1, 2))
    assert loaded.game.cup == (4, 4, 4, 1, 5) and loaded.game.phase is Phase.DECLARING
    again = Table.load(table.id, events, dealer, ManualScheduler())
    assert again.current == loaded.current


def test_a_poker_game_commits_to_256_draws_at_its_opening():
    from referee.fairness.keys import Signer
    from referee.table.fair_dealer import FairDealer

    events = EventLog(":memory:")
    table = Tables(events, FairDealer(Signer.from_private_bytes(bytes(32))), ManualScheduler(),
                   seed_wait_s=0).create({"game": "poker_bluff"})
    table.join("A", "d0"), table.join("B", "d1")
    table.start(0)
    manifest = next(e.public for e in events.entries(table.id) if e.kind == "game_opened")
    assert manifest["draw_slots"] == 256        # more draw on in blocks (test_poker_past_slots.py)


def test_a_poker_dice_table_holds_only_its_own_familys_commands():
    table, _, _ = poker_table(draws=[CUP])
    assert {"declare", "believe", "keep", "doubt"} <= set(dir(table.play))
    assert not {"bid", "liar", "spot_on", "contribute_seed", "change_die"} & (set(dir(table.play)) | set(dir(table)))
