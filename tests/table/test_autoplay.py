"""Bots at the table: their own seats, stand-ins after a timeout, takeover after leaving (of the turn
already running, too), a returning player's seat and turn, timers."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import Phase, RulesError
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.table import Table
from referee.table.registry import Tables
from referee.table.autoplay import Autoplay
from tests.support.dealers import PlainDealer

THINK_S, GRACE_S = 0.5, 30.0


class Room:
    """A table served with autoplay on a manual clock."""

    def __init__(self, **rules):
        self.clock = ManualScheduler()
        self.events = EventLog(":memory:", clock=self.clock.now)
        self.tables = Tables(self.events, PlainDealer(seed=5), self.clock, seed_wait_s=0,
                             on_load=lambda table: Autoplay(table, self.clock, THINK_S, GRACE_S))
        self.table = self.tables.create(rules)

    def entries(self, kind):
        return [e.public for e in self.events.entries(self.table.id) if e.kind == kind]


def human_move(table, seat):
    game = table.game
    if game.bids and game.bids[-1].bid.quantity >= 2:
        table.play.liar(seat)
    else:
        table.play.bid(seat, len(game.bids) + 1, 6)


def test_one_person_plays_a_whole_game_against_three_bots():
    room = Room(dice_per_player=2)
    table = room.table
    table.join("Solo", "d0")
    for _ in range(3):
        table.add_bot(0, "medium")
    table.start(0)
    for _ in range(500):
        game = table.game
        if game.phase is Phase.OVER:
            break
        if game.phase is Phase.REVEALED:
            table.next_round(0)
        elif game.phase is Phase.BIDDING and game.turn == 0:
            human_move(table, 0)
        else:
            room.clock.advance(THINK_S)
    assert table.game.phase is Phase.OVER and table.game.winner is not None
    assert any(b.get("by_bot") for b in room.entries("bid") + room.entries("liar"))


def test_only_the_host_seats_or_removes_bots_and_not_while_they_play():
    room = Room()
    table = room.table
    table.join("Host", "d0")
    table.join("Guest", "d1")
    with pytest.raises(RulesError) as refused:
        table.add_bot(1, "easy")
    assert refused.value.code == "host/only"
    with pytest.raises(RulesError) as refused:
        table.add_bot(0, "grandmaster")
    assert refused.value.code == "bot/level"
    bot = table.add_bot(0, "strong")
    assert table.current.seats[bot].kind == "bot" and table.current.seats[bot].level == "strong"
    table.start(0)
    with pytest.raises(RulesError) as refused:
        table.remove_bot(0, bot)
    assert refused.value.code == "game/running"
    with pytest.raises(RulesError) as refused:
        table.remove_bot(0, 1)
    assert refused.value.code == "bot/none"


def two_humans(**rules):
    room = Room(**rules)
    table = room.table
    table.join("Anna", "d0")
    table.join("Ben", "d1")
    table.set_connected(0, True)
    table.set_connected(1, True)
    table.start(0)
    return room, table


def test_a_timed_out_turn_is_played_by_a_bot_and_the_deadline_is_the_timer():
    room, table = two_humans(turn_timer_s=60)
    assert table.turn_deadline() == pytest.approx(table.turn_since + 60)
    room.clock.advance(59)
    assert table.game.bids == ()
    room.clock.advance(1)
    assert room.entries("turn_timed_out") == [{"seat": 0, "round": 1}]
    assert table.game.bids[0].seat == 0 and room.entries("bid")[0]["by_bot"] is True
    assert table.current.autopilot == frozenset()


def test_a_second_timeout_in_a_row_hands_the_seat_to_a_bot_until_the_player_returns():
    room, table = two_humans(turn_timer_s=60, dice_per_player=10)
    room.clock.advance(60)
    standing = table.game.bids[-1].bid
    table.play.bid(1, standing.quantity + 1, standing.face)
    room.clock.advance(60)
    assert table.current.autopilot == frozenset({0})
    assert room.entries("seat_autopilot")[-1] == {"seat": 0, "on": True, "reason": "timeouts"}
    table.set_connected(0, False)
    table.set_connected(0, True)
    assert table.current.autopilot == frozenset()
    assert room.entries("seat_autopilot")[-1] == {"seat": 0, "on": False, "reason": "returned"}


def test_acting_yourself_resets_the_timeouts_in_a_row():
    room, table = two_humans(turn_timer_s=60, dice_per_player=10)
    room.clock.advance(60)
    assert table.current.strikes[0] == 1
    standing = table.game.bids[-1].bid
    table.play.bid(1, standing.quantity + 1, standing.face)
    table.play.liar(0)
    assert table.current.strikes[0] == 0


def test_no_timer_runs_with_fewer_than_two_people_or_when_it_is_off():
    room = Room(turn_timer_s=60)
    table = room.table
    table.join("Solo", "d0")
    table.add_bot(0, "easy")
    table.start(0)
    assert table.turn_deadline() is None
    _, off = two_humans(turn_timer_s=0)
    assert off.turn_deadline() is None


def test_a_player_gone_past_the_grace_period_is_played_by_a_bot_and_reclaims_the_seat():
    room, table = two_humans(turn_timer_s=0)
    table.set_connected(1, False)
    room.clock.advance(GRACE_S - 1)
    assert table.current.autopilot == frozenset()
    room.clock.advance(1)
    assert table.current.autopilot == frozenset({1})
    table.play.bid(0, 1, 2)
    room.clock.advance(THINK_S)
    assert table.game.turn != 1 or table.game.phase is not Phase.BIDDING
    assert any(e.get("by_bot") and e["seat"] == 1 for e in room.entries("bid") + room.entries("liar"))
    table.set_connected(1, True)
    assert table.current.autopilot == frozenset()


def test_a_player_who_comes_back_within_the_grace_period_keeps_the_seat():
    room, table = two_humans(turn_timer_s=0)
    table.set_connected(1, False)
    room.clock.advance(GRACE_S / 2)
    table.set_connected(1, True)
    room.clock.advance(GRACE_S)
    assert table.current.autopilot == frozenset()


def test_the_turn_deadline_survives_a_restart():
    room, table = two_humans(turn_timer_s=60)
    deadline = table.turn_deadline()
    reloaded = Table.load(table.id, room.events, PlainDealer(), ManualScheduler())
    assert reloaded.turn_deadline() == deadline
    assert reloaded.current.strikes == table.current.strikes


def test_bots_at_the_table_observe_the_public_events_in_the_documented_shape(monkeypatch):
    seen = []

    class Watcher:
        def __init__(self, seed):
            self.seed = seed

        def act(self, view):
            return {"type": "liar"} if view["can_call"] else {"type": "bid", "quantity": 1, "face": 2}

        def observe(self, event):
            seen.append(event)

    monkeypatch.setattr("referee.games.liars_dice.family.make_bot", lambda level, seed: Watcher(seed))
    room = Room(dice_per_player=1)
    table = room.table
    table.join("Solo", "d0")
    table.add_bot(0, "easy")
    table.start(0)
    table.play.bid(0, 1, 3)
    room.clock.advance(THINK_S)
    kinds = [event["kind"] for event in seen]
    assert "liar" in kinds and "revealed" in kinds
    assert all(set(event) == {"kind", "data"} for event in seen)
    revealed = next(event["data"] for event in seen if event["kind"] == "revealed")
    assert set(revealed["hands"]) == {"0", "1"}


def test_a_player_who_leaves_on_their_own_turn_has_that_turn_played_by_a_bot_after_the_grace_period():
    room, table = two_humans(turn_timer_s=0)
    assert table.game.turn == 0
    table.set_connected(0, False)
    room.clock.advance(GRACE_S)
    assert table.current.autopilot == frozenset({0})
    assert table.game.bids == ()
    room.clock.advance(THINK_S)
    assert [(bid["seat"], bid.get("by_bot")) for bid in room.entries("bid")] == [(0, True)]
    assert table.game.turn == 1


def test_autopilot_turned_on_for_any_reason_plays_the_turn_already_running():
    room, table = two_humans(turn_timer_s=0)
    table.set_autopilot(0, True, "timeouts")
    room.clock.advance(THINK_S)
    assert room.entries("bid") and room.entries("bid")[0]["seat"] == 0 and room.entries("bid")[0]["by_bot"] is True


def test_a_player_back_before_the_stand_in_moves_cancels_that_move_and_plays_the_turn():
    room, table = two_humans(turn_timer_s=0)
    table.set_connected(0, False)
    room.clock.advance(GRACE_S)
    assert table.current.autopilot == frozenset({0})
    room.clock.advance(THINK_S / 2)
    table.set_connected(0, True)
    room.clock.advance(THINK_S * 4)
    assert room.entries("bid") == [] and table.game.turn == 0
    table.play.bid(0, 1, 2, against=(1, 1, 0))
    assert room.entries("bid") == [{"seat": 0, "quantity": 1, "face": 2}]


def test_at_a_table_of_one_person_and_bots_without_a_timer_the_bot_plays_for_the_person_who_left():
    room = Room(turn_timer_s=0, dice_per_player=2)
    table = room.table
    table.join("Solo", "d0")
    table.add_bot(0, "easy")
    table.add_bot(0, "easy")
    table.set_connected(0, True)
    table.start(0)
    assert table.game.turn == 0 and table.turn_deadline() is None
    table.set_connected(0, False)
    room.clock.advance(GRACE_S)
    for _ in range(40):
        if table.game.phase is not Phase.BIDDING:
            break
        room.clock.advance(THINK_S)
    assert table.game.phase is Phase.REVEALED
    moves = room.entries("bid") + room.entries("liar")
    first = room.entries("bid")[0]
    assert first["seat"] == 0 and first["by_bot"] is True
    assert all(move.get("by_bot") for move in moves if move["seat"] == 0)



def test_a_stand_in_move_scheduled_before_the_player_came_back_is_not_played():
    room, table = two_humans(turn_timer_s=0)
    table.set_connected(1, False)
    room.clock.advance(GRACE_S)
    table.play.bid(0, 1, 2)
    assert table.game.turn == 1 and table.current.autopilot == frozenset({1})
    room.clock.advance(THINK_S / 2)
    table.set_connected(1, True)
    room.clock.advance(THINK_S * 4)
    assert len(table.game.bids) == 1 and table.game.turn == 1 and room.entries("liar") == []
    table.play.liar(1, against=(1, 1, 1))
    assert room.entries("liar") == [{"seat": 1}]


def test_with_the_timer_on_a_player_gone_on_their_turn_is_played_at_the_grace_period_not_at_the_timeout():
    room, table = two_humans(turn_timer_s=60)
    table.set_connected(0, False)
    room.clock.advance(GRACE_S + THINK_S)
    assert [(bid["seat"], bid.get("by_bot")) for bid in room.entries("bid")] == [(0, True)]
    assert room.entries("turn_timed_out") == []


class AlwaysCalls:
    """A bot that bids the lowest raise on its turn and calls every standing bid out of turn."""

    def __init__(self, seed):
        self.asked_out_of_turn = 0

    def act(self, view):
        if view["turn"] != view["seat"]:
            self.asked_out_of_turn += 1
            return {"type": "liar"} if view["can_call"] else None
        return {"type": "bid", "quantity": len(view["bids"]) + 1, "face": 6}


def always_calling_bots(monkeypatch):
    """Every bot the table makes from now on is an ``AlwaysCalls``; the list holds them as they come."""
    bots = []
    monkeypatch.setattr("referee.games.liars_dice.family.make_bot", lambda level, seed: bots.append(AlwaysCalls(seed)) or bots[-1])
    return bots


def test_under_anyone_a_bot_not_to_act_calls_the_standing_bid_before_the_bot_to_act_moves(monkeypatch):
    always_calling_bots(monkeypatch)
    room = Room(dice_per_player=2, challenge="anyone")
    table = room.table
    table.join("Solo", "d0")
    table.add_bot(0, "easy")
    table.add_bot(0, "easy")
    table.start(0)
    table.play.bid(0, 1, 6)
    assert table.game.turn == 1
    room.clock.advance(THINK_S)
    liar = room.entries("liar")
    assert liar == [{"seat": 2, "by_bot": True}], "seat 2, not to act, called before seat 1 bid"
    assert room.entries("bid") == [{"seat": 0, "quantity": 1, "face": 6}]
    assert table.game.phase is Phase.REVEALED


def test_under_next_player_no_bot_is_asked_out_of_turn(monkeypatch):
    bots = always_calling_bots(monkeypatch)
    room = Room(dice_per_player=2)
    table = room.table
    table.join("Solo", "d0")
    table.add_bot(0, "easy")
    table.add_bot(0, "easy")
    table.start(0)
    table.play.bid(0, 1, 6)
    room.clock.advance(THINK_S)
    assert room.entries("liar") == [] and [b["seat"] for b in room.entries("bid")] == [0, 1]
    assert all(bot.asked_out_of_turn == 0 for bot in bots)


def test_a_bot_call_that_comes_after_a_person_called_is_dropped(monkeypatch):
    always_calling_bots(monkeypatch)
    room = Room(dice_per_player=2, challenge="anyone")
    table = room.table
    table.join("Solo", "d0")
    table.join("Guest", "d1")
    table.add_bot(0, "easy")
    table.start(0)
    table.play.bid(0, 1, 6)
    table.play.liar(1)
    room.clock.advance(THINK_S)
    assert room.entries("liar") == [{"seat": 1}]
    assert table.game.phase is Phase.REVEALED
