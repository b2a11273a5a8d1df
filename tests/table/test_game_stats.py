"""End-of-game figures per player (referee.games.liars_dice.game_stats) and the ``stats`` view key, from
random games played through the table: the laws that tie the figures to the game's log."""
from __future__ import annotations

import json
import random

import pytest

from referee.games.liars_dice.rules import CallLiar, MakeBid, Phase, SpotOn, legal_actions
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.registry import Tables
from referee.games.liars_dice.game_stats import FIGURES as STAT_FIGURES
from referee.views import table_view
from tests.support.dealers import PlainDealer

RULES = [{"dice_per_player": 2}, {"dice_per_player": 3}, {"dice_per_player": 2, "spot_on": True},
         {"dice_per_player": 3, "challenge": "anyone", "spot_on": True, "loss": "difference"},
         {"dice_per_player": 2, "wild_ones": False}]


def new_table(seed, rules, players):
    clock = ManualScheduler()
    events = EventLog(":memory:", clock=clock.now)
    table = Tables(events, PlainDealer(seed=seed), clock, seed_wait_s=0).create(rules)
    for seat in range(players):
        table.join(f"P{seat}", f"d{seat}")
    table.events = events
    return table


def play_game(table, rng):
    """Random legal moves to game over; returns each round's result (what the reveals showed)."""
    if not table.current.game_running:
        table.start(0)
    results = []
    while table.game.phase is not Phase.OVER:
        game = table.game
        if game.phase is Phase.REVEALED:
            table.next_round(0)
            continue
        action = rng.choice(legal_actions(game))
        if isinstance(action, MakeBid):
            table.play.bid(action.seat, action.bid.quantity, action.bid.face)
        elif isinstance(action, CallLiar):
            table.play.liar(action.seat)
        else:
            assert isinstance(action, SpotOn)
            table.play.spot_on(action.seat)
        if table.game.result is not None and (not results or results[-1] is not table.game.result):
            results.append(table.game.result)
    return results


def figures(table):
    view = table_view(table.current, version=table.version, seat=None, connected=(), spectators=0)
    return {row["seat"]: row for row in json.loads(json.dumps(view["stats"]))}


@pytest.mark.parametrize("seed", range(12))
def test_the_figures_add_up_to_what_the_game_logged(seed):
    rng = random.Random(seed)
    rules = RULES[seed % len(RULES)]
    players = 2 + seed % 3
    table = new_table(seed, rules, players)
    results = play_game(table, rng)
    stats = figures(table)
    bids = [entry.public["seat"] for entry in table.events.entries(table.id) if entry.kind == "bid"]
    assert set(stats) == set(range(players))
    for seat, row in stats.items():
        assert set(row) == {"seat", *STAT_FIGURES} and all(isinstance(v, int) for v in row.values())
        gained = sum(r.dice_gained for r in results if r.caller == seat and r.loser is None)
        left = table.game.count_of(seat) if seat == table.game.winner else 0
        assert row["dice_lost"] == rules["dice_per_player"] + gained - left
        assert row["calls_won"] + row["calls_lost"] == sum(1 for r in results if r.caller == seat)
        assert row["calls_lost"] == sum(1 for r in results if r.caller == seat and r.loser == seat)
        assert row["caught"] == sum(1 for r in results if r.call == "liar" and r.bidder == seat and r.loser == seat)
        assert row["bids"] == bids.count(seat)


def test_each_bid_counts_for_the_seat_that_made_it():
    table = new_table(3, {"dice_per_player": 1}, 3)
    table.start(0)
    made = {0: 0, 1: 0, 2: 0}
    while table.game.phase is Phase.BIDDING:
        game = table.game
        seat = game.turn
        if len(game.bids) >= 4:
            table.play.liar(seat)
            break
        action = next(a for a in legal_actions(game) if isinstance(a, MakeBid))
        table.play.bid(seat, action.bid.quantity, action.bid.face)
        made[seat] += 1
    assert {seat: row["bids"] for seat, row in table.current.family_state.stats.items()} == made


def test_stats_are_shown_only_at_game_over_and_start_afresh_with_the_next_game():
    table = new_table(5, {"dice_per_player": 1}, 2)
    table.start(0)
    assert table_view(table.current, version=0, seat=0, connected=(), spectators=0)["stats"] is None
    play_game(table, random.Random(1))
    over = figures(table)
    assert sum(row["dice_lost"] for row in over.values()) == 1
    table.start(1)                                    # "rematch": the next game at the same table
    assert table.current.family_state.stats == {0: dict.fromkeys(STAT_FIGURES, 0), 1: dict.fromkeys(STAT_FIGURES, 0)}


def test_a_rematch_keeps_every_seat_bots_included():
    table = new_table(6, {"dice_per_player": 1}, 2)
    table.add_bot(0, "easy")
    seated = dict(table.current.seats)
    play_game(table, random.Random(2))
    table.start(2)                                    # any seated player (here the bot's neighbour) may ask
    assert table.current.seats == seated
    assert list(table.game.seats) == sorted(seated) and table.current.game_no == 2
