"""Bots at a poker-dice table: bot seats, a timed-out person's turn, takeover and return, a bracket of bots."""
from __future__ import annotations

import pytest

from referee.games.poker_bluff.rules import HIGHEST, Phase, higher_than
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.registry import Tables
from referee.table.autoplay import Autoplay
from tests.support.dealers import PlainDealer

THINK_S, GRACE_S = 0.5, 30.0
MOVES = ("declared", "believed", "kept", "doubted")


class Room:
    """A poker-dice table served with autoplay on a manual clock."""

    def __init__(self, **rules):
        self.clock = ManualScheduler()
        self.events = EventLog(":memory:", clock=self.clock.now)
        self.tables = Tables(self.events, PlainDealer(seed=7), self.clock, seed_wait_s=0,
                             on_load=lambda table: Autoplay(table, self.clock, THINK_S, GRACE_S))
        self.table = self.tables.create({"game": "poker_bluff", **rules})

    def moves(self):
        return [(e.kind, e.public) for e in self.events.entries(self.table.id) if e.kind in MOVES]


def person_moves(table, seat):
    """A plain person: declares the weakest declaration that beats the last, and doubts everything."""
    game = table.game
    if game.phase is Phase.DECLARING:
        table.play.declare(seat, higher_than(game.last)[0])
    else:
        table.play.doubt(seat)


def play_out(room, person=0, evening=False, limit=2000):
    """Play until the game (or the evening) is over: the person moves on their turn, presses next round
    and start; the clock runs for the bots."""
    table = room.table
    for _ in range(limit):
        game, state = table.game, table.current
        if game.winner is not None and (not evening or state.family_state.evening.ended):
            return
        if game.winner is not None:
            table.start(person)
        elif game.phase is Phase.REVEALED:
            table.next_round(person)
        elif game.turn == person and person not in state.autopilot:
            person_moves(table, person)
        else:
            room.clock.advance(THINK_S)
    raise AssertionError("the game did not end")


def test_a_person_plays_a_whole_game_against_a_bot_seat():
    room = Room(tokens=2)
    table = room.table
    table.join("Solo", "d0")
    table.add_bot(0, "medium")
    table.start(0)
    play_out(room)
    assert table.game.winner in (0, 1)
    bot_moves = [public for _, public in room.moves() if public["seat"] == 1]
    assert bot_moves and all(public.get("by_bot") for public in bot_moves)  # marked as at a Liar's Dice table
    assert not any(public.get("by_bot") for _, public in room.moves() if public["seat"] == 0)


def test_a_bracket_of_one_person_and_three_bots_is_played_to_a_champion():
    room = Room(tokens=1)
    table = room.table
    table.join("Solo", "d0")
    for level in ("easy", "medium", "strong"):
        table.add_bot(0, level)
    table.start(0)
    play_out(room, evening=True)
    evening = table.current.family_state.evening
    assert evening.ended and evening.champion in range(4)
    assert [len(round_) for round_ in evening.bracket.rounds] == [2, 1]


def two_people(**rules):
    room = Room(**rules)
    table = room.table
    table.join("Anna", "d0")
    table.join("Ben", "d1")
    table.set_connected(0, True)
    table.set_connected(1, True)
    table.start(0)
    return room, table


def test_a_timed_out_person_is_played_by_a_bot_against_the_turn_they_let_run_out():
    room, table = two_people(turn_timer_s=60)
    assert table.turn_deadline() == pytest.approx(table.turn_since + 60)
    room.clock.advance(59)
    assert room.moves() == []
    room.clock.advance(1)
    assert [e.public for e in room.events.entries(table.id) if e.kind == "turn_timed_out"] == [{"seat": 0, "round": 1}]
    kind, public = room.moves()[0]
    assert kind == "declared" and public["seat"] == 0 and public["by_bot"] is True
    assert table.current.autopilot == frozenset()


def test_two_timeouts_in_a_row_hand_the_seat_to_a_bot_until_the_person_returns():
    room, table = two_people(turn_timer_s=60, tokens=5)
    room.clock.advance(60)  # seat 0's declaration, by a stand-in
    table.play.believe(1)
    room.clock.advance(60)  # seat 0 keeps nobody's dice: seat 1 holds the cup now
    assert table.game.holder == 1
    table.play.declare(1, HIGHEST)
    room.clock.advance(60)  # seat 0 let a second turn run out
    assert table.current.autopilot == frozenset({0})
    table.set_connected(0, False)
    table.set_connected(0, True)
    assert table.current.autopilot == frozenset()
