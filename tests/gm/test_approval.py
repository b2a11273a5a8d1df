"""A succeeded telekinesis waits for the referee (docs/referee.md section 5): the check is drawn and
logged as before; the referee's `referee_apply` changes the die (one command: `die_changed` and
`attempt_resolved`), or `referee_dismiss` refuses it; a restarted server folds the wait the same; and
a die the referee changes by hand for an "other" attempt is told to its player in that round only."""
from __future__ import annotations

from referee.gm.settings import GmSettings
from referee.store.log import EventLog
from referee.table import desk
from referee.table.fair_dealer import FairDealer
from referee.table.registry import Tables
from referee.table.scheduler import ManualScheduler
from referee.table.table import Table

from .support import ALWAYS, SIGNER, evening, play_to_the_end


def attempt(night, seat, **request):
    ack = night.say(seat, "cheat", {"description": "Взгляд чародея", **request})
    assert ack["ok"], ack
    return ack["attempt"]


def judged(night, attempt_id, difficulty=ALWAYS):
    ack = night.ref("referee_judge", {"attempt": attempt_id, "difficulty": difficulty})
    assert ack["ok"], ack
    return ack["check"]


def kinds(night):
    return [entry["kind"] for entry in night.audit()["entries"]]


def test_a_succeeded_telekinesis_changes_nothing_until_the_referee_applies_it():
    night = evening(dice_per_player=3)
    table = night.table
    tele = attempt(night, 0, kind="telekinesis", die=2, value=6)
    before = table.game.hand_of(0)
    assert judged(night, tele)["success"]
    assert table.game.hand_of(0) == before and "die_changed" not in kinds(night)
    waiting = night.referee_state()["gm"]["attempts"][0]
    assert (waiting["status"], waiting["effect"], waiting["check"]["success"]) == ("rolled", None, True)
    assert night.player_state(0)["gm"]["attempts"][0]["status"] == "rolled"

    logged = len(kinds(night))
    assert night.ref("referee_apply", {"attempt": tele}) == {"ok": True}
    assert kinds(night)[logged:] == ["die_changed", "attempt_resolved"]
    assert table.game.hand_of(0)[2] == 6
    mine = night.player_state(0)["gm"]["attempts"][0]
    assert mine["status"] == "succeeded" and (mine["effect"]["index"], mine["effect"]["value"]) == (2, 6)
    again = night.ref("referee_apply", {"attempt": tele})
    assert (again["ok"], again["code"]) == (False, "attempt/not_waiting")
    play_to_the_end(night)
    report = night.verify()
    assert report.ok, [str(c) for c in report.failures]


def test_the_referee_may_refuse_a_succeeded_telekinesis_and_no_die_changes():
    night = evening(dice_per_player=2)
    table = night.table
    tele = attempt(night, 1, kind="telekinesis", die=0, value=6)
    before = table.game.hands
    judged(night, tele)
    assert night.ref("referee_dismiss", {"attempt": tele})["ok"]
    assert table.game.hands == before
    assert night.player_state(1)["gm"]["attempts"][0]["status"] == "dismissed"
    refused = night.ref("referee_apply", {"attempt": tele})
    assert (refused["ok"], refused["code"]) == (False, "attempt/not_waiting")
    play_to_the_end(night)
    report = night.verify()
    assert report.ok, [str(c) for c in report.failures]
    assert "die_changed" not in kinds(night)


def test_a_telekinesis_whose_round_ended_is_not_applied_but_may_be_dismissed():
    night = evening(dice_per_player=3)
    table = night.table
    tele = attempt(night, 0, kind="telekinesis", die=0, value=6)
    judged(night, tele)
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)
    logged = len(kinds(night))
    stale = night.ref("referee_apply", {"attempt": tele})
    assert (stale["ok"], stale["code"]) == (False, "attempt/stale")
    assert len(kinds(night)) == logged
    assert night.ref("referee_dismiss", {"attempt": tele})["ok"]


def test_only_the_referee_applies_and_only_a_waiting_attempt():
    night = evening()
    pending = attempt(night, 0, kind="telekinesis", die=0, value=6)
    early = night.ref("referee_apply", {"attempt": pending})
    assert (early["ok"], early["code"]) == (False, "attempt/not_waiting")
    judged(night, pending)
    by_player = night.say(0, "referee_apply", {"attempt": pending})
    assert (by_player["ok"], by_player["code"]) == (False, "referee/only")
    unknown = night.ref("referee_apply", {"attempt": 9})
    assert (unknown["ok"], unknown["code"]) == (False, "attempt/unknown")


def test_a_restarted_server_folds_a_waiting_telekinesis_the_same():
    clock = ManualScheduler()
    events, dealer = EventLog(":memory:", clock=clock.now), FairDealer(SIGNER)
    table = Tables(events, dealer, clock, seed_wait_s=0).create({"dice_per_player": 3})
    desk.name_referee(table, "GM", "digest", GmSettings(cheating=True))
    table.join("Anna", "d0")
    table.join("Бен", "d1")
    table.start_game()
    tele = desk.submit_attempt(table, 0, {"kind": "telekinesis", "die": 1, "target": None, "value": 5,
                                          "description": "…"})
    desk.judge(table, tele, ALWAYS, 0)
    again = Table.load(table.id, events, dealer, clock)
    assert again.current.gm == table.current.gm
    assert again.current.gm.attempt(tele).awaits_approval
    desk.apply_attempt(again, tele)
    assert again.game.hand_of(0)[1] == 5


def test_a_change_by_hand_tells_the_player_which_die_now_shows_what_in_its_round_only():
    night = evening(dice_per_player=3)
    table = night.table
    other = attempt(night, 0, kind="other")
    judged(night, other)
    assert night.player_state(0)["gm"]["attempts"][0]["effect"] is None
    assert night.ref("referee_change_die", {"seat": 0, "die": 2, "value": 4, "attempt": other})["ok"]
    assert night.player_state(0)["gm"]["attempts"][0]["effect"] == {"seat": 0, "index": 2, "value": 4}
    desk_view = night.referee_state()["gm"]["attempts"][0]
    assert desk_view["effect"] == {"seat": 0, "index": 2, "value": 4}
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)
    table.next_round(table.game.in_game[0])
    assert night.player_state(0)["gm"]["attempts"][0]["effect"] is None  # a new round: its changes are its own
