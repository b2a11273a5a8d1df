"""Calls at a table under the house rules: out of turn (``challenge = anyone``), the first call wins and a
later one is ``call/already_called``; spot on with its entry and die back; every ``loss`` through the table."""
from __future__ import annotations

import pytest

from referee.gm.settings import GmSettings
from referee.games.liars_dice.rules import Phase, RulesError
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.registry import Tables
from referee.table import desk
from referee.table.autoplay import Autoplay
from referee.table.replay import replay
from tests.support.dealers import PlainDealer

HANDS = {0: [2, 2, 3], 1: [4, 4, 5], 2: [6, 6, 1]}
"""Round 1 of every table here: two twos, two fours, three sixes (ones wild), one five, one three."""


def table_of(players=3, script=None, **rules):
    events = EventLog(":memory:")
    table = Tables(events, PlainDealer(seed=3, script=script or [HANDS]), ManualScheduler(), seed_wait_s=0).create(
        {"dice_per_player": 3, "turn_timer_s": 0, **rules})
    for seat in range(players):
        table.join(f"P{seat}", f"digest{seat}")
    table.start(0)
    return table, events


def refusal(action) -> str:  # noqa: ANN001
    with pytest.raises(RulesError) as refused:
        action()
    return refused.value.code


def kinds(events, table):
    return [entry.kind for entry in events.entries(table.id)]


def test_under_anyone_a_player_not_to_act_calls_liar_and_the_round_is_revealed():
    table, events = table_of(challenge="anyone")
    table.play.bid(0, 4, 6)
    assert table.game.turn == 1
    table.play.liar(2, against=(1, 1, 1))
    result = table.game.result
    assert (result.caller, result.bidder, result.count, result.loser) == (2, 0, 3, 0)
    assert kinds(events, table)[-2:] == ["liar", "round_revealed"]


def test_a_second_call_of_a_round_already_called_by_another_seat_is_already_called_and_changes_nothing():
    table, events = table_of(challenge="anyone")
    table.play.bid(0, 2, 4)
    table.play.liar(2, against=(1, 1, 1))
    before = (table.version, table.state, len(events.entries(table.id)))
    assert refusal(lambda: table.play.liar(1, against=(1, 1, 1))) == "call/already_called"
    assert refusal(lambda: table.play.liar(1, against=(1, 1, 0))) == "call/already_called"
    assert refusal(lambda: table.play.liar(2, against=(1, 1, 1))) == "action/stale"
    assert (table.version, table.state, len(events.entries(table.id))) == before


def test_a_call_on_a_bid_its_caller_had_not_seen_is_still_stale_and_the_bidder_may_not_call_their_own_bid():
    table, _ = table_of(challenge="anyone")
    table.play.bid(0, 2, 4)
    table.play.bid(1, 2, 5)
    assert refusal(lambda: table.play.liar(2, against=(1, 1, 1))) == "action/stale"
    assert refusal(lambda: table.play.liar(1, against=(1, 1, 2))) == "call/own_bid"
    assert refusal(lambda: table.play.spot_on(0, against=(1, 1, 2))) == "spot_on/off"
    assert table.game.phase is Phase.BIDDING


def test_under_next_player_only_the_player_to_act_may_call():
    table, _ = table_of()
    table.play.bid(0, 2, 4)
    assert refusal(lambda: table.play.liar(2, against=(1, 1, 1))) == "action/not_your_turn"
    table.play.liar(1, against=(1, 1, 1))
    assert refusal(lambda: table.play.liar(2, against=(1, 1, 1))) == "call/already_called"


def test_a_right_spot_on_gives_the_caller_a_die_back_and_the_caller_opens_the_next_round():
    table, events = table_of(spot_on=True, challenge="anyone",
                             script=[HANDS, {0: [5, 2, 4], 1: [5, 5, 5], 2: [3, 3, 6]}])
    table.play.bid(0, 3, 6)
    table.play.liar(1)  # three sixes stand: seat 1 loses a die
    table.next_round(0)
    table.play.bid(1, 1, 3)
    table.play.bid(2, 2, 3)
    table.play.spot_on(1, against=(1, 2, 2))
    result = table.game.result
    assert (result.call, result.caller, result.loser, result.dice_gained) == ("spot_on", 1, None, 1)
    assert table.game.counts == (3, 3, 3)
    assert [e.data for _, e in table.recent if e.kind == "die_gained"] == [{"seat": 1, "dice_left": 3}]
    assert kinds(events, table)[-2:] == ["spot_on", "round_revealed"]
    assert events.entries(table.id)[-2].public == {"seat": 1}
    table.next_round(0)
    assert table.game.opener == 1
    assert replay(table.id, events.entries(table.id))[-1][1] == table.state


