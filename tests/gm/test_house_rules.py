"""A refereed evening under seed 004's own rules (``kul_tiras``: the roll-off, anyone calls, elimination):
the roll-off's draws come first, a cheat check is the next draw, and the audit verifies it all."""
from __future__ import annotations

from .support import ALWAYS, evening, play_to_the_end
from .test_cheating import attempt, judge


def test_a_kul_tiras_evening_with_a_roll_off_and_a_cheat_check_verifies():
    night = evening(players=3, first_opener="roll_off", challenge="anyone", wild_ones=False,
                    raise_rule="face_up", loss="elimination", duel_dice=True)
    table = night.table
    throws = table.current.family_state.roll_off
    assert throws and all(len(group) == 1 for group in throws[-1]["standing"])
    seat = table.game.turn
    check = judge(night, attempt(night, seat, kind="telekinesis", die=0, value=6), ALWAYS)
    assert check["draw"] == len(throws) + 1
    play_to_the_end(night)
    report = night.verify()
    assert report.ok, [str(c) for c in report.failures]
    assert [c for c in report.checks if c.step == "game 1 roll-off"]
    state = night.referee_state()
    assert state["game"]["roll_off"]["seat_order"] == list(table.game.seats)
