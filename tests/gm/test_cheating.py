"""Roleplay cheating end to end: a player asks, the referee judges, the committed check decides,
the effect or the consequence follows, and the audit verifies the whole game afterwards."""
from __future__ import annotations

import pytest


from .support import ALWAYS, NEVER, evening, play_to_the_end


def attempt(night, seat, **request):
    ack = night.say(seat, "cheat", {"description": "В рукаве звякнуло…", **request})
    assert ack["ok"], ack
    return ack["attempt"]


def judge(night, attempt_id, difficulty, modifier=0):
    ack = night.ref("referee_judge", {"attempt": attempt_id, "difficulty": difficulty, "modifier": modifier})
    assert ack["ok"], ack
    return ack["check"]


def finish_and_verify(night):
    play_to_the_end(night)
    report = night.verify()
    assert report.ok, [str(c) for c in report.failures]
    return night.audit()


def settled_attempts(export):
    settled = [e for e in export["entries"] if e["kind"] == "game_settled"]
    assert len(settled) == 1
    return settled[0]["public"]["attempts"]


def test_telekinesis_that_succeeds_changes_the_die_the_reveal_shows_and_the_audit_proves_it():
    night = evening()
    table = night.table
    attempt_id = attempt(night, 0, kind="telekinesis", die=1, value=6)
    before = table.game.hand_of(0)
    check = judge(night, attempt_id, ALWAYS)
    assert check["success"] and 1 <= check["roll"] <= 20 and check["sides"] == 20
    assert table.game.hand_of(0) == before  # the effect waits for the referee
    assert night.player_state(0)["gm"]["attempts"][0]["status"] == "rolled"
    assert night.ref("referee_apply", {"attempt": attempt_id})["ok"]
    assert table.game.hand_of(0)[1] == 6
    assert night.player_state(0)["game"]["dice"][1] == 6
    mine = night.player_state(0)["gm"]["attempts"][0]
    assert mine["status"] == "succeeded" and mine["effect"]["value"] == 6
    revealed_before = table.game.hands
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)
    assert table.game.result.hands == tuple((s, h) for s, h in zip(table.game.seats, revealed_before))
    export = finish_and_verify(night)
    changes = [e for e in export["entries"] if e["kind"] == "die_changed"]
    assert changes[0]["secret"] == {"seat": 0, "index": 1, "value": 6, "reason": f"attempt {attempt_id}",
                                    "attempt": attempt_id}
    assert settled_attempts(export)[0]["check"]["roll"] == check["roll"]


def test_a_failed_check_changes_nothing_and_silence_tells_nobody():
    night = evening()
    before = night.table.game.hands
    attempt_id = attempt(night, 1, kind="telekinesis", die=0, value=6)
    check = judge(night, attempt_id, NEVER)
    assert not check["success"]
    assert night.ref("referee_failure", {"attempt": attempt_id, "consequence": "silence"})["ok"]
    assert night.table.game.hands == before
    assert night.player_state(0)["gm"]["chat"] == []
    assert night.player_state(1)["gm"]["attempts"][0]["status"] == "failed"
    export = finish_and_verify(night)
    assert settled_attempts(export)[0]["consequence"] == "silence"
    assert not [e for e in export["entries"] if e["kind"] == "die_changed"]


def test_an_announced_failure_is_told_to_the_whole_table():
    night = evening(players=3)
    attempt_id = attempt(night, 2, kind="mind_reading", target=0)
    judge(night, attempt_id, NEVER)
    assert night.ref("referee_failure", {"attempt": attempt_id, "consequence": "announce"})["ok"]
    for seat in (0, 1, 2):
        notice = night.player_state(seat)["gm"]["chat"][-1]
        assert (notice["by"], notice["notice"], notice["seat"]) == ("notice", "cheat_announced", 2)
    finish_and_verify(night)


def test_a_penalty_takes_a_die_before_the_next_roll():
    night = evening(players=2, dice_per_player=3)
    table = night.table
    attempt_id = attempt(night, 0, kind="knock", target=1, value=2)
    judge(night, attempt_id, NEVER)
    assert night.ref("referee_failure", {"attempt": attempt_id, "consequence": "penalty"})["ok"]
    assert table.game.count_of(0) == 3
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)
    lost_in_round = 3 - table.game.count_of(0)
    assert night.ref("referee_next_round")["ok"]
    assert table.game.count_of(0) == 3 - lost_in_round - 1
    assert table.current.gm.penalties == ()
    notice = night.player_state(1)["gm"]["chat"][-1]
    assert (notice["notice"], notice["seat"]) == ("penalty", 0)
    finish_and_verify(night)


def test_mind_reading_shows_one_random_die_of_the_opponent_to_the_cheater_only():
    night = evening(players=3, dice_per_player=3)
    table = night.table
    attempt_id = attempt(night, 0, kind="mind_reading", target=2)
    judge(night, attempt_id, ALWAYS)
    effect = night.player_state(0)["gm"]["attempts"][0]["effect"]
    assert effect["seat"] == 2 and effect["value"] == table.game.hand_of(2)[effect["index"]]
    assert effect["proof"]["value"] == effect["value"] and effect["proof"]["root"] == table.current.fairness.deal_public["root"]
    for seat in (1, 2):
        assert night.player_state(seat)["gm"]["attempts"] == []
    export = finish_and_verify(night)
    draws = [(e["public"]["request"]["purpose"], e["public"]["request"]["items"][0]["label"])
             for e in export["entries"] if e["kind"] == "draw_revealed"]
    assert draws == [({"kind": "attempt_check", "ref": attempt_id, "counter": 1}, "d20"),
                     ({"kind": "attempt_target_die", "ref": attempt_id, "counter": 1}, "die of seat 2")]


