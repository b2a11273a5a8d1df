"""What the export adds for the game checks: a roleplay attempt's secrets (who tried what, the
check, the outcome) once its game is settled, never before, and never a private message."""
from __future__ import annotations

import random

from referee.fairness.verify import verify_export
from referee.table import desk

from .play_logs import ALWAYS, Forger, cheat, export_of, finish, play_round, raw_log, refereed_table

ATTEMPT_KINDS = {"attempt_submitted", "attempt_checked", "attempt_resolved"}


def telekinesis_round():
    """A refereed table after a round with a telekinesis that succeeded and a private message."""
    table = refereed_table(dice=2)
    cheat(table, 0, ALWAYS, kind="telekinesis", die=0, value=6)
    desk.send_message(table, 0, "Не выдавай меня, мастер", by_referee=False)
    play_round(table, random.Random(1))
    return table


def exported_secrets(table):
    return {e["kind"] for e in export_of(table.id, raw_log(table))["entries"] if e["secret"] is not None}


def test_an_attempt_stays_sealed_while_its_game_is_played():
    table = telekinesis_round()

    assert not exported_secrets(table) & ATTEMPT_KINDS
    report = verify_export(export_of(table.id, raw_log(table)))
    change = next(c for c in report.checks if "the die change" in c.message)
    assert report.ok and change.message.endswith("whose details are published when the game ends: not checked yet")


def test_a_settled_game_publishes_its_attempts_but_no_private_message():
    table = telekinesis_round()
    table.open_next_round()
    finish(table)

    export = Forger(table).export()
    secrets = {e["kind"]: e["secret"] for e in export["entries"] if e["secret"] is not None}

    assert ATTEMPT_KINDS <= set(secrets)
    assert secrets["attempt_submitted"]["kind"] == "telekinesis" and secrets["attempt_checked"]["success"] is True
    assert "message_sent" not in secrets and "Не выдавай" not in str(export)
    report = verify_export(export)
    assert report.ok, [str(c) for c in report.failures]
    assert any(" follows attempt 1 (telekinesis by seat 0)" in c.message for c in report.checks)