def test_a_wrong_spot_on_costs_the_caller_a_die_and_a_table_without_spot_on_refuses_it():
    table, _ = table_of(spot_on=True)
    table.play.bid(0, 2, 2)
    table.play.spot_on(1)  # three twos (one wild one): not exactly two
    assert (table.game.result.loser, table.game.result.dice_lost, table.game.counts) == (1, 1, (3, 2, 3))
    plain, events = table_of()
    plain.play.bid(0, 2, 2)
    before = len(events.entries(plain.id))
    assert refusal(lambda: plain.play.spot_on(1)) == "spot_on/off"
    assert len(events.entries(plain.id)) == before


def test_under_difference_a_false_bid_costs_the_bid_minus_the_count():
    table, _ = table_of(loss="difference", dice_per_player=5,
                        script=[{0: [2, 2, 3, 3, 3], 1: [4, 4, 5, 5, 5], 2: [6, 6, 6, 6, 6]}])
    table.play.bid(0, 6, 2)
    table.play.liar(1)
    assert (table.game.result.count, table.game.result.loser, table.game.result.dice_lost) == (2, 0, 4)
    assert table.game.counts == (1, 5, 5)


def test_under_elimination_the_loser_is_out_at_once_and_under_duel_dice_the_last_two_lose_one_die():
    table, _ = table_of(loss="elimination", duel_dice=True,
                        script=[HANDS, {1: [2, 2, 2], 2: [3, 3, 3]}])
    table.play.bid(0, 4, 6)
    table.play.liar(1)
    assert table.game.counts == (0, 3, 3) and table.game.result.dice_lost == 3
    assert [(e.kind, e.data) for _, e in table.recent if e.kind in ("die_lost", "player_out")] == [
        ("die_lost", {"seat": 0, "dice_left": 0, "dice_lost": 3}), ("player_out", {"seat": 0})]
    table.next_round(0)
    assert table.game.opener == 1
    table.play.bid(1, 4, 3)
    table.play.liar(2)
    assert table.game.counts == (0, 2, 3) and table.game.result.dice_lost == 1


def test_an_out_of_turn_call_is_refused_while_the_referee_has_paused_the_game():
    events = EventLog(":memory:")
    table = Tables(events, PlainDealer(seed=3, script=[HANDS]), ManualScheduler(), seed_wait_s=0).create(
        {"dice_per_player": 3, "challenge": "anyone"})
    desk.name_referee(table, "Мастер", "referee-digest", GmSettings())
    for seat in range(3):
        table.join(f"P{seat}", f"digest{seat}")
    table.start_game()
    table.play.bid(0, 2, 4)
    desk.pause(table)
    assert refusal(lambda: table.play.liar(2, against=(1, 1, 1))) == "game/paused"
    desk.resume(table)
    table.play.liar(2, against=(1, 1, 1))
    assert table.game.result.caller == 2


def test_an_out_of_turn_call_ends_the_turn_timer_of_the_player_to_act():
    clock = ManualScheduler()
    events = EventLog(":memory:", clock=clock.now)
    table = Tables(events, PlainDealer(seed=3, script=[HANDS]), clock, seed_wait_s=0,
                   on_load=lambda table: Autoplay(table, clock, 0.5, 30.0)).create(
        {"dice_per_player": 3, "challenge": "anyone", "turn_timer_s": 10})
    for seat in range(3):
        table.join(f"P{seat}", f"digest{seat}")
        table.set_connected(seat, True)
    table.start(0)
    table.play.bid(0, 2, 4)
    assert table.turn_deadline() is not None
    table.play.liar(2, against=(1, 1, 1))
    assert table.turn_deadline() is None
    clock.advance(60)
    assert "turn_timed_out" not in kinds(events, table) and table.game.phase is Phase.REVEALED


def test_a_bot_standing_in_may_say_spot_on(monkeypatch):
    class SpotOnBot:
        def __init__(self, seed):
            self.seed = seed

        def act(self, view):
            return {"type": "spot_on"} if view["can_spot_on"] else {"type": "bid", "quantity": 1, "face": 2}

    monkeypatch.setattr("referee.games.liars_dice.family.make_bot", lambda level, seed: SpotOnBot(seed))
    clock = ManualScheduler()
    events = EventLog(":memory:", clock=clock.now)
    table = Tables(events, PlainDealer(seed=3, script=[HANDS]), clock, seed_wait_s=0,
                   on_load=lambda table: Autoplay(table, clock, 0.5, 30.0)).create({"dice_per_player": 3, "spot_on": True})
    table.join("Solo", "digest0")
    table.add_bot(0, "easy")
    table.start(0)
    table.play.bid(0, 2, 4)
    clock.advance(0.5)
    assert events.entries(table.id)[-2].kind == "spot_on"
    assert events.entries(table.id)[-2].public == {"seat": 1, "by_bot": True}
    assert table.game.result.call == "spot_on" and table.game.result.caller == 1
