"""SIGKILL at any instant: right after the store commits an entry of each kind a refereed evening
writes, and right before some commits; after each restart the table resumes, play goes on to
a winner, and the audit of every table verifies."""
from __future__ import annotations

import pytest

from referee.fairness.verify import verify_export
from tests.support.crash_play import CrashingEvening, play

pytestmark = pytest.mark.slow

AFTER = ["table_created", "referee_named", "seat_taken", "stake_set", "whisper_name_set", "chat_posted",
         "message_sent", "game_started", "game_opened", "seed_contributed", "round_dealt", "attempt_submitted",
         "draw_committed", "attempt_checked", "attempt_resolved", "die_changed", "game_paused", "game_resumed",
         "bid", "turn_timed_out", "seat_autopilot", "liar", "round_revealed", "next_round", "penalty_applied",
         "draw_revealed", "game_settled"]
BEFORE = ["game_started", "seed_contributed", "bid", "attempt_checked", "liar", "next_round"]
ARMED = [f"after:{kind}" for kind in AFTER] + [f"before:{kind}" for kind in BEFORE]
RULES = {"dice_per_player": 2, "turn_timer_s": 1}


def verified(evening, table_id):
    status, export = evening.get(f"/t/{table_id}/audit.json")
    assert status == 200, export
    report = verify_export(export)
    assert report.ok, [check for check in report.checks if not check.ok]


def test_a_kill_at_every_commit_loses_nothing_and_the_evening_plays_on_to_a_winner(tmp_path):
    evening = CrashingEvening(tmp_path, ARMED, fairness={"seed_wait_s": 0.3}, bots={"think_s": 0},
                              timer={"disconnect_grace_s": 0.3})
    try:
        body = None
        while body is None:  # the first creations die right after table_created, then referee_named
            body = evening.post({"referee": {"name": "Мастер"}, "rules": RULES, "gm": {"cheating": True}})
            if body is None:
                evening.restart()
        evening.table_id, evening.referee_token = body["table"], body["referee_token"]
        evening.connect_all()
        final = play(evening)
        assert sorted(evening.fired()) == sorted(ARMED)
        assert final.game.winner is not None and final.gm.scores
        verified(evening, evening.table_id)
        orphans = [table for table in evening.log.table_ids() if table != evening.table_id]
        assert len(orphans) == 2
        for table in orphans:
            assert evening.get(f"/t/{table}")[0] == 200
            verified(evening, table)
    finally:
        evening.stop()
