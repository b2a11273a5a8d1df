"""Pause: logged, players' moves refused with game/paused, the turn timer stops and resumes with the time left."""
from __future__ import annotations

from .support import evening


def test_while_paused_moves_are_refused_and_nothing_changes():
    night = evening()
    table = night.table
    assert night.ref("referee_pause")["ok"]
    turn = table.game.turn
    version = table.version
    ack = night.say(turn, "bid", {"quantity": 1, "face": 2})
    assert (ack["ok"], ack["code"]) == (False, "game/paused")
    assert table.version == version
    assert night.player_state(0)["gm"]["paused"] is True
    assert night.ref("referee_pause")["code"] == "game/paused"
    assert night.ref("referee_resume")["ok"]
    assert night.say(turn, "bid", {"quantity": 1, "face": 2})["ok"]


def test_the_turn_timer_stops_during_a_pause_and_resumes_with_the_time_left():
    night = evening(turn_timer_s=60)
    table, clock = night.table, night.harness.clock
    turn = table.game.turn
    started = table.turn_deadline()
    clock.advance(20)
    night.ref("referee_pause")
    assert table.turn_deadline() is None
    assert night.player_state(turn)["table"]["turn_deadline_ms"] is None
    clock.advance(500)
    assert table.game.turn == turn and table.game.bids == ()
    night.ref("referee_resume")
    assert table.turn_deadline() == clock.now() + 40 == started + 500
    clock.advance(39)
    assert table.game.bids == ()
    clock.advance(2)
    assert len(table.game.bids) == 1 and table.game.bids[0].seat == turn


def test_only_a_running_game_can_be_paused():
    night = evening(start=False)
    assert night.ref("referee_pause")["code"] == "game/not_started"
    assert night.ref("referee_resume")["code"] == "game/not_paused"
