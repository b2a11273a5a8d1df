"""Every die change follows an approved attempt (RULES.md C5), names it in the log, and a knock
tells its cheater nothing of the victim's die."""
from __future__ import annotations

import pytest

from .support import ALWAYS, NEVER, evening, play_to_the_end
from .test_cheating import attempt, judge


def change(night, **data):
    return night.ref("referee_change_die", {"seat": 1, "die": 0, "value": 3, **data})


def refused_without_a_trace(night, code, **data):
    version, hands = night.table.version, night.table.game.hands
    ack = change(night, **data)
    assert (ack["ok"], ack["code"]) == (False, code), ack
    assert (night.table.version, night.table.game.hands) == (version, hands)


def keys_in(value):
    """Every key of every object inside ``value``."""
    if isinstance(value, dict):
        return set(value) | {key for item in value.values() for key in keys_in(item)}
    if isinstance(value, list):
        return {key for item in value for key in keys_in(item)}
    return set()


def die_changes(night):
    return [e["secret"] for e in night.audit()["entries"] if e["kind"] == "die_changed"]


def test_the_referee_changes_no_die_without_an_attempt():
    night = evening()
    refused_without_a_trace(night, "die/no_attempt")


def test_at_a_table_with_cheating_off_no_die_changes_at_all():
    night = evening(gm={"cheating": False})
    refused_without_a_trace(night, "cheat/disabled")
    refused_without_a_trace(night, "cheat/disabled", attempt=1)


def test_a_hand_change_needs_an_attempt_that_exists_and_succeeded():
    night = evening()
    refused_without_a_trace(night, "attempt/unknown", attempt=7)
    pending = attempt(night, 0, kind="other")
    refused_without_a_trace(night, "attempt/not_succeeded", attempt=pending)
    judge(night, pending, NEVER)
    refused_without_a_trace(night, "attempt/not_succeeded", attempt=pending)


def test_a_hand_change_needs_an_other_attempt_not_an_effect_already_applied():
    night = evening()
    telekinesis = attempt(night, 0, kind="telekinesis", die=0, value=6)
    judge(night, telekinesis, ALWAYS)
    before = len(die_changes(night))
    ack = change(night, attempt=telekinesis)
    assert (ack["ok"], ack["code"]) == (False, "attempt/not_other")
    assert len(die_changes(night)) == before


def test_a_hand_change_uses_an_other_attempt_of_the_round_being_played():
    night = evening(dice_per_player=3)
    table = night.table
    other = attempt(night, 0, kind="other")
    judge(night, other, ALWAYS)
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)
    table.next_round(0)
    refused_without_a_trace(night, "attempt/stale", attempt=other)


def test_every_die_change_names_its_attempt_in_the_secret():
    night = evening(players=3, dice_per_player=3)
    table = night.table
    tele = attempt(night, 0, kind="telekinesis", die=1, value=5)
    judge(night, tele, ALWAYS)
    assert night.ref("referee_apply", {"attempt": tele})["ok"]
    knock = attempt(night, 1, kind="knock", target=2, value=1)
    judge(night, knock, ALWAYS)
    other = attempt(night, 2, kind="other")
    judge(night, other, ALWAYS)
    assert change(night, seat=1, die=2, value=4, attempt=other)["ok"]
    logged = [dict(c) for c in table.current.fairness.changes]
    assert [(c["seat"], c["attempt"]) for c in logged] == [(0, tele), (2, knock), (1, other)]
    assert all(set(c) == {"seat", "index", "value", "reason", "attempt"} for c in logged)
    assert all(c["reason"] == f"attempt {c['attempt']}" for c in logged)
    play_to_the_end(night)
    assert die_changes(night) == logged
    report = night.verify()
    assert report.ok, [str(c) for c in report.failures]


@pytest.mark.parametrize("players", [2, 3])
def test_a_knock_tells_its_cheater_nothing_of_the_victims_die_and_the_referee_everything(players):
    night = evening(players=players, dice_per_player=4)
    knock = attempt(night, 1, kind="knock", target=0, value=1)
    judge(night, knock, ALWAYS)
    logged = night.table.current.gm.attempt(knock).effect
    assert set(logged) == {"seat", "index", "value", "was"}
    mine = night.player_state(1)["gm"]["attempts"][0]
    assert mine["status"] == "succeeded"
    assert mine["effect"] == {"seat": 0, "index": logged["index"], "value": 1}
    assert "was" not in keys_in(night.player_state(1))
    referee = next(a for a in night.referee_state()["gm"]["attempts"] if a["id"] == knock)
    assert referee["effect"]["was"] == logged["was"]