def test_a_knock_turns_a_random_die_of_the_opponent_to_the_chosen_value():
    night = evening(players=2, dice_per_player=4)
    table = night.table
    attempt_id = attempt(night, 1, kind="knock", target=0, value=1)
    judge(night, attempt_id, ALWAYS)
    effect = table.current.gm.attempt(attempt_id).effect
    assert effect["seat"] == 0 and table.game.hand_of(0)[effect["index"]] == 1
    assert night.player_state(0)["game"]["dice"][effect["index"]] == 1
    finish_and_verify(night)


def test_a_loaded_die_shows_six_from_the_next_roll_on():
    night = evening(players=2, dice_per_player=4)
    table = night.table
    attempt_id = attempt(night, 0, kind="loaded_die")
    judge(night, attempt_id, ALWAYS)
    rounds_checked = 0
    while table.game.winner is None:
        table.play.bid(table.game.turn, 1, 2)
        table.play.liar(table.game.turn)
        if table.game.winner is not None:
            break
        table.next_round(0)
        if 0 in table.game.in_game:
            assert table.game.hand_of(0)[0] == 6
            rounds_checked += 1
            # A six that was dealt needs no change; any other die is changed in the attempt's name.
            dealt = table.current.fairness.deal_secret["hands"]["0"]
            expected = [] if dealt[0] == 6 else [{"seat": 0, "index": 0, "value": 6, "reason": f"attempt {attempt_id}",
                                                   "attempt": attempt_id}]
            assert [dict(c) for c in table.current.fairness.changes] == expected
    assert rounds_checked >= 1
    report = night.verify()
    assert report.ok, [str(c) for c in report.failures]


def test_an_other_attempt_lets_the_referee_change_a_die_by_hand():
    night = evening()
    table = night.table
    attempt_id = attempt(night, 0, kind="other")
    judge(night, attempt_id, ALWAYS)
    assert night.ref("referee_change_die", {"seat": 1, "die": 0, "value": 3, "attempt": attempt_id})["ok"]
    assert table.game.hand_of(1)[0] == 3
    finish_and_verify(night)


@pytest.mark.parametrize("kind, extra", [("telekinesis", {"die": 0, "value": 5}), ("mind_reading", {"target": 1}),
                                         ("loaded_die", {}), ("knock", {"target": 1, "value": 4}), ("other", {})])
@pytest.mark.parametrize("consequence", ["silence", "announce", "penalty"])
def test_every_kind_fails_with_every_consequence_and_the_audit_verifies(kind, extra, consequence):
    night = evening(players=2, dice_per_player=2)
    attempt_id = attempt(night, 0, kind=kind, **extra)
    judge(night, attempt_id, NEVER)
    assert night.ref("referee_failure", {"attempt": attempt_id, "consequence": consequence})["ok"]
    export = finish_and_verify(night)
    assert settled_attempts(export)[0]["status"] == "failed"


def test_a_d100_table_rolls_a_d100():
    night = evening(gm={"check_die": 100})
    check = judge(night, attempt(night, 0, kind="loaded_die"), ALWAYS)
    assert check["sides"] == 100 and 1 <= check["roll"] <= 100


@pytest.mark.parametrize("request_, code", [
    ({"kind": "telekinesis", "die": 9, "value": 6}, "die/none"),
    ({"kind": "telekinesis", "die": 0, "value": 7}, "die/value"),
    ({"kind": "mind_reading", "target": 0}, "attempt/target"),
    ({"kind": "knock", "target": 5, "value": 2}, "attempt/target"),
    ({"kind": "fireball"}, "attempt/kind"),
    ({"kind": "loaded_die", "die": 1}, "payload/malformed"),
])
def test_a_bad_attempt_is_refused_to_its_sender_and_logs_nothing(request_, code):
    night = evening()
    version = night.table.version
    ack = night.say(0, "cheat", {"description": "…", **request_})
    assert (ack["ok"], ack["code"]) == (False, code)
    assert night.table.version == version


def test_one_open_attempt_per_player_and_none_when_cheating_is_off():
    night = evening()
    attempt(night, 0, kind="loaded_die")
    assert night.say(0, "cheat", {"kind": "other", "description": "ещё"})["code"] == "attempt/open"
    off = evening(gm={"cheating": False})
    assert off.say(0, "cheat", {"kind": "other", "description": "…"})["code"] == "cheat/disabled"


def test_an_attempt_from_an_earlier_round_can_only_be_dismissed():
    night = evening(dice_per_player=3)
    table = night.table
    attempt_id = attempt(night, 0, kind="loaded_die")
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)
    table.next_round(0)
    version = table.version
    assert night.ref("referee_judge", {"attempt": attempt_id, "difficulty": 5})["code"] == "attempt/stale"
    assert table.version == version
    assert night.ref("referee_dismiss", {"attempt": attempt_id})["ok"]
    assert table.current.gm.attempt(attempt_id).status == "dismissed"
